"""Victory points are written in the reader's language: 17.50 in English, 17,50 in Spanish and Romanian."""

from decimal import Decimal

import pytest
from django.utils import translation

from teams.models import TeamEvent
from teams.templatetags.teams_format import vp


@pytest.mark.parametrize("language, wbf, twenty", [("en", "16.46", "15"), ("es", "16,46", "15"), ("ro", "16,46", "15")])
def test_vp_follows_the_language(language, wbf, twenty):
    with translation.override(language):
        assert vp(Decimal("16.46"), TeamEvent(scale=TeamEvent.Scale.WBF, scoring="vp")) == wbf
        assert vp(15, TeamEvent(scale="20", scoring="vp")) == twenty


def test_board_a_match_points_keep_their_half_points():
    with translation.override("es"):
        assert vp(1.5, TeamEvent(scale="20", scoring="bam")) == "1,5"
    assert vp(-0.0, TeamEvent(scale="20", scoring="vp")) == "0"
