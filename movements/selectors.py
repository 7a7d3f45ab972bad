"""The movements pages' reads: the custom movements."""

from __future__ import annotations

from django.shortcuts import get_object_or_404

from movements.models import CustomMovement


def custom_choices() -> list[tuple[int, str]]:
    """Every custom movement's id and name, for the movement choice."""
    return list(CustomMovement.objects.values_list("pk", "name"))


def customs_listed() -> list[CustomMovement]:
    """Every custom movement, without its CSV."""
    return list(CustomMovement.objects.defer("csv_text"))


def custom_or_404(pk: int) -> CustomMovement:
    return get_object_or_404(CustomMovement, pk=pk)
