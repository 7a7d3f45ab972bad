"""USEBIO 1.2 XML: an event's pairs, players and traveller lines, with the matchpoints or IMPs the file prints.

The layout read (as EBUScore, ScoreBridge and Compscore write it)::

    <USEBIO Version="1.2">
      <EVENT EVENT_TYPE="MP_PAIRS">            MP_PAIRS, BUTLER_PAIRS or CROSS_IMP (teams types are refused)
        <EVENT_DESCRIPTION>Monday pairs</EVENT_DESCRIPTION>
        <DATE>30/11/2026</DATE>                dd/mm/yyyy or yyyy-mm-dd
        <MP_SCORING_METHOD>EBU</MP_SCORING_METHOD>     optional: EBU (2 per score beaten) or ACBL
        <SECTION SECTION_ID="A">               optional: without it, one section A
          <PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>NS</DIRECTION>
            <PLAYER><PLAYER_NAME>Ana García</PLAYER_NAME><NATIONAL_ID_NUMBER>1001</NATIONAL_ID_NUMBER></PLAYER>
            <PLACE>1</PLACE><TOTAL_SCORE>38.5</TOTAL_SCORE><PERCENTAGE>64.17</PERCENTAGE></PAIR></PARTICIPANTS>
          <BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
            <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
              <CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><LEAD>HK</LEAD><TRICKS>10</TRICKS>
              <SCORE>420</SCORE><NS_MATCH_POINTS>3</NS_MATCH_POINTS><EW_MATCH_POINTS>1</EW_MATCH_POINTS>
            </TRAVELLER_LINE></BOARD>
        </SECTION>
      </EVENT>
    </USEBIO>

The hands, when the file has them, are a HANDSET of the EVENT (USEBIO 1.2)::

        <HANDSET><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
          <HAND><DIRECTION>North</DIRECTION><SPADES>AKQ</SPADES><HEARTS>JT9</HEARTS><DIAMONDS>876</DIAMONDS>
            <CLUBS>5432</CLUBS></HAND> ... (East, South, West)
        </BOARD></HANDSET>

Compscore writes a one-section event's PARTICIPANTS and BOARDs directly under the EVENT, numbers a Mitchell's pairs
``1NS``, ``1EW`` (in PARTICIPANTS and on the lines), puts the HANDSET under USEBIO, and gives each pair its
MASTER_POINTS_AWARDED and MASTER_POINT_TYPE: all read. The file's ``<!DOCTYPE USEBIO SYSTEM "...usebio_v1_2.dtd">``
line is accepted and never fetched; any other DTD, entity or entity reference is refused (`interchange.usebio_xml`).

IMP events print ``NS_BUTLER_POINTS`` or ``NS_CROSS_IMP_POINTS`` (``NS_IMPS``, ``NS_CROSS_IMPS``, ``NS_BUTLER_IMPS``
read too), matchpoint events ``NS_MATCH_POINTS``; USEBIO 1.0 and 1.1 too (`interchange.usebio_variants`)."""

from __future__ import annotations

import datetime
import math
import re
from dataclasses import dataclass, field
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException

from deals import DealRefused, Hands, read_hands

from .usebio_variants import VERSIONS, awarded, event_kind, totals_that_are_percentages
from .usebio_xml import parse_usebio_xml

MAX_BYTES = 5_000_000
MAX_SECTIONS = 26
MAX_PAIRS = 400
MAX_LINES = 20_000
EVENT_TYPES: dict[str, str] = {"MP_PAIRS": "matchpoints", "BUTLER_PAIRS": "butler", "CROSS_IMP": "cross-imps"}
TEAMS_TYPES = frozenset({"TEAMS", "SWISS_TEAMS", "MP_TEAMS", "IMP_TEAMS", "BAM_TEAMS", "KNOCKOUT", "TEAMS_OF_FOUR"})
LINE_FIELDS = ("CONTRACT", "PLAYED_BY", "LEAD", "TRICKS", "SCORE")
BYE_WORDS = frozenset({"BYE", "SIT OUT", "SIT-OUT", "SITOUT", "SAT OUT"})  # a sit-out in CONTRACT or SCORE
_POINTS = {  # USEBIO 1.2's names first (Compscore writes NS_BUTLER_POINTS), then those other writers use
    "ns": ("NS_MATCH_POINTS", "NS_BUTLER_POINTS", "NS_CROSS_IMP_POINTS", "NS_IMPS", "NS_CROSS_IMPS", "NS_BUTLER_IMPS"),
    "ew": ("EW_MATCH_POINTS", "EW_BUTLER_POINTS", "EW_CROSS_IMP_POINTS", "EW_IMPS", "EW_CROSS_IMPS", "EW_BUTLER_IMPS"),
}
_PERCENTAGES = {"ns": "NS_PERCENTAGE", "ew": "EW_PERCENTAGE"}
_PAIR_NUMBER = re.compile(r"(\d{1,3})\s*(NS|EW|N-S|E-W|N/S|E/W)?", re.IGNORECASE)
MESSAGES: dict[str, str] = {
    "usebio.too_big": "the file is larger than {limit} bytes",
    "usebio.not_xml": "the file is not readable XML ({detail})",
    "usebio.unsafe": "the file declares entities or a DTD, which are refused",
    "usebio.not_usebio": "the file is not a USEBIO file (its first element is <{tag}>, not <USEBIO>)",
    "usebio.version": "USEBIO version {version} is not read: versions 1.0 to 1.2 are",
    "usebio.no_event": "the file holds no <EVENT>",
    "usebio.teams": "{kind} is a teams event: import it as a teams match, not as a pairs session",
    "usebio.event_type": "unknown EVENT_TYPE “{kind}”: MP_PAIRS, BUTLER_PAIRS or CROSS_IMP are read",
    "usebio.date": "DATE “{text}” is not a date (dd/mm/yyyy or yyyy-mm-dd)",
    "usebio.number": "{field} “{text}” in {where} is not a whole number from 1 to 999",
    "usebio.pair_side": "{field} “{text}” in {where} names a pair of the other direction",
    "usebio.figure": "{field} “{text}” in {where} is not a number",
    "usebio.direction": "DIRECTION “{text}” of pair {pair} is not NS or EW",
    "usebio.too_many": "the file has more than {limit} {what}",
    "usebio.no_lines": "the file has no traveller lines",
    "usebio.duplicate_pair": "pair {pair} of section {section} is listed twice",
    "usebio.duplicate_section": "section {section} is listed twice",
    "usebio.scale": "MP_SCORING_METHOD “{text}” is not EBU or ACBL",
    "usebio.hand": "board {board}: HAND DIRECTION “{text}” is not North, East, South or West",
    "usebio.hands_twice": "the hands of board {board} are given twice",
    "usebio.bye": "board {board}: a BYE line names the one pair sitting out, in NS_PAIR_NUMBER or EW_PAIR_NUMBER",
}
SUIT_TAGS = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")
PLACEHOLDER = "Unknown"  # the name the site's export gives a pair's missing player (read back as no player)
HAND_SEATS = {"N": "N", "NORTH": "N", "E": "E", "EAST": "E", "S": "S", "SOUTH": "S", "W": "W", "WEST": "W"}


class UsebioError(ValueError):
    """A USEBIO file refused whole: ``code`` (in `MESSAGES`) and ``params`` say why."""

    def __init__(self, code: str, **params: object) -> None:
        self.code = code
        self.params = params
        super().__init__(MESSAGES[code].format(**params))


@dataclass(frozen=True)
class UsebioPlayer:
    name: str
    federation: str = ""  # NATIONAL_ID_NUMBER


@dataclass(frozen=True)
class UsebioPair:
    section: str
    number: int
    direction: str  # "NS", "EW" or "" (Howell)
    players: tuple[UsebioPlayer, ...] = ()
    place: str = ""
    total: float | None = None
    percentage: float | None = None
    masterpoints: float | None = None  # MASTER_POINTS_AWARDED
    masterpoint_type: str = ""  # MASTER_POINT_TYPE: the colour or kind of points (GREEN, RED, Blue ...)


@dataclass(frozen=True)
class UsebioLine:
    section: str
    board: int
    ns: int
    ew: int
    cells: dict[str, str]  # CONTRACT, PLAYED_BY, LEAD, TRICKS, SCORE as written
    ns_points: float | None = None
    ew_points: float | None = None
    line: int = 0  # the line of the file it was written on (a PBN file's; 0 in XML)
    ns_percentage: float | None = None  # NS_PERCENTAGE, when the file prints it
    ew_percentage: float | None = None


@dataclass(frozen=True)
class UsebioSitOut:
    """A pair that sat out a board (a Bye): a TRAVELLER_LINE with BYE in its CONTRACT (or SCORE) and only the
    sitting pair's number, in NS_PAIR_NUMBER or EW_PAIR_NUMBER (the other absent, empty or 0)."""

    section: str
    board: int
    pair: int
    side: str  # "NS" or "EW": the column that named the pair


@dataclass(frozen=True)
class UsebioEvent:
    name: str
    date: datetime.date | None
    event_type: str
    scoring: str  # the site's method: matchpoints, butler, cross-imps
    scale: str | None  # "ebu", "acbl" or None when the file does not say
    sections: tuple[str, ...]
    pairs: tuple[UsebioPair, ...]
    lines: tuple[UsebioLine, ...]
    hands: dict[int, Hands] = field(default_factory=dict)  # by board number, when the file has them
    sit_outs: tuple[UsebioSitOut, ...] = ()
    program: str = ""  # the scorer that wrote it (PROGRAM_NAME; a PBN file's Scoring tag for its conventions)


def _text(element: Element | None, tag: str) -> str:
    found = element.find(tag) if element is not None else None
    return " ".join((found.text or "").split()) if found is not None else ""


def _number(text: str, field: str, where: str) -> int:
    if not re.fullmatch(r"\d{1,3}", text) or int(text) < 1:
        raise UsebioError("usebio.number", field=field, text=text, where=where)
    return int(text)


def _pair_number(text: str, field: str, where: str) -> tuple[int, str]:
    """A pair number as scorers write it: ``3``, or in a Mitchell ``3NS``/``3EW`` (Compscore): (3, "NS")."""
    match = _PAIR_NUMBER.fullmatch(text.strip())
    if match is None or int(match.group(1)) < 1:
        raise UsebioError("usebio.number", field=field, text=text[:20], where=where)
    return int(match.group(1)), (match.group(2) or "").upper().replace("-", "").replace("/", "")


def _line_pair(element: Element, side: str, where: str) -> int:
    """The NS or EW pair of a line (``NS_PAIR_NUMBER`` ``2`` or ``2NS``; ``2EW`` in the NS column is refused)."""
    field = f"{side}_PAIR_NUMBER"
    text = _text(element, field)
    number, direction = _pair_number(text, field, where)
    if direction and direction != side:
        raise UsebioError("usebio.pair_side", field=field, text=text[:20], where=where)
    return number


def _figure(text: str, field: str, where: str) -> float | None:
    if not text:
        return None
    try:
        value = float(text.replace(",", "."))
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or len(text) > 20:
        raise UsebioError("usebio.figure", field=field, text=text[:20], where=where)
    return value


def _date(text: str) -> datetime.date | None:
    if not text:
        return None
    for pattern in ("%d/%m/%Y", "%Y-%m-%d", "%d-%m-%Y"):
        try:
            return datetime.datetime.strptime(text, pattern).date()
        except ValueError:
            continue
    raise UsebioError("usebio.date", text=text[:30])


def _root(data: bytes) -> Element:
    if len(data) > MAX_BYTES:
        raise UsebioError("usebio.too_big", limit=MAX_BYTES)
    try:
        root = parse_usebio_xml(data)  # defusedxml, configured as `interchange.usebio_xml` says
    except DefusedXmlException:
        raise UsebioError("usebio.unsafe") from None
    except ParseError as error:
        if "undefined entity" in str(error):  # a reference to an entity: refused as a declaration is
            raise UsebioError("usebio.unsafe") from None
        raise UsebioError("usebio.not_xml", detail=str(error)[:120]) from None
    if root.tag != "USEBIO":
        raise UsebioError("usebio.not_usebio", tag=str(root.tag)[:40])
    version = root.get("Version", "1.2")
    if version not in VERSIONS:
        raise UsebioError("usebio.version", version=version[:10])
    return root


def _event_type(event: Element) -> tuple[str, str]:
    kind = event_kind(event, _text)
    if kind in EVENT_TYPES:
        return kind, EVENT_TYPES[kind]
    if kind in TEAMS_TYPES or "TEAMS" in kind:
        raise UsebioError("usebio.teams", kind=kind[:30])
    raise UsebioError("usebio.event_type", kind=kind[:30])


def _scale(event: Element) -> str | None:
    text = _text(event, "MP_SCORING_METHOD").upper()
    if not text:
        return None
    if text not in ("EBU", "ACBL"):
        raise UsebioError("usebio.scale", text=text[:20])
    return text.lower()


def _player(element: Element) -> UsebioPlayer | None:
    """A PLAYER (None for the site's own export's placeholder of a missing player); a NATIONAL_ID_NUMBER of 0
    is none (Compscore writes 0 for a player without one)."""
    name, federation = _text(element, "PLAYER_NAME")[:80], _text(element, "NATIONAL_ID_NUMBER")[:20]
    federation = federation if federation.strip("0") else ""
    if name == PLACEHOLDER and not federation:
        return None
    return UsebioPlayer(name, federation)


def _pair(section: str, element: Element) -> UsebioPair:
    number, suffix = _pair_number(_text(element, "PAIR_NUMBER"), "PAIR_NUMBER", f"section {section}")
    direction = _text(element, "DIRECTION").upper().replace("-", "").replace("/", "") or suffix
    if direction not in ("", "NS", "EW") or (suffix and direction != suffix):
        raise UsebioError("usebio.direction", text=direction[:10], pair=number)
    players = tuple(found for player in element.findall("PLAYER")[:2] if (found := _player(player)))
    where, (points, kind) = f"pair {number}", awarded(element, _text)
    return UsebioPair(
        section,
        number,
        direction,
        players,
        _text(element, "PLACE")[:8],
        _figure(_text(element, "TOTAL_SCORE"), "TOTAL_SCORE", where),
        _figure(_text(element, "PERCENTAGE"), "PERCENTAGE", where),
        _figure(points, "MASTER_POINTS_AWARDED", where),
        kind[:20],
    )


def _points(element: Element, side: str, where: str) -> float | None:
    for tag in _POINTS[side]:
        text = _text(element, tag)
        if text:
            return _figure(text, tag, where)
    return None


def is_bye(cells: dict[str, str]) -> bool:
    """Whether a line's CONTRACT or SCORE says that a pair sat the board out."""
    return any(" ".join(cells.get(name, "").split()).upper() in BYE_WORDS for name in ("CONTRACT", "SCORE"))


def _sit_out(section: str, number: int, element: Element) -> UsebioSitOut:
    named = [
        (side, _text(element, f"{side}_PAIR_NUMBER"))
        for side in ("NS", "EW")
        if _text(element, f"{side}_PAIR_NUMBER") not in ("", "0")
    ]
    if len(named) != 1:
        raise UsebioError("usebio.bye", board=number)
    side, text = named[0]
    return UsebioSitOut(section, number, _pair_number(text, f"{side}_PAIR_NUMBER", f"board {number}")[0], side)


def _lines(section: str, container: Element) -> tuple[list[UsebioLine], list[UsebioSitOut]]:
    lines, sit_outs = [], []
    for board in container.findall("BOARD"):
        number = _number(_text(board, "BOARD_NUMBER"), "BOARD_NUMBER", f"section {section}")
        for element in board.findall("TRAVELLER_LINE"):
            where = f"board {number}"
            cells = {field: _text(element, field)[:40] for field in LINE_FIELDS}
            if is_bye(cells):
                sit_outs.append(_sit_out(section, number, element))
                continue
            ns, ew = _line_pair(element, "NS", where), _line_pair(element, "EW", where)
            ns_points, ew_points = _points(element, "ns", where), _points(element, "ew", where)
            percentages = [_figure(_text(element, tag), tag, where) for tag in _PERCENTAGES.values()]
            lines.append(UsebioLine(section, number, ns, ew, cells, ns_points, ew_points, 0, *percentages))
            if len(lines) + len(sit_outs) > MAX_LINES:
                raise UsebioError("usebio.too_many", limit=MAX_LINES, what="traveller lines")
    return lines, sit_outs


def _sections(event: Element) -> list[tuple[str, Element]]:
    found = event.findall("SECTION") or event.findall("SESSION/SECTION")  # a SESSION's (usebio_variants)
    if not found:
        return [("A", event)]
    if len(found) > MAX_SECTIONS:
        raise UsebioError("usebio.too_many", limit=MAX_SECTIONS, what="sections")
    sections: list[tuple[str, Element]] = []
    for index, element in enumerate(found):
        letter = (element.get("SECTION_ID") or _text(element, "SECTION_ID") or chr(ord("A") + index)).upper()[:2]
        if letter in dict(sections):
            raise UsebioError("usebio.duplicate_section", section=letter)
        sections.append((letter, element))
    return sections


def _hands(root: Element, event: Element) -> dict[int, Hands]:
    """The HANDSET's deals by board number (a HANDSET of the EVENT, or of the file as Compscore writes it); raises
    `UsebioError`, or `deals.DealRefused` listing every bad deal."""
    found: dict[int, Hands] = {}
    problems = []
    for board in (event.findall("HANDSET/BOARD") + root.findall("HANDSET/BOARD"))[:MAX_LINES]:
        number = _number(_text(board, "BOARD_NUMBER"), "BOARD_NUMBER", "HANDSET")
        hands = {}
        for hand in board.findall("HAND")[:4]:
            text = _text(hand, "DIRECTION").upper()
            if text not in HAND_SEATS:
                raise UsebioError("usebio.hand", board=number, text=text[:10])
            hands[HAND_SEATS[text]] = ".".join(_text(hand, suit)[:20].replace(" ", "") for suit in SUIT_TAGS)
        if not hands:  # a board listed without its hands (a HANDSET naming the boards played)
            continue
        if number in found:
            raise UsebioError("usebio.hands_twice", board=number)
        try:
            found[number] = read_hands(number, hands)
        except DealRefused as refused:
            problems += refused.problems
    if problems:
        raise DealRefused(problems)
    return found


def read_usebio(data: bytes) -> UsebioEvent:
    """The event of a USEBIO 1.2 file (bytes, as uploaded); raises `UsebioError` for any file it cannot take whole
    (`deals.DealRefused` when its HANDSET holds a deal that is not one)."""
    root = _root(data)
    event = root.find("EVENT")
    if event is None:
        raise UsebioError("usebio.no_event")
    kind, method = _event_type(event)
    pairs: list[UsebioPair] = []
    lines: list[UsebioLine] = []
    sit_outs: list[UsebioSitOut] = []
    sections = _sections(event)
    for letter, container in sections:
        seen = set()
        for element in container.iter("PAIR"):
            pair = _pair(letter, element)
            if (pair.number, pair.direction) in seen:
                raise UsebioError("usebio.duplicate_pair", pair=f"{pair.number}{pair.direction}", section=letter)
            seen.add((pair.number, pair.direction))
            pairs.append(pair)
            if len(pairs) > MAX_PAIRS:
                raise UsebioError("usebio.too_many", limit=MAX_PAIRS, what="pairs")
        found, sitting = _lines(letter, container)
        lines += found
        sit_outs += sitting
    if not lines:
        raise UsebioError("usebio.no_lines")
    name = _text(event, "EVENT_DESCRIPTION")[:100] or _text(root.find("CLUB"), "CLUB_NAME")[:100]
    return UsebioEvent(
        name, _date(_text(event, "DATE")), kind, method, _scale(event), tuple(s for s, _ in sections),
        tuple(totals_that_are_percentages(pairs)), tuple(lines), _hands(root, event), tuple(sit_outs),
        _text(event, "PROGRAM_NAME")[:40],
    )  # fmt: skip
