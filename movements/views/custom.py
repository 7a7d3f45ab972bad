"""Custom movements: save one from CSV, show it, download its CSV, delete it (refused while a section uses it)."""

from urllib.parse import urlencode

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from club.access import director_required
from movements import params
from movements.forms import CustomMovementForm
from movements.selectors import custom_or_404
from movements.services import delete_custom, save_custom
from movements.views import display


@director_required
def custom_create(request):
    form = CustomMovementForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            custom = save_custom(form=form)
        except ValidationError as error:  # the name was taken meanwhile
            form.add_error(None, error)
            return render(request, "movements/custom_form.html", {"form": form})
        if form.violations:
            messages.warning(
                request, _("Custom movement “%(name)s” saved although it is not sound.") % {"name": custom.name}
            )
        else:
            messages.success(request, _("Custom movement “%(name)s” saved.") % {"name": custom.name})
        return redirect("movements:custom_detail", pk=custom.pk)
    return render(request, "movements/custom_form.html", {"form": form})


@director_required
def custom_detail(request, pk):
    custom = custom_or_404(pk)
    context = {
        "custom": custom,
        "sections": custom.section_set.count(),
        "query": urlencode({"kind": "custom", "custom": custom.pk}),
    }
    try:
        movement = params.custom_movement(custom)
    except params.ChoiceError as error:  # its CSV was changed (in the admin) into something unreadable
        context["problems"] = error.errors.get("", [])
    else:
        context.update(display.summary_context(movement))
    return render(request, "movements/custom_detail.html", context)


@director_required
def custom_csv(request, pk):
    custom = custom_or_404(pk)
    response = HttpResponse(custom.csv_text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{slugify(custom.name) or "movement"}.csv"'
    return response


@director_required
@require_POST
def custom_delete(request, pk):
    custom = custom_or_404(pk)
    count = delete_custom(custom=custom)
    if count:
        messages.error(
            request,
            ngettext(
                "“%(name)s” is used by %(count)s section: choose another movement there before deleting it.",
                "“%(name)s” is used by %(count)s sections: choose another movement there before deleting it.",
                count,
            )
            % {"name": custom.name, "count": count},
        )
        return redirect("movements:custom_detail", pk=custom.pk)
    messages.success(request, _("Custom movement “%(name)s” deleted.") % {"name": custom.name})
    return redirect("movements:index")
