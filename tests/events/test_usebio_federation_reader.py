"""Our USEBIO export as readers in use take it: laid out as Compscore writes it (DOCTYPE line, PARTICIPANTS under
EVENT for one section, whole-number places with ties the same number, HANDSET under USEBIO), read without an error
by the Australian federation's platform's accesses (abftech/cobalt, results/views/usebio.py) for every demo session,
as pairs and as IMP events; masterpoints written back."""

import io
from decimal import Decimal

import pytest
from django.core.management import call_command

from events.files.selectors.usebio_export import usebio_event
from events.files.services.usebio_import import import_usebio
from events.models import Pair, Session
from events.standings.services.rescoring import rescore_session
from interchange.usebio_write import write_usebio
from tests.builders.accounts import directors_group
from tests.builders.sessions import club_night, enter
from tests.builders.usebio_readers import as_xmltodict, federation_reads

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo(db):
    directors_group()
    call_command("load_demo", stdout=io.StringIO())
    return list(Session.objects.order_by("pk"))


def rescored_as(session: Session, method: str) -> Session:
    """The demo session (final) as it is, or scored again as an IMP event (reopened first, as a director would)."""
    if method == session.scoring:
        return session
    Session.objects.filter(pk=session.pk).update(scoring=method, status=Session.Status.IN_PROGRESS)
    session = Session.objects.get(pk=session.pk)
    rescore_session(session=session)
    return session


@pytest.mark.slow
@pytest.mark.parametrize("method", ["matchpoints", "butler", "cross-imps"])
def test_the_federation_platform_reads_our_export_of_every_demo_session(demo, method):
    assert len(demo) == 2
    for session in demo:
        session = rescored_as(session, method)
        data = write_usebio(usebio_event(session))
        assert data.splitlines()[1] == b'<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">'
        stored = federation_reads(data, imps=method != "matchpoints")
        pairs = Pair.objects.filter(section__session=session)
        assert len(stored) == 2 * pairs.count()
        places = [detail["PLACE"] for detail in as_xmltodict(data)["USEBIO"]["EVENT"]["PARTICIPANTS"]["PAIR"]]
        assert all(place.isdigit() for place in places)
        copy = import_usebio(data=data)  # and our own import takes it back, agreeing
        assert copy.differences == [] and copy.pair_differences == []


def test_a_one_section_event_is_laid_out_as_compscore_writes_it_with_tied_places_as_one_number():
    session, section = club_night()
    enter(section, 1, "1NS", "4S", "N", "10")
    enter(section, 1, "2NS", "4S", "N", "10")  # the same result: the NS pairs tie, the EW pairs too
    Pair.objects.filter(section=section, number=1, direction="NS").update(
        masterpoints=Decimal("6.5"), masterpoint_type="GREEN"
    )
    data = write_usebio(usebio_event(session))
    usebio = as_xmltodict(data)["USEBIO"]
    assert "SECTION" not in usebio["EVENT"] and "PARTICIPANTS" in usebio["EVENT"]
    assert list(usebio["EVENT"])[:4] == ["@EVENT_TYPE", "EVENT_DESCRIPTION", "PROGRAM_NAME", "DATE"]
    pairs = {f"{pair['PAIR_NUMBER']}{pair['DIRECTION']}": pair for pair in usebio["EVENT"]["PARTICIPANTS"]["PAIR"]}
    assert pairs["1NS"]["PLACE"] == pairs["2NS"]["PLACE"] == "1"
    assert (pairs["1NS"]["MASTER_POINTS_AWARDED"], pairs["1NS"]["MASTER_POINT_TYPE"]) == ("6.5", "GREEN")
    assert list(pairs["1NS"])[:7] == [
        "PAIR_NUMBER", "DIRECTION", "TOTAL_SCORE", "PERCENTAGE", "PLACE", "MASTER_POINTS_AWARDED", "MASTER_POINT_TYPE",
    ]  # fmt: skip
    copy = import_usebio(data=data)
    mine = Pair.objects.get(section__session=copy.session, number=1, direction="NS")
    assert (mine.masterpoints, mine.masterpoint_type) == (Decimal("6.5"), "GREEN")
    assert Pair.objects.get(section__session=copy.session, number=2, direction="NS").masterpoints is None
