"""Writing a USEBIO 1.2 XML file from the plain data `interchange.usebio` reads (`UsebioEvent`).

The layout is the one `read_usebio` reads (see `interchange.usebio`): the event, a SECTION per section with its
PARTICIPANTS (pair numbers, direction, players with their federation numbers where known, total, percentage,
place) and its BOARDs with every TRAVELLER_LINE and its matchpoints or IMPs (a sit-out: the pair's number, BYE);
the hands, where known, in a HANDSET.
Writing needs no protection (ElementTree escapes every text); reading back goes through defusedxml.
"""

from __future__ import annotations

from xml.etree.ElementTree import Element, SubElement, indent, tostring

from deals import Hands

from .usebio import (
    EVENT_TYPES,
    LINE_FIELDS,
    PLACEHOLDER,
    SUIT_TAGS,
    UsebioEvent,
    UsebioLine,
    UsebioPair,
    UsebioPlayer,
    UsebioSitOut,
)

_SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}

_POINTS_TAGS = {
    "matchpoints": ("NS_MATCH_POINTS", "EW_MATCH_POINTS"),
    "butler": ("NS_BUTLER_POINTS", "EW_BUTLER_POINTS"),
    "cross-imps": ("NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS"),
}
DOCTYPE = b'<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">\n'
PROGRAM_NAME = "Club results website"


def _figure(value: float) -> str:
    """A figure with up to six decimals and no trailing zeros (what the site stores, read back exactly enough)."""
    text = f"{value:.6f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _add(parent: Element, tag: str, text: str) -> Element:
    element = SubElement(parent, tag)
    element.text = text
    return element


def _place(text: str) -> str:
    """A place as a whole number, ties the same number ("=5" and "5=" are written 5), as Compscore writes it and
    readers in use take it (`int(PLACE)`)."""
    digits = "".join(char for char in text.split("-")[0] if char.isdigit())
    return digits


def _pair(parent: Element, pair: UsebioPair) -> None:
    """A PAIR, its elements in USEBIO 1.2's order (as Compscore writes them); always two PLAYERs, each with a
    NATIONAL_ID_NUMBER (0 for none), as readers in use expect (a missing player is `PLACEHOLDER`)."""
    element = SubElement(parent, "PAIR")
    _add(element, "PAIR_NUMBER", str(pair.number))
    _add(element, "DIRECTION", pair.direction)
    if pair.total is not None:
        _add(element, "TOTAL_SCORE", f"{pair.total:.2f}")
    if pair.percentage is not None:
        _add(element, "PERCENTAGE", f"{pair.percentage:.2f}")
    if _place(pair.place):
        _add(element, "PLACE", _place(pair.place))
    if pair.masterpoints is not None:
        _add(element, "MASTER_POINTS_AWARDED", _figure(pair.masterpoints))
        if pair.masterpoint_type:
            _add(element, "MASTER_POINT_TYPE", pair.masterpoint_type)
    players = list(pair.players[:2])
    players += [UsebioPlayer(PLACEHOLDER)] * (2 - len(players))
    for player in players:
        person = SubElement(element, "PLAYER")
        _add(person, "PLAYER_NAME", player.name or PLACEHOLDER)
        _add(person, "NATIONAL_ID_NUMBER", player.federation or "0")


def _line(parent: Element, line: UsebioLine, tags: tuple[str, str]) -> None:
    element = SubElement(parent, "TRAVELLER_LINE")
    _add(element, "NS_PAIR_NUMBER", str(line.ns))
    _add(element, "EW_PAIR_NUMBER", str(line.ew))
    for name in LINE_FIELDS:
        if line.cells.get(name):
            _add(element, name, line.cells[name])
    for tag, value in zip(tags, (line.ns_points, line.ew_points), strict=True):
        if value is not None:
            _add(element, tag, _figure(value))


def _sit_out(parent: Element, sit_out: UsebioSitOut) -> None:
    """A sit-out as a TRAVELLER_LINE with only the sitting pair's number (in its own column) and BYE."""
    element = SubElement(parent, "TRAVELLER_LINE")
    _add(element, f"{sit_out.side}_PAIR_NUMBER", str(sit_out.pair))
    _add(element, "CONTRACT", "BYE")


def _handset(parent: Element, numbers: list[int], hands: dict[int, Hands]) -> None:
    """The HANDSET: every board played, with its four hands suit by suit where known (a void is an empty
    element); a board without a hand record is listed by its number (readers in use list the boards so)."""
    handset = SubElement(parent, "HANDSET")
    for number in numbers:
        board = SubElement(handset, "BOARD")
        _add(board, "BOARD_NUMBER", str(number))
        for seat, written in hands[number].hands.items() if number in hands else ():
            hand = SubElement(board, "HAND")
            _add(hand, "DIRECTION", _SEAT_WORDS[seat])
            for tag, cards in zip(SUIT_TAGS, written.split("."), strict=True):
                _add(hand, tag, cards)


def _section(parent: Element, event: UsebioEvent, letter: str) -> None:
    """A section's PARTICIPANTS and BOARDs (each TRAVELLER_LINE with its points; a sit-out: BYE) in `parent`."""
    tags = _POINTS_TAGS[event.scoring]
    participants = SubElement(parent, "PARTICIPANTS", {"EVENT_TYPE": _kind(event)})
    for pair in event.pairs:
        if pair.section == letter:
            _pair(participants, pair)
    boards: dict[int, Element] = {}
    written: list[UsebioLine | UsebioSitOut] = [line for line in event.lines if line.section == letter]
    written += [sit_out for sit_out in event.sit_outs if sit_out.section == letter]
    for item in sorted(written, key=lambda item: item.board):
        if item.board not in boards:
            boards[item.board] = SubElement(parent, "BOARD")
            _add(boards[item.board], "BOARD_NUMBER", str(item.board))
        if isinstance(item, UsebioSitOut):
            _sit_out(boards[item.board], item)
        else:
            _line(boards[item.board], item, tags)


def _kind(event: UsebioEvent) -> str:
    return {method: kind for kind, method in EVENT_TYPES.items()}[event.scoring]


def write_usebio(event: UsebioEvent) -> bytes:
    """The event as a USEBIO 1.2 XML document (UTF-8 bytes with the XML declaration and the DOCTYPE line).

    Laid out as Compscore writes it: a one-section event's PARTICIPANTS and BOARDs directly under the EVENT (a
    SECTION element per section only when there are several), the HANDSET under USEBIO."""
    root = Element("USEBIO", {"Version": "1.2"})
    element = SubElement(root, "EVENT", {"EVENT_TYPE": _kind(event)})
    _add(element, "EVENT_DESCRIPTION", event.name)
    _add(element, "PROGRAM_NAME", PROGRAM_NAME)
    if event.date is not None:
        _add(element, "DATE", f"{event.date:%d/%m/%Y}")
    if event.scale:
        _add(element, "MP_SCORING_METHOD", event.scale.upper())
    if len(event.sections) == 1:
        _section(element, event, event.sections[0])
    for letter in event.sections if len(event.sections) > 1 else ():
        _section(SubElement(element, "SECTION", {"SECTION_ID": letter}), event, letter)
    numbers = sorted({line.board for line in event.lines} | {sit_out.board for sit_out in event.sit_outs})
    _handset(root, numbers, event.hands)
    indent(root)
    declaration, body = tostring(root, encoding="utf-8", xml_declaration=True).split(b"\n", 1)
    return declaration + b"\n" + DOCTYPE + body
