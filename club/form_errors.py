"""A refusal put on the form it answers: each message of a `ValidationError` next to its field, or above the form
when it names no field of it. Services that check a page of rows put their refusals there (they import no form)."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError


def add_errors(form: forms.Form, error: ValidationError) -> None:
    """Puts each message next to its field, or above the row when the row has no such field."""
    if hasattr(error, "error_dict"):
        for field, messages in error.message_dict.items():
            form.add_error(field if field in form.fields else None, messages)
    else:
        form.add_error(None, error.messages)
