"""Template filters of the movement pages."""

from django import template

from movements.views.display import tables_text

register = template.Library()


@register.filter
def table_list(tables) -> str:
    """Table numbers as a list in the reader's language: (1, 8) → "1 & 8" ("1 y 8" in Spanish)."""
    return tables_text(tuple(tables))
