"""Scoring conventions: the choices scorers make differently, gathered as one value a session carries.

Tried against the published results of other scorers, every disagreement on a board comes from one of:

* boards played fewer times by the movement: factored up to the full top with Neuberg's formula (EBU,
  ACBL, this site's default) or scored on their own, smaller top (Compscore);
* the Butler datum: how many top and bottom results are set aside, from how many results on (1 from 4
  by default; Magic Contest and Ruter 1 from 3), and whether the mean is rounded to 10;
* the IMPs an artificial adjusted score receives (`ImpAward`);
* which results a board is compared with: those of its section (the default) or, ``across_field``, those of
  every section that plays the same boards (one top per board over the sections, Neuberg over them, the Butler
  datum and cross-IMPs over all the results: Ruter and congresses scoring a field of several sections);
* cross-IMPs ``"average"`` per comparison (seed 000: 37 IMPs over 4 comparisons = 9.25) or ``"sum"`` over the
  comparisons (Ruter's cross-IMP events publish the sum);
* a pair's total: the plain sum of its boards, or ``factor_totals`` as Compscore prints it: a board played
  fewer times counted with Neuberg's formula, and a pair that played fewer boards factored up to the full number
  (`scoring.totals`);
* a pair's IMP total (Butler, cross-IMPs) ``pair_total``: the ``"sum"`` over the boards it played, or their
  ``"average"`` per board (the same choice as the cross-IMPs' over the comparisons: ACBLscore's and EBUScore's
  IMP pairs print IMPs per board beside the totals).

The matchpoint scale (``"ebu"`` or ``"acbl"``) stays a separate argument, as in `matchpoints`.
`PRESETS` names the sets of conventions that reproduce a scorer; `score_board` scores one board with them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .adjusted import Adjusted, Entry, parse_entry
from .imps import DATUM_ROUNDINGS, ImpAward, butler_imps, cross_imps
from .matchpoints import matchpoints
from .weighted import score_weighted

SHORT_BOARDS: tuple[str, ...] = ("neuberg", "own-top")
CROSS_IMPS: tuple[str, ...] = ("average", "sum")
PAIR_TOTALS: tuple[str, ...] = ("sum", "average")
METHODS: tuple[str, ...] = ("matchpoints", "butler", "cross-imps")


@dataclass(frozen=True, slots=True)
class Conventions:
    """A session's scoring conventions; the defaults are the site's behaviour before they could be chosen."""

    short_boards: str = "neuberg"
    datum_discard: int = 1
    datum_from: int = 4
    datum_rounding: str = "ten"
    award: ImpAward = ImpAward()
    across_field: bool = False
    cross_imps: str = "average"
    factor_totals: bool = False
    pair_total: str = "sum"

    def __post_init__(self) -> None:
        if self.pair_total not in PAIR_TOTALS:
            raise ValueError(f"{self.pair_total!r}: a pair's IMP total is the 'sum' of its boards or their 'average'")
        if self.cross_imps not in CROSS_IMPS:
            raise ValueError(f"{self.cross_imps!r}: cross-IMPs are 'average' per comparison or their 'sum'")
        if self.short_boards not in SHORT_BOARDS:
            raise ValueError(f"{self.short_boards!r}: boards played fewer times are scored 'neuberg' or 'own-top'")
        if self.datum_rounding not in DATUM_ROUNDINGS:
            raise ValueError(f"{self.datum_rounding!r}: the datum's rounding must be one of ten, none")
        for value in (self.datum_discard, self.datum_from):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 99:
                raise ValueError(f"{value!r}: the datum's discards are counted in whole numbers from 0 to 99")
        if self.datum_from < 2 * self.datum_discard + 1:
            raise ValueError(
                f"discarding {self.datum_discard} at each end needs at least {2 * self.datum_discard + 1} results"
            )

    @property
    def neuberg(self) -> bool:
        """Whether boards played fewer times are factored up to the full top."""
        return self.short_boards == "neuberg"


PRESETS: dict[str, tuple[str | None, Conventions]] = {
    "ebu": ("ebu", Conventions()),
    "acbl": ("acbl", Conventions()),
    "compscore": (None, Conventions(short_boards="own-top", factor_totals=True)),
    "magic-contest": (None, Conventions(datum_from=3)),
}
"""Named sets of conventions, each with the matchpoint scale it sets (None: the scale stays as chosen).

"magic-contest" also reproduces Ruter: the datum of three results is the middle one. "compscore" prints a board
played fewer times on its own top but totals it with Neuberg's formula, and factors a pair's total up to the
full number of boards.
"""


def preset(name: str) -> tuple[str | None, Conventions]:
    """The scale (or None) and conventions of a preset named in `PRESETS`."""
    if name not in PRESETS:
        raise ValueError(f"{name!r}: the presets are {', '.join(PRESETS)}")
    return PRESETS[name]


def score_board(
    method: str,
    entries: Sequence[Entry],
    *,
    expected: int | None = None,
    scale: str = "ebu",
    conventions: Conventions = Conventions(),
) -> list[tuple[float, float]]:
    """Every entry's ``(ns, ew)`` points on one board by ``method`` (`METHODS`) under ``conventions``.

    ``expected``: the results the board is scored against in matchpoints (Neuberg's E), which the
    caller works out from the movement and ``conventions.short_boards``; None scores it on its own top.
    Weighted scores (``"W60:420;40:-50"``) are scored as `scoring.weighted` says.
    """
    if not entries:
        return []
    if method not in METHODS:
        raise ValueError(f"{method!r}: the scoring method must be one of {', '.join(METHODS)}")
    parsed = [parse_entry(entry) for entry in entries]
    return score_weighted(parsed, lambda plain: _score(method, plain, expected, scale, conventions))


def _score(
    method: str, entries: list[int | Adjusted], expected: int | None, scale: str, conventions: Conventions
) -> list[tuple[float, float]]:
    if method == "matchpoints":
        return matchpoints(entries, expected=expected, scale=scale)
    if method == "butler":
        return butler_imps(
            entries,
            discard=conventions.datum_discard,
            discard_from=conventions.datum_from,
            rounding=conventions.datum_rounding,
            award=conventions.award,
        )
    return cross_imps(entries, average=conventions.cross_imps == "average", award=conventions.award)
