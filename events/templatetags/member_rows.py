"""A member page's long lists drawn in Python, the very bytes the template loops wrote: see `result_rows`, whose
helpers it shares."""

from __future__ import annotations

from django import template
from django.urls import reverse
from django.utils.formats import get_format
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from club.typed_result import notation
from events.templatetags.result_rows import day_writer, escape, number, prefix, text

register = template.Library()

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
