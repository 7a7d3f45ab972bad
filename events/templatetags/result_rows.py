"""The results pages' long lists drawn in Python: the ranking's rows and board links, the home page's sessions, the
scorecard's lines. Each tag returns the very bytes the template loop it replaces wrote (tests/events/test_page_bytes.py
compares the pages with the ones made before), at a tenth of the template engine's CPU: a row costs a few string
joins instead of a few hundred variable lookups, filters and `{% url %}` reversals. `number` writes a figure as
`floatformat` does, `text` a value as `{{ value }}` does (escaped, localized), `day_writer` a date as `|date` does.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal

from django import template
from django.template.defaultfilters import floatformat
from django.urls import reverse
from django.utils import dateformat
from django.utils.formats import get_format, localize
from django.utils.html import conditional_escape, escape
from django.utils.http import urlencode
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

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


def winners_html(results, label_of, separator: str) -> str:
    """includes/winners.html: each field's winners, with their percentage when scored by matchpoints."""
    shown = []
    for ranking in results.fields:
        winners = ranking.winners
        if not winners:
            continue
        head = f"{text(ranking.section.letter)} " if ranking.sections_in_session > 1 else ""
        if ranking.direction in ("NS", "EW"):
            title = conditional_escape(_("North-South") if ranking.direction == "NS" else _("East-West"))
            short = conditional_escape(_("NS") if ranking.direction == "NS" else _("EW"))
            head += f'<abbr class="text-muted" title="{title}">{short}</abbr> '
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
    day = day_writer()
    shown = []
    for row in rows:
        session, results = row["session"], row["results"]
        badge = "text-bg-success" if session.status == "final" else "text-bg-warning"
        letters = ", ".join(text(section.letter) for section in results.sections)
        shown.append(
            f'\n      <tr>\n        <td class="date-cell">{day(session.date)}</td>\n'
            f'        <td><a href="{prefix}{session.pk}/">{text(session.name)}</a>\n'
            f'          <span class="badge {badge}">{text(session.get_status_display())}</span></td>\n'
            f'        <td class="d-none d-md-table-cell d-print-table-cell">{letters}</td>\n'
            f'        <td class="d-none d-md-table-cell d-print-table-cell text-end">{text(results.tables)}</td>\n'
            f'        <td class="small winners">{winners_html(results, label_of, separator)}</td>\n      </tr>\n    '
        )
    return mark_safe("".join(shown))


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


WON = ' class="table-success"'


def url_pattern(name: str) -> str:
    """The URL of `name` for two numbers as a format string ('/sessions/{0}/pairs/{1}/'), escaped: one reversal."""
    first, second = 918273645, 546372819
    url = escape(reverse(name, args=[first, second]))
    return url.replace("{", "{{").replace("}", "}}").replace(str(first), "{0}").replace(str(second), "{1}")


@register.simple_tag
def member_session_rows(entries, session_prefix: str, member_prefix: str) -> str:
    """A member page's sessions: date, session and the pair's scorecard, partner, score, place and field."""
    separator, label_of = get_format("DECIMAL_SEPARATOR"), notation().pair_label
    scorecard, sessions, members = url_pattern("events:pair_scorecard"), escape(session_prefix), escape(member_prefix)
    title, day, short_day = conditional_escape(_("Scorecard")), day_writer(), day_writer("SHORT_DATE_FORMAT")
    rows = []
    for entry in entries:
        partner = entry.partner
        if partner is None:
            partner_cell = ""
        elif partner.linked:
            partner_cell = f'<a href="{members}{partner.member_id}/">{text(partner.name)}</a>'
        else:
            partner_cell = text(partner.name)
        if entry.uses_imps:
            score = _("%(imps)s IMPs") % {"imps": number(entry.score, -2, separator)}
        elif entry.percentage is not None:
            score = f"{number(entry.percentage, 2, separator)} %"
        else:
            score = ""
        letter = f"{text(entry.section_letter)} " if entry.section_letter != "A" else ""
        rows.append(
            f"\n    <tr{WON if entry.won else ''}>\n"
            f'      <td class="date-cell d-none d-sm-table-cell d-print-table-cell">{day(entry.date)}</td>\n'
            f'      <td><span class="d-sm-none d-print-none d-block small text-body-secondary">'
            f"{short_day(entry.date)}</span>"
            f'<a href="{sessions}{entry.session_id}/">{text(entry.name)}</a>\n'
            f'        · <a href="{scorecard.format(entry.session_id, entry.pair.id)}" class="small" title="{title}">'
            f"{letter}{escape(label_of(str(entry.pair.label or '')))}</a></td>\n"
            f"      <td>{partner_cell}</td>\n"
            f'      <td class="text-end text-nowrap">{score}</td>\n'
            f'      <td class="text-end">{text(entry.place)}</td>\n'
            f'      <td class="text-end d-none d-sm-table-cell d-print-table-cell">'
            f"{'' if entry.field_size is None else text(entry.field_size)}</td>\n    </tr>\n  "
        )
    return mark_safe("".join(rows))


@register.simple_tag
def partner_rows(partners) -> str:
    """A member page's best partners: the partner (linked when their page is shown), sessions, average and best."""
    separator = get_format("DECIMAL_SEPARATOR")
    members = prefix("events:member_detail")
    rows = []
    for record in partners:
        partner = record.partner
        name = text(partner.name)
        shown = f'<a href="{members}{partner.member_id}/">{name}</a>' if partner.linked else name
        rows.append(
            f"\n        <tr>\n          <td>{shown}</td>\n"
            f'          <td class="text-end">{text(record.sessions)}</td>\n'
            f'          <td class="text-end">{number(record.average, 2, separator)}</td>\n'
            f'          <td class="text-end d-none d-sm-table-cell">{number(record.best, 2, separator)}</td>\n'
            "        </tr>\n      "
        )
    return mark_safe("".join(rows))


@register.simple_tag
def best_result_rows(best) -> str:
    """A member page's best results: date, session (to the pair's scorecard), percentage and place."""
    separator = get_format("DECIMAL_SEPARATOR")
    scorecard = url_pattern("events:pair_scorecard")
    day = day_writer()
    rows = []
    for entry in best:
        place = ""
        if entry.place:
            place = _("%(place)s of %(size)s") % {"place": text(entry.place), "size": text(entry.field_size)}
        rows.append(
            f'\n        <tr>\n          <td class="date-cell">{day(entry.date)}</td>\n'
            f'          <td><a href="{scorecard.format(entry.session_id, entry.pair_id)}">{text(entry.name)}</a></td>\n'
            f'          <td class="text-end">{number(entry.percentage, 2, separator)}</td>\n'
            f'          <td class="text-end text-nowrap">{place}</td>\n        </tr>\n      '
        )
    return mark_safe("".join(rows))


@register.simple_tag
def team_event_rows(team_events) -> str:
    """A member page's teams events (as `club.registry`'s teams section gives them): date, event, team, place, VPs."""
    separator = get_format("DECIMAL_SEPARATOR")
    day = day_writer()
    return mark_safe(
        "".join(
            f'\n    <tr>\n      <td class="date-cell">{day(row["date"])}</td>\n'
            f'      <td><a href="{text(row["url"])}">{text(row["event"])}</a></td>\n'
            f'      <td><a href="{text(row["team_url"])}">{text(row["team"])}</a></td>\n'
            f'      <td class="text-end">{text(row["place"])}/{text(row["teams"])}</td>\n'
            f'      <td class="text-end">{number(row["vp"], 2, separator)}</td>\n    </tr>\n  '
            for row in team_events
        )
    )


@register.simple_tag(takes_context=True)
def ranking_header(context, table) -> str:
    """The ranking table's header cells: each sortable column a link to the page sorted by it (the other
    parameters kept, as django-tables2's `querystring_replace` writes it)."""
    anchor = conditional_escape(table.attrs["id"])
    asked = dict(context["request"].GET)
    cells = []
    for column in table.columns:
        header = conditional_escape(column.header)
        if column.orderable:
            query = escape(
                "?" + urlencode({**asked, table.prefixed_order_by_field: column.order_by_alias.next}, doseq=True)
            )
            header = f'<a href="{query}#{anchor}">{header}</a>'
        cells.append(f'\n    <th {column.attrs["th"].as_html()} scope="col">{header}</th>\n  ')
    return mark_safe("".join(cells))
