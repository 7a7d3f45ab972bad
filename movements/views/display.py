"""What the movement pages show, built from a `Movement` with the generators' queries (translated wording)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.bridge_messages import translate, violation_text
from movement_generators.api import BoardsNext, Movement, Violation, balance, check, manning
from movement_generators.encounters import boards_text


def direction_text(direction: str | None) -> str:
    return {"NS": _("N-S"), "EW": _("E-W")}.get(direction or "", "")


def tables_text(tables: tuple[int, ...]) -> str:
    """Table numbers as a list in the reader's language: "8", "1 & 8", "1, 2 & 8"."""
    numbers = [str(table) for table in tables]
    if len(numbers) < 2:
        return "".join(numbers)
    return _("%(tables)s & %(last)s") % {"tables": ", ".join(numbers[:-1]), "last": numbers[-1]}


def boards_next_text(destination: BoardsNext) -> str:
    """Where a table's boards go after the round, for a table card."""
    if destination.round is None:
        return _("Collect: not played again")
    values = {"tables": tables_text(destination.tables), "round": destination.round}
    if destination.via_relay:
        return (
            ngettext(
                "Relay, then table %(tables)s in round %(round)s",
                "Relay, then tables %(tables)s in round %(round)s",
                len(destination.tables),
            )
            % values
        )
    return ngettext("Table %(tables)s", "Tables %(tables)s", len(destination.tables)) % values


def title(movement: Movement) -> str:
    """The movement's name in the reader's language (a custom movement keeps its saved name)."""
    return translate(movement.name)


def relay_sets(movement: Movement, round: int) -> list[dict]:
    """The board sets waiting on a relay (bye stand) in a round, with their boards."""
    return [
        {"set": number, "boards": boards_text(movement.board_sets[number])} for number in movement.relay_sets(round)
    ]


def grid_rows(movement: Movement) -> list[dict]:
    """Tables x rounds (a row per table, a column per round), as on the session set-up page."""
    return [
        {"table": table, "cells": [movement.encounter(round, table) for round in range(1, movement.rounds + 1)]}
        for table in range(1, movement.tables + 1)
    ]


def manning_rows(movement: Movement) -> tuple[list[dict], bool]:
    notation = manning(movement)
    rows = [
        {"round": index, "cells": cells, "relays": ", ".join(str(number) for number in notation.relays[index - 1])}
        for index, cells in enumerate(notation.cells, 1)
    ]
    return rows, any(notation.relays)


def balance_context(movement: Movement) -> dict:
    """The balance summary and, per group of pairs ranked together, the matrix of comparison counts."""
    report = balance(movement)
    groups = []
    for group in report.groups:
        rows = []
        for pair in group:
            fewest, most = report.pair_range(pair)
            rows.append(
                {
                    "pair": pair,
                    "fewest": fewest,
                    "most": most,
                    "cells": [None if other == pair else report.compared[pair][other] for other in group],
                }
            )
        groups.append({"pairs": group, "rows": rows})
    return {"report": report, "groups": groups, "ideal": f"{report.ideal:.2f}"}


def violation_rows(violations: list[Violation]) -> list[dict]:
    """Each violation of `check` as where (translated: "Line 4", "Round 2, table 3"), what, and both in a sentence."""
    rows = []
    for violation in violations:
        if violation.row is not None:
            where = _("Line %(line)s") % {"line": violation.row}
        else:
            where = _("Round %(round)s, table %(table)s") % {"round": violation.round, "table": violation.table}
        rows.append(
            {
                "where": where,
                "message": translate(violation.detail or violation.message),
                "text": violation_text(violation),
                "code": violation.code,
            }
        )
    return rows


def facts(movement: Movement) -> dict:
    boards = movement.boards
    return {
        "boards": len(boards),
        "first_board": boards[0] if boards else None,
        "last_board": boards[-1] if boards else None,
        "pairs": len(movement.pairs),
    }


def summary_context(movement: Movement) -> dict:
    """Everything the preview (and a custom movement's page) shows."""
    manning_table, manning_relays = manning_rows(movement)
    relays = [relay_sets(movement, round) for round in range(1, movement.rounds + 1)]
    return {
        "movement": movement,
        "facts": facts(movement),
        "violations": violation_rows(check(movement)),
        "grid": grid_rows(movement),
        "relays": relays if any(relays) else None,
        "round_numbers": range(1, movement.rounds + 1),
        "manning_rows": manning_table,
        "manning_relays": manning_relays,
        "balance": balance_context(movement),
        "table_numbers": range(1, movement.tables + 1),
        "title": title(movement),
        "notes": [translate(note) for note in movement.notes],
    }


def table_cards(movement: Movement) -> list[dict]:
    """For each table, round by round: the pairs, the boards and where the boards go next.

    A table that shares its boards with the same table every round (a relay Mitchell's first and last tables)
    says so once (``shared_always``) rather than on every line."""
    cards = []
    for table in range(1, movement.tables + 1):
        rows = [
            {
                "row": row,
                "shared": tables_text(row.shared_with),
                "shared_count": len(row.shared_with),
                "next": boards_next_text(row.boards_next),
                "via_relay": row.boards_next.via_relay,
            }
            for row in movement.table_card(table)
        ]
        shared = {item["shared"] for item in rows}
        shared_always = shared.pop() if len(shared) == 1 and len(rows) > 1 else ""
        shared_count = rows[0]["shared_count"] if shared_always else 0
        if shared_always:
            for item in rows:
                item["shared"] = ""
        cards.append(
            {
                "table": table,
                "rows": rows,
                "shared_always": shared_always,
                "shared_count": shared_count,
                "arrow_switch": any(item["row"].arrow_switched for item in rows),
            }
        )
    return cards


def guide_cards(movement: Movement) -> list[dict]:
    """For each pair, round by round: table, direction, opponents, boards, and where to go next."""
    cards = []
    for pair in movement.pairs:
        guide = movement.pair_guide(pair)
        rows = []
        for index, place in enumerate(guide):
            following = guide[index + 1] if index + 1 < len(guide) else None
            if following is None:
                after = _("End of the session")
            elif following.sits_out:
                after = _("Sit out")
            else:
                after = _("Table %(table)s %(direction)s") % {
                    "table": following.table,
                    "direction": direction_text(following.direction),
                }
            rows.append(
                {
                    "place": place,
                    "direction": direction_text(place.direction),
                    "field": direction_text(place.field),
                    "after": after,
                }
            )
        cards.append({"pair": pair, "rows": rows, "arrow_switch": any(r["place"].arrow_switched for r in rows)})
    return cards
