"""Victory points: converting a match's IMP margin into VPs.

Scales:

* ``"wbf"``: the WBF 2012 continuous 20-VP scale.  From the WBF Scoring Panel's technical report
  "The New WBF IMP to VP Scales": with B = 15 x sqrt(boards) (the blitz margin) and
  tau = (sqrt(5) - 1) / 2, the winner's VP for margin M is 10 + 10 (1 - tau^(3M/B)) / (1 - tau^3),
  capped at 20, rounded to two decimals; where rounding made an extra IMP worth more than the
  one before, the VP is raised by 0.01 until each IMP is worth no more than the previous one.
  The loser gets 20 minus the winner's VP.  Checked against the published 1-10 board tables.
* ``"wbf-discrete"``: seed 001's integer transition table (6, 7, 8, 9, 10, 12, 14, 16, 20, 32 boards).
* ``"20"``, ``"30"``: seed 000's 20- and 30-point scales (they do not depend on the boards).
* ``"wbf-25"``: seed 001's old WBF 25-point scale (8 to 24 boards), where the loser goes below 5.

Corrections of the seed tables (each pinned in tests/scoring/test_victory_points.py):

* wbf-25, 16 boards: the seed prints 25-3 as 53-56 and 25-2 as 59-64, leaving 57-58 in no band;
  25-3 is 53-58 (band widths there are 5, 6, 6, 6, 7).
* wbf-discrete, 10 boards: the seed prints 10-10 as 0-1, 11-9 as 2-4 and 12-8 as 4-6 (4 in two
  bands).  The WBF's construction, which reproduces every other column of the table, gives 0, 1-3
  and 4-6; this also keeps the WBF rule that each VP's IMP range is no narrower than the one before.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from decimal import Decimal
from functools import lru_cache
from numbers import Real

from ._checks import is_whole
from .errors import Listing, ScoringError

SCALES: tuple[str, ...] = ("wbf", "wbf-discrete", "20", "30", "wbf-25")

_TAU = (math.sqrt(5) - 1) / 2

# Rows of (winner VP, loser VP), then one IMP range per row, "51+" for the open last row.
_SCALE_20 = (
    "0 10-10, 1-2 11-9, 3-4 12-8, 5-7 13-7, 8-10 14-6, 11-13 15-5, 14-16 16-4, 17-19 17-3, "
    "20-23 18-2, 24-27 19-1, 28+ 20-0"
)
_SCALE_30 = (
    "0 15-15, 1 18-12, 2 19-11, 3 20-10, 4 21-9, 5-6 22-8, 7-8 23-7, 9-10 24-6, 11-13 25-5, "
    "14-16 26-4, 17-19 27-3, 20-23 28-2, 24-27 29-1, 28+ 30-0"
)

_WBF_25 = """\
VP     8      10     12     14     16     18     20     24
15-15  0-1    0-1    0-1    0-2    0-2    0-2    0-2    0-3
16-14  2-5    2-6    2-6    3-7    3-7    3-8    3-8    4-9
17-13  6-8    7-9    7-9    8-10   8-11   9-12   9-12   10-14
18-12  9-11   10-12  10-12  11-14  12-15  13-16  13-16  15-19
19-11  12-14  13-15  13-16  15-18  16-19  17-21  17-21  20-24
20-10  15-17  16-19  17-20  19-22  20-23  22-25  22-26  25-29
21-9   18-20  20-22  21-24  23-26  24-27  26-29  27-31  30-34
22-8   21-23  23-26  25-28  27-30  28-31  30-34  32-36  35-39
23-7   24-26  27-29  29-32  31-34  32-36  35-39  37-41  40-44
24-6   27-29  30-33  33-36  35-38  37-41  40-44  42-47  45-50
25-5   30-33  34-37  37-40  39-43  42-46  45-50  48-53  51-57
25-4   34-37  38-41  41-45  44-48  47-52  51-56  54-59  58-64
25-3   38-41  42-46  46-50  49-54  53-58  57-62  60-65  65-70
25-2   42-45  47-50  51-55  55-60  59-64  63-68  66-72  71-77
25-1   46-50  51-56  56-61  61-66  65-71  69-75  73-79  78-84
25-0   51+    57+    62+    67+    72+    76+    80+    85+
"""  # 16 boards, 25-3: the seed prints 53-56 (see the module docstring)

_WBF_DISCRETE = """\
VP     6      7      8      9      10     12     14     16     20     32
10-10  0      0      0      0      0      0-1    0-1    0-1    0-1    0-2
11-9   1-2    1-2    1-3    1-3    1-3    2-4    2-4    2-4    2-5    3-7
12-8   3-4    3-5    4-6    4-6    4-6    5-7    5-8    5-8    6-9    8-12
13-7   5-7    6-8    7-9    7-9    7-9    8-11   9-12   9-12   10-14  13-18
14-6   8-10   9-11   10-12  10-12  10-13  12-15  13-16  13-17  15-19  19-24
15-5   11-13  12-14  13-16  13-16  14-17  16-19  17-21  18-22  20-25  25-32
16-4   14-17  15-18  17-20  17-21  18-22  20-24  22-26  23-28  26-31  33-40
17-3   18-21  19-23  21-25  22-26  23-27  25-30  27-33  29-35  32-39  41-50
18-2   22-26  24-28  26-30  27-32  28-34  31-37  34-40  36-43  40-48  51-61
19-1   27-32  29-35  31-38  33-40  35-42  38-46  41-50  44-53  49-60  62-76
20-0   33+    36+    39+    41+    43+    47+    51+    54+    61+    77+
"""  # 10 boards, 10-10 and 11-9: the seed prints 0-1 and 2-4 (see the module docstring)

Band = tuple[int, int | None]  # IMP range (from, to), to = None for the open last band


def _range(text: str) -> Band:
    if text.endswith("+"):
        return int(text[:-1]), None
    low, _, high = text.partition("-")
    return int(low), int(high or low)


def _vp(text: str) -> tuple[int, int]:
    win, lose = text.split("-")
    return int(win), int(lose)


def _parse_grid(text: str) -> dict[int | None, tuple[tuple[Band, tuple[int, int]], ...]]:
    lines = [line.split() for line in text.splitlines()]
    boards = [int(b) for b in lines[0][1:]]
    rows = lines[1:]
    return {b: tuple((_range(row[i + 1]), _vp(row[0])) for row in rows) for i, b in enumerate(boards)}


def _parse_line(text: str) -> tuple[tuple[Band, tuple[int, int]], ...]:
    return tuple((_range(part.split()[0]), _vp(part.split()[1])) for part in text.split(","))


TABLES: dict[str, dict[int | None, tuple[tuple[Band, tuple[int, int]], ...]]] = {
    "wbf-discrete": _parse_grid(_WBF_DISCRETE),
    "wbf-25": _parse_grid(_WBF_25),
    "20": {None: _parse_line(_SCALE_20)},
    "30": {None: _parse_line(_SCALE_30)},
}
"""The table scales: for each board count (None when the scale ignores it), bands of
``((IMPs from, IMPs to or None), (winner VP, loser VP))``, smallest margin first."""

_LOWS = {
    scale: {b: [band[0][0] for band in bands] for b, bands in by_boards.items()} for scale, by_boards in TABLES.items()
}


@lru_cache(maxsize=128)
def wbf_continuous_table(boards: int) -> tuple[int, ...]:
    """Winner's VP in hundredths for IMP margins 0, 1, 2 ... up to the first margin worth 20.00.

    Built as the WBF describes: formula, rounding to two decimals, then raising by 0.01 any VP
    where an extra IMP would be worth more than the previous extra IMP.
    """
    blitz = 15 * math.sqrt(boards)
    values = []
    margin = 0
    while True:
        vp = 10 + 10 * (1 - _TAU ** (3 * margin / blitz)) / (1 - _TAU**3)
        values.append(min(2000, math.floor(vp * 100 + 0.5)))
        if values[-1] == 2000:
            break
        margin += 1
    changed = True
    while changed:
        changed = False
        for i in range(1, len(values) - 1):
            if values[i + 1] - values[i] > values[i] - values[i - 1]:
                values[i] += 1
                changed = True
    return tuple(values)


def _check_margin(imp_margin: float) -> int:
    if (
        isinstance(imp_margin, bool)
        or not isinstance(imp_margin, Real)
        or not math.isfinite(imp_margin)
        or imp_margin != int(imp_margin)
    ):
        raise ScoringError("vp.whole_imps", margin=imp_margin)
    return int(imp_margin)


def _supported(scale: str) -> Listing:
    return Listing(sorted(TABLES[scale]))


def victory_points(imp_margin: int, boards: int | None, scale: str = "wbf") -> tuple[int | Decimal, int | Decimal]:
    """VPs for a match won (or lost, if negative) by ``imp_margin`` IMPs over ``boards`` boards.

    Returns ``(VPs of the side with that margin, VPs of its opponents)``.  On ``"wbf"`` both are
    ``Decimal`` with two places and sum to 20.00; on the table scales they are ints.
    ``boards`` is ignored by the ``"20"`` and ``"30"`` scales; a board count a table does not
    cover raises ``ValueError`` naming the ones it does.
    """
    if not isinstance(scale, str) or scale not in SCALES:
        raise ScoringError("vp.scale", scale=scale, scales=", ".join(SCALES))
    margin = _check_margin(imp_margin)
    winner: int | Decimal
    loser: int | Decimal
    if scale == "wbf":
        if not is_whole(boards) or boards < 1:
            raise ScoringError("vp.boards", boards=boards)
        table = wbf_continuous_table(boards)
        won = table[min(abs(margin), len(table) - 1)]
        winner, loser = Decimal(won).scaleb(-2), Decimal(2000 - won).scaleb(-2)
    else:
        key = None if scale in ("20", "30") else boards
        if isinstance(key, bool) or not isinstance(key, (int, type(None))) or key not in TABLES[scale]:
            raise ScoringError("vp.boards_table", scale=scale, supported=_supported(scale), boards=boards)
        bands = TABLES[scale][key]
        winner, loser = bands[bisect_right(_LOWS[scale][key], abs(margin)) - 1][1]
    return (winner, loser) if margin >= 0 else (loser, winner)
