"""Every real scorer's file in ``../shared/real-files/`` (Compscore3 USEBIO, Ruter PBN), imported through the command
and through the upload page with the scorer's preset: every line and every pair total agrees with the scorer's own
figures; the USEBIO files' masterpoints survive an export and a re-import."""

import io
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from events.files.selectors.usebio_export import usebio_event
from events.files.services.pbn_import import import_pbn
from events.files.services.usebio_import import import_usebio
from events.models import Pair, Session, TravellerLine
from interchange.usebio_write import write_usebio
from tests.builders.real_files import REAL_FILES, real_file

pytestmark = pytest.mark.django_db

# (file, the scorer's preset, lines, pairs, the event's masterpoints awarded in all)
SAMPLES = [
    ("usebio/mp_pairs_howell.xml", "compscore", 161, 12),
    ("usebio/mp_pairs_mitchell_03.xml", "compscore", 126, 13),
    ("usebio/butler_howell.xml", "compscore", 140, 8),
    ("pbn/sm2.pbn", "magic-contest", 702, 36),  # Ruter: its preset is Magic Contest's
]


@pytest.fixture(autouse=True)
def _no_analysis(monkeypatch):
    # The command analyses the deals at once; that is not what is checked here (double dummy takes seconds).
    monkeypatch.setattr("events.management.file_import.analyse_now", lambda command: None)


def test_the_real_files_are_there():
    assert {path.name for path in REAL_FILES.rglob("*.*")} >= {name.split("/")[1] for name, *_rest in SAMPLES}


@pytest.mark.parametrize("name, preset, lines, pairs", SAMPLES)
def test_each_real_file_imports_through_the_command_and_agrees(name, preset, lines, pairs):
    out = io.StringIO()
    command = "import_pbn" if name.endswith(".pbn") else "import_usebio"
    call_command(command, str(REAL_FILES / name), "--preset", preset, stdout=out)
    text = out.getvalue().splitlines()
    assert text[0] == f"{lines} lines imported; {lines} figures compared with the file, 0 differ."
    assert text[1] == f"The totals of {pairs} pairs compared with the file: 0 differ."
    session = Session.objects.get(pk=int(text[-1]))
    assert TravellerLine.objects.filter(board__section__session=session).count() == lines


@pytest.mark.parametrize("name, preset, lines, pairs", SAMPLES)
def test_each_real_file_imports_through_the_upload_page_and_agrees(director_client, name, preset, lines, pairs):
    kind = "pbn" if name.endswith(".pbn") else "usebio"
    upload = SimpleUploadedFile(name.split("/")[1], real_file(name), content_type="application/octet-stream")
    page = director_client.post(reverse(f"events:{kind}_import"), {"file": upload, "preset": preset}, follow=True)
    html = page.content.decode()
    assert f"{lines} lines imported; {lines} figures compared with the file, 0 differ." in html
    assert f"The totals of {pairs} pairs compared with the file: 0 differ." in html
    assert Session.objects.count() == 1


def test_without_the_compscore_preset_the_howell_s_differences_are_named():
    # Compscore prints board 12 (played 5 times of 6) on its own top but totals it with Neuberg's formula, and
    # factors pairs 1 and 3 (who missed it) to 27 boards: 124 x 27 / 26 = 128.77.
    result = import_usebio(data=real_file("usebio/mp_pairs_howell.xml"), preset="ebu")
    assert result.pair_differences and result.differences
    pair_1 = next(item for item in result.pair_differences if item.pair == "1" and item.what == "total")
    assert (pair_1.file_figure, pair_1.site_figure) == (128.77, 124)
    assert "totals factored to the full number of boards" in pair_1.reason  # the report names the convention


@pytest.mark.parametrize("name", [name for name, *_rest in SAMPLES if name.endswith(".xml")])
def test_the_usebio_files_masterpoints_survive_an_export_and_a_re_import(name):
    first = import_usebio(data=real_file(name), preset="compscore")
    awarded = sorted(Pair.objects.filter(section__session=first.session).values_list(
        "number", "direction", "masterpoints", "masterpoint_type"))  # fmt: skip
    assert awarded and any(points for _n, _d, points, _t in awarded)
    assert all(isinstance(points, Decimal) and kind for _n, _d, points, kind in awarded)
    copy = import_usebio(data=write_usebio(usebio_event(first.session)), preset="compscore")
    assert copy.differences == [] and copy.pair_differences == []
    assert sorted(Pair.objects.filter(section__session=copy.session).values_list(
        "number", "direction", "masterpoints", "masterpoint_type")) == awarded  # fmt: skip


def test_the_ranking_page_shows_the_masterpoints(client):
    result = import_usebio(data=real_file("usebio/mp_pairs_mitchell_03.xml"), preset="compscore")
    Session.objects.filter(pk=result.session.pk).update(status=Session.Status.FINAL)
    page = client.get(reverse("events:session", args=[result.session.pk])).content.decode()
    assert "Masterpoints: 15 GREEN" in page  # pair 2EW: MASTER_POINTS_AWARDED 15, GREEN


def test_the_ruter_file_s_pairs_that_change_direction_are_one_numbering():
    result = import_pbn(data=real_file("pbn/sm2.pbn"))
    assert set(Pair.objects.filter(section__session=result.session).values_list("direction", flat=True)) == {""}
    assert Pair.objects.filter(section__session=result.session).count() == 36
