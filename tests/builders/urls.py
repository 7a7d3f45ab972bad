"""The site's plain pages: every named URL without arguments (the admin's aside), for site-wide tests."""

from django.urls import URLPattern, URLResolver, get_resolver

# URLs that only accept POST or that are not pages (the language switch and /favicon.ico answer with a redirect,
# the roster's export is a CSV download, /healthz is JSON for a monitor, reader.json a reader's personal parts).
NOT_PAGES = {
    "club:healthz",
    "events:reader",
    "logout",
    "set_language",
    "club:language",
    "club:favicon",
    "events:member_quick_add",
    "roster:roster_import_confirm",
    "roster:role_revoke",
    "roster:roster_export",
    "accounts:invite",
}


def named_urls_without_arguments(resolver=None, namespace=""):
    resolver = resolver or get_resolver()
    for pattern in resolver.url_patterns:
        if isinstance(pattern, URLResolver):
            if pattern.namespace == "admin":
                continue
            yield from named_urls_without_arguments(pattern, pattern.namespace or namespace)
        elif isinstance(pattern, URLPattern) and pattern.name and not pattern.pattern.regex.groups:
            yield f"{namespace}:{pattern.name}" if namespace else pattern.name


PAGES = sorted(set(named_urls_without_arguments()) - NOT_PAGES)
