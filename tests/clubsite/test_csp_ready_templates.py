"""Ready for a strict Content-Security-Policy: no template holds an inline script, handler or style, and the
breadcrumb trail is drawn once, by base.html."""

import re

from django.conf import settings
from django.template import Context, Template

INLINE = re.compile(r"""\son[a-z]+\s*=|\sstyle\s*=|<style[\s>]|<script(?![^>]*\ssrc=)""", re.IGNORECASE)


def test_no_template_has_inline_script_handler_or_style():
    offenders = [
        f"{path.relative_to(settings.BASE_DIR)}:{number}: {line.strip()}"
        for path in sorted((settings.BASE_DIR / "templates").rglob("*.html"))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if INLINE.search(line)
    ]
    assert offenders == []


def test_the_check_finds_each_kind():
    for html in (
        '<button onclick="window.print()">',
        '<td style="color: red">',
        "<script>alert(1)</script>",
        "<style>p {}</style>",
        '<form onsubmit="return confirm()">',
    ):
        assert INLINE.search(html), html
    assert not INLINE.search('<script src="/static/js/site.js" defer></script>')
    assert not INLINE.search('<button type="button" data-print data-confirm="Sure?">')


def render(text: str, **context) -> str:
    return Template("{% load breadcrumbs %}" + text).render(Context(context))


def test_crumbs_link_to_a_named_url_or_mark_the_current_page():
    html = render(
        '{% breadcrumb %}{% crumb "Results" "events:home" %}{% crumb session "events:session" 7 '
        'suffix="#section-a" %}{% crumb name %}{% endbreadcrumb %}',
        session="A & B",
        name="<Pair 1>",
    )
    assert '<nav aria-label="Breadcrumb" class="d-print-none"><ol class="breadcrumb">' in html
    assert '<li class="breadcrumb-item"><a href="/">Results</a></li>' in html
    assert '<li class="breadcrumb-item"><a href="/sessions/7/#section-a">A &amp; B</a></li>' in html
    assert '<li class="breadcrumb-item active" aria-current="page">&lt;Pair 1&gt;</li>' in html


def test_no_crumbs_no_trail():
    assert render("{% breadcrumb %} {% if False %}{% crumb 'x' %}{% endif %} {% endbreadcrumb %}") == ""
