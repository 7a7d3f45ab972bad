"""USEBIO and PBN results files as real scorers write them: the USEBIO document type line (accepted, never fetched)
beside entity attacks (still refused), Compscore's Mitchell numbers (1NS, 1EW), HANDSET under USEBIO, Butler
points and masterpoints; PBN directions in the scorer's language, a declared or ISO 8859-1 character set, and
empty deals."""

import re
from pathlib import Path

import pytest

from club.csv_files import FileRefused
from events.files.services.interchange_fit import said_by_file
from events.files.services.pbn_import import import_pbn
from events.files.services.usebio_import import import_usebio
from events.models import BoardDeal, Pair, Session
from interchange.directions import direction_of
from interchange.usebio import UsebioError, UsebioEvent, read_usebio

DATA = Path(__file__).parent / "data"
DOCTYPE = '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">'
BUTLER = (DATA / "usebio" / "howell_butler.xml").read_text()
RUTER = (DATA / "pbn" / "ruter_mitchell.pbn").read_text()


def with_prolog(prolog: str, body: str = BUTLER) -> bytes:
    return body.replace('<?xml version="1.0" encoding="UTF-8"?>', f'<?xml version="1.0"?>\n{prolog}').encode()


def test_the_usebio_document_type_line_is_accepted_and_never_fetched(monkeypatch):
    def no_network(*args, **kwargs):
        raise AssertionError("the DTD was fetched")

    monkeypatch.setattr("urllib.request.urlopen", no_network)
    monkeypatch.setattr("socket.create_connection", no_network)
    event = read_usebio(with_prolog(DOCTYPE))
    assert event.name == "Thursday Butler" and len(event.lines) == 6
    assert read_usebio(with_prolog('<!DOCTYPE USEBIO SYSTEM "usebio_v1_2.dtd">')).name == "Thursday Butler"
    assert read_usebio(with_prolog("<!DOCTYPE USEBIO>")).name == "Thursday Butler"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "prolog, body_change",
    [
        # an entity declaration in an internal subset (billion laughs starts so)
        ('<!DOCTYPE USEBIO [<!ENTITY lol "lol">]>', ("Thursday Butler", "&lol;")),
        # an external entity (XXE) beside the USEBIO DTD's name
        (
            '<!DOCTYPE USEBIO SYSTEM "usebio_v1_2.dtd" [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
            ("Thursday", "&xxe;"),
        ),
        # an internal subset without entities: a DTD of the file's own is refused too
        ('<!DOCTYPE USEBIO SYSTEM "usebio_v1_2.dtd" [<!ELEMENT USEBIO ANY>]>', ("", "")),
        # another DTD than USEBIO's, or another root
        ('<!DOCTYPE USEBIO SYSTEM "file:///etc/passwd">', ("", "")),
        ('<!DOCTYPE USEBIO PUBLIC "-//x//y" "http://attacker.example/evil.dtd">', ("", "")),
        ('<!DOCTYPE html SYSTEM "usebio_v1_2.dtd">', ("", "")),
        # a reference to an entity the USEBIO line does not declare (the external DTD is never read)
        (DOCTYPE, ("Thursday Butler", "&ext;")),
        ("", ("Thursday Butler", "&undeclared;")),
    ],
)
def test_entity_attacks_and_other_dtds_are_still_refused(prolog, body_change):
    body = BUTLER.replace(*body_change) if body_change[0] else BUTLER
    with pytest.raises(UsebioError) as caught:
        read_usebio(with_prolog(prolog, body))
    assert caught.value.code == "usebio.unsafe"
    with pytest.raises(FileRefused) as refused:
        import_usebio(data=with_prolog(prolog, body))
    assert "declares entities or a DTD" in str(refused.value.problems[0])
    assert not Session.objects.exists()


COMPSCORE_MITCHELL = f"""<?xml version="1.0"?>
{DOCTYPE}
<USEBIO Version="1.2">
<EVENT EVENT_TYPE="MP_PAIRS"><EVENT_DESCRIPTION>Thursday</EVENT_DESCRIPTION><DATE>21/07/2022</DATE>
<PARTICIPANTS EVENT_TYPE="MP_PAIRS">
{
    "".join(
        f'''<PAIR><PAIR_NUMBER>{n}{d}</PAIR_NUMBER><DIRECTION>{d}</DIRECTION><TOTAL_SCORE>{t}</TOTAL_SCORE>
<PERCENTAGE>{p}</PERCENTAGE><PLACE>{pl}</PLACE><MASTER_POINTS_AWARDED>{mp}</MASTER_POINTS_AWARDED>
<MASTER_POINT_TYPE>GREEN</MASTER_POINT_TYPE><PLAYER><PLAYER_NAME>P{n}{d}</PLAYER_NAME>
<NATIONAL_ID_NUMBER>0</NATIONAL_ID_NUMBER></PLAYER></PAIR>'''
        for n, d, t, p, pl, mp in [
            (1, "NS", 2, 50, 1, 6),
            (2, "NS", 2, 50, 1, 6),
            (1, "EW", 2, 50, 1, 6),
            (2, "EW", 2, 50, 1, 6),
        ]
    )
}
</PARTICIPANTS>
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
<TRAVELLER_LINE><NS_PAIR_NUMBER>1NS</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1EW</EW_PAIR_NUMBER><CONTRACT>4S</CONTRACT>
<PLAYED_BY>N</PLAYED_BY><LEAD>KH</LEAD><TRICKS>10</TRICKS><SCORE>420</SCORE><NS_MATCH_POINTS>2</NS_MATCH_POINTS>
<EW_MATCH_POINTS>0</EW_MATCH_POINTS></TRAVELLER_LINE>
<TRAVELLER_LINE><NS_PAIR_NUMBER>2NS</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2EW</EW_PAIR_NUMBER><CONTRACT>4S</CONTRACT>
<PLAYED_BY>N</PLAYED_BY><LEAD>KH</LEAD><TRICKS>9</TRICKS><SCORE>-50</SCORE><NS_MATCH_POINTS>0</NS_MATCH_POINTS>
<EW_MATCH_POINTS>2</EW_MATCH_POINTS></TRAVELLER_LINE></BOARD>
</EVENT>
<HANDSET><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
<HAND><DIRECTION>North</DIRECTION><SPADES>4</SPADES><HEARTS>KJ32</HEARTS><DIAMONDS>842</DIAMONDS><CLUBS>AQ743</CLUBS></HAND>
<HAND><DIRECTION>East</DIRECTION><SPADES>JT987</SPADES><HEARTS>Q876</HEARTS><DIAMONDS>AK5</DIAMONDS><CLUBS>2</CLUBS></HAND>
<HAND><DIRECTION>South</DIRECTION><SPADES>AK532</SPADES><HEARTS>T</HEARTS><DIAMONDS>JT6</DIAMONDS><CLUBS>T985</CLUBS></HAND>
<HAND><DIRECTION>West</DIRECTION><SPADES>Q6</SPADES><HEARTS>A954</HEARTS><DIAMONDS>Q973</DIAMONDS><CLUBS>KJ6</CLUBS></HAND>
</BOARD></HANDSET>
</USEBIO>
"""


@pytest.mark.django_db
def test_compscore_mitchell_numbers_handset_and_masterpoints_are_read():
    event = read_usebio(COMPSCORE_MITCHELL.encode())
    assert [(pair.number, pair.direction, pair.masterpoints, pair.masterpoint_type) for pair in event.pairs] == [
        (1, "NS", 6, "GREEN"),
        (2, "NS", 6, "GREEN"),
        (1, "EW", 6, "GREEN"),
        (2, "EW", 6, "GREEN"),
    ]
    assert [(line.ns, line.ew) for line in event.lines] == [(1, 1), (2, 2)]
    assert list(event.hands) == [1]  # the HANDSET under USEBIO, as Compscore writes it
    result = import_usebio(data=COMPSCORE_MITCHELL.encode())
    assert result.compared == 2 and result.differences == []
    assert sorted(Pair.objects.values_list("number", "direction")) == [(1, "EW"), (1, "NS"), (2, "EW"), (2, "NS")]
    assert BoardDeal.objects.count() == 1


def test_a_line_naming_a_pair_of_the_other_direction_is_refused():
    with pytest.raises(UsebioError) as caught:
        read_usebio(COMPSCORE_MITCHELL.replace("<NS_PAIR_NUMBER>1NS<", "<NS_PAIR_NUMBER>1EW<").encode())
    assert caught.value.code == "usebio.pair_side"


def test_butler_and_cross_imp_points_are_read_by_their_usebio_names():
    butler = BUTLER.replace("NS_IMPS", "NS_BUTLER_POINTS").replace("EW_IMPS", "EW_BUTLER_POINTS")
    assert [line.ns_points for line in read_usebio(butler.encode()).lines] == [-1, 0, 8, -8, 3, 0]
    cross = BUTLER.replace("NS_IMPS", "NS_CROSS_IMP_POINTS").replace("EW_IMPS", "EW_CROSS_IMP_POINTS")
    assert [line.ew_points for line in read_usebio(cross.encode()).lines] == [1, 0, -8, 8, -3, 0]


@pytest.mark.parametrize(
    "written, side",
    [
        ("N-S", "NS"), ("NS", "NS"), ("N/S", "NS"), ("n-s", "NS"), ("N", "NS"), ("Nord-Sud", "NS"),
        ("North South", "NS"), ("N-Z", "NS"), ("Norte-Sur", "NS"),
        ("E-W", "EW"), ("EW", "EW"), ("Ö-V", "EW"), ("Ø-V", "EW"), ("O-W", "EW"), ("E-O", "EW"), ("Öst-Väst", "EW"),
        ("Øst-Vest", "EW"), ("Est-Ouest", "EW"), ("Este-Oeste", "EW"), ("Oost-West", "EW"), ("E", "EW"),
        ("", ""), ("X-Y", None), ("NSEW", None),
    ],
)  # fmt: skip
def test_directions_in_the_scorer_s_language(written, side):
    assert direction_of(written) == side


@pytest.mark.django_db
@pytest.mark.parametrize("encoding", ["latin-1", "utf-8"])
def test_a_ruter_file_in_swedish_directions_and_its_character_set_imports(encoding):
    text = RUTER.replace("E-W", "Ö-V").replace("Ana Garcia", "Åsa Öberg")
    if encoding == "utf-8":
        text = text.replace("% PBN 2.1", "% PBN 2.1\n%Content-type: text/x-pbn; charset=UTF-8")
    result = import_pbn(data=text.encode(encoding))
    assert result.differences == [] and result.pair_differences == [] and result.pairs_compared == 6
    assert Pair.objects.get(number=1, direction="NS").player1_guest == "Åsa Öberg"


@pytest.mark.django_db
def test_a_magic_contest_file_without_deals_imports_its_results():
    text = (DATA / "pbn" / "magic_contest.pbn").read_text()
    text = re.sub(r'\[Deal "[^"]*"\]', '[Deal ""]', text)
    result = import_pbn(data=text.encode())
    assert result.lines > 0 and result.differences == [] and result.deals == 0
    assert not BoardDeal.objects.exists()


@pytest.mark.parametrize(
    "scoring_tag, stated",
    [
        ("Cross-IMP;Sum", {"cross_imps": "sum"}),
        ("IMP;Field", {"across_field": True}),
        ("MatchPoints;MP1", {}),
    ],
)
def test_a_pbn_scoring_tag_states_the_conventions_it_names(scoring_tag, stated):
    event = UsebioEvent("x", None, "PBN", "cross-imps", None, ("A",), (), (), program=f"Scoring {scoring_tag}")
    assert said_by_file(event, "") == ("", stated)
