"""Login throttling: django-axes, counting per account and per client address.

- `login_key` (AXES_USERNAME_CALLABLE): a failure is recorded under the account the typed identifier names
  (`accounts.identity.throttle_key`), not under what was typed: a username, its email in any case and its
  membership number are one account.
- `AccountThrottle` (AXES_HANDLER): axes' database handler, with AXES_LOCKOUT_PARAMETERS = ["username",
  "ip_address"] read as two separate limits. An account is locked after AXES_FAILURE_LIMIT failures from anywhere
  (its own name's and, for a couple, their shared email's: `throttle_keys`); a client address after
  LOGIN_ADDRESS_FAILURE_LIMIT failures on any accounts (a club room behind one address mistypes more than one
  person does). Both for AXES_COOLOFF_TIME.
"""

from __future__ import annotations

import ipaddress

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_parameters, get_client_username, get_failure_limit
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Sum

from accounts.identity import throttle_key, throttle_keys


def client_address(request) -> str | None:
    """AXES_CLIENT_IP_CALLABLE (and the email limits' client): REMOTE_ADDR, or behind TRUSTED_PROXIES proxies
    (nginx, Caddy: each appends the address it saw to X-Forwarded-For) the address the outermost of them saw.
    Without it, behind a proxy every visitor would be the proxy, and one address's limit would lock everyone."""
    remote = request.META.get("REMOTE_ADDR")
    count = settings.TRUSTED_PROXIES
    hops = [hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")][-count:] if count else []
    if len(hops) == count and count:
        try:
            return str(ipaddress.ip_address(hops[0]))
        except ValueError:
            pass
    return remote


def _typed(request, credentials) -> str | None:
    source = credentials if credentials else getattr(request, "data", None) or getattr(request, "POST", {})
    value = source.get(settings.AXES_USERNAME_FORM_FIELD)
    return None if value is None else str(value)


def login_key(request, credentials=None) -> str | None:
    """AXES_USERNAME_CALLABLE: the account a login attempt is counted against (cut to a username's length)."""
    return throttle_key(_typed(request, credentials))


def _keys(request, credentials) -> list[str]:
    typed = _typed(request, credentials)
    memo = request.__dict__.setdefault("_throttle_keys", {}) if request is not None else {}
    if typed not in memo:
        memo[typed] = throttle_keys(typed)
    return memo[typed]


class AccountThrottle(AxesDatabaseHandler):
    def filter_user_attempts(self, request, credentials=None):
        """[the account's attempts (under any of its keys), the address's attempts], as the parameters say."""
        username = get_client_username(request, credentials)
        address, agent = request.axes_ip_address, request.axes_user_agent
        filters = get_client_parameters(username, address, agent, request, credentials)
        attempts = []
        for filter_kwargs in filters:
            if "username" in filter_kwargs and username is not None:
                filter_kwargs = {**filter_kwargs}
                filter_kwargs.pop("username")
                filter_kwargs["username__in"] = _keys(request, credentials) or [username]
            attempts.append(AccessAttempt.objects.filter(**filter_kwargs))
        return attempts

    def reset_user_attempts(self, request, credentials=None) -> int:
        """After a successful login: the account's failures go, not its address's (axes would clear both, and one
        login to an attacker's own account would wipe the guesses made from there at another's)."""
        keys = _keys(request, credentials)
        return AccessAttempt.objects.filter(username__in=keys).delete()[0] if keys else 0

    def get_failures(self, request, credentials=None) -> int:
        """The failures that count, on the account's scale: an address reaches the account's limit when its own
        failures reach LOGIN_ADDRESS_FAILURE_LIMIT."""
        account_limit = get_failure_limit(request, credentials)
        allowance = max(0, settings.LOGIN_ADDRESS_FAILURE_LIMIT - account_limit)
        counted = []
        for parameter, attempts in zip(
            settings.AXES_LOCKOUT_PARAMETERS, self.get_user_attempts(request, credentials), strict=True
        ):
            failures = attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0
            counted.append(failures - allowance if parameter == "ip_address" else failures)
        return max(counted, default=0)
