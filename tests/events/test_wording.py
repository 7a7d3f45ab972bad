"""Words as the reader's language writes them: one board or several in Neuberg's note (ngettext), Spanish boards
(manos) agreeing in gender, one Romanian word for tricks (levate)."""

import pytest
from django.template import Context, Template
from django.utils import translation

NOTE = (
    '{% load i18n %}{% blocktranslate count count=boards|length with boards=boards|join:", " %}'
    "Fewer results were compared than that on board {{ boards }} (adjusted scores or missing results), so its "
    "matchpoints were factored up to the full top with Neuberg’s formula.{% plural %}Fewer results were compared "
    "than that on boards {{ boards }} (adjusted scores or missing results), so their matchpoints were factored up "
    "to the full top with Neuberg’s formula.{% endblocktranslate %}"
)


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [
        ("en", "on board 9 ", "on boards 2, 5 "),
        ("es", "En la mano 9 ", "En las manos 2, 5 "),
        ("ro", "La mâna 9 ", "La mâinile 2, 5 "),
    ],
)
def test_neubergs_note_says_board_or_boards(language, one, two):
    with translation.override(language):
        assert one in Template(NOTE).render(Context({"boards": [9]}))
        assert two in Template(NOTE).render(Context({"boards": [2, 5]}))


def test_the_session_page_uses_that_note():
    with open("templates/events/results/session.html", encoding="utf-8") as template:
        assert "count count=tops.factored|length" in template.read()


def test_spanish_boards_are_feminine_and_romanian_tricks_are_levate():
    with translation.override("es"):
        spanish = translation.gettext("Boards played fewer times than others are scored on their own, smaller top.")
    assert "menos veces que otras" in spanish
    with translation.override("ro"):
        romanian = Template(
            '{% load i18n %}{% blocktranslate with contracts="4P" seats="N E S V" suits="" notrump="FA" %}'
            "Type the contract ({{ contracts }}), declarer ({{ seats }}) and tricks (10, =, +1, -2); or only the NS "
            "score (420, -100) when the slip has no contract. A score typed with a contract must agree with it. "
            "Suits: {{ suits }}; {{ notrump }} for no trumps.{% endblocktranslate %}"
        ).render(Context())
    assert "levatele" in romanian and "levele" not in romanian
