"""scoring.rubber: rubber bridge and Chicago scoresheets."""

import pytest

from scoring import Chicago, Rubber

# Seed 000, "Un ejemplo de goma": six deals, South keeps score, so North-South are "We".
# deal, declaring side, contract, tricks, honours,
# figures written (side, kind, points, below the line), deal total We, deal total They.
SEED_RUBBER = [
    # 1: North 2NT making 3: (1 x 40) + (1 x 30) = 70 below, 1 x 30 = 30 above: 100 for NS.
    (1, "We", "2NT", 9, None, [("We", "contract", 70, True), ("We", "overtricks", 30, False)], 100, 0),
    # 2: West 4♥ making 4: 4 x 30 = 120 below: 120 for EW (and NS's 70 is cut off).
    (2, "They", "4H", 10, None, [("They", "contract", 120, True)], 0, 120),
    # 3: West 5♣ two down, vulnerable, undoubled: 2 x 100 = 200 above for NS.
    (3, "They", "5C", 9, None, [("We", "undertricks", 200, False)], 200, 0),
    # 4: South 4♠X making 5, not vulnerable: 2 x (4 x 30) = 240 below, 100 above, 50 insult: 390.
    (
        4, "We", "4SX", 11, None,
        [("We", "contract", 240, True), ("We", "overtricks", 100, False), ("We", "insult", 50, False)],
        390, 0,
    ),
    # 5: North 3♣ making 4: 3 x 20 = 60 below, 1 x 20 = 20 above: 80.
    (5, "We", "3C", 10, None, [("We", "contract", 60, True), ("We", "overtricks", 20, False)], 80, 0),
    # 6: East 6♦ making 6 with all five honours: 6 x 20 = 120 below, slam 750, honours 150: 1020;
    # EW's second game ends the rubber: slow rubber bonus 500.
    (
        6, "They", "6D", 12, ("They", 150),
        [("They", "contract", 120, True), ("They", "slam", 750, False), ("They", "honours", 150, False),
         ("They", "rubber", 500, False)],
        0, 1020 + 500,
    ),
]  # fmt: skip

# After each deal: games won, vulnerability, below-the-line points toward the next game.
SEED_RUBBER_STATE = [
    ({"We": 0, "They": 0}, {"We": False, "They": False}, {"We": 70, "They": 0}),
    ({"We": 0, "They": 1}, {"We": False, "They": True}, {"We": 0, "They": 0}),  # NS's 70 "cortados"
    ({"We": 0, "They": 1}, {"We": False, "They": True}, {"We": 0, "They": 0}),
    ({"We": 1, "They": 1}, {"We": True, "They": True}, {"We": 0, "They": 0}),
    ({"We": 1, "They": 1}, {"We": True, "They": True}, {"We": 60, "They": 0}),
    ({"We": 1, "They": 2}, {"We": True, "They": True}, {"We": 60, "They": 120}),
]


def _figures(entries):
    return [(e.side, e.kind, e.points, e.below) for e in entries]


def test_seed_rubber_deal_by_deal():
    rubber = Rubber()
    for (deal, side, contract, tricks, honours, figures, we, they), state in zip(
        SEED_RUBBER, SEED_RUBBER_STATE, strict=True
    ):
        written = rubber.record(side, contract, tricks, honours)
        assert _figures(written) == figures, deal
        assert all(e.deal == deal for e in written)
        assert sum(e.points for e in written if e.side == "We") == we
        assert sum(e.points for e in written if e.side == "They") == they
        games_won, vulnerable, part_scores = state
        assert rubber.games_won == games_won, deal
        assert rubber.vulnerable == vulnerable, deal
        if deal < 6:
            assert rubber.part_scores == part_scores, deal
            assert not rubber.is_over
    # "Total 770 / 1640": East-West win.
    assert rubber.is_over
    assert rubber.totals() == {"We": 770, "They": 1640}


def test_seed_rubber_sheet_layout():
    rubber = Rubber()
    for _, side, contract, tricks, honours, *_ in SEED_RUBBER:
        rubber.record(side, contract, tricks, honours)
    assert rubber.below == {"We": [70, 240, 60], "They": [120, 120]}
    assert rubber.above == {"We": [30, 200, 100, 50, 20], "They": [750, 150, 500]}
    # Three games, separated by the lines drawn after deals 2 and 4.
    assert rubber.games == [
        {"We": [70], "They": [120]},
        {"We": [240], "They": []},
        {"We": [60], "They": [120]},
    ]
    with pytest.raises(ValueError, match="the rubber is over"):
        rubber.record("We", "1C", 7)
    with pytest.raises(ValueError, match="already over"):
        rubber.end()


def test_fast_rubber_scores_700():
    # Seed 000: two games before the opponents win one: 700 ("goma rápida").
    rubber = Rubber()
    rubber.record("We", "4S", 10)
    rubber.record("We", "3NT", 9)
    assert rubber.is_over
    assert rubber.totals() == {"We": 120 + 100 + 700, "They": 0}


def test_part_scores_add_up_to_a_game_and_no_bonus_at_rubber():
    # Seed 000: 100 or more below the line makes a game; no part-score or game bonus at rubber.
    rubber = Rubber()
    rubber.record("We", "2S", 8)
    assert rubber.games_won == {"We": 0, "They": 0}
    rubber.record("We", "2D", 8)  # 60 + 40
    assert rubber.games_won == {"We": 1, "They": 0}
    assert rubber.totals() == {"We": 100, "They": 0}


@pytest.mark.parametrize(
    "deals, bonuses",
    [
        ([("We", "4S", 10), ("They", "2S", 8)], {"We": 300, "They": 100}),  # a game up, a part-score
        ([("We", "4S", 10), ("They", "2S", 8), ("We", "1NT", 7)], {"We": 300, "They": 0}),  # both part-scores
        ([("We", "4S", 10), ("They", "4H", 10)], {"We": 0, "They": 0}),  # a game each
        ([("We", "2C", 8)], {"We": 100, "They": 0}),  # only a part-score
        ([("We", "2C", 6)], {"We": 0, "They": 0}),  # nothing below the line
    ],
)
def test_unfinished_rubber(deals, bonuses):
    # Seed 000, "para cauchos sin terminar": 300 to a side that alone has a game, 100 to a side that
    # alone has a part-score.
    rubber = Rubber()
    for deal in deals:
        rubber.record(*deal)
    before = rubber.totals()
    rubber.end()
    after = rubber.totals()
    assert {side: after[side] - before[side] for side in after} == bonuses
    assert rubber.is_over


def test_honours_go_to_whoever_holds_them():
    # Seed 000: "Cualquiera de los cuatro jugadores puede tener honores, incluido el muerto",
    # and honours count whether or not the contract is made.
    rubber = Rubber()
    written = rubber.record("We", "4S", 9, honours=("They", 100))
    assert _figures(written) == [("They", "undertricks", 50, False), ("They", "honours", 100, False)]
    written = rubber.record("We", "3NT", 9, honours=("We", 150))
    assert ("We", "honours", 150, False) in _figures(written)


@pytest.mark.parametrize(
    "contract, honours, message",
    [
        ("3NT", ("We", 100), "at notrump only the four aces"),
        ("4S", ("We", 120), "honours score 100"),
        ("4S", ("Us", 100), "side holding the honours must be 'We' or 'They'"),
        ("4S", "We", "honours are written"),
        (None, ("We", 100), "a passed-out deal scores no honours"),
    ],
)
def test_bad_honours(contract, honours, message):
    with pytest.raises(ValueError, match=message):
        Rubber().record("We", contract, 10, honours)


def test_bad_side_and_tricks():
    with pytest.raises(ValueError, match="declaring side must be 'We' or 'They'"):
        Rubber().record("NS", "4S", 10)
    with pytest.raises(ValueError, match="from 0 to 13"):
        Rubber().record("We", "4S", 14)


def test_passed_out_deal_writes_nothing():
    rubber = Rubber()
    assert rubber.record("We", None, 0) == []
    assert rubber.record("They", "PASS", 0) == []
    assert rubber.entries == ()
    assert rubber.deals_played == 0


@pytest.mark.parametrize("laws, insult", [("1987", 100), ("1935", 50)])
def test_redoubled_insult_at_rubber(laws, insult):
    # Seed 000: the redoubled bonus at rubber "solía ser de solo 50. Esto se cambió a 100".
    written = Rubber(laws=laws).record("We", "1CXX", 7)
    assert ("We", "insult", insult, False) in _figures(written)


def test_vulnerable_undertricks_after_a_game():
    rubber = Rubber()
    rubber.record("We", "3NT", 9)
    written = rubber.record("We", "4SX", 7)  # vulnerable now: 200 + 300 + 300
    assert _figures(written) == [("They", "undertricks", 800, False)]


def test_chicago_vulnerability_rotation():
    # Deal 1 nobody, deals 2 and 3 the dealer's side, deal 4 both.
    chicago = Chicago(first_dealer="We")
    seen = []
    while not chicago.is_over:
        seen.append((chicago.deal, chicago.dealer, chicago.vulnerable))
        chicago.record("We", "1C", 6)
    assert seen == [
        (1, "We", {"We": False, "They": False}),
        (2, "They", {"We": False, "They": True}),
        (3, "We", {"We": True, "They": False}),
        (4, "They", {"We": True, "They": True}),
    ]
    assert chicago.deal is None


def test_chicago_scores_games_at_once_and_a_fourth_deal_part_score():
    chicago = Chicago(first_dealer="We")
    # Deal 1, nobody vulnerable: 4♠ made, 120 below + game 300.
    assert _figures(chicago.record("We", "4S", 10)) == [("We", "contract", 120, True), ("We", "game", 300, False)]
    # Deal 2, They (dealer) vulnerable: 2♥ +1: 60 below, 30 above, no bonus yet.
    assert _figures(chicago.record("They", "2H", 9)) == [
        ("They", "contract", 60, True),
        ("They", "overtricks", 30, False),
    ]
    # Deal 3, We vulnerable: 3NT made, game 500; They's 60 no longer counts.
    assert _figures(chicago.record("We", "3NT", 9)) == [("We", "contract", 100, True), ("We", "game", 500, False)]
    assert chicago.part_scores == {"We": 0, "They": 0}
    # Deal 4, both vulnerable: 1NT made, a part-score on the fourth deal: 100.
    assert _figures(chicago.record("They", "1NT", 7)) == [
        ("They", "contract", 40, True),
        ("They", "part-score", 100, False),
    ]
    assert chicago.is_over
    assert chicago.totals() == {"We": 120 + 300 + 100 + 500, "They": 60 + 30 + 40 + 100}
    with pytest.raises(ValueError, match="the four deals of this Chicago are done"):
        chicago.record("We", "1C", 7)


def test_chicago_part_scores_combine_into_a_game():
    chicago = Chicago(first_dealer="We")
    chicago.record("We", "2S", 8)  # deal 1: 60
    written = chicago.record("We", "2D", 8)  # deal 2 (They deal and are vulnerable): 40 more, a game
    assert ("We", "game", 300, False) in _figures(written)


def test_chicago_fourth_deal_part_score_completing_a_game_is_a_game():
    chicago = Chicago(first_dealer="We")
    chicago.record("They", "1C", 7)  # 20
    chicago.record("We", "1C", 6)  # down one
    chicago.record("We", "1C", 6)
    written = chicago.record("They", "4C", 10)  # 80 + 20: a game, vulnerable on deal 4
    assert ("They", "game", 500, False) in _figures(written)
    assert all(e.kind != "part-score" for e in written)


def test_chicago_passed_out_deal_is_redealt():
    chicago = Chicago()
    assert chicago.record("We", "PASS", 0) == []
    assert chicago.deal == 1
    assert chicago.dealer == "We"


def test_chicago_bad_first_dealer():
    with pytest.raises(ValueError, match="first dealer must be 'We' or 'They'"):
        Chicago(first_dealer="N")
