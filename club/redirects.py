"""Where a page goes back to after a form: a `next` address the visitor sent, only when it is a page of this site."""

from django.http import HttpRequest
from django.utils.http import url_has_allowed_host_and_scheme


def return_url(request: HttpRequest, candidate: str, default: str) -> str:
    """`candidate` if it is a path on this site ("/..."), else `default` (an address, not a view name: a `next`
    value such as "members" must not be taken for a URL pattern's name)."""
    candidate = str(candidate or "")
    safe = candidate.startswith("/") and url_has_allowed_host_and_scheme(
        candidate, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return candidate if safe else default
