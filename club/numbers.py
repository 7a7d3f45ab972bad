"""Numbers read leniently from a query string, a form or a file's cell: services, forms and views share it."""


def whole_number(text: str | None, low: int = 0, high: int | None = None) -> int | None:
    """`text` as a whole number from `low` to `high` (no upper limit when None), or None for anything else:
    bad input from a query string or a form is ignored, not an error."""
    text = (text or "").strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 18:  # 18 digits: past any id, short of int()'s limit
        return None
    value = int(text)
    return value if low <= value and (high is None or value <= high) else None
