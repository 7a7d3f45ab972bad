"""Director pages for checking a session before publishing, its status, and a line's change history."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from club.access import director_required
from events.checks.forms.checks import SessionLinesForm, SwapRoundForm, cleaned
from events.checks.selectors import checks
from events.checks.selectors.check_problems import problem_groups
from events.checks.services import fixes
from events.checks.services.corrections import reopen_session
from events.entry.selectors.line_history import load_line_history
from events.models import Session
from events.setup.forms.setup import ReopenForm, SessionStatusForm, status_initial
from events.setup.selectors.pairs_and_sections import session_or_404


def error_text(error: ValidationError) -> str:
    return " ".join(error.messages)


@director_required
def session_checks(request, session_id):
    session = session_or_404(session_id)
    problems = checks.session_problems(session)
    # A refused change of status comes back with what the director chose, not the status it had.
    choice = request.session.pop(status_choice_key(session), None)
    form = SessionStatusForm(initial=choice or status_initial(session))
    return render(
        request,
        "events/director/session_checks.html",
        {
            "session": session,
            "form": form,
            "reopen_form": ReopenForm(),
            "statuses": Session.Status,
            "blocking": [problem for problem in problems if problem.blocking],
            "groups": problem_groups(problems),
            "several_sections": session.sections.count() > 1,
        },
    )


def fix_swap_round(request, session):
    data = cleaned(SwapRoundForm(request.POST, session=session))
    count = fixes.swap_round(section=data["section"], table=data["table"], round_=data["round"], user=request.user)
    return ngettext("NS and EW swapped on %(count)d line.", "NS and EW swapped on %(count)d lines.", count) % {
        "count": count
    }


def fix_recompute(request, session):
    lines = cleaned(SessionLinesForm(request.POST, session=session))["lines"]
    fixes.recompute_lines(session=session, lines=lines, user=request.user)
    return ngettext("NS score recomputed on %(count)d line.", "NS score recomputed on %(count)d lines.", len(lines)) % {
        "count": len(lines)
    }


def fix_mark_checked(request, session):
    lines = cleaned(SessionLinesForm(request.POST, session=session))["lines"]
    fixes.mark_lines_checked(session=session, lines=lines, user=request.user)
    return ngettext("%(count)d line marked as checked.", "%(count)d lines marked as checked.", len(lines)) % {
        "count": len(lines)
    }


FIXES = {checks.SWAP_ROUND: fix_swap_round, checks.RECOMPUTE: fix_recompute, checks.MARK_CHECKED: fix_mark_checked}


@director_required
@require_POST
def apply_fix(request, session_id):
    session = session_or_404(session_id)
    fix = FIXES.get(request.POST.get("action", ""))
    if fix is None:
        messages.error(request, _("Unknown fix: nothing was changed."))
    else:
        try:
            messages.success(request, fix(request, session))
        except ValidationError as error:
            messages.error(request, error_text(error))
    return redirect("events:session_checks", session_id=session.pk)


def status_choice_key(session: Session) -> str:
    return f"events-status-choice-{session.pk}"


def keep_status_choice(request, session: Session) -> None:
    """Keeps the refused choice for the checks page the director is sent back to."""
    request.session[status_choice_key(session)] = {
        "status": request.POST.get("status", "")[:20],
        "corrections_until": request.POST.get("corrections_until", "")[:40],
    }


@director_required
@require_POST
def session_reopen(request, session_id):
    session = session_or_404(session_id)
    form = ReopenForm(request.POST)
    try:
        if not form.is_valid():
            raise ValidationError(form.errors["reason"])
        reopen_session(session=session, reason=form.cleaned_data["reason"], user=request.user)
    except ValidationError as error:
        messages.error(request, error_text(error))
    else:
        messages.success(
            request,
            _("The session is reopened for correction (provisional): correct it, then publish it final again."),
        )
    return redirect("events:session_checks", session_id=session.pk)


@director_required
@require_POST
def session_status(request, session_id):
    session = session_or_404(session_id)
    form = SessionStatusForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(str(error) for errors in form.errors.values() for error in errors))
        keep_status_choice(request, session)
        return redirect("events:session_checks", session_id=session.pk)
    try:
        session = fixes.set_status(
            session=session,
            status=form.cleaned_data["status"],
            corrections_until=form.cleaned_data["corrections_until"],
            user=request.user,
        )
    except ValidationError as error:
        messages.error(request, error_text(error))
        keep_status_choice(request, session)
    else:
        messages.success(request, _("The session is now: %(status)s.") % {"status": session.get_status_display()})
    return redirect("events:session_checks", session_id=session.pk)


@director_required
def line_history(request, line_id):
    history = load_line_history(line_id)
    if history is None:
        raise Http404(_("This line has no history."))
    return render(request, "events/director/line_history.html", history)
