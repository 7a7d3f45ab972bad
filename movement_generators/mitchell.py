"""Mitchell movements: North-South pairs stay put, East-West pairs move up one table, boards move down one.

Numbering: North-South pair *t* (``"tNS"``) sits at table *t* all session; East-West pair *t* (``"tEW"``)
starts at table *t*.  Board set *t* starts on table *t* (set 1 = boards 1-2 with two boards a round; in a
share-and-relay Mitchell the bye stand takes the next set, so the tables after it start one set higher), and
sets move down one table each round (table 1's boards go to the last table).

* Odd number of tables: as many rounds as tables; every EW pair meets every NS pair and plays every set.
* Even number of tables, ``even="skip"``: after half the rounds (round tables/2) the East-West pairs skip
  a table (move up two); tables - 1 rounds.  Each EW pair misses the NS pair half-way round the room from its
  start (EW 5 of 8 tables plays at tables 5, 6, 7, 8, 2, 3, 4: never at table 1), and every pair misses one set.
* Even number of tables, ``even="relay"`` (share and relay): tables 1 and the last share a set each round,
  and a bye stand (relay) between the two middle tables holds one set; boards go from the upper middle table
  to the bye stand and from the bye stand to the lower middle table.  All ``tables`` rounds are played, every
  EW pair meets every NS pair and every pair plays every set.

``arrow_switch_rounds``: in those rounds the pairs at every table swap directions (North-South take the
East-West cards), so their results count for the other field: one overall winner instead of two.
The encounters keep ``ns``/``ew`` as seated and carry ``arrow_switched=True``.

``phantom``: a missing pair (an odd number of pairs).  ``True`` makes the East-West pair of the last table
(``"<tables>EW"``) the missing one: each NS pair sits out once, in the round that pair would have visited it.
A label such as ``"8NS"`` picks another: clubs often make the last table's NS pair the missing one, which gives
a fixed sit-out table, and in a share-and-relay Mitchell means the shared boards are never actually shared.
"""

from __future__ import annotations

from .encounters import EW, NS, board_sets_for, build_round, check_positive, pair_sort_key
from .movement import Movement
from .texts import Text, TextError

EVEN_METHODS = ("skip", "relay")


def natural_rounds(tables: int, even: str) -> int:
    """Rounds of the whole Mitchell: ``tables``, or one fewer for an even number of tables skipping."""
    if tables % 2 == 1 or even == "relay":
        return tables
    return tables - 1


def _ew_table(tables: int, even: str, ew: int, round: int) -> int:
    """Table of EW pair ``ew`` in ``round``."""
    step = round - 1
    if tables % 2 == 0 and even == "skip" and round > tables // 2:
        step += 1
    return (ew - 1 + step) % tables + 1


def _relay_position(tables: int, table: int) -> int:
    """Position of a table on the relay Mitchell's board circuit: 0 = tables 1 and last (shared),
    then tables 2 .. half, then the bye stand (position half), then tables half+1 .. last-1."""
    half = tables // 2
    if table in (1, tables):
        return 0
    if table <= half:
        return table - 1
    return table


def _board_set(tables: int, even: str, table: int, round: int) -> int:
    """Board set on ``table`` in ``round`` (sets move down one table a round)."""
    if tables % 2 == 0 and even == "relay":
        return (_relay_position(tables, table) + round - 1) % tables + 1
    return (table - 1 + round - 1) % tables + 1


def mitchell(
    tables: int,
    boards_per_round: int = 2,
    *,
    rounds: int | None = None,
    even: str = "skip",
    arrow_switch_rounds: tuple[int, ...] | list[int] = (),
    phantom: bool | str = False,
    first_board: int = 1,
) -> Movement:
    """A Mitchell for ``tables`` tables (at least 3).  See the module docstring for the conventions."""
    check_positive("tables", tables, 3)
    check_positive("boards_per_round", boards_per_round)
    check_positive("first_board", first_board)
    if even not in EVEN_METHODS:
        raise TextError("mitchell.even", methods=", ".join(EVEN_METHODS), value=even)
    natural = natural_rounds(tables, even)
    if rounds is None:
        rounds = natural
    check_positive("rounds", rounds)
    if rounds > natural:
        raise TextError("mitchell.rounds", tables=tables, natural=natural, rounds=rounds)
    switched = set()
    for round in arrow_switch_rounds:
        if isinstance(round, bool) or not isinstance(round, int) or not 1 <= round <= rounds:
            raise TextError("mitchell.arrow_round", round=round, rounds=rounds)
        switched.add(round)

    labels = [f"{t}{NS}" for t in range(1, tables + 1)] + [f"{t}{EW}" for t in range(1, tables + 1)]
    missing = None
    if phantom is True:
        missing = f"{tables}{EW}"
    elif phantom:
        if phantom not in labels:
            raise TextError("mitchell.phantom", tables=tables, value=phantom)
        missing = phantom

    board_sets = board_sets_for(tables, boards_per_round, first_board)
    relay = tables % 2 == 0 and even == "relay"
    encounters = []
    for round in range(1, rounds + 1):
        ew_at = {_ew_table(tables, even, ew, round): ew for ew in range(1, tables + 1)}
        placements = {table: _board_set(tables, even, table, round) for table in range(1, tables + 1)}
        seats = {table: (f"{table}{NS}", f"{ew_at[table]}{EW}") for table in range(1, tables + 1)}
        encounters += build_round(round, seats, placements, board_sets, missing, arrow_switched=round in switched)

    pairs = tuple(sorted((label for label in labels if label != missing), key=pair_sort_key))
    method = ""
    if tables % 2 == 0:
        method = ".relay" if relay else ".skip"
    rounds_text = ", ".join(str(r) for r in sorted(switched))
    if switched:
        several = ".rounds" if len(switched) > 1 else ""  # the same English, but other languages say "rounds"
        name = Text(f"mitchell.name{method}.arrows{several}", tables=tables, rounds=rounds_text)
    else:
        name = Text(f"mitchell.name{method}", tables=tables)
    notes = [Text("mitchell.note.moves")]
    if tables % 2 == 0 and not relay:
        notes.append(Text("mitchell.note.skip", round=tables // 2))
    if relay:
        half = tables // 2
        notes.append(Text("mitchell.note.relay", tables=tables, lower=half, upper=half + 1))
    if switched:
        notes.append(Text("mitchell.note.arrows", rounds=rounds_text, count=len(switched)))
    if missing:
        notes.append(Text("note.missing", pair=missing))
    if rounds < natural:
        notes.append(Text("mitchell.note.shortened", rounds=rounds, natural=natural))
    return Movement(
        kind="mitchell",
        name=name,
        tables=tables,
        rounds=rounds,
        boards_per_round=boards_per_round,
        board_sets=board_sets,
        winners=1 if switched else 2,
        pairs=pairs,
        encounters=tuple(encounters),
        missing_pair=missing,
        notes=tuple(notes),
    )
