"""A session as USEBIO plain data (`interchange.usebio.UsebioEvent`), for `interchange.usebio_write`."""

from __future__ import annotations

from deals import Hands
from events.models import BoardDeal, Pair, Session, SitOut, TravellerLine
from interchange.usebio import UsebioEvent, UsebioLine, UsebioPair, UsebioPlayer, UsebioSitOut


def _players(pair: Pair) -> tuple[UsebioPlayer, ...]:
    players = []
    for slot in (1, 2):
        member = getattr(pair, f"player{slot}")
        if member is not None:
            players.append(UsebioPlayer(member.real_name, member.number or ""))
        elif getattr(pair, f"player{slot}_guest"):
            players.append(UsebioPlayer(getattr(pair, f"player{slot}_guest")))
    return tuple(players)


def _cells(line: TravellerLine) -> dict[str, str]:
    if line.not_played:
        score = "NP"
    elif line.adjusted:
        score = line.adjusted
    else:
        score = "" if line.ns_score is None else str(line.ns_score)
    return {
        "CONTRACT": line.contract,
        "PLAYED_BY": line.declarer,
        "LEAD": line.lead,
        "TRICKS": "" if line.tricks is None else str(line.tricks),
        "SCORE": score,
    }


def _hands(session: Session) -> dict[int, Hands]:
    """The deals of the session's boards that have traveller lines, by board number (its sections play the same
    boards); a deal of a board not played stays out, as the file's boards are its played ones."""
    deals = BoardDeal.objects.filter(board__section__session=session, board__lines__isnull=False).distinct()
    deals = deals.select_related("board")
    return {deal.board.number: deal.deal for deal in deals.order_by("board__number", "pk")}


def usebio_event(session: Session) -> UsebioEvent:
    """Every section, pair (with its stored standing), traveller line, sit-out and deal of the session, in five
    queries."""
    sections = tuple(session.sections.order_by("letter").values_list("letter", flat=True))
    pairs = Pair.objects.filter(section__session=session).select_related("section", "player1", "player2")
    lines = (
        TravellerLine.objects.filter(board__section__session=session)
        .select_related("board__section", "ns_pair", "ew_pair")
        .order_by("board__section__letter", "board__number", "pk")
    )
    return UsebioEvent(
        name=session.name,
        date=session.date,
        event_type="",
        scoring=session.scoring,
        scale=None if session.uses_imps else session.scale,
        sections=sections,
        pairs=tuple(
            UsebioPair(
                pair.section.letter,
                pair.number,
                pair.direction,
                _players(pair),
                pair.place,
                pair.score if pair.boards else None,
                100 * pair.score / pair.maximum if pair.maximum and not session.uses_imps else None,
                None if pair.masterpoints is None else float(pair.masterpoints),
                pair.masterpoint_type,
            )
            for pair in pairs.order_by("section__letter", "direction", "number")
        ),
        lines=tuple(
            UsebioLine(
                line.board.section.letter,
                line.board.number,
                line.ns_pair.number,
                line.ew_pair.number,
                _cells(line),
                line.ns_points,
                line.ew_points,
            )
            for line in lines
        ),
        hands=_hands(session),
        sit_outs=tuple(
            UsebioSitOut(sit_out.board.section.letter, sit_out.board.number, sit_out.pair.number, _side(sit_out.pair))
            for sit_out in SitOut.objects.filter(board__section__session=session)
            .select_related("board__section", "pair")
            .order_by("board__section__letter", "board__number", "pair__direction", "pair__number")
        ),
    )


def _side(pair: Pair) -> str:
    """The column a sitting pair is written in: its own direction (a Howell pair's NS)."""
    return "EW" if pair.direction == "EW" else "NS"
