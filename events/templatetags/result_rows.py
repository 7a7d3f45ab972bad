"""The results pages' long lists drawn in Python: the ranking's rows and board links, the home page's sessions, the
scorecard's lines. Each tag returns the very bytes the template loop it replaces wrote (tests/events/test_page_bytes.py
compares the pages with the ones made before), at a tenth of the template engine's CPU: a row costs a few string
joins instead of a few hundred variable lookups, filters and `{% url %}` reversals. `number` writes a figure as
`floatformat` does, `text` a value as `{{ value }}` does (escaped, localized), `day_writer` a date as `|date` does.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal

from django import template
from django.template.defaultfilters import floatformat
from django.urls import reverse
from django.utils import dateformat
from django.utils.formats import get_format, localize
from django.utils.html import conditional_escape
from django.utils.http import urlencode
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext_noop
from django.utils.translation import gettext as _

from club.templatetags.bridge import contract, seat
from club.typed_result import notation

register = template.Library()

FOLDED = "d-none d-sm-table-cell d-print-table-cell"  # a column folded on phones
PLACES = {2: Decimal("0.01"), -2: Decimal("0.01")}


def number(value, places: int, separator: str) -> str:
    """`value|floatformat:places` for the pages' figures (no thousands grouping: USE_THOUSAND_SEPARATOR is off)."""
    if value is None:
        return ""
    exact = Decimal(str(value)) if not isinstance(value, Decimal) else value
    if places <= 0 and exact == exact.to_integral_value():
        return str(int(exact))
    if places not in PLACES:
        return floatformat(value, places)
    rounded = exact.quantize(PLACES[places], ROUND_HALF_UP)
    shown = f"{abs(rounded) if not rounded else rounded:f}"
    return shown if separator == "." else shown.replace(".", separator)


def escape(value) -> str:
    """`django.utils.html.escape`'s very bytes, without its look for lazy text in its arguments on every call (the
    rows' values are never lazy: a few hundred calls a page)."""
    return html.escape(str(value))


def text(value) -> str:
    """`{{ value }}`: a whole number as it is, anything else localized and escaped."""
    if type(value) is int:
        return str(value)
    if type(value) is str:
        return escape(value)
    return conditional_escape(localize(value))


def day_writer(name: str = "DATE_FORMAT") -> Callable[..., str]:
    """`{{ value|date }}` (`|date:name`) for a page's rows: the language's format looked up once, not once a row."""
    shape = get_format(name)
    return lambda value: escape(dateformat.format(value, shape))


def players_html(players, member_prefix: str, guest: str) -> str:
    """includes/players.html without its last newline: each player linked to their page when it is shown, a guest
    marked as one."""
    shown = []
    for player in players:
        name = text(player.name)
        if player.linked:
            shown.append(f'<a href="{member_prefix}{player.member_id}/">{name}</a>')
        elif player.member_id:
            shown.append(name)
        else:
            shown.append(f'{name} <span class="badge rounded-pill text-bg-light border guest-label">{guest}</span>')
    return " – ".join(shown)


def guest_badge() -> str:
    return conditional_escape(_("Guest"))


@register.simple_tag
def ranking_rows(table) -> str:
    """The body rows of includes/ranking_table.html, in the table's order (its sorting)."""
    separator = get_format("DECIMAL_SEPARATOR")
    label_of = notation().pair_label
    guest = guest_badge()
    scorecard, members = escape(table.scorecard_prefix), escape(table.member_prefix)
    folded = '<td class="d-none d-sm-table-cell d-print-table-cell text-end">'
    rows = []
    for row in table.paginated_rows:
        standing = row.record
        pair = standing.pair
        names = players_html(pair.players, members, guest)
        if pair.masterpoints:
            points = _("Masterpoints: %(points)s") % {"points": escape(pair.masterpoints)}
            names += f' <span class="badge rounded-pill text-bg-light border masterpoints">{points}</span>'
        if table.uses_imps:
            average = number(standing.average, 2, separator)
            tail = f'{folded}{text(standing.boards)}</td>\n      <td class="text-end">{average}</td>'
        else:
            percentage = number(standing.percentage, 2, separator) or "—"
            tail = f'<td class="text-end">{percentage}</td>\n      {folded}{text(standing.boards)}</td>'
        mine = ' class="table-info mine"' if getattr(standing, "mine", False) else ""
        rows.append(
            f'\n    <tr{mine} data-pair="{text(pair.label)}">\n      <td>{text(standing.place)}</td>\n'
            f'      <td><a href="{scorecard}{pair.id}/">{escape(label_of(str(pair.label or "")))}</a></td>\n'
            f"      <td>{names}</td>\n"
            f'      <td class="text-end">{number(standing.score, table.score_places, separator)}</td>\n'
            f"      \n      {tail}\n      \n    </tr>\n  "
        )
    return mark_safe("".join(rows))


@register.simple_tag
def board_links(prefix: str, numbers, board_word) -> str:
    """The ranking's links to each board's traveller."""
    prefix, word = escape(prefix), conditional_escape(board_word)
    return mark_safe(
        "".join(
            f'<li class="list-inline-item"><a class="btn btn-sm btn-outline-success mb-1" href="{prefix}{number}/" '
            f'title="{word} {number}">{number}</a></li>'
            for number in numbers
        )
    )


def field_heads() -> dict[str, str]:
    """The winners' field marks ('<abbr title="North-South">NS</abbr> ') in the reader's language, made once a page."""
    heads = {"": ""}
    for direction, title, short in (("NS", _("North-South"), _("NS")), ("EW", _("East-West"), _("EW"))):
        title, short = conditional_escape(title), conditional_escape(short)
        heads[direction] = f'<abbr class="text-muted" title="{title}">{short}</abbr> '
    return heads


def winners_html(results, label_of, separator: str, heads: dict[str, str]) -> str:
    """includes/winners.html: each field's winners, with their percentage when scored by matchpoints (`heads`:
    `field_heads()`)."""
    shown = []
    for ranking in results.fields:
        winners = ranking.winners
        if not winners:
            continue
        head = f"{text(ranking.section.letter)} " if ranking.sections_in_session > 1 else ""
        head += heads.get(ranking.direction, "")
        names = []
        for row in winners:
            name = escape(label_of(str(row.pair.names or row.pair.label)))
            if not ranking.uses_imps and row.percentage is not None:
                name += f" ({number(row.percentage, 2, separator)} %)"
            names.append(name)
        shown.append(f"\n<div>{head}\n{'; '.join(names)}</div>\n")
    return "".join(shown) + "\n"


@register.simple_tag
def session_rows(rows) -> str:
    """The home page's sessions: date, name and status, sections, tables and winners."""
    separator = get_format("DECIMAL_SEPARATOR")
    label_of = notation().pair_label
    prefix = escape(reverse("events:session", args=[0])[:-2])  # '/sessions/': one reversal, not one a row
    day, heads, statuses = day_writer(), field_heads(), {}
    shown = []
    for row in rows:
        session, results = row["session"], row["results"]
        badge = "text-bg-success" if session.status == "final" else "text-bg-warning"
        if session.status not in statuses:  # the status's name translated once a page
            statuses[session.status] = text(session.get_status_display())
        letters = ", ".join(text(section.letter) for section in results.sections)
        winners = winners_html(results, label_of, separator, heads)
        shown.append(
            f'\n      <tr>\n        <td class="date-cell">{day(session.date)}</td>\n'
            f'        <td><a href="{prefix}{session.pk}/">{text(session.name)}</a>\n'
            f'          <span class="badge {badge}">{statuses[session.status]}</span></td>\n'
            f'        <td class="d-none d-md-table-cell d-print-table-cell">{letters}</td>\n'
            f'        <td class="d-none d-md-table-cell d-print-table-cell text-end">{text(results.tables)}</td>\n'
            f'        <td class="small winners">{winners}</td>\n      </tr>\n    '
        )
    return mark_safe("".join(shown))


@register.simple_tag
def year_options(years, chosen) -> str:
    """The home page's years to filter by, `chosen` selected (the template loop's bytes)."""
    return mark_safe(
        "".join(f'<option value="{y}"{" selected" if y == chosen else ""}>{y}</option>' for y in map(int, years))
    )


@register.simple_tag
def month_options(months, chosen) -> str:
    """The home page's months to filter by (their names in the reader's language), `chosen` selected."""
    name = day_writer("F")
    return mark_safe(
        "".join(
            f'<option value="{first.month}"{" selected" if first.month == chosen else ""}>{name(first)}</option>'
            for first in months
        )
    )


def prefix(name: str, *args) -> str:
    """The URL of `name` without its last number ('/members/' for member_detail), escaped: one reversal a page."""
    return escape(reverse(name, args=[*args, 0])[:-2])


def scorecard_result(line, notes: dict[str, str]) -> str:
    """The contract and declarer cells of a scorecard line, or what stands for them."""
    if line.not_played:
        return f'\n        <td colspan="2">{notes["not played"]}</td>\n      '
    if line.adjusted:
        if line.adjusted_percent is None:
            share = notes["weighted"]
        else:
            share = _("%(percent)s %% for this pair") % {"percent": text(line.adjusted_percent)}
        badge = f'<span class="badge text-bg-secondary">{notes["adjusted"]}</span>'
        return f'\n        <td colspan="2">{badge} {share}</td>\n      '
    result = f' <span class="result">{escape(line.result)}</span>' if line.result else ""
    return (
        f'\n        <td class="text-nowrap">{conditional_escape(contract(line.contract))}{result}</td>\n'
        f"        <td>{conditional_escape(seat(line.declarer))}</td>\n      "
    )


def scorecard_figures(line, imps: bool, has_par: bool, separator: str) -> str:
    """A played line's score, points, percentage, score against par and running total."""
    hue = "" if line.hue is None else f" hue-{line.hue}"
    shown = [
        f'<td class="text-end">{"" if line.score is None else text(line.score)}</td>\n',
        f'      <td class="text-end points{"" if imps else " d-none d-sm-table-cell d-print-table-cell"}{hue}">'
        f"{number(line.points, -2, separator)}</td>\n      ",
    ]
    if not imps:
        shown.append(f'<td class="text-end points{hue}">{number(line.percentage, 2, separator)}</td>')
    shown.append("\n      ")
    if has_par:
        shown.append('<td class="d-none d-sm-table-cell d-print-table-cell text-end par-column">')
        if line.against_par is not None:
            side = "ns-gain" if line.against_par > 0 else "ew-gain" if line.against_par < 0 else ""
            sign = "+" if line.against_par > 0 else ""
            shown.append(f'<span class="against-par {side}">{sign}{text(line.against_par)}</span>')
        shown.append("</td>")
    running = number(line.running, -2 if imps else 2, separator)
    shown.append(f'\n      <td class="{FOLDED} text-end">{running}</td>\n    </tr>\n    ')
    return "".join(shown)


PAR_CELL = '<td class="d-none d-sm-table-cell d-print-table-cell par-column"></td>'


def sat_out_row(line, board: str, imps: bool, has_par: bool, notes: dict[str, str]) -> str:
    return (
        f'\n    <tr class="text-muted sat-out" data-board="{text(line.board)}">\n'
        f'      <td class="d-none d-sm-table-cell d-print-table-cell">{"" if line.round is None else text(line.round)}'
        f"</td>\n      {board}\n"
        '      <td class="d-none d-md-table-cell d-print-table-cell"></td>\n      <td>—</td>\n'
        f'      <td colspan="2">{notes["sat out"]}</td>\n'
        '      <td class="d-none d-md-table-cell d-print-table-cell"></td>\n      <td></td>\n'
        f'      <td class="{"" if imps else "d-none d-sm-table-cell d-print-table-cell"}"></td>\n'
        f"      {'' if imps else '<td></td>'}\n"
        f"      {PAR_CELL if has_par else ''}\n"
        '      <td class="d-none d-sm-table-cell d-print-table-cell"></td>\n    </tr>\n    '
    )


@register.simple_tag
def scorecard_rows(card, session_id: int, imps: bool, has_par: bool) -> str:
    """The scorecard's lines: round, board, direction, opponents, result, figures and running total."""
    separator = get_format("DECIMAL_SEPARATOR")
    label_of = notation().pair_label
    boards = prefix("events:board_traveller", session_id, card.section.id)
    scorecards, members = prefix("events:pair_scorecard", session_id), prefix("events:member_detail")
    notes = {
        key: conditional_escape(_(message))
        for key, message in (
            ("traveller", gettext_noop("Traveller")),
            ("not played", gettext_noop("Not played")),
            ("adjusted", gettext_noop("Adjusted")),
            ("weighted", gettext_noop("a weighted score")),
            ("sat out", gettext_noop("Sat out (not played, not in the total)")),
            ("NS", gettext_noop("NS")),
            ("EW", gettext_noop("EW")),
        )
    }
    guest = guest_badge()
    rows = []
    for line in card.lines:
        board = f'<td><a href="{boards}{line.board}/" title="{notes["traveller"]}">{text(line.board)}</a></td>'
        if line.sat_out:
            rows.append(f"\n    {sat_out_row(line, board, imps, has_par, notes)}\n  ")
            continue
        opponents, side = line.opponents, "NS" if line.direction == "NS" else "EW"
        rows.append(
            f'\n    \n    <tr class="{"text-muted" if line.not_played else ""}" data-board="{text(line.board)}">\n'
            f'      <td class="{FOLDED}">{"" if line.round is None else text(line.round)}</td>\n      {board}\n'
            f'      <td class="d-none d-md-table-cell d-print-table-cell">{notes[side]}</td>\n'
            f'      <td><a href="{scorecards}{opponents.id}/">{escape(label_of(str(opponents.label or "")))}</a>\n'
            f'        <span class="d-none d-lg-inline small">{players_html(opponents.players, members, guest)}\n'
            f"</span></td>\n      {scorecard_result(line, notes)}\n"
            f'      <td class="d-none d-md-table-cell d-print-table-cell text-end">'
            f"{'' if line.tricks is None else text(line.tricks)}</td>\n      "
            f"{scorecard_figures(line, imps, has_par, separator)}\n  "
        )
    return mark_safe("".join(rows))


# The ranking tables' header cells drawn, by what they depend on alone: the language, the table's
# columns, anchor and sorting, and the page's parameters; never the rows. Bounded: emptied when full.
_HEADERS: dict[tuple, str] = {}
_HEADERS_KEPT = 512


@register.simple_tag(takes_context=True)
def ranking_header(context, table) -> str:
    """The ranking table's header cells: each sortable column a link to the page sorted by it (the other
    parameters kept, as django-tables2's `querystring_replace` writes it). The same for every session: drawn once for
    each language, sorting and parameters (django-tables2's bound columns cost as much as the table's rows)."""
    asked = dict(context["request"].GET)
    key = (
        get_language(),
        type(table),
        table.uses_imps,
        table.attrs["id"],
        table.prefixed_order_by_field,
        str(table.order_by),
        tuple(sorted((name, tuple(values)) for name, values in asked.items())),
    )
    header = _HEADERS.get(key)
    if header is None:
        if len(_HEADERS) >= _HEADERS_KEPT:
            _HEADERS.clear()
        header = _HEADERS[key] = _header_cells(table, asked)
    return mark_safe(header)


def _header_cells(table, asked: dict) -> str:
    anchor = conditional_escape(table.attrs["id"])
    cells = []
    for column in table.columns:
        header = conditional_escape(column.header)
        if column.orderable:
            query = escape(
                "?" + urlencode({**asked, table.prefixed_order_by_field: column.order_by_alias.next}, doseq=True)
            )
            header = f'<a href="{query}#{anchor}">{header}</a>'
        cells.append(f'\n    <th {column.attrs["th"].as_html()} scope="col">{header}</th>\n  ')
    return "".join(cells)
