"""What the checks before publishing speak of: the kinds of problem, a problem as plain data, and how a line is
placed in its movement and described (used by the checks in `events.checks.selectors.checks` and the fixes)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import models
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import scoring
from club.tenancy import narrowed
from club.typed_result import notation
from events.models import TravellerLine
from movement_generators.api import BoardPlay, Movement


class Kind(models.TextChoices):
    MISSING = "missing", gettext_lazy("Missing results")
    EXTRA = "extra", gettext_lazy("Too many results")
    MISPLACED = "misplaced", gettext_lazy("Pair not placed by the movement")
    SWAPPED_ROUND = "swapped_round", gettext_lazy("NS and EW swapped")
    SCORE = "score", gettext_lazy("Score disagrees with the contract")
    AVERAGE = "average", gettext_lazy("Adjusted score to check")
    SIT_OUT = "sit_out", gettext_lazy("Sit-out scored")
    MOVEMENT = "movement", gettext_lazy("Movement unreadable")
    UNEVEN = "uneven", gettext_lazy("Fewer results than other boards")
    WARNING = "warning", gettext_lazy("Unusual result")
    EMPTY = "empty", gettext_lazy("No results")


BLOCKING_KINDS = frozenset(
    {
        Kind.MISSING,
        Kind.EXTRA,
        Kind.MISPLACED,
        Kind.SWAPPED_ROUND,
        Kind.SCORE,
        Kind.AVERAGE,
        Kind.SIT_OUT,
        Kind.MOVEMENT,
        Kind.EMPTY,
    }
)

SWAP_ROUND = "swap_round"
RECOMPUTE = "recompute"
MARK_CHECKED = "mark_checked"

CHECKED_REASON = "checked by the director"  # the history's change reason of `mark_checked`

# What makes a line's result: a change to any of these after the director checked it re-opens the check.
CONTENT_FIELDS = (
    "round",
    "table",
    "ns_pair_id",
    "ew_pair_id",
    "contract",
    "declarer",
    "tricks",
    "adjusted",
    "not_played",
    "ns_score",
)


@dataclass(frozen=True)
class CheckProblem:
    """One problem of a session. `fix` is the action of its one-click fix (None when there is none)
    and `fix_params` the fields to post with it; `line_ids` are the lines it is about, which the
    director may mark as checked; a checked problem no longer blocks publishing."""

    kind: str
    blocking: bool
    message: str
    section_id: int | None = None
    section: str = ""
    board: int | None = None
    line_id: int | None = None
    round: int | None = None
    table: int | None = None
    line_ids: tuple[int, ...] = ()
    fix: str | None = None
    fix_params: tuple[tuple[str, str], ...] = ()
    checked: bool = False

    @property
    def kind_label(self) -> str:
        return str(Kind(self.kind).label)

    @property
    def can_mark_checked(self) -> bool:
        return bool(self.line_ids) and not self.checked and self.fix != MARK_CHECKED

    @property
    def shows_fix(self) -> bool:
        """A fix to offer: every fix but marking checked a problem that already is."""
        return self.fix is not None and not (self.checked and self.fix == MARK_CHECKED)


def make_problem(kind: Kind, message: str, *, checked: bool = False, **references) -> CheckProblem:
    return CheckProblem(
        kind=kind.value, blocking=kind in BLOCKING_KINDS and not checked, message=message, checked=checked, **references
    )


# Reading lines ----------------------------------------------------------------------------------------------


def expected_ns_score(line: TravellerLine) -> int:
    """NS score of a played line from its contract, declarer, tricks and the board's vulnerability.

    Raises ValueError when the line cannot be scored (unreadable contract, no declarer or tricks).
    """
    contract = scoring.parse_contract(line.contract)
    if contract is None:
        return 0
    if line.declarer not in scoring.SEATS:
        raise ValueError(_("the declarer is missing"))
    if line.tricks is None:
        raise ValueError(_("the tricks are missing"))
    return scoring.ns_score(contract, line.declarer, scoring.board_vulnerability(line.board.number), line.tricks)


def placement(plan: Movement, line: TravellerLine) -> tuple[str, BoardPlay | None]:
    """'ok', 'swapped' or 'misplaced', with the movement's play of the board when there is one."""
    number, ns, ew = line.board.number, line.ns_pair.label, line.ew_pair.label
    slot = plan.find_play(number, ns, ew)
    if slot is not None and line.round in (None, slot.round):
        return "ok", slot
    swapped = plan.find_play(number, ew, ns)
    if swapped is not None and line.round in (None, swapped.round):
        return "swapped", swapped
    return "misplaced", slot


def position(plan: Movement, line: TravellerLine) -> tuple[int, int] | None:
    """(table, round) where a line was played: as entered, or else from the movement."""
    if line.table is not None and line.round is not None:
        return line.table, line.round
    _status, slot = placement(plan, line)
    return (slot.table, slot.round) if slot is not None else None


def sit_outs(plan: Movement) -> dict[int, set[str]]:
    """The pair labels the movement has sitting out, by round."""
    playing: dict[int, set[str]] = defaultdict(set)
    for slot in plan.schedule:
        playing[slot.round].update((slot.ns, slot.ew))
    out: dict[int, set[str]] = defaultdict(set)
    for encounter in plan.encounters:
        if (encounter.ns is None) != (encounter.ew is None):
            out[encounter.round].add(encounter.ns or encounter.ew)
    for round_ in range(1, plan.rounds + 1):
        out[round_].update(set(plan.pairs) - playing[round_])
    return out


def stale_checks(lines: Iterable[TravellerLine]) -> set[int]:
    """Ids of checked lines whose result changed after the director checked them (one query).

    `save_line` keeps the `checked` flag when a line is corrected, so the flag alone would let a
    later, unchecked correction through; the line's history tells what the director saw.
    """
    current = {line.pk: line for line in lines if line.checked}
    if not current:
        return set()
    seen: dict[int, dict] = {}
    previous_checked: dict[int, bool] = {}
    records = (
        narrowed(TravellerLine.history.filter(id__in=list(current)), "board__section__session__club")
        .order_by("id", "history_date", "history_id")
        .values("id", "checked", "history_change_reason", *CONTENT_FIELDS)
    )
    for record in records:
        line_id = record["id"]
        marked = record["history_change_reason"] == CHECKED_REASON
        if record["checked"] and (marked or not previous_checked.get(line_id, False)):
            seen[line_id] = record  # the state in which the line was (last) marked checked
        previous_checked[line_id] = record["checked"]
    return {
        line_id
        for line_id, record in seen.items()
        if any(getattr(current[line_id], name) != record[name] for name in CONTENT_FIELDS)
    }


# The problems of a session ----------------------------------------------------------------------------------


def describe(line: TravellerLine) -> str:
    where = [_("board %(board)s") % {"board": line.board.number}]
    if line.round is not None:
        where.append(_("round %(round)s") % {"round": line.round})
    if line.table is not None:
        where.append(_("table %(table)s") % {"table": line.table})
    return _("%(where)s, %(ns)s v %(ew)s") % {
        "where": capfirst(", ".join(where)),
        "ns": notation().pair_label(line.ns_pair.label),
        "ew": notation().pair_label(line.ew_pair.label),
    }


def line_result_text(line: TravellerLine) -> str:
    if line.not_played:
        return _("not played")
    if line.adjusted:
        return line.adjusted
    if line.contract == "PASS" or not line.declarer or line.tricks is None:
        return line.contract
    shown = notation()  # in the reader's notation, as `club.templatetags.bridge.result_line` writes it: 1SA O =
    contract, declarer = shown.contract(line.contract), shown.seat(line.declarer)
    try:
        return f"{contract} {declarer} {scoring.result_text(line.contract, line.tricks)}"
    except ValueError:
        return f"{contract} {declarer} {line.tricks}"


def problem_groups(problems: list[CheckProblem]) -> list[dict]:
    """The checks page's three groups of problems: blocking, warnings not yet checked, and checked by the director
    (shown only when there are some)."""
    return [
        {
            "key": "blocking",
            "title": _("Blocking problems"),
            "tone": "danger",
            "always": True,
            "problems": [problem for problem in problems if problem.blocking],
        },
        {
            "key": "warnings",
            "title": _("Warnings (not blocking)"),
            "tone": "warning",
            "always": True,
            "problems": [problem for problem in problems if not problem.blocking and not problem.checked],
        },
        {
            "key": "checked",
            "title": _("Checked by the director"),
            "tone": "secondary",
            "always": False,
            "problems": [problem for problem in problems if problem.checked],
        },
    ]
