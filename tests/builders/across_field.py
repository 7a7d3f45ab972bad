"""Builders shared by the across-the-field tests: three sections playing the same three boards (worked by hand in
the comments, as a USEBIO file without figures, imported and scored across the field) and a Butler night where two
pairs miss a board (the factored totals)."""

import re

from events.files.services.usebio_import import import_usebio
from events.models import Session, TravellerLine
from events.plans import section_plan
from events.standings.services.rescoring import rescore_session
from tests.builders.sessions import enter_all, make_session

# (section, board, NS pair, EW pair, contract, tricks, NS score), every contract declared by North.
# Board 1 nobody vulnerable, board 2 North-South, board 3 East-West. Each section has two tables (pairs 1-4).
LINES = [
    ("A", 1, 1, 2, "4S", 10, 420), ("A", 1, 3, 4, "4S", 11, 450),
    ("B", 1, 1, 2, "3NT", 10, 430), ("B", 1, 3, 4, "4S", 9, -50),
    ("C", 1, 1, 2, "4S", 10, 420), ("C", 1, 3, 4, "2S", 10, 170),
    ("A", 2, 1, 3, "2H", 9, 140), ("A", 2, 2, 4, "3NT", 9, 600),
    ("B", 2, 1, 3, "2H", 8, 110), ("B", 2, 2, 4, "4H", 9, -100),
    ("C", 2, 1, 3, "3NT", 9, 600),  # section C's other table did not play board 2: C was due 2 results
    ("A", 3, 1, 4, "3NT", 9, 400), ("A", 3, 2, 3, "1NT", 8, 120),
    ("B", 3, 1, 4, "3NT", 9, 400), ("B", 3, 2, 3, "3NT", 8, -50),
    ("C", 3, 1, 4, "4S", 10, 420), ("C", 3, 2, 3, "3NT", 7, -100),
]  # fmt: skip
# Worked on paper. Matchpoints on the EBU scale (2 for each result beaten, 1 for each tie); each section was due 2
# results on every board, so the field is due 6: one top of 2 x (6 - 1) = 10 over the three sections.
# Board 1: 450, 430, 420, 420, 170, -50. 450 beats 5: 10; 430 beats 4: 8; 420 beats 2, ties 1: 5; 170 beats 1: 2;
#   -50: 0. East-West: the top less North-South's: 0, 2, 5, 5, 8, 10.
# Board 2: 600, 600, 140, 110, -100: 5 results of the 6 due. On their own (top 8): 600 beats 3, ties 1: 7;
#   140: 4; 110: 2; -100: 0. Neuberg (M + 1) x 6 / 5 - 1: 600 -> 8.6; 140 -> 5; 110 -> 2.6; -100 -> 0.2 (of 10).
#   East-West on their own 1, 4, 6, 8 -> 1.4, 5, 7.4, 9.8.
# Board 3: 420, 400, 400, 120, -50, -100. 420: 10; 400 beats 3, ties 1: 7; 120: 4; -50: 2; -100: 0.
MATCHPOINTS = {
    ("A", 1, 1): 5, ("A", 1, 3): 10, ("B", 1, 1): 8, ("B", 1, 3): 0, ("C", 1, 1): 5, ("C", 1, 3): 2,
    ("A", 2, 1): 5, ("A", 2, 2): 8.6, ("B", 2, 1): 2.6, ("B", 2, 2): 0.2, ("C", 2, 1): 8.6,
    ("A", 3, 1): 7, ("A", 3, 2): 4, ("B", 3, 1): 7, ("B", 3, 2): 2, ("C", 3, 1): 10, ("C", 3, 2): 0,
}  # fmt: skip
# Cross-IMPs summed over the comparisons (WBF scale: 20-40 = 1, 170-210 = 5, 220-260 = 6, 270-310 = 7,
# 430-490 = 10, 500-590 = 11, 600-740 = 12), each result against the 5 (board 2: 4) others of the field:
# Board 1: 450: +1 (v 430) +1 +1 (v 420 twice) +7 (280 v 170) +11 (500 v -50) = 21;
#   430: -1 +0 +0 +6 (260) +10 (480) = 15; 420: -1 (v 450) +0 (v 430) +0 (v 420) +6 (250) +10 (470) = 15;
#   170: -7 -6 -6 -6 +6 (220 v -50) = -19; -50: -11 -10 -10 -10 -6 = -47 (all together 0).
# Board 2: 600: 0 (v 600) +10 (460) +10 (490) +12 (700) = 32; 140: -10 -10 +1 (30) +6 (240) = -13;
#   110: -10 -10 -1 +5 (210) = -16; -100: -12 -12 -6 -5 = -35 (32 + 32 - 13 - 16 - 35 = 0).
# Board 3: 420: +1 +1 +7 (300) +10 (470) +11 (520) = 30; 400: -1 +0 +7 (280) +10 (450) +11 (500) = 27;
#   120: -7 -7 -7 +5 (170) +6 (220) = -10; -50: -10 -10 -10 -5 +2 (50) = -33; -100: -11 -11 -11 -6 -2 = -41.
CROSS_IMPS = {
    ("A", 1, 1): 15, ("A", 1, 3): 21, ("B", 1, 1): 15, ("B", 1, 3): -47, ("C", 1, 1): 15, ("C", 1, 3): -19,
    ("A", 2, 1): -13, ("A", 2, 2): 32, ("B", 2, 1): -16, ("B", 2, 2): -35, ("C", 2, 1): 32,
    ("A", 3, 1): 27, ("A", 3, 2): -10, ("B", 3, 1): 27, ("B", 3, 2): -33, ("C", 3, 1): 30, ("C", 3, 2): -41,
}  # fmt: skip
# The pairs' totals: a pair's points on the boards it played, North-South's or East-West's (the top less NS's in
# matchpoints, minus NS's in IMPs); its percentage its matchpoints over 10 a board it played.
#   A1 5 + 5 + 7 = 17; A2 5 + 8.6 + 4 = 17.6; A3 10 + 5 + 6 = 21; A4 0 + 1.4 + 3 = 4.4 (60 = 6 lines x 10).
#   B1 8 + 2.6 + 7 = 17.6; B2 2 + 0.2 + 2 = 4.2; B3 0 + 7.4 + 8 = 15.4; B4 10 + 9.8 + 3 = 22.8.
#   C1 5 + 8.6 + 10 = 23.6; C2 5 + 0 = 5 (two boards: 25 %); C3 2 + 1.4 + 10 = 13.4; C4 8 + 0 = 8 (two boards).
#   Cross-IMPs: A1 15 - 13 + 27 = 29; A2 -15 + 32 - 10 = 7; A3 21 + 13 + 10 = 44; A4 -21 - 32 - 27 = -80;
#   B1 15 - 16 + 27 = 26; B2 -15 - 35 - 33 = -83; B3 -47 + 16 + 33 = 2; B4 47 + 35 - 27 = 55;
#   C1 15 + 32 + 30 = 77; C2 -15 - 41 = -56; C3 -19 - 32 + 41 = -10; C4 19 - 30 = -11 (each section's sum 0).
MP_TOTALS = {("A", 1): 17, ("A", 2): 17.6, ("A", 3): 21, ("A", 4): 4.4,
             ("B", 1): 17.6, ("B", 2): 4.2, ("B", 3): 15.4, ("B", 4): 22.8,
             ("C", 1): 23.6, ("C", 2): 5, ("C", 3): 13.4, ("C", 4): 8}  # fmt: skip
IMP_TOTALS = {("A", 1): 29, ("A", 2): 7, ("A", 3): 44, ("A", 4): -80,
              ("B", 1): 26, ("B", 2): -83, ("B", 3): 2, ("B", 4): 55,
              ("C", 1): 77, ("C", 2): -56, ("C", 3): -10, ("C", 4): -11}  # fmt: skip


def usebio_of_lines(lines, event_type: str, letters: str, figures: dict | None = None, top: float = 0) -> bytes:
    """`lines` (section, board, NS pair, EW pair, contract by North, tricks, NS score) as a USEBIO file of the
    sections `letters` on boards 1 to 3; `figures` (by section, board, NS pair), when given, printed as the lines' NS
    points, the EW points their complement (`top` less them in matchpoints, minus them in IMPs)."""
    tag = {"MP_PAIRS": "MATCH_POINTS", "CROSS_IMP": "CROSS_IMP_POINTS"}.get(event_type, "")
    sections = []
    for letter in letters:
        boards = []
        for number in (1, 2, 3):
            typed = ""
            for section, board, ns, ew, contract, tricks, score in lines:
                if (section, board) != (letter, number):
                    continue
                printed = ""
                if figures:
                    mine = figures[(section, board, ns)]
                    other = top - mine if event_type == "MP_PAIRS" else -mine
                    printed = f"<NS_{tag}>{mine:.4f}</NS_{tag}><EW_{tag}>{other:.4f}</EW_{tag}>"
                typed += (
                    f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"
                    f"<CONTRACT>{contract}</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>{tricks}</TRICKS>"
                    f"<SCORE>{score}</SCORE>{printed}</TRAVELLER_LINE>"
                )
            boards.append(f"<BOARD><BOARD_NUMBER>{number}</BOARD_NUMBER>{typed}</BOARD>")
        sections.append(f'<SECTION SECTION_ID="{letter}">{"".join(boards)}</SECTION>')
    return (
        f'<?xml version="1.0"?><USEBIO Version="1.2"><EVENT EVENT_TYPE="{event_type}">'
        f"<EVENT_DESCRIPTION>Congress pairs</EVENT_DESCRIPTION><DATE>05/12/2026</DATE>{''.join(sections)}"
        "</EVENT></USEBIO>"
    ).encode()


def usebio_file(event_type: str) -> bytes:
    """The three sections as a USEBIO file, without figures (the site scores them)."""
    return usebio_of_lines(LINES, event_type, "ABC")


def line_points(session: Session) -> dict:
    """Each line's North-South points, by (section, board, NS pair)."""
    return {
        (line.board.section.letter, line.board.number, line.ns_pair.number): line.ns_points
        for line in TravellerLine.objects.filter(board__section__session=session).select_related(
            "board__section", "ns_pair"
        )
    }


def across(event_type: str, **fields) -> Session:
    session = import_usebio(data=usebio_file(event_type)).session
    Session.objects.filter(pk=session.pk).update(across_field=True, **fields)
    rescore_session(session=Session.objects.get(pk=session.pk))  # the standings stored with it
    Session.objects.filter(pk=session.pk).update(status=Session.Status.FINAL)  # published: the pages are public
    return Session.objects.get(pk=session.pk)


def text(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def butler_night(**fields):
    session, section = make_session(kind="mitchell", tables=3, boards_per_round=2, scoring="butler", **fields)
    plan = list(section_plan(section).schedule)
    # every board 3NT by North: 9 tricks at the first table to play it, 10 at the second and 8 at the third
    seen: dict[int, int] = {}
    results = {}
    for slot in plan:
        seen[slot.board] = seen.get(slot.board, 0) + 1
        results[slot] = ("3NT", "N", str({1: 9, 2: 10, 3: 8}[seen[slot.board]]))
    skipped = plan[-1]  # the last encounter not played: two pairs miss a board
    enter_all(section, skip=(skipped,), results=results)
    return Session.objects.get(pk=session.pk), section, skipped
