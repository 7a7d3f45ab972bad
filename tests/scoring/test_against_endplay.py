"""Live comparison with endplay (PyPI), skipped when it is not installed (it is not a project requirement).

Every contract, every declarer, every board vulnerability and every trick count under today's laws,
and the dealer and vulnerability of boards 1-64.  The committed table in test_endplay_table.py
holds the same expected scores as plain data.
"""

import pytest

endplay_types = pytest.importorskip("endplay.types")

from scoring import STRAINS, Contract, board_dealer, board_vulnerability, ns_score, score_deal  # noqa: E402

DENOMS = {
    "C": endplay_types.Denom.clubs,
    "D": endplay_types.Denom.diamonds,
    "H": endplay_types.Denom.hearts,
    "S": endplay_types.Denom.spades,
    "NT": endplay_types.Denom.nt,
}
PENALTIES = [endplay_types.Penalty.passed, endplay_types.Penalty.doubled, endplay_types.Penalty.redoubled]
PLAYERS = {
    "N": endplay_types.Player.north,
    "E": endplay_types.Player.east,
    "S": endplay_types.Player.south,
    "W": endplay_types.Player.west,
}
VULS = {
    "None": endplay_types.Vul.none,
    "NS": endplay_types.Vul.ns,
    "EW": endplay_types.Vul.ew,
    "Both": endplay_types.Vul.both,
}
CONTRACTS = [Contract(level, strain, doubled) for level in range(1, 8) for strain in STRAINS for doubled in range(3)]


def _endplay_score(contract, declarer, vulnerability, tricks):
    theirs = endplay_types.Contract(
        level=contract.level,
        denom=DENOMS[contract.strain],
        declarer=PLAYERS[declarer],
        penalty=PENALTIES[contract.doubled],
        result=tricks - contract.tricks_needed,
    )
    return theirs.score(VULS[vulnerability])


@pytest.mark.parametrize("contract", CONTRACTS, ids=lambda c: c.code)
def test_every_declarer_vulnerability_and_trick_count(contract):
    for declarer in PLAYERS:
        for vulnerability in VULS:
            for tricks in range(14):
                expected = _endplay_score(contract, declarer, vulnerability, tricks)
                sign = 1 if declarer in "NS" else -1
                assert ns_score(contract, declarer, vulnerability, tricks) == sign * expected
    for tricks in range(14):
        assert score_deal(contract, False, tricks) == _endplay_score(contract, "N", "None", tricks)
        assert score_deal(contract, True, tricks) == _endplay_score(contract, "N", "Both", tricks)


def test_board_dealer_and_vulnerability():
    names = {value: key for key, value in VULS.items()}
    for board in range(1, 65):
        assert board_vulnerability(board) == names[endplay_types.Vul.from_board(board)]
        assert board_dealer(board) == endplay_types.Player.from_board(board).abbr
