"""The movement chosen by the GET parameters of the movement pages, built with the generators.

The preview, the table cards and the guide cards all take the same query string (the session set-up page links
to them with a section's settings)::

    kind              mitchell | howell | custom (required)
    tables            number of tables (Mitchell 3-30, Howell 2-10; ignored for a custom movement)
    boards_per_round  default 2
    rounds            empty: the whole movement; fewer rounds cut the session short (Mitchell and Howell)
    first_board       default 1: the number of the first board
    even              skip | relay: a Mitchell with an even number of tables (default skip)
    arrows            arrow-switch rounds of a Mitchell, e.g. "6,7"
    phantom           empty/0/no: every pair present; 1/yes/on/true: the usual missing pair (a Mitchell's last
                      East-West pair, a Howell's stationary pair); "ns": a Mitchell's last North-South pair (a
                      fixed sit-out table); or a Mitchell pair such as "5NS" or "3EW"
    custom            the id of a saved CustomMovement (kind=custom)

`parse_choice` reads them into a `MovementChoice`, reporting every bad value at once in a `ChoiceError`
(field name -> messages, "" for the movement as a whole); `build_movement` then makes the `Movement`.
Values that do not apply to the kind (``even`` for a Howell, ``tables`` for a custom movement...) are ignored,
as the session set-up page sends them all.  The board numbers of a custom movement are shifted by
``first_board - 1`` (`Movement.shift_boards`), as `events.plans` does.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from urllib.parse import urlencode

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.bridge_messages import error_lines, translate
from movement_generators.api import HOWELL_TABLES, Movement, MovementError, howell, mitchell, parse_movement_csv
from movement_generators.howell_tables import LAYOUTS
from movement_generators.mitchell import EVEN_METHODS, natural_rounds

PARAMETERS = ("kind", "tables", "boards_per_round", "rounds", "first_board", "even", "arrows", "phantom", "custom")
KINDS = ("mitchell", "howell", "custom")
MITCHELL_TABLES = (3, 30)
MAX_BOARDS_PER_ROUND = 10
MAX_FIRST_BOARD = 999
MAX_ROUNDS = 99
NO = {"", "0", "no", "off", "false", "none"}
YES = {"1", "yes", "on", "true"}
_PAIR = re.compile(r"(\d{1,3})\s*(NS|EW)", re.IGNORECASE)
_WHOLE = re.compile(r"[+-]?\d{1,6}")


@dataclasses.dataclass(frozen=True)
class MovementChoice:
    """The parsed parameters; those that do not apply to ``kind`` keep their defaults."""

    kind: str
    tables: int | None = None
    boards_per_round: int = 2
    rounds: int | None = None
    first_board: int = 1
    even: str = "skip"
    arrows: tuple[int, ...] = ()
    phantom: bool | str = False
    custom: int | None = None


class ChoiceError(ValueError):
    """Bad parameters: ``errors`` maps a parameter name ("" for the movement as a whole) to its messages."""

    def __init__(self, errors: Mapping[str, list[str]]):
        self.errors = {name: list(messages) for name, messages in errors.items() if messages}
        super().__init__("; ".join(message for messages in self.errors.values() for message in messages))


def query_string(data: Mapping[str, str]) -> str:
    """The movement parameters of ``data`` (a QueryDict or a dict) as a query string, empty values left out."""
    return urlencode(
        [(name, str(data.get(name, "")).strip()) for name in PARAMETERS if str(data.get(name, "") or "").strip()]
    )


def _value(data: Mapping[str, str], name: str) -> str:
    value = data.get(name, "")
    return "" if value is None else str(value).strip()


def _whole(text: str, minimum: int, maximum: int, errors: list[str]) -> int | None:
    if not _WHOLE.fullmatch(text):
        errors.append(_("“%(value)s” is not a whole number.") % {"value": text[:40]})
        return None
    number = int(text)
    if not minimum <= number <= maximum:
        errors.append(_("Give a number from %(minimum)s to %(maximum)s.") % {"minimum": minimum, "maximum": maximum})
        return None
    return number


def _rounds_list(text: str, errors: list[str]) -> tuple[int, ...]:
    rounds = set()
    for part in re.split(r"[\s,;]+", text):
        if not part:
            continue
        if not _WHOLE.fullmatch(part) or int(part) < 1:
            errors.append(
                _("“%(value)s” is not a round number: give round numbers separated by commas, e.g. 6,7.")
                % {"value": part[:40]}
            )
            break  # one message is enough, however long the text
        rounds.add(int(part))
    return tuple(sorted(rounds))


def _phantom(text: str, kind: str, tables: int | None, errors: list[str]) -> bool | str:
    lowered = text.lower()
    if lowered in NO:
        return False
    if lowered in YES:
        return True
    if kind == "howell":
        errors.append(_("In a Howell the missing pair is the stationary pair: leave empty or say yes."))
        return False
    if lowered == "ns":
        return f"{tables}NS" if tables else False
    if lowered == "ew":
        return True
    match = _PAIR.fullmatch(text)
    if not match:
        errors.append(
            _("“%(value)s” is not a missing pair: leave empty, say yes, or name a pair such as 7NS.")
            % {"value": text[:40]}
        )
        return False
    number, direction = int(match.group(1)), match.group(2).upper()
    if tables and not 1 <= number <= tables:
        errors.append(
            ngettext(
                "There is no pair %(pair)s with %(tables)s table.",
                "There is no pair %(pair)s with %(tables)s tables.",
                tables,
            )
            % {"pair": f"{number}{direction}", "tables": tables}
        )
        return False
    return f"{number}{direction}"


def parse_choice(data: Mapping[str, str]) -> MovementChoice:
    """Reads the parameters; raises `ChoiceError` listing every bad value."""
    errors: dict[str, list[str]] = {name: [] for name in ("", *PARAMETERS)}
    kind = _value(data, "kind").lower()
    if not kind:
        errors["kind"].append(_("Choose the kind of movement: Mitchell, Howell or a custom movement."))
        raise ChoiceError(errors)
    if kind not in KINDS:
        errors["kind"].append(
            _("Unknown kind of movement “%(value)s”: choose Mitchell, Howell or a custom movement.")
            % {"value": kind[:40]}
        )
        raise ChoiceError(errors)
    values: dict[str, object] = {"kind": kind}

    if kind == "custom":
        text = _value(data, "custom")
        if not text:
            errors["custom"].append(_("Choose a saved custom movement."))
        else:
            values["custom"] = _whole(text, 1, 2**31 - 1, errors["custom"])
    else:
        values["tables"] = _tables(_value(data, "tables"), kind, errors["tables"])
        if text := _value(data, "boards_per_round"):
            values["boards_per_round"] = _whole(text, 1, MAX_BOARDS_PER_ROUND, errors["boards_per_round"])
        if text := _value(data, "rounds"):
            values["rounds"] = _whole(text, 1, MAX_ROUNDS, errors["rounds"])
        values["phantom"] = _phantom(_value(data, "phantom"), kind, values.get("tables"), errors["phantom"])
    if text := _value(data, "first_board"):
        values["first_board"] = _whole(text, 1, MAX_FIRST_BOARD, errors["first_board"])

    if kind == "mitchell":
        even = _value(data, "even").lower() or "skip"
        if even not in EVEN_METHODS:
            errors["even"].append(_("Choose skip or relay for an even number of tables."))
        values["even"] = even
        values["arrows"] = _rounds_list(_value(data, "arrows"), errors["arrows"])

    if any(errors.values()):
        raise ChoiceError(errors)
    return MovementChoice(**{name: value for name, value in values.items() if value is not None})


def _tables(text: str, kind: str, errors: list[str]) -> int | None:
    """The number of tables of a Mitchell or a Howell, or None with the reason in `errors`."""
    low, high = MITCHELL_TABLES if kind == "mitchell" else (HOWELL_TABLES[0], HOWELL_TABLES[-1])
    if not text:
        errors.append(_("Give the number of tables."))
        return None
    if _WHOLE.fullmatch(text) and not low <= int(text) <= high:
        message = (
            ngettext(
                "A Mitchell needs %(minimum)s to %(maximum)s table.",
                "A Mitchell needs %(minimum)s to %(maximum)s tables.",
                high,
            )
            if kind == "mitchell"
            else ngettext(
                "A complete Howell is available for %(minimum)s to %(maximum)s table.",
                "A complete Howell is available for %(minimum)s to %(maximum)s tables.",
                high,
            )
        )
        errors.append(message % {"minimum": low, "maximum": high})
        return None
    return _whole(text, low, high, errors)


def load_custom(pk: int):
    """The saved custom movement, or `ChoiceError` when there is none with that id."""
    from movements.models import CustomMovement

    try:
        return CustomMovement.objects.get(pk=pk)
    except CustomMovement.DoesNotExist:
        raise ChoiceError(
            {"custom": [_("There is no saved custom movement number %(value)s.") % {"value": pk}]}
        ) from None


def custom_movement(custom, first_board: int = 1) -> Movement:
    """A saved custom movement's `Movement`; `ChoiceError` (with each CSV problem's line) if its CSV is unreadable."""
    try:
        movement = parse_movement_csv(custom.csv_text, name=custom.name)
    except MovementError as error:
        raise ChoiceError({"": error_lines(error)}) from error
    return movement.shift_boards(first_board - 1)


def _natural_rounds(choice: MovementChoice) -> int:
    if choice.kind == "howell":
        return LAYOUTS[choice.tables].rounds
    return natural_rounds(choice.tables, choice.even)


def build_movement(choice: MovementChoice, custom=None) -> Movement:
    """The movement of ``choice`` (for a custom one, ``custom`` is the CustomMovement, loaded when not given)."""
    if choice.kind == "custom":
        return custom_movement(custom or load_custom(choice.custom), choice.first_board)
    natural = _natural_rounds(choice)
    if choice.rounds and choice.rounds > natural:
        raise ChoiceError(
            {
                "rounds": [
                    ngettext(
                        "This movement has %(rounds)s round: give at most %(rounds)s.",
                        "This movement has %(rounds)s rounds: give at most %(rounds)s.",
                        natural,
                    )
                    % {"rounds": natural}
                ]
            }
        )
    rounds = choice.rounds or natural
    late = [r for r in choice.arrows if r > rounds]
    if late:
        raise ChoiceError(
            {
                "arrows": [
                    _("Round %(round)s is not a round of this movement (1 to %(rounds)s).")
                    % {"round": late[0], "rounds": rounds}
                ]
            }
        )
    try:
        if choice.kind == "mitchell":
            return mitchell(
                choice.tables,
                choice.boards_per_round,
                rounds=choice.rounds,
                even=choice.even,
                arrow_switch_rounds=choice.arrows,
                phantom=choice.phantom,
                first_board=choice.first_board,
            )
        return howell(
            choice.tables,
            choice.boards_per_round,
            rounds=choice.rounds,
            phantom=choice.phantom,
            first_board=choice.first_board,
        )
    except ValueError as error:  # the checks above should leave nothing for the generators to refuse
        raise ChoiceError({"": [_("This movement cannot be made: %(error)s") % {"error": translate(error)}]}) from error
