"""The traveller's lines drawn in Python, the very bytes the template loop wrote (with includes/breakdown.html for
each score): see `result_rows`, whose `number` and `text` it shares."""

from __future__ import annotations

from django import template
from django.utils.formats import get_format
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from club.templatetags.bridge import contract, lead, seat, seats
from club.typed_result import notation
from events.templatetags.result_rows import escape, number, prefix, text

register = template.Library()

NOTES = {  # marked for makemessages, translated when the rows are drawn
    "not played": gettext_noop("Not played"),
    "adjusted": gettext_noop("Adjusted"),
    "top": gettext_noop("top"),
    "bottom": gettext_noop("bottom"),
    "par": gettext_noop("par"),
    "vulnerable": gettext_noop("vulnerable"),
    "not vulnerable": gettext_noop("not vulnerable"),
    "contract tricks": gettext_noop("Contract tricks"),
    "overtricks": gettext_noop("Overtricks"),
    "game": gettext_noop("Game bonus"),
    "part-score": gettext_noop("Part-score bonus"),
    "slam": gettext_noop("Slam bonus"),
    "insult": gettext_noop("Bonus for making a doubled or redoubled contract"),
    "NS score": gettext_noop("Score for North-South"),
    "EW score": gettext_noop("Score for East-West"),
}
MD = "d-none d-md-table-cell d-print-table-cell"
SM = "d-none d-sm-table-cell d-print-table-cell"


def bonus_row(label: str, value) -> str:
    return f'<tr><td>{label}</td><td class="text-end">{text(value)}</td></tr>'


def breakdown_html(row, b, notes: dict[str, str]) -> str:
    """includes/breakdown.html: how the declarer's score is made up."""
    made = ngettext(
        "%(contract)s by %(declarer)s, %(tricks)s trick", "%(contract)s by %(declarer)s, %(tricks)s tricks", row.tricks
    ) % {
        "contract": conditional_escape(contract(row.contract)),
        "declarer": text(row.declarer),
        "tricks": text(row.tricks),
    }
    vulnerable = notes["vulnerable" if row.declarer_vulnerable else "not vulnerable"]
    if b.undertricks:
        down = ngettext("%(down)s undertrick", "%(down)s undertricks", row.down) % {"down": text(row.down)}
        parts = f'\n      <tr><td>{down}</td><td class="text-end">−{text(b.undertricks)}</td></tr>\n    '
    else:
        parts = (
            f"\n      {bonus_row(notes['contract tricks'], b.contract_points)}\n"
            f"      {bonus_row(notes['overtricks'], b.overtricks) if b.overtricks else ''}\n"
            f"      {bonus_row(notes['game' if b.contract_points >= 100 else 'part-score'], b.game_bonus)}\n"
            f"      {bonus_row(notes['slam'], b.slam_bonus) if b.slam_bonus else ''}\n"
            f"      {bonus_row(notes['insult'], b.insult_bonus) if b.insult_bonus else ''}\n    "
        )
    side = notes["NS score" if row.declaring_side == "NS" else "EW score"]
    return (
        f'<div class="breakdown-body text-start small">\n  <div class="fw-semibold">{made}\n    · {vulnerable}</div>\n'
        f'  <table class="table table-sm table-borderless mb-0 w-auto ms-auto">\n    {parts}\n'
        f'    <tr class="border-top fw-semibold"><td>{side}</td><td class="text-end">{text(b.total)}</td></tr>\n'
        "  </table>\n</div>\n"
    )


def score_cells(row, notes: dict[str, str]) -> str:
    cells = []
    for value in row.scores:
        shown = ""
        if value is not None:
            if row.breakdown:
                body = breakdown_html(row, row.breakdown, notes)
                shown = f'<details class="breakdown"><summary>{text(value)}</summary>{body}</details>'
            else:
                shown = text(value)
        cells.append(f'<td class="text-end score">{shown}</td>')
    return "".join(cells)


def points_cell(points, mark: str, separator: str, notes: dict[str, str]) -> str:
    hidden = f'<span class="visually-hidden"> ({notes[mark]})</span>' if mark in ("top", "bottom") else ""
    css = f"cell-{text(mark)}" if mark else ""
    return f'<td class="text-end points {css}">{number(points, -2, separator)}{hidden}</td>'


def result_cells(row, notes: dict[str, str]) -> str:
    if row.not_played:
        return f'\n        <td colspan="2">{notes["not played"]}</td>\n      '
    if row.adjusted:
        code = f'<a href="#adjusted-{row.line_id}" class="adjusted-code">{text(row.adjusted.code)}</a>'
        badge = f'<span class="badge text-bg-secondary">{notes["adjusted"]}</span>'
        return f'\n        <td colspan="2">{badge} {code}</td>\n      '
    result = f' <span class="result">{text(row.result)}</span>' if row.result else ""
    return (
        f'\n        <td class="text-nowrap">{conditional_escape(contract(row.contract))}{result}</td>\n'
        f"        <td>{conditional_escape(seat(row.declarer))}</td>\n      "
    )


def par_cells(compared, notes: dict[str, str]) -> str:
    dd = "" if compared is None or compared.dd_tricks is None else text(compared.dd_tricks)
    if not compared:
        against = ""
    elif compared.side:
        side = f"{escape(compared.side.lower())}-gain"
        against = f'<span class="against-par {side}">{escape(seats(compared.side))} +{text(compared.points)}</span>'
    else:
        against = notes["par"]
    return (
        f'\n      <td class="{SM} text-end dd-column">{dd}</td>\n'
        f'      <td class="{SM} text-end text-nowrap par-column">{against}</td>\n      '
    )


def pair_cell(pair, scorecards: str, label_of, section: str = "") -> str:
    """A pair's cell; across the field the pair's section letter comes first."""
    names = text(pair.names)
    letter = f'<span class="pair-section">{text(section)}</span>' if section else ""
    return (
        f'<td><a href="{scorecards}{pair.id}/" title="{names}">{letter}{escape(label_of(str(pair.label or "")))}</a>\n'
        f'        <span class="d-none d-lg-inline small text-muted pair-names">{names}</span></td>'
    )


@register.simple_tag
def traveller_rows(traveller, session_id: int, imps: bool, hand) -> str:
    """The traveller's lines: round, pairs, result, lead, tricks, scores, points, against par and percentages."""
    separator = get_format("DECIMAL_SEPARATOR")
    label_of = notation().pair_label
    scorecards = prefix("events:pair_scorecard", session_id)
    notes = {key: conditional_escape(_(message)) for key, message in NOTES.items()}
    rows = []
    for row in traveller.rows:
        section = getattr(row, "section", "")
        css = ("table-info mine" if row.mine else "") + (" text-muted" if row.not_played else "")
        leads = f'<td class="{MD}">{conditional_escape(lead(row.lead))}</td>' if traveller.has_leads else ""
        percentages = (
            ""
            if imps
            else f'\n      <td class="{MD} text-end">{number(row.ns_percent, 2, separator)}</td>\n'
            f'      <td class="{MD} text-end">{number(row.ew_percent, 2, separator)}</td>\n      '
        )
        rows.append(
            f'\n    <tr class="{css}">\n      <td class="{MD}">{text(row.round) if row.round else ""}</td>\n'
            f"      {pair_cell(row.ns, scorecards, label_of, section)}\n"
            f"      {pair_cell(row.ew, scorecards, label_of, section)}\n"
            f"      {result_cells(row, notes)}\n      {leads}\n"
            f'      <td class="{MD} text-end">{"" if row.tricks is None else text(row.tricks)}</td>\n'
            f"      {score_cells(row, notes)}\n"
            f"      {points_cell(row.ns_points, row.ns_mark, separator, notes)}\n"
            f"      {points_cell(row.ew_points, row.ew_mark, separator, notes)}\n"
            f"      {par_cells(row.against_par, notes) if hand else ''}\n      {percentages}\n    </tr>\n  "
        )
    return mark_safe("".join(rows))
