"""The rows of the results pages' CSV downloads: a session's ranking and a board's traveller."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from django.utils.translation import gettext as _

from club.csv_files import spreadsheet_place
from events.models import Session
from events.results.selectors.traveller import Traveller
from events.standings.selectors.ranking import SessionResults


def plain(value: float | None, places: int = 2) -> str:
    """A number for a CSV file: a dot for decimals whatever the language, halves rounded up as on the
    pages (65.625 → 65.63), nothing for None."""
    if value is None:
        return ""
    text = str(Decimal(repr(value)).quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP))
    return "0." + "0" * places if text.startswith("-") and not text.strip("-0.") else text


def ranking_rows(session: Session, results: SessionResults) -> list[list]:
    """The session's ranking, a header then one row per pair of each field."""
    points = _("IMPs") if session.uses_imps else _("Matchpoints")
    rows = [
        [
            _("Section"),
            _("Field"),
            _("Place"),
            _("Pair"),
            _("Player 1"),
            _("Player 2"),
            points,
            _("Maximum"),
            _("Percentage"),
            _("Boards"),
        ]
    ]
    for ranking in results.fields:
        for row in ranking.rows:
            names = [player.name for player in row.pair.players] + ["", ""]
            rows.append(
                [
                    ranking.section.letter,
                    ranking.direction or _("All"),
                    spreadsheet_place(row.place),
                    row.pair.label,
                    names[0],
                    names[1],
                    plain(row.score),
                    "" if session.uses_imps else plain(row.maximum),
                    plain(row.percentage),
                    row.boards,
                ]
            )
    return rows


def traveller_csv_rows(traveller: Traveller) -> list[list]:
    """The board's traveller, a header then one row per line, then one per pair that sat the board out."""
    imps = traveller.uses_imps
    header = [
        _("Board"),
        _("Round"),
        _("Table"),
        _("NS pair"),
        _("EW pair"),
        _("Contract"),
        _("Declarer"),
        _("Lead"),
        _("Tricks"),
        _("NS score"),
        _("NS IMPs") if imps else _("NS matchpoints"),
        _("EW IMPs") if imps else _("EW matchpoints"),
    ]
    if not imps:
        header += [_("NS %"), _("EW %")]
    rows = [header]
    for row in traveller.rows:
        if row.not_played:
            contract = "NP"
        else:
            contract = row.adjusted.code if row.adjusted is not None else row.contract
        line = [
            traveller.number,
            row.round or "",
            row.table or "",
            row.ns.label,
            row.ew.label,
            contract,
            row.declarer,
            row.lead,
            "" if row.tricks is None else row.tricks,
            "" if row.ns_score is None else row.ns_score,
            plain(row.ns_points),
            plain(row.ew_points),
        ]
        if not imps:
            line += [plain(row.ns_percent), plain(row.ew_percent)]
        rows.append(line)
    for pair in traveller.sit_outs:  # a sit-out: the pair in its own column (a Howell pair's in NS), BYE
        east_west = pair.direction == "EW"
        sat_out = [traveller.number, "", "", "" if east_west else pair.label, pair.label if east_west else "", "BYE"]
        rows.append(sat_out + [""] * (len(header) - len(sat_out)))
    return rows
