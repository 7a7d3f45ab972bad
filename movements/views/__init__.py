"""The movement pages of the director area: choose and preview a movement, print its cards, custom movements."""

from movements.views.custom import custom_create, custom_csv, custom_delete, custom_detail
from movements.views.preview import guide_cards, index, preview, table_cards

__all__ = [
    "custom_create",
    "custom_csv",
    "custom_delete",
    "custom_detail",
    "guide_cards",
    "index",
    "preview",
    "table_cards",
]
