"""The CSV import's convention options: a scorer's preset, or each convention on its own, documented in --help."""

from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from events.models import Session
from tests.builders.sessions import HOWELL

pytestmark = pytest.mark.django_db
BASE = ["--session", "Tuesday", "--date", "2025-03-04"]


def run(*options):
    out = StringIO()
    call_command("import_travellers", str(HOWELL), *BASE, *options, stdout=out)
    return Session.objects.get(pk=int(out.getvalue().strip().splitlines()[-1]))


def test_a_preset_sets_the_conventions_and_its_scale():
    session = run("--scoring", "matchpoints", "--preset", "acbl")
    assert session.scale == "acbl" and session.short_boards_neuberg
    session = run("--scoring", "butler", "--preset", "magic-contest")
    assert (session.datum_discard, session.datum_from) == (1, 3)


def test_each_convention_on_its_own_wins_over_the_preset():
    session = run(
        "--scoring", "cross-imps", "--preset", "compscore", "--short-boards", "neuberg", "--datum-discard", "2",
        "--datum-from", "6", "--datum-rounding", "none", "--adjusted-imps", "share", "--adjusted-imps-size", "2.5",
    )  # fmt: skip
    assert session.short_boards_neuberg and (session.datum_discard, session.datum_from) == (2, 6)
    assert (session.datum_rounding, session.adjusted_imps, float(session.adjusted_imps_size)) == ("none", "share", 2.5)
    assert run("--scoring", "matchpoints", "--short-boards", "own-top").short_boards_neuberg is False
    assert run("--scoring", "matchpoints", "--preset", "acbl", "--scale", "ebu").scale == "ebu"


@pytest.mark.parametrize(
    "options, message",
    [
        (["--datum-discard", "2", "--datum-from", "4"], "needs at least 5 results"),
        (["--adjusted-imps-size", "30"], "from 0 to 24"),
    ],
)
def test_refused_conventions_import_nothing(options, message):
    with pytest.raises(CommandError, match=message):
        call_command("import_travellers", str(HOWELL), *BASE, "--scoring", "butler", *options, stdout=StringIO())
    assert not Session.objects.exists()


def test_the_options_are_documented_in_help(capsys):
    with pytest.raises(SystemExit):
        call_command("import_travellers", "--help")
    text = capsys.readouterr().out
    for option in ("--preset", "--short-boards", "--datum-discard", "--datum-from", "--adjusted-imps"):
        assert option in text
