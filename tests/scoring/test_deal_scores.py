"""scoring.deal: one deal's score, part by part, under each era's laws."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import (
    LAWS,
    STRAINS,
    Contract,
    board_dealer,
    board_vulnerability,
    ns_score,
    parse_contract,
    score_breakdown,
    score_deal,
    seat_vulnerable,
    trick_values,
    undertrick_penalty,
)

# Seed 000 / seed 003, "Resultados de ejemplo para un partido de dieciséis tableros": every column.
# board, dealer, vulnerability, declarer, contract, made (odd tricks), down,
# contract points, overtricks, slam, (re)double bonus, penalty, game/part-score bonus, N-S total, E-W total
SIXTEEN_BOARDS = [
    (1, "N", "None", "E", "1H", 3, None, 30, 60, 0, 0, 0, 50, -140, 140),
    (2, "E", "NS", "N", "4SX", None, 2, 0, 0, 0, 0, 500, 0, -500, 500),
    (3, "S", "EW", "N", "2D", 4, None, 40, 40, 0, 0, 0, 50, 130, -130),
    (4, "W", "Both", "W", "1NT", 3, None, 40, 60, 0, 0, 0, 50, -150, 150),
    (5, "N", "NS", "S", "3NT", None, 1, 0, 0, 0, 0, 100, 0, -100, 100),
    (6, "E", "EW", "S", "3H", 4, None, 90, 30, 0, 0, 0, 50, 170, -170),
    (7, "S", "Both", "W", "3C", 3, None, 60, 0, 0, 0, 0, 50, -110, 110),
    (8, "W", "None", "E", "7H", 7, None, 210, 0, 1000, 0, 0, 300, -1510, 1510),
    (9, "N", "EW", "N", "4SX", 4, None, 240, 0, 0, 50, 0, 300, 590, -590),
    (10, "E", "Both", "E", "2NT", 2, None, 70, 0, 0, 0, 0, 50, -120, 120),
    (11, "S", "None", "N", "6C", 6, None, 120, 0, 500, 0, 0, 300, 920, -920),
    (12, "W", "NS", "E", "2D", 3, None, 40, 20, 0, 0, 0, 50, -110, 110),
    (13, "N", "Both", "W", "4HXX", 4, None, 480, 0, 0, 100, 0, 500, -1080, 1080),
    (14, "E", "None", "S", "5S", None, 1, 0, 0, 0, 0, 50, 0, -50, 50),
    (15, "S", "NS", "E", "4H", 5, None, 120, 30, 0, 0, 0, 300, -450, 450),
    (16, "W", "EW", "N", "3NT", 3, None, 100, 0, 0, 0, 0, 300, 400, -400),
]


@pytest.mark.parametrize(
    "board, dealer, vul, declarer, text, made, down, contract_pts, over, slam, insult, penalty, game, ns, ew",
    SIXTEEN_BOARDS,
)
def test_sixteen_board_table_every_column(
    board, dealer, vul, declarer, text, made, down, contract_pts, over, slam, insult, penalty, game, ns, ew
):
    # Each row of the seed table, column by column.
    assert board_dealer(board) == dealer
    assert board_vulnerability(board) == vul
    contract = parse_contract(text)
    tricks = 6 + made if made is not None else contract.tricks_needed - down
    parts = score_breakdown(contract, seat_vulnerable(vul, declarer), tricks)
    assert parts.contract_points == contract_pts
    assert parts.overtricks == over
    assert parts.slam_bonus == slam
    assert parts.insult_bonus == insult
    assert parts.undertricks == penalty
    assert parts.game_bonus == game
    assert ns_score(contract, declarer, vul, tricks) == ns
    assert -ns_score(contract, declarer, vul, tricks) == ew


# Seed 000, "Puntos de contrato": per trick, undoubled / doubled / redoubled.
@pytest.mark.parametrize(
    "strain, first, later",
    [
        ("NT", (40, 80, 160), (30, 60, 120)),  # "No Trump: primer truco 40/80/160, posteriores 30/60/120"
        ("S", (30, 60, 120), (30, 60, 120)),  # "Trajes principales 30 60 120"
        ("H", (30, 60, 120), (30, 60, 120)),
        ("D", (20, 40, 80), (20, 40, 80)),  # "Trajes menores 20 40 80"
        ("C", (20, 40, 80), (20, 40, 80)),
    ],
)
@pytest.mark.parametrize("doubled", [0, 1, 2])
def test_contract_points_table(strain, first, later, doubled):
    one = score_breakdown(Contract(1, strain, doubled), False, 7).contract_points
    two = score_breakdown(Contract(2, strain, doubled), False, 8).contract_points
    assert one == first[doubled]
    assert two - one == later[doubled]


# Seed 000, "Puntos Overtrick": per overtrick, (vulnerable, not vulnerable).
@pytest.mark.parametrize(
    "contract, per_trick",
    [
        ("1NT", (30, 30)),  # undoubled notrump 30
        ("1S", (30, 30)),  # undoubled major 30
        ("1C", (20, 20)),  # undoubled minor 20
        ("1CX", (200, 100)),  # "Cualquier duplicado 200 / 100"
        ("1NTX", (200, 100)),
        ("1HXX", (400, 200)),  # "Cualquier redoblado 400 / 200"
    ],
)
def test_overtrick_points(contract, per_trick):
    for vulnerable, expected in zip((True, False), per_trick, strict=True):
        assert score_breakdown(contract, vulnerable, 9).overtricks == 2 * expected


@pytest.mark.parametrize(
    "contract, vulnerable, slam",
    [
        ("6C", False, 500),  # small slam, not vulnerable: 500
        ("6NT", True, 750),  # small slam, vulnerable: 750
        ("7D", False, 1000),  # grand slam, not vulnerable: 1000
        ("7S", True, 1500),  # grand slam, vulnerable: 1500
        ("5C", True, 0),  # no slam below the six level
    ],
)
def test_slam_bonus(contract, vulnerable, slam):
    # Seed 000, "Bono de golpe".
    assert score_breakdown(contract, vulnerable, 13).slam_bonus == slam


@pytest.mark.parametrize(
    "contract, vulnerable, game",
    [
        ("2S", False, 50),  # part-score (60 contract points): 50
        ("3NT", False, 300),  # game (100) not vulnerable: 300
        ("3NT", True, 500),  # game vulnerable: 500
        ("2HX", True, 500),  # 120 contract points doubled: a game
        ("1DXX", False, 50),  # 80 redoubled: still a part-score
        ("4C", True, 50),  # 80: part-score
        ("5C", True, 500),  # 100: game
    ],
)
def test_game_and_part_score_bonus(contract, vulnerable, game):
    # Seed 000, "Bono de juego o parte del juego": below 100 contract points 50, else 300 / 500.
    c = parse_contract(contract)
    assert score_breakdown(c, vulnerable, c.tricks_needed).game_bonus == game


@pytest.mark.parametrize(
    "laws, doubled, insult",
    [
        ("1987", 1, 50),  # seed 000: 50 for a doubled contract made
        ("1987", 2, 100),  # and 100 for a redoubled one
        ("1935", 2, 50),  # seed 000 history: the redoubled bonus "solía ser de solo 50"
        ("1932", 2, 50),
        ("1932", 1, 50),
    ],
)
def test_insult_bonus_by_era(laws, doubled, insult):
    assert score_breakdown(Contract(2, "H", doubled), False, 8, laws).insult_bonus == insult


# Seed 000, undertrick table: amount of each successive undertrick (1st, 2nd ... 6th).
# (laws, vulnerable, doubled, amounts)
UNDERTRICK_HISTORY = [
    # "Antes de 1935" column
    ("1932", False, 0, [50, 50, 50, 50, 50, 50]),  # "50 cada uno"
    ("1932", False, 1, [100, 150, 200, 250, 300, 350]),
    ("1932", True, 0, [100, 150, 200, 250, 300, 350]),
    ("1932", True, 1, [200, 300, 400, 500, 600, 700]),
    # "1935-1987" column
    ("1935", False, 0, [50, 50, 50, 50, 50, 50]),
    ("1935", False, 1, [100, 200, 200, 200, 200, 200]),
    ("1935", True, 0, [100, 100, 100, 100, 100, 100]),
    ("1935", True, 1, [200, 300, 300, 300, 300, 300]),
    # "Después de 1987" table, and the "Puntos de penalización" table of today's laws
    ("1987", False, 0, [50, 50, 50, 50, 50, 50]),
    ("1987", False, 1, [100, 200, 200, 300, 300, 300]),
    ("1987", True, 0, [100, 100, 100, 100, 100, 100]),
    ("1987", True, 1, [200, 300, 300, 300, 300, 300]),
]


@pytest.mark.parametrize("laws, vulnerable, doubled, amounts", UNDERTRICK_HISTORY)
def test_undertrick_history_table(laws, vulnerable, doubled, amounts):
    # The table's figures are per undertrick: the seed's own checks (below) only add up that way.
    for down, amount in enumerate(amounts, start=1):
        step = undertrick_penalty(down, vulnerable, doubled, laws) - undertrick_penalty(
            down - 1, vulnerable, doubled, laws
        )
        assert step == amount
        if doubled:
            # "Los trucos redoblados siempre han obtenido el doble de puntos que los mismos trucos dobles."
            assert undertrick_penalty(down, vulnerable, 2, laws) == 2 * undertrick_penalty(down, vulnerable, 1, laws)


@pytest.mark.parametrize(
    "contract, vulnerable, tricks, laws, score",
    [
        ("7SX", False, 4, "1935", -1700),  # Meckstroth, 1981: "bajó nueve para una puntuación de -1700"
        ("7SX", False, 2, "1935", -2100),  # "bajar 11 costaría solo 2100 puntos"
        ("7SX", False, 4, "1987", -2300),  # "aumentó la penalización ... de -1700 a -2300"
        ("7H", True, 13, "1987", 2210),  # "un contrato vulnerable de 7♥, que les habría anotado 2210"
        ("4SX", False, 6, "1987", -800),  # "cuatro trucos ... no vulnerables cuestan 800 (100 + 200 + 200 + 300)"
        ("4SX", True, 7, "1987", -800),  # "... lo mismo que tres trucos ... vulnerables (200 + 300 + 300)"
    ],
)
def test_seed_worked_penalties(contract, vulnerable, tricks, laws, score):
    assert score_deal(contract, vulnerable, tricks, laws) == score


@pytest.mark.parametrize(
    "contract, tricks, laws, contract_points, overtricks",
    [
        # Seed 000 history: 1932 notrump tricks score 30, 40, 30, 40 ... (the seed's "trucos de Trump"
        # is a translation slip for notrump: suit tricks were always 20/30, and the 1935 row 40, 30,
        # 30 ... is today's notrump scale).  Undoubled overtricks follow the same sequence.
        ("1NT", 7, "1932", 30, 0),
        ("2NT", 8, "1932", 70, 0),
        ("3NT", 9, "1932", 100, 0),
        ("1NT", 8, "1932", 30, 40),  # the second trick, made but not bid: 40
        ("2NT", 10, "1932", 70, 70),  # third and fourth tricks: 30 + 40
        ("1NTX", 7, "1932", 60, 0),  # doubled: twice the trick value
        ("1NT", 8, "1935", 40, 30),  # 1935: 40, 30, 30 ...
        ("3NT", 9, "1935", 100, 0),
        ("3NT", 9, "1987", 100, 0),
        ("4S", 10, "1932", 120, 0),  # suits unchanged
    ],
)
def test_notrump_trick_values_by_era(contract, tricks, laws, contract_points, overtricks):
    parts = score_breakdown(contract, False, tricks, laws)
    assert (parts.contract_points, parts.overtricks) == (contract_points, overtricks)


@pytest.mark.parametrize(
    "laws, values",
    [
        ("1932", (30, 40, 30, 40, 30, 40, 30)),  # seed 000: "puntúan 30, 40, 30, 40, 30, 40, 30" (ley 30)
        ("1935", (40, 30, 30, 30, 30, 30, 30)),  # "En 1935 esto se convirtió en 40, 30, 30, 30, 30, 30, 30"
        ("1987", (40, 30, 30, 30, 30, 30, 30)),
    ],
)
def test_notrump_trick_sequence_by_era(laws, values):
    assert trick_values("NT", laws) == values
    assert trick_values("S", laws) == (30,) * 7


def test_1932_one_notrump_is_a_part_score_and_three_a_game():
    # 30 points for 1NT get the part-score bonus; 3NT (30 + 40 + 30 = 100) is a game.
    assert score_deal("1NT", False, 7, "1932") == 30 + 50
    assert score_deal("3NT", True, 9, "1932") == 100 + 500


def test_passed_out_board_scores_nothing():
    assert score_deal(None, True, 0) == 0
    assert score_deal("PASS", False, 0) == 0
    assert ns_score(None, "N", "Both", 0) == 0


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: score_deal("4S", "NS", 10), "vulnerable must be True or False"),
        (lambda: score_deal("4S", False, 14), "from 0 to 13"),
        (lambda: score_deal("4S", False, -1), "from 0 to 13"),
        (lambda: score_deal("4S", False, 10, laws="1999"), "laws must be one of 1932, 1935, 1987"),
        (lambda: score_deal("8S", False, 10), "8S: a contract level must be 1 to 7"),
        (lambda: ns_score("4S", "X", "None", 10), "a seat is N, E, S or W"),
        (lambda: ns_score("4S", "N", "All", 10), "vulnerability must be one of None, NS, EW, Both"),
        (lambda: undertrick_penalty(14, False, 1), "undertricks must be a whole number from 0 to 13"),
        (lambda: undertrick_penalty(2, False, 3), "doubled must be 0"),
        (lambda: trick_values("X"), "the strain must be C, D, H, S or NT"),
    ],
)
def test_bad_input_is_explained(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_laws_may_be_given_as_a_number():
    assert score_deal("7SX", False, 4, 1935) == -1700


def test_every_combination_scores_in_every_era():
    # 35 contracts x 3 doublings x 2 vulnerabilities x 14 trick counts x 3 eras, exhaustively.
    count = 0
    for laws in LAWS:
        for level in range(1, 8):
            for strain in STRAINS:
                for doubled in range(3):
                    for vulnerable in (False, True):
                        contract = Contract(level, strain, doubled)
                        for tricks in range(14):
                            score = score_deal(contract, vulnerable, tricks, laws)
                            assert (score > 0) == (tricks >= contract.tricks_needed)
                            count += 1
    assert count == 3 * 35 * 3 * 2 * 14


contracts = st.builds(Contract, st.integers(1, 7), st.sampled_from(STRAINS), st.integers(0, 2))


@given(contracts, st.booleans(), st.integers(0, 12), st.sampled_from(LAWS))
def test_one_more_trick_never_scores_less(contract, vulnerable, tricks, laws):
    assert score_deal(contract, vulnerable, tricks + 1, laws) > score_deal(contract, vulnerable, tricks, laws)


@given(contracts, st.booleans(), st.integers(0, 13), st.sampled_from(LAWS))
def test_breakdown_adds_up(contract, vulnerable, tricks, laws):
    parts = score_breakdown(contract, vulnerable, tricks, laws)
    made = parts.contract_points + parts.overtricks + parts.game_bonus + parts.slam_bonus + parts.insult_bonus
    assert parts.total == made - parts.undertricks
    assert made == 0 or parts.undertricks == 0
    assert parts.total == score_deal(contract.code, vulnerable, tricks, laws)


@given(contracts, st.integers(0, 13), st.sampled_from(LAWS))
def test_vulnerability_raises_the_stakes(contract, tricks, laws):
    # Vulnerable, a made contract scores at least as much and a defeated one costs more.
    vul, non_vul = score_deal(contract, True, tricks, laws), score_deal(contract, False, tricks, laws)
    if tricks >= contract.tricks_needed:
        assert vul >= non_vul
    else:
        assert vul < non_vul


@given(st.integers(1, 13), st.booleans(), st.sampled_from(LAWS))
def test_doubling_raises_the_penalty(down, vulnerable, laws):
    assert undertrick_penalty(down, vulnerable, 0, laws) < undertrick_penalty(down, vulnerable, 1, laws)
