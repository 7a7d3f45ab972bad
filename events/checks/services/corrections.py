"""Correcting a final session: the director reopens it with a reason (a deliberate act, recorded), corrects it,
and publishes it final again; the public pages then say "corrected on <date>: <reason>"."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club.unit_of_work import SESSION, record_change
from events.entry.services.locking import history_reason
from events.models import Correction, Session

REASON_LENGTH = Correction._meta.get_field("reason").max_length


@transaction.atomic
def reopen_session(*, session: Session, reason: str, user=None) -> Correction:
    """Reopens a final session for correction: provisional again (public, labelled provisional) with the reason
    recorded; `set_status` to final closes the correction."""
    reason = " ".join(str(reason).split())
    if not reason:
        raise ValidationError({"reason": _("Give the reason for the correction: the public pages show it.")})
    if len(reason) > REASON_LENGTH:
        raise ValidationError(
            {"reason": _("Say the reason in at most %(limit)s characters.") % {"limit": REASON_LENGTH}}
        )
    session = Session.objects.select_for_update().get(pk=session.pk)
    if session.status != Session.Status.FINAL:
        raise ValidationError(_("Only a final session is reopened: this one can be corrected as it is."))
    correction = Correction.objects.create(session=session, reason=reason, reopened_at=timezone.now(), reopened_by=user)
    session.status = Session.Status.PROVISIONAL
    session._history_user = user
    session._change_reason = history_reason(reason)
    session.save()
    record_change(SESSION, session.pk)
    return correction


def refuse_leaving_final(session: Session, status: str) -> None:
    """A final session changes status only by being reopened with a reason (`reopen_session`)."""
    if session.status == Session.Status.FINAL and status == Session.Status.FINAL:
        raise ValidationError({"status": _("The session is already final.")})
    if session.status == Session.Status.FINAL:
        raise ValidationError(
            {"status": _("A final session is changed only by reopening it, with the reason for the correction.")}
        )


def close_corrections(session: Session) -> None:
    """The session is final again: its open correction is done, and the public pages show the latest one (kept on
    the session, so that showing it costs no query)."""
    correction = session.corrections.filter(closed_at__isnull=True).order_by("-reopened_at", "-pk").first()
    if correction is None:
        return
    now = timezone.now()
    session.corrections.filter(closed_at__isnull=True).update(closed_at=now)
    Session.objects.filter(pk=session.pk).update(corrected_at=now, correction_reason=correction.reason)
    session.corrected_at, session.correction_reason = now, correction.reason
