"""Complete Howell layouts, 2 to 10 tables: round-1 seating and board sets, from which every round follows.

All of them use the standard Howell pair movement (EBU and ACBL guide cards alike): the highest-numbered pair
(2 x tables) is stationary; after each round every other pair moves to the seat the pair numbered one below it
just left (pair 1 takes the seat of pair 2T-1).  So pair p is in round r where pair p-(r-1) (counted round
1..2T-1) sat in round 1.

Board sets: with ``sets`` holding a single row, the row gives each table's set in round 1, and each round every
table takes the next set (set s+1 after set s, set 1 after set 2T-1): the boards move down one table, through
relay tables where the circuit has gaps.  With one row per round, the rows are the whole board schedule.

Why these work (verified by tests/movements/test_howell.py for every size): write n = 2T-1 and read pair
numbers and sets modulo n.  Two tables' pairs {a, b} meet when the round shifts them onto a table's seats, so
every two pairs meet exactly once when the differences +-(a-b) of the round-1 tables (stationary pair aside)
cover 1..n-1 exactly once.  A pair reaching table t with set g in round 1 through seat a plays set g - a + p,
so every pair plays every set exactly once when the values g - a (one per seat, stationary aside) are all
different modulo n.  Summing those values gives a necessary condition: twice the sum of the round-1 set
positions, less the set position at the stationary pair's table, is 0 modulo n.  So with sets on consecutive
tables (one block of relays, as in the EBU 5- and 7-table Howells) the stationary pair sits at the middle
table.  No layout at all avoids sharing boards for 2 and 3 tables (there is no Room square of side 3 or 5),
hence the shared sets there.

Direction balance ("with" counts: on how many sets two pairs sit in the same direction, so that their results
are compared) was the tie-break between layouts: 4, 6, 8 and 10 tables are perfectly balanced (every two pairs
compared on T-1 sets); 5, 7 and 9 tables spread from T-2 to T (with fixed directions at each table, perfection
needs the North-South pairs of a set to form an (n, T-1, (T-2)/2) difference set, impossible for odd T).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class HowellLayout:
    tables: int
    start: tuple[tuple[int, int], ...]  # round-1 (NS, EW) pair numbers, table 1 first
    sets: tuple[tuple[int, ...], ...]  # one row: round-1 sets (cyclic); one row per round: the full schedule
    source: str

    @property
    def rounds(self) -> int:
        return 2 * self.tables - 1

    @property
    def stationary(self) -> int:
        return 2 * self.tables

    @property
    def stationary_table(self) -> int:
        return next(t for t, seats in enumerate(self.start, 1) if self.stationary in seats)

    def pair_at(self, pair: int, round: int) -> int:
        """The round-1 pair whose seat ``pair`` occupies in ``round``."""
        if pair == self.stationary:
            return pair
        return (pair - 1 - (round - 1)) % self.rounds + 1

    def seat_holder(self, start_pair: int, round: int) -> int:
        """The pair sitting in ``round`` where ``start_pair`` sat in round 1."""
        if start_pair == self.stationary:
            return start_pair
        return (start_pair - 1 + round - 1) % self.rounds + 1

    def set_at(self, table: int, round: int) -> int:
        if len(self.sets) == 1:
            return (self.sets[0][table - 1] - 1 + round - 1) % self.rounds + 1
        return self.sets[round - 1][table - 1]


_SEARCH = (
    "Standard Howell mechanism (stationary pair 2T, each pair follows the pair numbered one below it, boards "
    "down one table through relays); round-1 seats found by exhaustive search over the cyclic layouts with "
    "the published relay arrangement, best direction balance chosen; verified by check() and the tests."
)

LAYOUTS: dict[int, HowellLayout] = {
    # ACBL standard 2-table Howell: pair 4 stationary NS at table 1; round 1 table 2 has pair 3 NS, pair 2 EW;
    # both tables share the boards every round (bridgescoreplus.com/movements/recommended.html, "2 tables").
    2: HowellLayout(2, ((4, 1), (3, 2)), ((1, 1),), "ACBL standard 2-table Howell (3 rounds, tables share boards)"),
    # The classic 3-table Howell: starting positions 6-1, 4-3, 2-5 (Bridge Guys 3-table Howell, as transcribed
    # in robinsbridge.blogspot.com, "Howell some more", March 2010): sets 1-4 in rounds 1-4 and all three
    # tables share set 5 in the last round.  With this pair movement that board schedule is unique up to
    # renumbering the sets (exhaustive search); sets numbered so that table 1 plays 1, 2, 3, 4, 5.
    3: HowellLayout(
        3,
        ((6, 1), (4, 3), (2, 5)),
        ((1, 2, 4), (2, 3, 4), (3, 2, 1), (4, 3, 1), (5, 5, 5)),
        "Classic 3-table Howell (5 rounds; all tables share the last set)",
    ),
    # 4 tables: I. McKinnon, bridgecentral.com/MvtHTML/4tablehowells.htm, super-skeleton (b) on base skeleton (a):
    # "8-1 6-5 4-2 R 7-3 2R" (tables 1-4, a relay between tables 3 and 4, two relays between 4 and 1).
    # Perfect: every two pairs compared on 3 of the 7 sets.
    4: HowellLayout(4, ((8, 1), (6, 5), (4, 2), (7, 3)), ((1, 2, 3, 5),), "McKinnon 4-table Howell, SS(b) on BS(a)"),
    # 5 tables: sets on consecutive tables, 4 relays between table 5 and table 1, as in the EBU 5-table Howell
    # (bridgewebs.com/exeter/info.html: "Sets of 3 boards, 4 relays between tables 5 & 1"); pair 10 at table 3.
    5: HowellLayout(5, ((2, 4), (7, 8), (10, 1), (3, 6), (5, 9)), ((1, 2, 3, 4, 5),), _SEARCH),
    # 6 tables: one relay between tables 2 and 3, four between table 6 and table 1.  Perfectly balanced.
    6: HowellLayout(6, ((2, 6), (4, 10), (11, 3), (9, 8), (12, 1), (7, 5)), ((1, 2, 4, 5, 6, 7),), _SEARCH),
    # 7 tables: consecutive sets, 6 relays between table 7 and table 1, as in the EBU 7-table Howell (same page:
    # "13 sets of 2 boards, 6 relays between tables 7 & 1"); pair 14 at table 4.
    7: HowellLayout(
        7, ((2, 12), (4, 6), (9, 10), (14, 1), (8, 13), (11, 5), (3, 7)), ((1, 2, 3, 4, 5, 6, 7),), _SEARCH
    ),
    # 8 tables: one relay between tables 2 and 3, six between table 8 and table 1.  Perfectly balanced.
    8: HowellLayout(
        8,
        ((2, 6), (10, 13), (3, 8), (15, 14), (4, 12), (9, 7), (11, 5), (16, 1)),
        ((1, 2, 4, 5, 6, 7, 8, 9),),
        _SEARCH,
    ),
    # 9 tables: consecutive sets, 8 relays between table 9 and table 1, pair 18 at table 5.
    9: HowellLayout(
        9,
        ((2, 3), (5, 13), (8, 12), (11, 16), (18, 1), (4, 10), (15, 17), (14, 7), (6, 9)),
        ((1, 2, 3, 4, 5, 6, 7, 8, 9),),
        _SEARCH,
    ),
    # 10 tables: one relay between tables 4 and 5, eight between table 10 and table 1, pair 20 at table 7.
    # Perfectly balanced: the North-South pairs on set 1 (pair 20 aside) are a translate of the quadratic
    # residues modulo 19, a (19, 9, 4) difference set, chosen for that.
    10: HowellLayout(
        10,
        ((10, 5), (17, 18), (13, 11), (6, 3), (9, 19), (7, 14), (20, 1), (15, 4), (8, 2), (12, 16)),
        ((1, 2, 3, 4, 6, 7, 8, 9, 10, 11),),
        _SEARCH,
    ),
}
