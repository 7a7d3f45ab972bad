"""Checks before publishing: every problem of a session, as plain data.

`session_problems` reads a whole session in a fixed number of queries, whatever its size. The
one-click fixes are in `events.services.fixes`, a line's history in `events.selectors.line_history`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import models
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

import scoring
from club.bridge_messages import error_lines, translate
from events.models import Section, Session, TravellerLine
from events.plans import section_plan
from events.selectors.warnings import board_warnings
from movements.generators import BoardPlay, Movement


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
        TravellerLine.history.filter(id__in=list(current))
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
        "ns": line.ns_pair.label,
        "ew": line.ew_pair.label,
    }


def result_text(line: TravellerLine) -> str:
    if line.not_played:
        return _("not played")
    if line.adjusted:
        return line.adjusted
    if line.contract == "PASS" or not line.declarer or line.tricks is None:
        return line.contract
    try:
        return f"{line.contract} {line.declarer} {scoring.result_text(line.contract, line.tricks)}"
    except ValueError:
        return f"{line.contract} {line.declarer} {line.tricks}"


def line_problems(section: Section, line: TravellerLine, checked: bool) -> list[CheckProblem]:
    """Problems a line has on its own: its score, an adjusted score not checked."""
    refs = {
        "section_id": section.pk,
        "section": section.letter,
        "board": line.board.number,
        "line_id": line.pk,
        "round": line.round,
        "table": line.table,
        "line_ids": (line.pk,),
    }
    problems = []
    if line.contract and not line.adjusted and not line.not_played:
        try:
            expected = expected_ns_score(line)
        except ValueError as error:
            problems.append(
                make_problem(
                    Kind.SCORE,
                    _("%(line)s: %(result)s cannot be scored: %(error)s.")
                    % {"line": describe(line), "result": result_text(line), "error": translate(error)},
                    checked=checked,
                    **refs,
                )
            )
        else:
            if expected != line.ns_score:
                problems.append(
                    make_problem(
                        Kind.SCORE,
                        _(
                            "%(line)s: %(result)s (vulnerability %(vul)s) scores %(expected)+d for NS, but %(stored)s "
                            "is stored."
                        )
                        % {
                            "line": describe(line),
                            "result": result_text(line),
                            "vul": scoring.board_vulnerability(line.board.number),
                            "expected": expected,
                            "stored": "—" if line.ns_score is None else f"{line.ns_score:+d}",
                        },
                        checked=checked,
                        fix=RECOMPUTE,
                        fix_params=(("line", str(line.pk)),),
                        **refs,
                    )
                )
    if line.adjusted:
        try:
            entry = scoring.parse_entry(line.adjusted)
            split = _("NS %(ns)s %%, EW %(ew)s %%") % {"ns": entry.ns_percent, "ew": entry.ew_percent}
        except (ValueError, AttributeError):
            split = _("unreadable")
        problems.append(
            make_problem(
                Kind.AVERAGE,
                _(
                    "%(line)s: adjusted score %(code)s (%(split)s). Averages must be an explicit split such as A6040, "
                    "A5050 or A4040: a bare “A” cannot be told apart from A5050 once entered, so confirm this is the "
                    "split the director awarded and mark it checked."
                )
                % {"line": describe(line), "code": line.adjusted, "split": split},
                checked=checked,
                fix=MARK_CHECKED,
                fix_params=(("line", str(line.pk)),),
                **refs,
            )
        )
    return problems


def movement_problems(
    section: Section, plan: Movement, lines: list[TravellerLine], checked: set[int]
) -> list[CheckProblem]:
    """Missing and extra results, misplaced pairs, swapped rounds and scored sit-outs of one section."""
    base = {"section_id": section.pk, "section": section.letter}
    status: dict[int, tuple[str, BoardPlay | None]] = {line.pk: placement(plan, line) for line in lines}
    problems = count_problems(plan, lines, base)
    swapped, swapped_lines = swapped_round_problems(section, plan, lines, checked, status, base)
    return problems + swapped + placement_problems(plan, lines, checked, status, swapped_lines, base)


def count_problems(plan: Movement, lines: list[TravellerLine], base: dict) -> list[CheckProblem]:
    """Boards with fewer or more results than the movement schedules."""
    problems: list[CheckProblem] = []
    by_board: dict[int, list[TravellerLine]] = defaultdict(list)
    for line in lines:
        by_board[line.board.number].append(line)
    for number in sorted(set(plan.played_boards) | set(by_board)):
        have, due = by_board.get(number, []), plan.play_count(number)
        if len(have) < due:
            met = {frozenset((line.ns_pair.label, line.ew_pair.label)) for line in have}
            missing = [slot for slot in plan.board_plays(number) if frozenset((slot.ns, slot.ew)) not in met]
            encounters = "; ".join(
                _("round %(round)s, table %(table)s: %(ns)s v %(ew)s")
                % {"round": slot.round, "table": slot.table, "ns": slot.ns, "ew": slot.ew}
                for slot in missing
            )
            problems.append(
                make_problem(
                    Kind.MISSING,
                    ngettext(
                        "Board %(board)s has %(have)s of the %(due)s result the movement schedules. Missing: "
                        "%(missing)s. Enter it, or NP for a board not played.",
                        "Board %(board)s has %(have)s of the %(due)s results the movement schedules. Missing: "
                        "%(missing)s. Enter them, or NP for a board not played.",
                        due,
                    )
                    % {"board": number, "have": len(have), "due": due, "missing": encounters},
                    board=number,
                    **base,
                )
            )
        elif len(have) > due:
            if due:
                message = ngettext(
                    "Board %(board)s has %(have)s results; the movement schedules only %(due)s.",
                    "Board %(board)s has %(have)s results; the movement schedules only %(due)s.",
                    len(have),
                ) % {"board": number, "have": len(have), "due": due}
            else:
                message = ngettext(
                    "Board %(board)s has %(have)s result but the movement does not play it.",
                    "Board %(board)s has %(have)s results but the movement does not play it.",
                    len(have),
                ) % {"board": number, "have": len(have)}
            problems.append(make_problem(Kind.EXTRA, message, board=number, **base))
    return problems


def swapped_round_problems(
    section: Section,
    plan: Movement,
    lines: list[TravellerLine],
    checked: set[int],
    status: dict[int, tuple[str, BoardPlay | None]],
    base: dict,
) -> tuple[list[CheckProblem], set[int]]:
    """Tables where every line of a round has the pairs swapped, and those lines' ids."""
    problems: list[CheckProblem] = []
    at: dict[tuple[int, int], list[TravellerLine]] = defaultdict(list)
    for line in lines:
        where = position(plan, line)
        if where is not None:
            at[where].append(line)
    swapped_positions = {where for where, group in at.items() if all(status[line.pk][0] == "swapped" for line in group)}
    for table, round_ in sorted(swapped_positions, key=lambda where: (where[1], where[0])):
        group = at[(table, round_)]
        ids = tuple(line.pk for line in group)
        boards = ", ".join(str(number) for number in sorted({line.board.number for line in group}))
        problems.append(
            make_problem(
                Kind.SWAPPED_ROUND,
                _(
                    "Round %(round)s, table %(table)s (boards %(boards)s): every line has the movement's NS pair "
                    "sitting EW and its EW pair sitting NS, as if the arrows had been switched by mistake (or the "
                    "switch was missed). The fix swaps the two pairs on these lines; the scores stay with the seats."
                )
                % {"round": round_, "table": table, "boards": boards},
                checked=all(line_id in checked for line_id in ids),
                round=round_,
                table=table,
                line_ids=ids,
                fix=SWAP_ROUND,
                fix_params=(("section", str(section.pk)), ("table", str(table)), ("round", str(round_))),
                **base,
            )
        )
    return problems, {line.pk for where in swapped_positions for line in at[where]}


def placement_problems(
    plan: Movement,
    lines: list[TravellerLine],
    checked: set[int],
    status: dict[int, tuple[str, BoardPlay | None]],
    swapped_lines: set[int],
    base: dict,
) -> list[CheckProblem]:
    """Lines the movement does not place as entered (other than whole swapped rounds), and scored sit-outs."""
    problems: list[CheckProblem] = []
    out = sit_outs(plan)
    for line in lines:
        state, slot = status[line.pk]
        if state == "ok" or line.pk in swapped_lines:
            continue
        refs = {
            **base,
            "board": line.board.number,
            "line_id": line.pk,
            "round": line.round,
            "table": line.table,
            "line_ids": (line.pk,),
        }
        sitting_out = [
            label
            for label in (line.ns_pair.label, line.ew_pair.label)
            if line.round is not None and label in out.get(line.round, ())
        ]
        if sitting_out:
            message = _(
                "%(line)s: the movement has %(pairs)s sitting out in round %(round)s, yet this line has a result."
            ) % {"line": describe(line), "pairs": _(" and ").join(sitting_out), "round": line.round}
            problems.append(make_problem(Kind.SIT_OUT, message, checked=line.pk in checked, **refs))
            continue
        if state == "swapped":
            message = _(
                "%(line)s: the movement seats %(ns)s North-South and %(ew)s East-West here; are the directions swapped?"
            ) % {"line": describe(line), "ns": slot.ns, "ew": slot.ew}
        elif slot is not None:
            message = _(
                "%(line)s: the movement has this encounter play the board in round %(right)s, not round %(wrong)s."
            ) % {"line": describe(line), "right": slot.round, "wrong": line.round}
        else:
            message = _("%(line)s: the movement does not put these pairs on this board.") % {"line": describe(line)}
        problems.append(make_problem(Kind.MISPLACED, message, checked=line.pk in checked, **refs))
    return problems


def uneven_boards(section: Section, lines: list[TravellerLine]) -> list[CheckProblem]:
    """Without a movement, missing results cannot be known: boards with fewer results than the most played,
    and a section with no result at all (it cannot be published so)."""
    if not lines:
        return [
            make_problem(
                Kind.EMPTY,
                _("Section %(section)s has no results yet: enter them, or import them from a file, before publishing.")
                % {"section": section.letter},
                section_id=section.pk,
                section=section.letter,
            )
        ]
    counts: dict[int, int] = defaultdict(int)
    for line in lines:
        counts[line.board.number] += 1
    most = max(counts.values(), default=0)
    return [
        make_problem(
            Kind.UNEVEN,
            ngettext(
                "Board %(board)s has %(have)s result; other boards have up to %(most)s.",
                "Board %(board)s has %(have)s results; other boards have up to %(most)s.",
                count,
            )
            % {"board": number, "have": count, "most": most},
            section_id=section.pk,
            section=section.letter,
            board=number,
        )
        for number, count in sorted(counts.items())
        if count < most
    ]


def schedule_problems(section: Section, lines: list[TravellerLine], checked: set[int]) -> list[CheckProblem]:
    """The section's results against its movement (or, without one, against each other)."""
    try:
        plan = section_plan(section)
    except ValueError as error:
        return [
            make_problem(
                Kind.MOVEMENT,
                _(
                    "The movement of section %(section)s cannot be read (%(error)s), so its results cannot be checked "
                    "against it. Correct the movement in the session set-up."
                )
                % {"section": section.letter, "error": "; ".join(error_lines(error))},
                section_id=section.pk,
                section=section.letter,
            )
        ]
    if plan.has_schedule:
        return movement_problems(section, plan, lines, checked)
    return uneven_boards(section, lines)


def session_problems(session: Session) -> list[CheckProblem]:
    """Every problem of a session, section by section, in a fixed number of queries."""
    sections = list(session.sections.select_related("custom_movement", "session").order_by("letter"))
    lines = list(
        TravellerLine.objects.filter(board__section__session=session)
        .select_related("board", "ns_pair", "ew_pair")
        .order_by("board__number", "round", "table", "pk")
    )
    stale = stale_checks(lines)
    checked = {line.pk for line in lines if line.checked and line.pk not in stale}
    by_section: dict[int, list[TravellerLine]] = defaultdict(list)
    for line in lines:
        by_section[line.board.section_id].append(line)
    problems: list[CheckProblem] = []
    for section in sections:
        section_lines = by_section.get(section.pk, [])
        for line in section_lines:
            problems.extend(line_problems(section, line, line.pk in checked))
        problems.extend(schedule_problems(section, section_lines, checked))
        by_board: dict[int, list[TravellerLine]] = defaultdict(list)
        for line in section_lines:
            by_board[line.board.number].append(line)
        for number, board_lines in sorted(by_board.items()):
            named = {line.pk: line for line in board_lines}
            for line_id, notes in board_warnings(board_lines).items():
                line = named[line_id]
                problems.append(
                    make_problem(
                        Kind.WARNING,
                        _("%(line)s: %(result)s, %(score)+d. %(notes)s")
                        % {
                            "line": describe(line),
                            "result": result_text(line),
                            "score": line.ns_score,
                            "notes": " ".join(notes),
                        },
                        checked=line_id in checked,
                        section_id=section.pk,
                        section=section.letter,
                        board=number,
                        line_id=line_id,
                        round=line.round,
                        table=line.table,
                        line_ids=(line_id,),
                    )
                )
    problems.sort(key=lambda problem: (problem.section, problem.board or 0, problem.round or 0, problem.table or 0))
    return problems


def blocking_problems(session: Session) -> list[CheckProblem]:
    return [problem for problem in session_problems(session) if problem.blocking]
