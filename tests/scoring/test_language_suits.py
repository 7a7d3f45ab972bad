"""Suit letters of each language (`scoring.notation.SUIT_LETTERS`): one table per language, read by the one
reader of typed results; a letter that means another suit in the language is never read as the English suit."""

import pytest

import scoring
from scoring.notation import notation_for

# (language, typed contract, declarer, tricks) → (contract code, NS score on board 1, nobody vulnerable)
READ = [
    # English: C is clubs, P alone is a pass and no suit.
    ("en", "4C", "N", "10", "4C", 130),
    ("en", "4H", "N", "10", "4H", 420),
    ("en", "3NT", "N", "9", "3NT", 400),
    # Spanish: picas, corazones, diamantes, tréboles; SA sin atout.
    ("es", "2P", "N", "8", "2S", 110),
    ("es", "4C", "N", "10", "4H", 420),  # corazones, never clubs
    ("es", "4cx", "N", "10", "4HX", 590),
    ("es", "5D", "N", "11", "5D", 400),
    ("es", "5T", "N", "11", "5C", 400),
    ("es", "3SA", "N", "9", "3NT", 400),
    ("es", "4S", "N", "10", "4S", 420),  # the English S means no other suit in Spanish
    ("es", "4♣", "N", "10", "4C", 130),  # a symbol is its suit in every language
    # Romanian: pică, cupă, caro, treflă; FA fără atu.
    ("ro", "2P", "N", "8", "2S", 110),
    ("ro", "4C", "N", "10", "4H", 420),  # cupă, never clubs
    ("ro", "5K", "N", "11", "5D", 400),  # caro
    ("ro", "5R", "N", "11", "5D", 400),  # romb
    ("ro", "5T", "N", "11", "5C", 400),
    ("ro", "3FA", "N", "9", "3NT", 400),
    ("ro", "4H", "N", "10", "4H", 420),
]


@pytest.mark.parametrize(("language", "contract", "declarer", "tricks", "code", "score"), READ)
def test_each_language_reads_its_suit_letters(language, contract, declarer, tricks, code, score):
    result = scoring.read_result(1, contract, declarer, tricks, notation=notation_for(language))
    assert (result.contract, result.ns_score) == (code, score)


@pytest.mark.parametrize(("language", "contract"), [("en", "2P"), ("en", "5T"), ("en", "5K"), ("es", "5K")])
def test_a_letter_that_is_no_suit_in_the_language_is_refused(language, contract):
    with pytest.raises(scoring.TypedResultError) as refused:
        scoring.read_result(1, contract, "N", "8", notation=notation_for(language))
    assert refused.value.field == "contract"


@pytest.mark.parametrize(
    ("language", "written"),
    [
        ("en", ("4S", "4H", "4D", "4CX", "3NT")),
        ("es", ("4P", "4C", "4D", "4TX", "3SA")),
        ("ro", ("4P", "4C", "4K", "4TX", "3FA")),
    ],
)
def test_codes_are_written_back_in_the_language_and_read_back_the_same(language, written):
    shown = notation_for(language)
    codes = ("4S", "4H", "4D", "4CX", "3NT")
    assert tuple(shown.contract(code) for code in codes) == written
    assert tuple(shown.read_contract(text) for text in written) == codes


@pytest.mark.parametrize(("language", "hearts_or_clubs"), [("es", 420), ("en", 130)])
def test_a_weighted_score_reads_the_languages_letters(language, hearts_or_clubs):
    result = scoring.read_result(1, "60% 4C N =, 40% 4C N -1", notation=notation_for(language))
    assert result.adjusted == f"W60:{hearts_or_clubs};40:-50"


@pytest.mark.parametrize(("typed", "quoted"), [("9P", "9P"), ("4CXXX", "4CXXX")])
def test_a_refusal_quotes_what_was_typed_not_its_english(typed, quoted):
    with pytest.raises(scoring.TypedResultError) as refused:
        scoring.read_result(1, typed, "N", "8", notation=notation_for("es"))
    assert refused.value.params["text"] == quoted


# Romanian: the suits' names as the Romanian translation of the Laws gives them (Law 18E, "fără atu, pică, cupă,
# caro, treflă"; scoring/notation.py names the sources); the letters are their initials, C being cupă's.
ROMANIAN = [
    ("4P", "4S"),  # pică
    ("4C", "4H"),  # cupă: never clubs, the English C
    ("4CU", "4H"),
    ("4K", "4D"),  # caro
    ("4CA", "4D"),
    ("4T", "4C"),  # treflă
    ("3FA", "3NT"),  # fără atu
    ("4CAX", "4DX"),
]


@pytest.mark.parametrize(("typed", "code"), ROMANIAN)
def test_romanian_letters_are_the_initials_of_the_romanian_suit_names(typed, code):
    assert notation_for("ro").read_contract(typed) == code


def test_no_romanian_letter_is_silently_read_as_another_english_suit():
    # Every letter Romanian reads that is also an English suit letter means that same suit, or a Romanian one
    # that the page shows back with its symbol (C: ♥); the English C (clubs) is never what a Romanian C means.
    romanian = notation_for("ro").suit_letters()
    assert romanian["C"] == "H" and romanian["S"] == "S" and romanian["H"] == "H" and romanian["D"] == "D"
    assert {letter for letter, strain in romanian.items() if strain == "C"} == {"T"}
