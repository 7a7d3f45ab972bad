"""Checks before publishing: every problem of a session, as plain data.

`session_problems` reads a whole session in a fixed number of queries, whatever its size. The
one-click fixes are in `events.checks.services.fixes`, a line's history in `events.entry.selectors.line_history`.
"""

from __future__ import annotations

from collections import defaultdict

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import scoring
from club.bridge_messages import error_lines, translate
from club.templatetags.bridge import side_score
from events.checks.selectors.check_problems import (
    MARK_CHECKED,
    RECOMPUTE,
    SWAP_ROUND,
    CheckProblem,
    Kind,
    describe,
    expected_ns_score,
    line_result_text,
    make_problem,
    placement,
    position,
    sit_outs,
    stale_checks,
)
from events.checks.selectors.warnings import board_warnings
from events.models import Section, Session, SitOut, TravellerLine
from events.plans import section_plan
from movement_generators.api import BoardPlay, Movement

Sitting = set[tuple[int, str]] | frozenset[tuple[int, str]]  # (board number, pair label) of the section's sit-outs


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
        problems += _score_problems(line, checked, refs)
    if line.adjusted and line.bare_average:  # A+, A-, A6040 typed by the director need no second look
        problems.append(_average_problem(line, checked, refs))
    return problems


def _score_problems(line: TravellerLine, checked: bool, refs: dict) -> list[CheckProblem]:
    """A stored score that the line's contract and tricks do not give, or a result that cannot be scored."""
    try:
        expected = expected_ns_score(line)
    except ValueError as error:
        return [
            make_problem(
                Kind.SCORE,
                _("%(line)s: %(result)s cannot be scored: %(error)s.")
                % {"line": describe(line), "result": line_result_text(line), "error": translate(error)},
                checked=checked,
                **refs,
            )
        ]
    if expected == line.ns_score:
        return []
    return [
        make_problem(
            Kind.SCORE,
            _("%(line)s: %(result)s (vulnerability %(vul)s) scores %(expected)+d for NS, but %(stored)s is stored.")
            % {
                "line": describe(line),
                "result": line_result_text(line),
                "vul": scoring.board_vulnerability(line.board.number),
                "expected": expected,
                "stored": "—" if line.ns_score is None else f"{line.ns_score:+d}",
            },
            checked=checked,
            fix=RECOMPUTE,
            fix_params=(("line", str(line.pk)),),
            **refs,
        )
    ]


def _average_problem(line: TravellerLine, checked: bool, refs: dict) -> CheckProblem:
    """An average typed as a bare A: which split the director awarded is to be confirmed."""
    try:
        entry = scoring.parse_entry(line.adjusted)
        if isinstance(entry, scoring.Weighted):
            split = _("a weighted score")
        else:
            split = _("NS %(ns)s %%, EW %(ew)s %%") % {"ns": entry.ns_percent, "ew": entry.ew_percent}
    except (ValueError, AttributeError):
        split = _("unreadable")
    return make_problem(
        Kind.AVERAGE,
        _(
            "%(line)s: an average typed as a bare “A”, stored as %(code)s (%(split)s). Confirm this is the split "
            "the director awarded and mark it checked, or type the split awarded (A6040, A5050, A4040 ...)."
        )
        % {"line": describe(line), "code": line.adjusted, "split": split},
        checked=checked,
        fix=MARK_CHECKED,
        fix_params=(("line", str(line.pk)),),
        **refs,
    )


def movement_problems(
    section: Section, plan: Movement, lines: list[TravellerLine], checked: set[int], sitting: Sitting = frozenset()
) -> list[CheckProblem]:
    """Missing and extra results, misplaced pairs, swapped rounds and scored sit-outs of one section."""
    base = {"section_id": section.pk, "section": section.letter}
    status: dict[int, tuple[str, BoardPlay | None]] = {line.pk: placement(plan, line) for line in lines}
    problems = count_problems(plan, lines, base, sitting)
    swapped, swapped_lines = swapped_round_problems(section, plan, lines, checked, status, base)
    return problems + swapped + placement_problems(plan, lines, checked, status, swapped_lines, base)


def count_problems(
    plan: Movement, lines: list[TravellerLine], base: dict, sitting: Sitting = frozenset()
) -> list[CheckProblem]:
    """Boards with fewer or more results than the movement schedules. A play is not missing when one of its pairs
    sits out the board (`sitting`: board number and pair label): without opponents the other cannot play it."""
    problems: list[CheckProblem] = []
    by_board: dict[int, list[TravellerLine]] = defaultdict(list)
    for line in lines:
        by_board[line.board.number].append(line)
    for number in sorted(set(plan.played_boards) | set(by_board)):
        have, due = by_board.get(number, []), plan.play_count(number)
        met = {frozenset((line.ns_pair.label, line.ew_pair.label)) for line in have}
        unmet = [slot for slot in plan.board_plays(number) if frozenset((slot.ns, slot.ew)) not in met]
        missing = [slot for slot in unmet if (number, slot.ns) not in sitting and (number, slot.ew) not in sitting]
        if len(have) + len(unmet) - len(missing) < due:
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


def schedule_problems(
    section: Section, lines: list[TravellerLine], checked: set[int], sitting: Sitting = frozenset()
) -> list[CheckProblem]:
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
        return movement_problems(section, plan, lines, checked, sitting)
    return uneven_boards(section, lines)


def session_problems(session: Session) -> list[CheckProblem]:
    """Every problem of a session, section by section, in a fixed number of queries."""
    sections = list(session.sections.select_related("custom_movement", "session").order_by("letter"))
    lines = list(
        TravellerLine.objects.filter(board__section__session=session)
        .select_related("board", "ns_pair", "ew_pair")
        .order_by("board__number", "round", "table", "pk")
    )
    sitting: dict[int, set[tuple[int, str]]] = defaultdict(set)
    sit_outs = SitOut.objects.filter(board__section__session=session)
    for section_id, number, pair_number, direction in sit_outs.values_list(
        "board__section_id", "board__number", "pair__number", "pair__direction"
    ):
        sitting[section_id].add((number, f"{pair_number}{direction}"))
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
        problems.extend(schedule_problems(section, section_lines, checked, sitting.get(section.pk, frozenset())))
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
                        _("%(line)s: %(result)s, %(score)s. %(notes)s")
                        % {
                            "line": describe(line),
                            "result": line_result_text(line),
                            "score": side_score(line.ns_score),  # EW +90, as every page gives a score
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
