"""Director pages: the session list, set-up of a session and its sections, pairs and players."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from club.access import director_required
from club.member_match import active_member_options, member_option
from club.models import Member
from club.redirects import return_url
from events.entry.selectors.progress import finished_slips, section_progress, slip_grid
from events.models import Pair
from events.plans import section_plan
from events.setup.forms.setup import MemberQuickForm, PairPlayersForm, SessionForm, section_formset
from events.setup.selectors.pairs_and_sections import newest_sessions, pairs_to_seat, session_or_404
from events.setup.services.setup import PlayersTyped, save_session, set_players
from movements.params import query_string
from roster.services.members import save_member


@director_required
def director_home(request):
    sessions = newest_sessions()
    return render(request, "events/director/home.html", {"sessions": sessions})


def session_form_page(request, session=None):
    form = SessionForm(request.POST or None, instance=session)
    formset = section_formset(request.POST or None, session)
    previewed = "preview" in request.POST and form.is_valid() and formset.is_valid()  # rounds and results, unsaved
    if (
        request.method == "POST"
        and not previewed
        and form.is_valid()
        and formset.is_valid()
        and save_session(form=form, formset=formset, director=request.user)
    ):
        messages.success(request, _("Session saved."))
        return redirect("events:session_setup", session_id=form.instance.pk)
    sections = []
    if session is not None:
        for section in session.sections.select_related("custom_movement", "session"):
            plan = section_plan(section)
            sections.append(
                {
                    "section": section,
                    "plan": plan,
                    "progress": section_progress(section),
                    "slips": slip_grid(plan, finished_slips(section, plan)),
                    "cards_query": cards_query(section),
                }
            )
    return render(
        request,
        "events/director/session_setup.html",
        {"form": form, "formset": formset, "session": session, "sections": sections, "previewed": previewed},
    )


def cards_query(section) -> str:
    """The section's movement as the movement pages' query string (empty without a movement)."""
    if section.kind == section.Kind.NONE:
        return ""
    return query_string(
        {
            "kind": section.kind,
            "tables": section.tables,
            "boards_per_round": section.boards_per_round,
            "rounds": section.rounds or "",
            "first_board": section.first_board,
            "even": section.even_tables,
            "arrows": section.arrow_switch_rounds,
            "phantom": "1" if section.phantom else "",
            "custom": section.custom_movement_id or "",
        }
    )


@director_required
def session_create(request):
    return session_form_page(request)


@director_required
def session_setup(request, session_id):
    return session_form_page(request, session_or_404(session_id))


def pair_forms(pairs: list[Pair], data) -> list[PairPlayersForm]:
    return [
        PairPlayersForm(
            data,
            prefix=f"p{pair.pk}",
            initial={
                "player1": member_option(pair.player1) if pair.player1_id else pair.player1_guest,
                "player1_guest": bool(pair.player1_guest),
                "player2": member_option(pair.player2) if pair.player2_id else pair.player2_guest,
                "player2_guest": bool(pair.player2_guest),
            },
        )
        for pair in pairs
    ]


def save_pair_forms(request, pairs: list[Pair], forms_: list[PairPlayersForm]) -> bool:
    """Saves the players of every pair the POST carried (others are left alone); False with the problems on the
    forms, or a message when the session is final."""
    sent = [(pair, form) for pair, form in zip(pairs, forms_, strict=True) if form.was_sent()]
    if not all(form.is_valid() for _pair, form in sent):
        return False
    try:
        problems = set_players(typed=[PlayersTyped(pair=pair, **form.cleaned_data) for pair, form in sent])
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return False
    by_pair = {pair.pk: form for pair, form in sent}
    for (pair_id, field), message in problems.items():
        by_pair[pair_id].add_error(field, message)
    return not problems


@director_required
def session_pairs(request, session_id):
    session = session_or_404(session_id)
    pairs = pairs_to_seat(session.pk)
    forms_ = pair_forms(pairs, request.POST or None)
    if request.method == "POST" and save_pair_forms(request, pairs, forms_):
        messages.success(request, _("Players saved."))
        return redirect("events:session_pairs", session_id=session.pk)
    return render(
        request,
        "events/director/session_pairs.html",
        {
            "session": session,
            "rows": list(zip(pairs, forms_, strict=True)),
            "members": active_member_options(),
            "member_form": MemberQuickForm(prefix="member"),
        },
    )


@director_required
@require_POST
def member_quick_add(request):
    form = MemberQuickForm(request.POST, prefix="member")
    back = return_url(request, request.POST.get("next", ""), "")
    if form.is_valid():
        try:
            member = save_member(member=Member(), fields=form.cleaned_data)
        except ValidationError as error:  # the number was taken meanwhile
            form.add_error(None, error)
        else:
            messages.success(
                request, _("%(name)s added: type their name or number in a pair.") % {"name": member_option(member)}
            )
            return HttpResponseRedirect(back or reverse("club:members"))
    return render(request, "events/director/member_quick_add.html", {"form": form, "next": back}, status=400)
