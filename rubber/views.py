"""The scorepad: starting a rubber at a table, entering and correcting its deals, stopping it."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from . import selectors, services
from . import sheet as pad
from .forms import DealForm, StartForm, VersionForm
from .models import Scorepad, Side

MAX_ID = 2**31 - 1


def _conflict_message() -> str:
    return _(
        "Someone else changed this sheet while you were typing: it is shown as it is now. "
        "Your entry was not saved; check it and send it again."
    )


def _rubber(pk: int) -> Scorepad:
    if pk > MAX_ID:
        raise Http404
    return selectors.sheet_or_404(pk)


def _editable(request, pk: int) -> Scorepad:
    rubber = _rubber(pk)
    if not services.can_edit(request.user, rubber):
        raise PermissionDenied
    return rubber


def _context(request, rubber: Scorepad, form=None, editing: int | None = None) -> dict:
    result = rubber.build_sheet()
    seats = rubber.seats()
    editable = services.can_edit(request.user, rubber)
    if form is None and editable and not result.over:
        form = DealForm(initial={"version": rubber.version})
    names = {
        side: " – ".join(str(seats[s]) for s in pad.SEATS if s in seats and pad.SIDE_OF_SEAT[s] == side)
        for side in pad.SIDES
    }
    if form is not None:
        form.fields["side"].choices = [(side, f"{label} ({names[side]})") for side, label in Side.choices]
    return {
        "rubber": rubber,
        "sheet": result,
        "seats": seats,
        "form": form,
        "editable": editable,
        "can_confirm": services.can_confirm(request.user, rubber),
        "editing": editing,
        "full": services.sheet_message(pad.SheetError("too_many", len(result.rows)))
        if len(result.rows) >= pad.MAX_DEALS
        else "",
        "names": names,
        "above": [result.above("We"), result.above("They")],
        "next_dealer_name": seats.get(result.next_dealer) if result.next_dealer else None,
        "score_we": rubber.score_of("We"),
        "score_they": rubber.score_of("They"),
    }


def scorepad(request, pk: int):
    """The sheet (public); a player or the director adds the next deal from it."""
    rubber = _rubber(pk)
    if request.method != "POST":
        return render(request, "rubber/pad.html", _context(request, rubber))
    if not services.can_edit(request.user, rubber):
        raise PermissionDenied
    form = DealForm(request.POST)
    if form.is_valid() and "deal" in form.cleaned_data:
        try:
            number = services.save_deal(
                rubber=rubber,
                number=None,
                deal=form.cleaned_data["deal"],
                version=form.cleaned_data["version"],
                by=request.user,
            )
        except ValidationError as error:
            form.add_error(None, error)
        except services.Conflict:
            form.add_error(None, _conflict_message())
            rubber = _rubber(pk)
            form.data = form.data.copy()
            form.data["version"] = rubber.version
        else:
            messages.success(request, _("Deal %(deal)s saved.") % {"deal": number})
            return redirect("rubber:pad", pk=pk)
    return render(request, "rubber/pad.html", _context(request, rubber, form), status=400)


def edit_deal(request, pk: int, number: int):
    rubber = _editable(request, pk)
    deals = list(rubber.deals.all())
    if not 1 <= number <= len(deals):
        raise Http404
    deal = deals[number - 1]
    if request.method != "POST":
        honours = f"{deal.honours_side} {deal.honours}" if deal.honours_side else ""
        form = DealForm(
            initial={
                "side": deal.side,
                "contract": deal.contract,
                "honours": honours,
                "tricks": "" if deal.tricks is None else deal.tricks,
                "version": rubber.version,
            }
        )
        return render(
            request, "rubber/deal_form.html", {**_context(request, rubber, form, number), "last": number == len(deals)}
        )
    form = DealForm(request.POST)
    if form.is_valid() and "deal" in form.cleaned_data:
        try:
            services.save_deal(
                rubber=rubber,
                number=number,
                deal=form.cleaned_data["deal"],
                version=form.cleaned_data["version"],
                by=request.user,
            )
        except ValidationError as error:
            form.add_error(None, error)
        except services.Conflict:
            form.add_error(None, _conflict_message())
            rubber = _rubber(pk)
            form.data = form.data.copy()
            form.data["version"] = rubber.version
        else:
            messages.success(request, _("Deal %(deal)s corrected: the sheet is recomputed.") % {"deal": number})
            return redirect("rubber:pad", pk=pk)
    return render(
        request,
        "rubber/deal_form.html",
        {**_context(request, rubber, form, number), "last": number == len(deals)},
        status=400,
    )


def _versioned(request, rubber: Scorepad, action) -> bool:
    """Runs ``action(version)`` from a posted version; puts the outcome in messages; True when it worked."""
    form = VersionForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("The page was out of date: nothing was changed. Try again."))
        return False
    try:
        action(form.cleaned_data["version"])
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    except services.Conflict:
        messages.error(
            request,
            _("Someone else changed this sheet in the meantime: nothing was changed. Check the sheet and try again."),
        )
    else:
        return True
    return False


@require_POST
def delete_deal(request, pk: int, number: int):
    rubber = _editable(request, pk)

    def delete_last(version: int) -> None:
        services.delete_last_deal(rubber=rubber, number=number, version=version, by=request.user)

    if _versioned(request, rubber, delete_last):
        messages.success(request, _("Deal %(deal)s deleted.") % {"deal": number})
    return redirect("rubber:pad", pk=pk)


@require_POST
def stop(request, pk: int):
    """Stops an unfinished rubber (``ended=1``) or lets it go on (``ended=0``)."""
    rubber = _editable(request, pk)
    ended = request.POST.get("ended") == "1"

    def settle(version: int) -> None:
        services.set_ended(rubber=rubber, ended=ended, version=version, by=request.user)

    if _versioned(request, rubber, settle):
        messages.success(request, _("The rubber is settled as unfinished.") if ended else _("The rubber goes on."))
    return redirect("rubber:pad", pk=pk)


@require_POST
def confirm(request, pk: int):
    """Another player at the table (through their account) or a director confirms the sheet as they read it: from
    then on it counts in the evening's table and the league."""
    rubber = _rubber(pk)
    if rubber.counted and request.user.is_authenticated:  # a double click, or confirmed by someone else meanwhile
        messages.info(request, _("This sheet is already confirmed: it counts in the evening's table."))
        return redirect("rubber:pad", pk=pk)
    if not services.can_confirm(request.user, rubber):
        raise PermissionDenied
    if _versioned(request, rubber, lambda version: services.confirm(rubber=rubber, user=request.user, version=version)):
        messages.success(request, _("Confirmed: the sheet counts in the evening's table."))
    return redirect("rubber:pad", pk=pk)


def start(request):
    """A new rubber or Chicago; ``?after=<id>`` seats the same table for the next one.

    Visitors see how to log in; what they post goes to the login page and saves nothing."""
    if not request.user.is_authenticated:
        if request.method == "POST":
            return redirect_to_login(request.get_full_path())
        return render(request, "rubber/start.html", {"form": None})
    after = _after(request)
    if request.method == "POST":
        form = StartForm(request.POST)
        if form.is_valid():
            data = form.cleaned_data
            rubber = services.start(
                user=request.user,
                kind=data["kind"],
                played_on=data["played_on"],
                first_dealer=data["first_dealer"],
                players=data["players"],
                follows=after,
            )
            return redirect("rubber:pad", pk=rubber.pk)
        return render(request, "rubber/start.html", {"form": form, "after": after}, status=400)
    return render(request, "rubber/start.html", {"form": StartForm(initial=_initial(after)), "after": after})


def _after(request) -> Scorepad | None:
    text = request.GET.get("after") or request.POST.get("after") or ""
    if not text.isascii() or not text.isdigit() or len(text) > 9:
        return None
    rubber = selectors.sheet(int(text))
    if rubber is None or not services.can_edit(request.user, rubber):
        return None
    return rubber


def _initial(after: Scorepad | None) -> dict:
    if after is None:
        return {}
    seats, dealer = services.next_seating(after)
    initial = {"kind": after.kind, "played_on": after.played_on, "first_dealer": dealer}
    for seat, player in seats.items():
        if player is None:
            continue
        if player.member_id:
            initial[f"{seat}_member"] = player.member_id
        else:
            initial[f"{seat}_guest"] = player.name
    return initial


def delete(request, pk: int):
    rubber = _editable(request, pk)
    if request.method == "POST":
        day = rubber.played_on
        services.delete(rubber=rubber)
        messages.success(request, _("The sheet is deleted."))
        return redirect("rubber:evening", day=day.isoformat())
    return render(request, "rubber/delete.html", {"rubber": rubber})
