"""A write that a unique constraint may refuse because someone else wrote the same key a moment before (two
directors adding one membership number at once, a form posted from two tabs): its form checked the key, but the
other write committed between that check and this one.

`with refused_if_taken(errors):` runs the block in a savepoint; when the database refuses it (IntegrityError), the
savepoint is rolled back (the surrounding transaction stays usable) and a ValidationError carrying `errors` (a
message, or {field: message} for the form's fields) is raised instead, for the view to show on its form.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction


@contextmanager
def refused_if_taken(errors: str | dict[str, str]) -> Iterator[None]:
    try:
        with transaction.atomic():
            yield
    except IntegrityError:
        raise ValidationError(errors) from None
