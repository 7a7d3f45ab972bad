"""A line and a sit-out of the same pair on the same board, saved by two directors at the same moment: one is saved,
the other refused with its reason; the board never holds both (each service checks under the session's lock)."""

from functools import partial

from django.core.exceptions import ValidationError

from club.typed_result import read_typed_result
from events.entry.services.lines import save_line
from events.entry.services.sit_outs import add_sit_out
from events.models import SitOut, TravellerLine
from events.plans import section_plan
from tests.builders.concurrency import run_at_once
from tests.builders.sessions import club_night

BOARDS = 4


def test_a_line_and_a_sit_out_of_one_pair_at_the_same_moment_never_both_stand(database):
    _session, section = club_night()
    pairs = {pair.label: pair for pair in section.pairs.all()}
    plan = section_plan(section)
    for number in range(1, BOARDS + 1):
        board = section.boards.select_related("section__session").get(number=number)
        slot = plan.board_plays(number)[0]
        line = partial(
            save_line,
            board=board,
            ns_pair=pairs[slot.ns],
            ew_pair=pairs[slot.ew],
            result=read_typed_result(number, "3NT", "N", "9"),
        )
        sit_out = partial(add_sit_out, board=board, pair=pairs[slot.ns])
        _results, errors = run_at_once([line, sit_out], database)
        assert len(errors) == 1 and isinstance(errors[0], ValidationError), f"board {number}: {errors!r}"
        message = " ".join(errors[0].messages)
        assert "sits out board" in message or "has a result on board" in message
        saved = (TravellerLine.objects.filter(board=board).count(), SitOut.objects.filter(board=board).count())
        assert saved in ((1, 0), (0, 1)), f"board {number}: {saved}"
