"""Choosing a movement, its preview, and its printable table and guide cards (all from the GET parameters)."""

from django.shortcuts import render

from club.access import director_required
from movements import params
from movements.forms import MovementChoiceForm
from movements.selectors import custom_choices, customs_listed
from movements.views import display

DEFAULTS = {"kind": "mitchell", "boards_per_round": "2", "first_board": "1", "even": "skip"}


def chosen(request) -> MovementChoiceForm:
    """The form bound to the query string, validated: ``form.movement`` is set when the parameters are good."""
    form = MovementChoiceForm(request.GET, custom_choices=custom_choices())
    form.is_valid()
    return form


def refused(request, form):
    """Bad parameters: the form again with its messages (status 200, what was typed kept)."""
    return render(request, "movements/preview.html", {"form": form, "query": params.query_string(request.GET)})


@director_required
def index(request):
    customs = customs_listed()
    initial = {**DEFAULTS, **{name: request.GET[name] for name in params.PARAMETERS if request.GET.get(name)}}
    form = MovementChoiceForm(initial=initial, custom_choices=[(c.pk, c.name) for c in customs])
    return render(request, "movements/index.html", {"form": form, "customs": customs})


@director_required
def preview(request):
    form = chosen(request)
    if form.movement is None:
        return refused(request, form)
    context = display.summary_context(form.movement)
    context.update(form=form, query=params.query_string(request.GET), choice=form.choice)
    return render(request, "movements/preview.html", context)


def _cards(request, template, build):
    """The printable cards ``build(movement)`` of the chosen movement, or the form again when it is refused."""
    form = chosen(request)
    if form.movement is None:
        return refused(request, form)
    return render(
        request,
        template,
        {
            "movement": form.movement,
            "title": display.title(form.movement),
            "cards": build(form.movement),
            "query": params.query_string(request.GET),
        },
    )


@director_required
def table_cards(request):
    return _cards(request, "movements/table_cards.html", display.table_cards)


@director_required
def guide_cards(request):
    return _cards(request, "movements/guide_cards.html", display.guide_cards)
