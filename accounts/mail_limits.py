"""How many emails a visitor can make the site send: claim links, password resets and email-change confirmations,
counted per address they go to and per client address that asked, in the cache (shared by the processes as the
page cache is; `clubsite.settings.cache_settings`).

The limits (settings): MAIL_LIMIT_PER_ADDRESS (3) requests for one address and MAIL_LIMIT_PER_CLIENT (10) from one
client address, of each kind, per MAIL_LIMIT_WINDOW seconds (3600; fixed windows: at most twice a limit across a
window's edge). A request over either limit sends nothing and is told so, whether the address is known or not: the
limit is counted on what was typed, so it tells nothing about who is on the roster.
"""

from __future__ import annotations

import hashlib
import time

from axes.helpers import get_client_ip_address
from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext as _

CLAIM = "claim"
RESET = "reset"
EMAIL_CHANGE = "email"


def _count(key: str, window: int) -> int:
    """One more request under `key` in this window (the window's number is in the key: no expiry to keep)."""
    key = f"mail-limit:{key}:{int(time.time() // window)}"
    cache.add(key, 0, timeout=window)
    try:
        return cache.incr(key)
    except ValueError:  # evicted between add and incr
        cache.set(key, 1, timeout=window)
        return 1


def allowed(*, kind: str, address: str, request) -> bool:
    """Counts this request for `address` (any case) and for the client; False once either is over its limit."""
    window = settings.MAIL_LIMIT_WINDOW
    digest = hashlib.sha256(address.strip().casefold().encode()).hexdigest()
    client = get_client_ip_address(request) or "unknown"
    for_address = _count(f"{kind}:to:{digest}", window)
    from_client = _count(f"{kind}:from:{client}", window)
    return for_address <= settings.MAIL_LIMIT_PER_ADDRESS and from_client <= settings.MAIL_LIMIT_PER_CLIENT


def refused_message() -> str:
    return _("Too many emails asked for this address or from your connection: nothing was sent. Try again in an hour.")
