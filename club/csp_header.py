"""The Content-Security-Policy header, built once (settings.CONTENT_SECURITY_POLICY) instead of on every response.

django-csp's middleware builds the policy string twice on every response (the policy and the report-only one),
each time from a deep copy of its parts: about 0.1 ms of CPU a request, a twentieth of a phone's `304` poll over
HTTP (bench/bench_table.py). The site's responses all send the same policy: no view changes it (no `csp_update`,
`csp_replace`, `csp_exempt` decorators) and no template asks for a nonce. This middleware sends the very header
django-csp would send, built once per settings (again when a test overrides them); a response or request that
customises the policy (a decorator's attributes, a nonce used) goes through django-csp's own code, unchanged.
"""

from __future__ import annotations

from functools import cache

from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CheckableLazyObject, CSPMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver

# What a decorator or a view sets on a response to change its policy (django-csp's get_policy_parts reads them).
CUSTOMISED = tuple(f"_csp_{part}{kind}" for part in ("config", "update", "replace", "exempt") for kind in ("", "_ro"))


@cache
def _policies() -> tuple[str, str]:
    """(the policy, the report-only policy) as django-csp builds them from the settings alone."""
    return build_policy(), build_policy(report_only=True)


@receiver(setting_changed)
def _settings_changed(*, setting: str, **kwargs) -> None:
    if setting.startswith("CONTENT_SECURITY_POLICY"):
        _policies.cache_clear()


def _excluded(request, name: str) -> bool:
    prefixes = (getattr(settings, name, None) or {}).get("EXCLUDE_URL_PREFIXES", None) or ()
    return request.path_info.startswith(tuple(prefixes))


class PolicyOnceMiddleware(CSPMiddleware):
    """django-csp's CSPMiddleware with the settings' policy built once (see the module's docstring)."""

    def process_response(self, request, response):
        customised = getattr(request, "_csp_nonce", None) is not None or any(
            hasattr(response, name) for name in CUSTOMISED
        )
        if customised or (settings.DEBUG and response.status_code in (404, 500)):
            return super().process_response(request, response)
        policy, report_only = _policies()
        for header, value, name in (
            (HEADER, policy, "CONTENT_SECURITY_POLICY"),
            (HEADER_REPORT_ONLY, report_only, "CONTENT_SECURITY_POLICY_REPORT_ONLY"),
        ):
            if value and header not in response and not _excluded(request, name):
                response[header] = value
        # As django-csp does: a nonce asked for after the header is written raises (it could not be in the policy).
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)
        return response
