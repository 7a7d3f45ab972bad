"""Helpers shared by the apps' forms and views."""

from django import forms
from django.core.exceptions import ValidationError


def add_errors(form: forms.Form, error: ValidationError) -> None:
    """Puts each message next to its field, or above the row when the row has no such field."""
    if hasattr(error, "error_dict"):
        for field, messages in error.message_dict.items():
            form.add_error(field if field in form.fields else None, messages)
    else:
        form.add_error(None, error.messages)


def whole_number(text: str | None, low: int = 0, high: int | None = None) -> int | None:
    """`text` as a whole number from `low` to `high` (no upper limit when None), or None for anything else:
    bad input from a query string or a form is ignored, not an error."""
    text = (text or "").strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 18:  # 18 digits: past any id, short of int()'s limit
        return None
    value = int(text)
    return value if low <= value and (high is None or value <= high) else None
