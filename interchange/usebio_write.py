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

from .usebio import EVENT_TYPES, LINE_FIELDS, SUIT_TAGS, UsebioEvent, UsebioLine, UsebioPair, UsebioSitOut

_SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}

_POINTS_TAGS = {"matchpoints": ("NS_MATCH_POINTS", "EW_MATCH_POINTS")}
_IMPS_TAGS = ("NS_IMPS", "EW_IMPS")


def _figure(value: float) -> str:
    """A figure with up to six decimals and no trailing zeros (what the site stores, read back exactly enough)."""
    text = f"{value:.6f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _add(parent: Element, tag: str, text: str) -> Element:
    element = SubElement(parent, tag)
    element.text = text
    return element


def _pair(parent: Element, pair: UsebioPair) -> None:
    element = SubElement(parent, "PAIR")
    _add(element, "PAIR_NUMBER", str(pair.number))
    if pair.direction:
        _add(element, "DIRECTION", pair.direction)
    for player in pair.players:
        person = SubElement(element, "PLAYER")
        _add(person, "PLAYER_NAME", player.name)
        if player.federation:
            _add(person, "NATIONAL_ID_NUMBER", player.federation)
    if pair.place:
        _add(element, "PLACE", pair.place)
    if pair.total is not None:
        _add(element, "TOTAL_SCORE", _figure(pair.total))
    if pair.percentage is not None:
        _add(element, "PERCENTAGE", f"{pair.percentage:.2f}")


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


def _handset(parent: Element, hands: dict[int, Hands]) -> None:
    """The HANDSET: each board's four hands, suit by suit (a void is an empty element)."""
    handset = SubElement(parent, "HANDSET")
    for number in sorted(hands):
        board = SubElement(handset, "BOARD")
        _add(board, "BOARD_NUMBER", str(number))
        for seat, written in hands[number].hands.items():
            hand = SubElement(board, "HAND")
            _add(hand, "DIRECTION", _SEAT_WORDS[seat])
            for tag, cards in zip(SUIT_TAGS, written.split("."), strict=True):
                _add(hand, tag, cards)


def write_usebio(event: UsebioEvent) -> bytes:
    """The event as a USEBIO 1.2 XML document (UTF-8 bytes with the XML declaration)."""
    kinds = {method: kind for kind, method in EVENT_TYPES.items()}
    root = Element("USEBIO", {"Version": "1.2"})
    element = SubElement(root, "EVENT", {"EVENT_TYPE": kinds[event.scoring]})
    _add(element, "EVENT_DESCRIPTION", event.name)
    if event.date is not None:
        _add(element, "DATE", f"{event.date:%d/%m/%Y}")
    if event.scale:
        _add(element, "MP_SCORING_METHOD", event.scale.upper())
    if event.hands:
        _handset(element, event.hands)
    tags = _POINTS_TAGS.get(event.scoring, _IMPS_TAGS)
    for letter in event.sections:
        section = SubElement(element, "SECTION", {"SECTION_ID": letter})
        participants = SubElement(section, "PARTICIPANTS")
        for pair in event.pairs:
            if pair.section == letter:
                _pair(participants, pair)
        boards: dict[int, Element] = {}
        written: list[UsebioLine | UsebioSitOut] = [line for line in event.lines if line.section == letter]
        written += [sit_out for sit_out in event.sit_outs if sit_out.section == letter]
        for item in sorted(written, key=lambda item: item.board):
            if item.board not in boards:
                boards[item.board] = SubElement(section, "BOARD")
                _add(boards[item.board], "BOARD_NUMBER", str(item.board))
            if isinstance(item, UsebioSitOut):
                _sit_out(boards[item.board], item)
            else:
                _line(boards[item.board], item, tags)
    indent(root)
    return tostring(root, encoding="utf-8", xml_declaration=True)
