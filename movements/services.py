"""Writes of the movements app: custom movements."""

from __future__ import annotations

from django.db.models import ProtectedError
from django.utils.translation import gettext as _

from club.duplicates import refused_if_taken
from movements.models import CustomMovement


def save_custom(*, form) -> CustomMovement:
    """Saves a custom movement from its valid form; a name another director gave a movement since the form's check
    is a ValidationError on the name (nothing saved)."""
    name = form.cleaned_data["name"]
    with refused_if_taken({"name": _("A custom movement called “%(name)s” was saved a moment ago.") % {"name": name}}):
        return form.save()


def delete_custom(*, custom: CustomMovement) -> int:
    """Deletes a custom movement; refused while sections use it: returns how many do (0 once deleted)."""
    try:
        custom.delete()
    except ProtectedError as error:
        return len(error.protected_objects)
    return 0
