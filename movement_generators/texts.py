"""The texts the movement generators give people, each with a stable code, so a site can translate them.

A `Text` is the English text itself (a ``str``, so the generators' API is unchanged) that also carries its
``code`` and its ``params``: a site shows its own wording of ``code`` filled with ``params``, or the English
when it has none.  `TEMPLATES` lists every code the generators can produce, with its English wording.
"""

from __future__ import annotations

from collections.abc import Callable

TEMPLATES: dict[str, str] = {
    # Names of the generated movements.
    "mitchell.name": "{tables}-table Mitchell",
    "mitchell.name.skip": "{tables}-table Mitchell (skip)",
    "mitchell.name.relay": "{tables}-table Mitchell (share and relay)",
    "mitchell.name.arrows": "{tables}-table Mitchell, arrow switch in round {rounds}",
    "mitchell.name.skip.arrows": "{tables}-table Mitchell (skip), arrow switch in round {rounds}",
    "mitchell.name.relay.arrows": "{tables}-table Mitchell (share and relay), arrow switch in round {rounds}",
    "mitchell.name.arrows.rounds": "{tables}-table Mitchell, arrow switch in round {rounds}",
    "mitchell.name.skip.arrows.rounds": "{tables}-table Mitchell (skip), arrow switch in round {rounds}",
    "mitchell.name.relay.arrows.rounds": "{tables}-table Mitchell (share and relay), arrow switch in round {rounds}",
    "howell.name": "{tables}-table Howell",
    "howell.name.shortened": "{tables}-table Howell ({rounds} of {natural} rounds)",
    # Notes for the director.
    "mitchell.note.moves": "North-South pairs stay at their table; East-West pairs move up one table; "
    "boards move down one table.",
    "mitchell.note.skip": "Skip: after round {round} the East-West pairs move up two tables instead of one "
    "(the boards move down one as usual).",
    "mitchell.note.relay": "Tables 1 and {tables} share boards every round. A bye stand (relay) between tables "
    "{lower} and {upper} holds one set: table {upper} passes its boards to the bye stand, and the bye stand's "
    "boards go to table {lower}.",
    "mitchell.note.arrows": "Arrow switch in round {rounds}: at every table the pairs swap directions "
    "(North-South play the East-West cards); their results count for the other field.",
    "mitchell.note.shortened": "Shortened to {rounds} of the {natural} rounds.",
    "howell.note.stationary": "Pair {pair} stays at table {table}, North-South. After each round every other "
    "pair moves to the seat just left by the pair numbered one below it (pair 1 follows pair {previous}).",
    "howell.note.boards": "Boards move down one table each round; sets not in play wait on relay tables.",
    "howell.note.relay.one": "Round 1: set {first} waits on a relay between table {following} and table {table}: "
    "boards leaving table {following} go onto the relay, and table {table} takes its next boards from it.",
    "howell.note.relay.many": "Round 1: sets {first}-{last} wait on a relay between table {following} and table "
    "{table}: boards leaving table {following} go onto the relay, and table {table} takes its next boards from it.",
    "howell.note.shared.always": "The tables share boards every round.",
    "howell.note.shared": "Shared boards in round {rounds}: several tables play the same set "
    "(make copies of those boards in advance if you can).",
    "howell.note.shortened": "Shortened to {rounds} of the {natural} rounds: not every pair meets every other pair.",
    "note.missing": "Pair {pair} is missing: its opponents sit out that round.",
    # Parameters a generator refuses (`TextError`).
    "value.at_least": "{name} must be a whole number of at least {minimum} (got {value!r})",
    "mitchell.even": "even must be one of {methods} (got {value!r})",
    "mitchell.rounds": "a {tables}-table Mitchell has at most {natural} rounds (asked for {rounds})",
    "mitchell.arrow_round": "arrow switch round {round!r} is not a round of this movement (1 to {rounds})",
    "mitchell.phantom": "phantom must be True or one of the pairs 1NS..{tables}EW (got {value!r})",
    "howell.tables": "no complete Howell for {tables} tables (supported: {low} to {high})",
    "howell.rounds": "a {tables}-table Howell has at most {natural} rounds (asked for {rounds})",
    "howell.phantom": "phantom must be True or one of the pairs 1..{pairs} (got {value!r})",
    "csv.numbering": "numbering must be one of {numberings} (got {value!r})",
    # Problems of a custom movement's CSV text (`movement_generators.custom.MovementProblem`).
    "csv.empty": "the CSV is empty: a header row is required ({columns})",
    "csv.unreadable": "unreadable CSV: {error}",
    "csv.column_twice": "column {column} appears twice",
    "csv.no_header": "no header row: the first line must name the columns {columns}",
    "csv.missing_column": "missing column: {columns}",
    "csv.missing_columns": "missing columns: {columns}",
    "csv.field_count": "expected {expected} fields, found {found}",
    "csv.value_empty": "{column} is empty",
    "csv.not_whole": "{column} {value!r} is not a whole number",
    "csv.too_small": "{column} must be at least {minimum} (got {number})",
    "csv.too_large": "{column} must be at most {maximum} (got {value})",
    "csv.not_pair": "{column} {value!r} is not a pair number",
    "csv.arrow_switch": "arrow_switch {value!r} is not yes or no",
    "csv.no_pairs": "both ns_pair and ew_pair are empty",
    "csv.ew_pair": "{column} {value!r} is an East-West pair",
    "csv.ns_pair": "{column} {value!r} is a North-South pair",
    "csv.board_range": "low_board {low} is greater than high_board {high}",
    "csv.no_rows": "no movement rows after the header",
    "csv.sections": "more than one section ({names}): load one section at a time",
    # What `movement_generators.checks.check` finds (the violation's own code is the part after "check.").
    "check.empty_table": "no pair at the table",
    "check.bad_number": "rounds and tables are numbered from 1",
    "check.table_used_twice": "table {table} appears twice in round {round}",
    "check.table_used_twice.line": "table {table} appears twice in round {round} (also on line {line})",
    "check.pair_against_itself": "pair {pair} plays against itself",
    "check.pair_in_two_places.line": "pair {pair} is already playing in round {round} on line {line}",
    "check.pair_in_two_places.table": "pair {pair} is already playing in round {round} at table {table}",
    "check.no_boards": "no boards to play",
    "check.pairs_meet_again.line": "pairs {ns} and {ew} meet again (they already met on line {line})",
    "check.pairs_meet_again.table": "pairs {ns} and {ew} meet again (they already met in round {round} at table "
    "{table})",
    "check.board_played_twice.line": "pair {pair} plays board {boards} again (already played on line {line})",
    "check.boards_played_twice.line": "pair {pair} plays boards {boards} again (already played on line {line})",
    "check.board_played_twice.table": "pair {pair} plays board {boards} again (already played in round {round} "
    "at table {table})",
    "check.boards_played_twice.table": "pair {pair} plays boards {boards} again (already played in round {round} "
    "at table {table})",
    "check.board_at_two_tables": "board {boards} is also at table {table} in round {round} and the tables do not "
    "share boards",
    "check.boards_at_two_tables": "boards {boards} are also at table {table} in round {round} and the tables do "
    "not share boards",
    "check.board_at_two_tables.line": "board {boards} is also at table {table} in round {round} (on line {line}) "
    "and the tables do not share boards",
    "check.boards_at_two_tables.line": "boards {boards} are also at table {table} in round {round} (on line "
    "{line}) and the tables do not share boards",
}


class Text(str):
    """English text with the ``code`` and ``params`` it was made from: ``Text("note.missing", pair="8EW")``."""

    code: str
    params: dict[str, object]

    def __new__(cls, code: str, **params: object) -> Text:
        text = super().__new__(cls, TEMPLATES[code].format(**params))
        text.code = code
        text.params = params
        return text

    def __reduce__(self) -> tuple[Callable[[str, dict[str, object]], Text], tuple[str, dict[str, object]]]:
        return _text, (self.code, self.params)


def _text(code: str, params: dict[str, object]) -> Text:
    return Text(code, **params)


class TextError(ValueError):
    """A ``ValueError`` whose message is a `Text`: ``str()`` is the English, ``code`` and ``params`` its parts."""

    def __init__(self, code: str, **params: object) -> None:
        self.code = code
        self.params = params
        super().__init__(Text(code, **params))

    def __reduce__(self) -> tuple[Callable[[str, dict[str, object]], TextError], tuple[str, dict[str, object]]]:
        return _error, (self.code, self.params)


def _error(code: str, params: dict[str, object]) -> TextError:
    return TextError(code, **params)
