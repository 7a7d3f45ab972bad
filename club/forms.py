"""Helpers shared by the apps' forms and views."""

from django import forms
from django.core.exceptions import ValidationError

from club.numbers import whole_number  # noqa: F401  (the forms' and views' reading of numbers: its home is club.numbers)


def add_errors(form: forms.Form, error: ValidationError) -> None:
    """Puts each message next to its field, or above the row when the row has no such field."""
    if hasattr(error, "error_dict"):
        for field, messages in error.message_dict.items():
            form.add_error(field if field in form.fields else None, messages)
    else:
        form.add_error(None, error.messages)
