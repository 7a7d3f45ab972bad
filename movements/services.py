"""Writes of the movements app: custom movements."""

from __future__ import annotations

from django.db.models import ProtectedError

from movements.models import CustomMovement


def delete_custom(*, custom: CustomMovement) -> int:
    """Deletes a custom movement; refused while sections use it: returns how many do (0 once deleted)."""
    try:
        custom.delete()
    except ProtectedError as error:
        return len(error.protected_objects)
    return 0
