"""The checks page's one-click fixes and the session's status, each in one transaction that rescores
what it changed."""

from __future__ import annotations

from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club.bridge_messages import translate
from club.unit_of_work import MEMBER, SESSION, record_change
from events.checks.selectors.check_problems import CHECKED_REASON
from events.checks.selectors.checks import blocking_problems, describe, expected_ns_score, position
from events.checks.services.corrections import close_corrections, refuse_leaving_final
from events.checks.services.publication import session_published
from events.entry.services.locking import correction_reason, session_write
from events.models import Section, Session, TravellerLine
from events.plans import section_plan
from events.standings.services.member_summaries import members_of
from events.standings.services.rescoring import rescore_board, rescore_session


def locked_line(line: TravellerLine) -> TravellerLine:
    """The line, locked; called in a `session_write` block, which locked its session first."""
    return (
        TravellerLine.objects.select_for_update(of=("self",))
        .select_related("board__section__session", "ns_pair", "ew_pair")
        .get(pk=line.pk)
    )


@transaction.atomic
def swap_round(*, section: Section, table: int, round_: int, user=None) -> int:
    """Swaps NS and EW on every line played at `table` in `round_`; returns how many lines changed.

    The contract, declarer and score stay as entered: they belong to the seats, not to the pairs.
    """
    with session_write(section.session_id):
        section = Section.objects.select_related("session", "custom_movement").get(pk=section.pk)
        plan = section_plan(section)
        candidates = (
            TravellerLine.objects.select_for_update(of=("self",))
            .select_related("board", "ns_pair", "ew_pair")
            .filter(board__section=section)
            .filter(models.Q(round=round_, table=table) | models.Q(round__isnull=True) | models.Q(table__isnull=True))
        )
        lines = [line for line in candidates if position(plan, line) == (table, round_)]
        if not lines:
            raise ValidationError(
                _("Section %(section)s has no results at table %(table)s in round %(round)s.")
                % {"section": section.letter, "table": table, "round": round_}
            )
        boards = {}
        for line in lines:
            line.ns_pair, line.ew_pair = line.ew_pair, line.ns_pair
            slot = plan.find_play(line.board.number, line.ns_pair.label, line.ew_pair.label)
            if slot is not None:
                line.round = line.round if line.round is not None else slot.round
                line.table = line.table if line.table is not None else slot.table
            line._history_user = user
            line._change_reason = correction_reason(section.session_id) or None
            line.version += 1  # locked above: a page drawn before the swap is stale
            line.save()
            line.board.section = section
            boards[line.board_id] = line.board
        for board in boards.values():
            rescore_board(board=board, plan=plan)
        return len(lines)


@transaction.atomic
def recompute_line(*, line: TravellerLine, user=None) -> TravellerLine:
    """Sets a played line's NS score to what its contract, declarer and tricks score (the session's
    standings stored too, once for all when the caller recomputes several lines in its `session_write`)."""
    with session_write(line.board.section.session_id):
        line = locked_line(line)
        if line.adjusted or line.not_played or not line.contract:
            raise ValidationError(_("Only a played contract has a score to recompute."))
        try:
            line.ns_score = expected_ns_score(line)
        except ValueError as error:
            raise ValidationError(
                _("%(line)s cannot be scored: %(error)s.") % {"line": describe(line), "error": translate(error)}
            ) from error
        line._history_user = user
        line._change_reason = correction_reason(line.board.section.session_id) or None
        line.version += 1
        line.save()
        rescore_board(board=line.board)
        return line


@transaction.atomic
def recompute_lines(*, session: Session, lines: list[TravellerLine], user=None) -> None:
    """`recompute_line` for each line of the session, its standings stored once."""
    with session_write(session.pk):
        for line in lines:
            recompute_line(line=line, user=user)


@transaction.atomic
def mark_checked(*, line: TravellerLine, user=None) -> TravellerLine:
    """Records that the director has checked a flagged line: its problems no longer block publishing."""
    with session_write(line.board.section.session_id):
        line = locked_line(line)
        line.checked = True
        line._history_user = user
        line._change_reason = CHECKED_REASON
        line.save()  # nothing scored changes: the board's points and the standings stay the same
        return line


@transaction.atomic
def mark_lines_checked(*, session: Session, lines: list[TravellerLine], user=None) -> None:
    """`mark_checked` for each line of the session, in one transaction."""
    with session_write(session.pk):
        for line in lines:
            mark_checked(line=line, user=user)


@transaction.atomic
def set_status(*, session: Session, status: str, corrections_until: datetime | None = None, user=None) -> Session:
    """Moves a session to in progress, provisional (corrections accepted until a given time) or final.

    Publishing (provisional or final) is refused with a ValidationError while blocking problems remain.
    """
    if status not in Session.Status.values:
        raise ValidationError({"status": _("Unknown status %(status)s.") % {"status": status}})
    if corrections_until is not None and timezone.is_naive(corrections_until):
        corrections_until = timezone.make_aware(corrections_until)
    if status == Session.Status.PROVISIONAL:
        if corrections_until is None:
            raise ValidationError({"corrections_until": _("Give the end of the correction period.")})
        if corrections_until <= timezone.now():
            raise ValidationError({"corrections_until": _("The end of the correction period must be in the future.")})
    session = Session.objects.select_for_update().get(pk=session.pk)
    refuse_leaving_final(session, status)
    if status != Session.Status.IN_PROGRESS:
        blocking = blocking_problems(session)
        if blocking:
            raise ValidationError(
                ngettext(
                    "Not published: %(count)d blocking problem remains. See the checks page: fix it or, where the "
                    "result stands as entered, mark it checked.",
                    "Not published: %(count)d blocking problems remain. See the checks page: fix them or, where the "
                    "result stands as entered, mark them checked.",
                    len(blocking),
                )
                % {"count": len(blocking)},
                code="blocking",
            )
        rescore_session(session=session)
    session.status = status
    if status == Session.Status.IN_PROGRESS:
        session.corrections_until = None
    elif corrections_until is not None:
        session.corrections_until = corrections_until
    session._history_user = user
    session.save()
    if status == Session.Status.FINAL:
        close_corrections(session)
    members = members_of(session_ids=[session.pk])  # published or taken back: counted in its members' pages or not
    record_change(MEMBER, *sorted(members), stale=True)
    record_change(SESSION, session.pk)  # published or taken back: on the home and member pages, or no longer
    if status != Session.Status.IN_PROGRESS:
        session_published(session.pk)  # e.g. the results emails, once this commits
    return session
