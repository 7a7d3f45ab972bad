"""What a USEBIO reader in use does with a file: the Australian federation's platform (abftech/cobalt,
results/views/usebio.py) parses it with xmltodict and reads fixed paths. `as_xmltodict` gives the same structure
(xmltodict is not installed here): an element with only text is its text (None when empty), one with attributes
or children a dict (attributes as "@name"), a child element repeated a list. `federation_reads` performs the
reader's accesses, in the order it makes them, and returns what it would store."""

from __future__ import annotations

import datetime
from xml.etree.ElementTree import Element, fromstring


def _value(element: Element):
    children = list(element)
    text = (element.text or "").strip()
    if not children and not element.attrib:
        return text or None
    found: dict = {f"@{name}": value for name, value in element.attrib.items()}
    for child in children:
        value = _value(child)
        if child.tag in found:
            if not isinstance(found[child.tag], list):
                found[child.tag] = [found[child.tag]]
            found[child.tag].append(value)
        else:
            found[child.tag] = value
    if text:
        found["#text"] = text
    return found


def as_xmltodict(data: bytes) -> dict:
    """The document as xmltodict.parse gives it (our own export: trusted, its DOCTYPE line is not read)."""
    root = fromstring(data)
    return {root.tag: _value(root)}


def federation_reads(data: bytes, imps: bool) -> list[tuple]:
    """The platform's accesses on a file (players_from_usebio, boards_from_usebio, then the pairs reader, or the
    cross-IMP reader for IMP events): a KeyError, TypeError or ValueError here is the error a club would get."""
    xml = as_xmltodict(data)["USEBIO"]
    [pair["PAIR_NUMBER"] for pair in xml["EVENT"]["PARTICIPANTS"]["PAIR"]]
    [board["BOARD_NUMBER"] for board in xml["HANDSET"]["BOARD"]]
    event = xml["EVENT"]
    event["EVENT_DESCRIPTION"]
    datetime.datetime.strptime(event["DATE"], "%d/%m/%Y")
    stored = []
    for detail in event["PARTICIPANTS"]["PAIR"]:
        if imps:
            total, position = float(detail["TOTAL_SCORE"]), int(detail["PLACE"])
            figure = f"+{total:.2f}" if total >= 0 else f"{total:.2f}"
        else:
            figure, position = detail["PERCENTAGE"], detail["PLACE"]
            int(position)  # humanize's ordinal(position)
        names = {player["NATIONAL_ID_NUMBER"]: player["PLAYER_NAME"].title() for player in detail["PLAYER"]}
        for player in detail["PLAYER"]:
            stored.append((player["NATIONAL_ID_NUMBER"], position, figure, len(names)))
    return stored
