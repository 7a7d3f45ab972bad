"""One scheduled play of a board entered, and found again, by the tests of the checks and their fixes."""

from club.typed_result import read_typed_result
from events.entry.services.lines import save_line
from events.models import TravellerLine


def pairs_of(section):
    return {pair.label: pair for pair in section.pairs.all()}


def board_of(section, number):
    found = section.boards.get(number=number)
    found.section = section
    return found


def enter_play(section, slot, contract="3NT", declarer="N", result="9", user=None):
    """Saves the result of the play `slot` (a BoardPlay) as a director would."""
    pairs = pairs_of(section)
    return save_line(
        board=board_of(section, slot.board),
        ns_pair=pairs[slot.ns],
        ew_pair=pairs[slot.ew],
        result=read_typed_result(slot.board, contract, declarer, result),
        user=user,
    )


def line_at(section, slot):
    return TravellerLine.objects.get(
        board__section=section, board__number=slot.board, round=slot.round, table=slot.table
    )
