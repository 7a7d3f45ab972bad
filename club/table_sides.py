"""The two sides of a table or of a teams match's room (pure rules, no queries; `events.TableResult` and
`teams.TypedRoomResult` alike): each side's phone has its own link, so the site knows which side typed a board.
The side that typed it cannot confirm it; the other side's different result does not replace it but is kept
beside it (a disagreement, `TypedBoard.disputed`) until one side accepts the other's or the director settles it;
the line's history then names both results (`table_reason`).
"""

from __future__ import annotations

from club.models import TypedBoard

TYPED_FIELDS = ("contract", "declarer", "tricks", "lead", "ns_score")
SHOWN = ("contract", "declarer", "tricks")  # what a result is told by in a line's history
DIRECTOR = "TD"  # the director settled a disagreement


def typed_version(typed: TypedBoard) -> dict:
    """The result kept as the first side typed it, with its side."""
    return {**{name: getattr(typed, name) for name in TYPED_FIELDS}, "side": typed.side}


def same_result(one: dict, other: dict) -> bool:
    """The two sides typed the same board (the lead aside: a side may forget it)."""
    return all(one.get(name) == other.get(name) for name in ("contract", "declarer", "tricks", "ns_score"))


def other_version(typed: TypedBoard, side: str) -> dict:
    """What `side` accepts when it confirms: the result the other side typed."""
    if typed.in_dispute and typed.side == side:
        return dict(typed.disputed)
    return typed_version(typed)


def enter(typed: TypedBoard, values: dict, side: str) -> bool:
    """`typed` after `side` typed `values`: a new entry when the director removed its line, the side's own result
    changed, or the other side's different result kept beside it (its version moves on, so that a confirmation of
    what was shown before is refused). Returns whether anything changed."""
    if typed.removed or not typed.side:
        _replace(typed, values, side)
        typed.confirmed_at, typed.disputed = None, {}
    elif typed.side == side:
        if same_result(typed_version(typed), values) and typed.lead == values["lead"]:
            return False
        _replace(typed, values, side)
        if typed.in_dispute and same_result(typed.disputed, values):
            typed.disputed = {}  # typed again as the other side had it: the two sides agree, the other confirms
    elif same_result(typed_version(typed), values):
        if not typed.in_dispute:
            return False  # the same result: the page offers this side the confirmation
        typed.disputed = {}
    else:
        if typed.disputed == {**values, "side": side}:
            return False
        typed.disputed = {**values, "side": side}
    typed.version += 1
    return True


def _replace(typed: TypedBoard, values: dict, side: str) -> None:
    for name, value in values.items():
        setattr(typed, name, value)
    typed.side = side


def _told(version: dict) -> str:
    return " ".join(str(version.get(name) or "") for name in SHOWN).strip()


def table_reason(table: str, typed: TypedBoard, by: str) -> str:
    """The line's history reason: 'table:3' when the sides agreed; after a disagreement both results and who
    settled it ('table:3|NS:4S N +1|EW:4S N =|EW', fewer than 100 characters: the history's column)."""
    if not typed.in_dispute:
        return f"table:{table}"
    versions = {typed.side: typed_version(typed), typed.disputed.get("side", ""): typed.disputed}
    return f"table:{table}|NS:{_told(versions.get('NS', {}))}|EW:{_told(versions.get('EW', {}))}|{by}"[:100]


def own_version(typed: TypedBoard | None, side: str) -> dict:
    """What `side` itself typed for the board, if anything (its form shows it again)."""
    if typed is None or typed.removed:
        return {}
    if typed.side == side:
        version = typed_version(typed)
    elif typed.disputed.get("side") == side:
        version = typed.disputed
    else:
        return {}
    return {name: version.get(name, "") for name in ("contract", "declarer", "tricks", "lead")}


def shown_versions(typed: TypedBoard | None) -> list[dict]:
    """Both sides' results a phone shows for a board while they disagree, North-South's first: none without a typed
    board, nor once it is confirmed (settled) or its line removed by the director."""
    if typed is None or typed.confirmed or typed.removed or not typed.in_dispute:
        return []
    return typed.versions
