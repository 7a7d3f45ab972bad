"""manage.py score_rubber: a paper scorepad typed as CSV, stored with guests We and They, totals printed."""

import io

import pytest
from django.core.management import CommandError, call_command

from rubber.models import ClubChoices, Scorepad
from tests.builders.rubber_examples import (
    CHICAGO,
    CHICAGO_STANDING,
    CHICAGO_STANDING_TOTALS,
    CHICAGO_TOTALS,
    FAST_RUBBER,
    FAST_TOTALS,
    SEED_RUBBER,
    SEED_TOTALS,
    csv_text,
)


def run(tmp_path, text, *options) -> list[str]:
    path = tmp_path / "pad.csv"
    path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    call_command("score_rubber", str(path), *options, stdout=out)
    return out.getvalue().splitlines()


@pytest.mark.django_db
@pytest.mark.parametrize("deals, totals", [(SEED_RUBBER, SEED_TOTALS), (FAST_RUBBER, FAST_TOTALS)])
def test_published_rubbers_give_their_totals(tmp_path, deals, totals):
    lines = run(tmp_path, csv_text(deals), "--type", "rubber", "--first-dealer", "We", "--date", "2026-11-03")
    assert lines[-1] == f"We {totals['We']} They {totals['They']}"
    rubber = Scorepad.objects.get()
    assert rubber.finished and not rubber.ended and str(rubber.played_on) == "2026-11-03"
    assert (rubber.we_total, rubber.they_total) == (totals["We"], totals["They"])
    assert sorted(p.name for p in rubber.players.all()) == ["They", "They", "We", "We"]
    assert rubber.deals.count() == len(deals)
    assert rubber.build_sheet().totals == totals  # the stored deals give the same sheet


@pytest.mark.django_db
@pytest.mark.parametrize("bonus", ["fourth", "standing", "none"])
@pytest.mark.parametrize("deals, totals", [(CHICAGO, CHICAGO_TOTALS), (CHICAGO_STANDING, CHICAGO_STANDING_TOTALS)])
def test_chicago_with_each_part_score_variant(tmp_path, bonus, deals, totals):
    ClubChoices.objects.create(chicago_bonus=bonus)
    lines = run(tmp_path, csv_text(deals), "--type", "chicago", "--first-dealer", "We")
    assert lines[-1] == f"We {totals[bonus]['We']} They {totals[bonus]['They']}"
    assert Scorepad.objects.get().chicago_bonus == bonus


@pytest.mark.django_db
def test_the_first_dealer_sets_chicago_vulnerability(tmp_path):
    # They deal deals 1 and 3: We's 3NT on deal 3 is not vulnerable, a game of 300 instead of 500.
    lines = run(tmp_path, csv_text(CHICAGO), "--type", "chicago", "--first-dealer", "They", "--chicago-bonus", "none")
    assert lines[-1] == "We 820 They 130"
    assert Scorepad.objects.get().first_dealer == "E"


@pytest.mark.django_db
def test_an_unfinished_rubber_is_settled(tmp_path):
    lines = run(tmp_path, csv_text([("We", "4S", 10, None), ("They", "2S", 8, None)]))
    assert "unfinished" in lines[0]
    assert lines[-1] == "We 420 They 160"
    assert Scorepad.objects.get().ended


@pytest.mark.django_db
def test_results_passed_out_deals_spaces_and_a_bom(tmp_path):
    text = "\ufeffdeal, declarer_side ,contract,tricks,honours\n1,We,PASS,,\n2, we ,2NT,+1,\n\n3,They,4♥,=,They 100\n"
    # We 2NT+1: 70 + 30; They 4H: 120 and honours 100, and a game up when the rubber stops: 300.
    assert run(tmp_path, text)[-1] == "We 100 They 520"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "text, message",
    [
        ("", "The file is empty"),
        ("DEAL,CONTRACT\n1,4S\n", "Line 1: missing columns: DECLARER_SIDE, TRICKS, HONOURS"),
        (
            csv_text([("We", "4S", 10, None)]).replace("\n", "\n\n\n", 1) + "2,They,8S,10,\n",
            "Line 5: 8S: a contract level must be 1 to 7",
        ),
        (csv_text([("We", "8S", 10, None)]), "Line 2: 8S: a contract level must be 1 to 7"),
        (csv_text([("We", "4S", "²", None)]), "Line 2: ²: a result is written"),
        (csv_text([("We", "4S", "14", None)]), "Line 2: 14 tricks"),
        (csv_text([("Us", "4S", 10, None)]), "Line 2: DECLARER_SIDE must be We or They"),
        (csv_text([("We", "4S", 10, ("We", 120))]), "Line 2: We 120: honours are written"),
        (csv_text([("We", "3NT", 9, ("We", 100))]), "Deal 1: at notrump only the four aces"),
        (csv_text(FAST_RUBBER + [("We", "1C", 7, None)]), "Deal 3 comes after the end of the rubber"),
        ("DEAL,DECLARER_SIDE,CONTRACT,TRICKS,HONOURS\n2,We,4S,10,\n", "Line 2: DEAL should be 1"),
        ("DEAL,DECLARER_SIDE,CONTRACT,TRICKS,HONOURS\n", "No deal after the header."),
        ("DEAL,DECLARER_SIDE,CONTRACT,TRICKS,HONOURS\n1,We,4S\x00,10,\n", "NUL character"),
        (csv_text([("We", "PASS", None, None)] * 61), "Line 62: A sheet holds at most 60 deals."),
        ("x" * 200_000, "too big"),
        (csv_text([("We", "<b>" + "4" * 500, 10, None)]), "a contract starts with its level"),
    ],
)
def test_bad_files_say_which_line_and_store_nothing(tmp_path, text, message):
    with pytest.raises(CommandError, match=message.replace("(", r"\(").replace("?", r"\?")):
        run(tmp_path, text)
    assert not Scorepad.objects.exists()


@pytest.mark.django_db
def test_a_chicago_needs_its_four_deals(tmp_path):
    with pytest.raises(CommandError, match="a Chicago has four deals: this file has 3"):
        run(tmp_path, csv_text(CHICAGO[:3]), "--type", "chicago")
    assert not Scorepad.objects.exists()


@pytest.mark.django_db
def test_a_missing_or_undecodable_file(tmp_path):
    with pytest.raises(CommandError, match="No such file"):
        call_command("score_rubber", str(tmp_path / "nope.csv"))
    path = tmp_path / "latin1.csv"
    path.write_bytes(b"DEAL,DECLARER_SIDE,CONTRACT,TRICKS,HONOURS\n1,We,4S,10,\xe9\n")
    with pytest.raises(CommandError, match="codec can't decode"):
        call_command("score_rubber", str(path))
