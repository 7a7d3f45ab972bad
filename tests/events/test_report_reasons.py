"""The comparison report names, for every convention a scorer may have used, the setting that would explain a
difference that remains: through real imports where a file scored so is at hand (the Compscore Howell file, our
own export of a session scored the other way), and through the reason's rule for the line-level ones."""

import re
from types import SimpleNamespace

import pytest

from events.files.selectors.usebio_export import usebio_event
from events.files.services.interchange_compare import convention_reason, likeliest_reason
from events.files.services.usebio_import import import_usebio
from events.files.services.usebio_messages import REASONS
from events.models import Session
from events.standings.services.rescoring import rescore_session
from interchange.usebio_write import write_usebio
from tests.builders.across_field import butler_night
from tests.builders.real_files import real_file
from tests.builders.sessions import club_night, enter_all

pytestmark = pytest.mark.django_db


def test_boards_played_fewer_times_and_factored_totals_are_named_in_the_howell_file():
    # Compscore scores board 12 (played 5 times of 6) on its own top: with the EBU preset's Neuberg the lines differ
    result = import_usebio(data=real_file("usebio/mp_pairs_howell.xml"), preset="ebu")
    assert {item.board for item in result.differences} == {12}
    assert all(item.reason == str(REASONS["short"]) for item in result.differences)
    reasons = {item.reason for item in result.pair_differences if item.what == "total" and item.pair in ("1", "3")}
    assert reasons == {str(REASONS["factor_totals"])}


def test_totals_factored_by_the_site_and_not_by_the_file_are_named():
    session, _section, skipped = butler_night()  # two pairs missed a board; the totals are plain sums
    result = import_usebio(data=write_usebio(usebio_event(session)), preset="compscore")  # which factors them
    assert result.differences == []
    named = {item.pair: item.reason for item in result.pair_differences}
    assert set(named) == {skipped.ns, skipped.ew} and set(named.values()) == {str(REASONS["factor_off"])}


def test_the_other_matchpoint_scale_is_named():
    session, section = club_night(scale="acbl")
    enter_all(section, results=None)
    first = next(iter(section.boards.order_by("number")))
    line = first.lines.order_by("pk").first()
    line.tricks, line.ns_score = 10, 430  # board 1, nobody vulnerable: 3NT making an overtrick
    line.save()
    rescore_session(session=Session.objects.get(pk=session.pk))
    data = re.sub(rb"\s*<MP_SCORING_METHOD>ACBL</MP_SCORING_METHOD>", b"", write_usebio(usebio_event(session)))
    result = import_usebio(data=data)  # read on the EBU scale, the site's default: every figure doubled
    assert Session.objects.get(pk=result.session.pk).scale == "ebu"
    assert result.differences and {item.reason for item in result.differences} == {str(REASONS["scale_acbl"])}


def _line(ns, ew=None):
    return SimpleNamespace(ns_points=ns, ew_points=ew)


def _mine(ns, ew=None, adjusted=""):
    return SimpleNamespace(ns_points=ns, ew_points=ew, adjusted=adjusted)


@pytest.mark.parametrize(
    "session, line, mine, field, sections, short, reason",
    [
        # boards played fewer times: own top or Neuberg
        ({"scoring": "matchpoints", "scale": "ebu"}, _line(3, 5), _mine(3.4, 4.6), 5, 1, True, "short"),
        # the other matchpoint scale, both ways
        ({"scoring": "matchpoints", "scale": "ebu"}, _line(2, 1), _mine(4, 2), 4, 1, False, "scale_acbl"),
        ({"scoring": "matchpoints", "scale": "acbl"}, _line(4, 2), _mine(2, 1), 4, 1, False, "scale_ebu"),
        # the Butler datum
        ({"scoring": "butler"}, _line(3, -3), _mine(4, -4), 4, 1, False, "datum"),
        # an adjusted score's IMPs
        (
            {"scoring": "cross-imps", "cross_imps": "average"},
            _line(3),
            _mine(2, adjusted="A+"),
            4,
            1,
            False,
            "adjusted",
        ),
        # cross-IMPs summed or averaged (5 results: 4 comparisons)
        ({"scoring": "cross-imps", "cross_imps": "average"}, _line(16), _mine(4), 5, 1, False, "cross_sum"),
        ({"scoring": "cross-imps", "cross_imps": "sum"}, _line(4), _mine(16), 5, 1, False, "cross_average"),
        # several sections scored per section: across the field would compare them together
        ({"scoring": "matchpoints", "scale": "ebu"}, _line(7, 3), _mine(4, 6), 12, 2, False, "across_field"),
    ],
)
def test_each_line_convention_is_named(session, line, mine, field, sections, short, reason):
    session = SimpleNamespace(**{"across_field": False, **session})
    found = convention_reason(session, line, mine, field, sections) or likeliest_reason(
        session.scoring, line, mine, short
    )
    assert found == str(REASONS[reason])
