"""Hand records for tests: sample deals, PBN texts, and DDS results computed once per deal per test process.

DDS takes a second or more a deal on a busy machine, so `club.hand_analysis`'s `analyse` is wrapped (for every test)
by `CachedAnalysis`: the real endplay results, each deal solved once, and a count of the deals sent to DDS.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from deals import Hands, decode, read_deal
from deals.analysis import Analysis, analyse

# The PBN standard and its sample files, next to the repository (../shared/reference/pbn/).
REFERENCE = Path(__file__).resolve().parents[2].parent / "shared" / "reference" / "pbn"
needs_reference = pytest.mark.skipif(not REFERENCE.is_dir(), reason=f"the PBN reference files are not in {REFERENCE}")


def sample(name: str) -> str:
    """A reference PBN file's text."""
    return decode((REFERENCE / name).read_bytes())


# correct_21.pbn game 1 (../shared/reference/pbn/): its OptimumResultTable and OptimumScore "NS 100" are there.
PUBLISHED = read_deal(1, "N:4.KJ32.842.AQ743 JT987.Q876.AK5.2 AK532.T.JT6.T985 Q6.A954.Q973.KJ6")
# Every card in one suit: N spades, E hearts, S diamonds, W clubs (tricks and par worked by hand).
ONE_SUIT_EACH = Hands("AKQJT98765432...", ".AKQJT98765432..", "..AKQJT98765432.", "...AKQJT98765432")
# Each suit dealt round the table from a different seat, the ace first: 10 HCP a hand.
ROUND_THE_TABLE = read_deal(1, "N:AT62.J73.Q84.K95 K95.AT62.J73.Q84 Q84.K95.AT62.J73 J73.Q84.K95.AT62")
SIX_BOARDS = {
    1: PUBLISHED,
    2: ONE_SUIT_EACH,
    3: ROUND_THE_TABLE,
    4: read_deal(4, "W:KJ3.A52.KJ94.843 965.KQJT96.A73.7 8742.8743.T865.T AQT..Q2.AKQJ9652"),
    5: read_deal(5, "N:J.7542.Q5.JT8654 QT753.QT63.AJ2.K A9862.K.K986.972 K4.AJ98.T743.AQ3"),
    6: read_deal(6, "E:643.KQ.96.AK9432 T852.A52.A82.J85 AK9.JT9874.KJ7.6 QJ7.63.QT543.QT7"),
}  # boards 4-6 are correct_20.pbn's


def pbn_text(boards: dict[int, Hands], newline: str = "\n") -> str:
    games = [f'[Board "{number}"]{newline}[Deal "{deal.pbn()}"]' for number, deal in sorted(boards.items())]
    return (newline * 2).join(games) + newline


class CachedAnalysis:
    """`deals.analysis.analyse` with each (board, deal) solved once; ``solved`` counts the deals sent to DDS."""

    cache: dict[tuple[int, Hands], Analysis] = {}

    def __init__(self) -> None:
        self.solved = 0
        self.calls = 0

    def __call__(self, boards):
        self.calls += 1
        self.solved += len(boards)
        missing = [item for item in boards if item not in self.cache]
        self.cache.update(zip(missing, analyse(missing), strict=True))
        return [self.cache[item] for item in boards]


@pytest.fixture(autouse=True)
def cached_analysis(monkeypatch) -> CachedAnalysis:
    wrapper = CachedAnalysis()
    monkeypatch.setattr("club.hand_analysis.analyse", wrapper)
    return wrapper


PAR_BOARDS = (1, 2, 3)  # the boards `dealt` gives deals: par for NS +100, +2210 and +80


def dealt(session, analysed: bool = True):
    """The session with the deals of boards 1-3 (SIX_BOARDS) stored through the services, analysed by default (the
    services imported here: this module is a pytest plugin, loaded before Django is set up)."""
    from club.hand_analysis import analyse_pending
    from events.hands.services.hands import store_deals
    from events.standings.services.member_summaries import refresh_stale_member_summaries

    store_deals(session=session, deals={number: SIX_BOARDS[number] for number in PAR_BOARDS})
    if analysed:
        analyse_pending()
    refresh_stale_member_summaries()  # the task the analysis' marks enqueued, run as the worker does
    return session
