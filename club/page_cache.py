"""Published pages kept whole in Django's cache: `@cached_page("events:session:{session_id}", ...)` on a view,
`pages_changed("events:session:7", ...)` from the services that write what those pages show.

A page is kept under its URL, the reader's language and the version of every *scope* it shows (a scope names
what a page reads: one session, every session, the members ...). A write never deletes pages: it gives each
scope it changes a new version, so that the pages keyed by the old one are never asked for again (the cache
drops them in time). The version moves when the write is made and again when its transaction commits, so a
page read from the database between the two is not kept under the final version.

A page is kept under the query parameters it reads (`reads`, each with how its value is read) and nothing else: for
a visitor the cache serves, every other parameter is dropped (`?utm_campaign=...`, a random one) and a value the page
would not read is dropped too (`?page=abc`), before the view sees the request, so that a flood of made-up query
strings is served the one page kept for them instead of filling the cache with copies of it.

Every reader's GET requests use the cache, a logged-in reader's too: a page is kept for each *class* of reader
(`reader_class`: a visitor; a logged-in reader, with the roles that change what the pages show: the director's
previews and links, the club admin's links, the real names), never for one person. What is personal on a page (the
navigation's name and account links, the reader's own rows, "your scorecard") is left out of a logged-in reader's
kept page (`request.shared_page` is True while it is made) and filled in by static/js/reader.js from the reader's
fragment (events' `reader` view); without JS the navigation shows a plain "Account" link. A page that is the
reader's own (`personal`, e.g. a member reading their own page) and a reader with a message to read (its cookie)
get the page made for them, and only a 200 response that sets no cookie is kept.
If the cache cannot be read the page is made as usual; if a version cannot be moved the write fails.
PAGE_CACHE_SECONDS (settings) is how long a page is kept; 0 turns the cache off.
"""

from __future__ import annotations

import hashlib
import logging
import re
import uuid
from collections.abc import Callable, Iterable
from functools import wraps

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.http import HttpRequest, HttpResponse, QueryDict
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language

from club.access import is_club_admin, is_director
from club.numbers import whole_number
from club.privacy import may_see_names
from club.tenancy import ALL, many_clubs, scoped_club

logger = logging.getLogger(__name__)

CLUB = "club"  # the members (names on every page)
MEMBER_PAGES = "member-pages"  # every member page: moved by every write of results in any app

_PREFIX = "pages"
MAX_PAGE = 100_000  # the largest page number a kept page's query may name


def number_from(low: int, high: int) -> Callable[[str], str | None]:
    """A query parameter read as a whole number from `low` to `high`, written the one way."""

    def read(text: str) -> str | None:
        value = whole_number(text, low, high)
        return None if value is None else str(value)

    return read


PAGED = {"page": number_from(1, MAX_PAGE)}  # a list's page number: what a paginated page reads
MAX_PATTERN_READS = 60  # the parameters one pattern of `reads` keeps at most (a session's tables' sort orders)


def one_of(names: Iterable[str], *, descending: bool = False) -> Callable[[str], str | None]:
    """A query parameter read as one of `names` (and "-name" too, with `descending`: a table's sort order)."""
    allowed = frozenset(names) | (frozenset(f"-{name}" for name in names) if descending else frozenset())

    def read(text: str) -> str | None:
        return text if text in allowed else None

    return read


Reads = dict["str | re.Pattern[str]", Callable[[str], "str | None"]]


def canonical_query(request: HttpRequest, reads: Reads) -> None:
    """Leaves on `request` only the parameters of `reads` whose values they read, each once, in `reads`' order; a
    key of `reads` may be a pattern (a table's sort order, `a-ns-sort`), matching at most MAX_PATTERN_READS names."""
    kept = QueryDict(mutable=True)
    for name_or_pattern, read in reads.items():
        if isinstance(name_or_pattern, str):
            names = [name_or_pattern]
        else:
            names = sorted(name for name in request.GET if name_or_pattern.fullmatch(name))[:MAX_PATTERN_READS]
        for name in names:
            value = read(request.GET.get(name, ""))
            if value is not None:
                kept[name] = value
    kept._mutable = False
    request.GET = kept
    request.META["QUERY_STRING"] = kept.urlencode()


def _prefix() -> str:
    """The keys' prefix: the club's own on a site serving many clubs (`ALL`'s for a write that is every club's, a
    task's sweep), so that each club's pages and versions are its own."""
    return f"{_PREFIX}:{scoped_club()}" if many_clubs() else _PREFIX


def _version_key(scope: str) -> str:
    return f"{_prefix()}:v:{scope}"


def _version_keys(scope: str) -> list[str]:
    """The versions a page showing `scope` is kept under: its club's, and (many clubs) the one every club's sweep
    moves."""
    own = _version_key(scope)
    shared = f"{_PREFIX}:{ALL}:v:{scope}"
    return [own, shared] if many_clubs() and own != shared else [own]


def _move(scopes: tuple[str, ...]) -> None:
    cache.set_many({_version_key(scope): uuid.uuid4().hex for scope in scopes}, timeout=None)


def _move_after_commit(scopes: tuple[str, ...]) -> None:
    try:
        _move(scopes)
    except Exception:  # the write is committed; the version already moved once, in the transaction
        logger.exception("The page cache could not be told after a commit that %s changed.", scopes)


def pages_changed(*scopes: str) -> None:
    """The pages showing any of `scopes` are out of date: their next reader gets them made again."""
    if not scopes:
        return
    _move(scopes)
    transaction.on_commit(lambda: _move_after_commit(scopes))


def _versions(scopes: list[str]) -> str | None:
    """The current versions of `scopes`, joined (a scope never seen gets its first); None when unknown."""
    keys = [key for scope in scopes for key in _version_keys(scope)]
    found = cache.get_many(keys)
    for key in keys:
        if key not in found:
            cache.add(key, uuid.uuid4().hex, timeout=None)
            found[key] = cache.get(key)
            if found[key] is None:
                return None
    return ".".join(found[key] for key in keys)


def cacheable(request: HttpRequest) -> bool:
    """A GET by a reader who has no message waiting (the messages' cookie: the session keeps only what overflows it,
    read when the cookie says so)."""
    return request.method == "GET" and settings.PAGE_CACHE_SECONDS > 0 and "messages" not in request.COOKIES


VISITOR = "-"


READER_SECONDS = 60  # how long a logged-in reader's class is remembered by their session (a role taken away elsewhere)
_READERS = (
    "readers"  # the version moved when a role is granted or taken back (roster.services.roles): every class read again
)


def reader_class(request: HttpRequest) -> str:
    """What a kept page depends on about its reader: VISITOR for anyone not logged in (without a session cookie,
    at no query), or the roles of a logged-in reader that change the pages (director, club admin, real names).
    A session's class is remembered in the cache (READER_SECONDS, until a role changes in roster.services.roles), so
    that a logged-in reader's kept page reads nothing from the database either."""
    session_key = request.COOKIES.get(settings.SESSION_COOKIE_NAME)
    if not session_key:
        return VISITOR
    key = f"{_prefix()}:reader:{hashlib.sha256(session_key.encode()).hexdigest()}"
    try:
        found = cache.get_many([key, _version_key(_READERS)])
    except Exception:
        logger.exception("The page cache could not be read.")
        found = {}
    roles = found.get(_version_key(_READERS), "")
    remembered = found.get(key)
    if remembered is not None and remembered[1] == roles:
        return remembered[0]
    user = request.user
    reader = VISITOR
    if user.is_authenticated:
        roles_held = (is_director(user), is_club_admin(user), may_see_names(user))
        reader = "u" + "".join("1" if role else "0" for role in roles_held)
    try:
        cache.set(key, (reader, roles), timeout=READER_SECONDS)
    except Exception:
        logger.exception("The page cache could not keep a reader's class.")
    return reader


def readers_changed() -> None:
    """A role was granted or taken back: every logged-in reader's class is read again at their next page (and again
    after the commit, as `pages_changed`)."""
    pages_changed(_READERS)


def shared_page(request: HttpRequest) -> bool:
    """Whether the page being made is kept for every logged-in reader of a class (so leaves out what is personal)."""
    return getattr(request, "shared_page", False)


def page_key(request: HttpRequest, scopes: list[str], reader: str = VISITOR) -> str | None:
    versions = _versions(scopes)
    if versions is None:
        return None
    where = f"{request.scheme}://{request.get_host()}{request.get_full_path()}"
    look = getattr(getattr(request, "club_look", None), "stamp", "")  # the club's settings the page was made with
    digest = hashlib.sha256(f"{where}|{reader}|{versions}|{look}".encode()).hexdigest()
    return f"{_prefix()}:page:{get_language()}:{reader}:{digest}"


def _keepable(request: HttpRequest, response: HttpResponse) -> bool:
    return (
        response.status_code == 200
        and not response.streaming
        and not response.cookies
        and not request.META.get("CSRF_COOKIE_NEEDS_UPDATE")
    )


def _lookup(request: HttpRequest, scopes: list[str], reader: str) -> tuple[str | None, HttpResponse | None]:
    try:
        key = page_key(request, scopes, reader)
        kept = cache.get(key) if key else None
    except Exception:
        logger.exception("The page cache could not be read.")
        return None, None
    if kept is None:
        return key, None
    content, content_type = kept
    return key, HttpResponse(content, content_type=content_type)


def cached_page(*scopes: str, reads: Reads | None = None, personal: Callable[..., bool] | None = None) -> Callable:
    """Keeps the view's page for each class of reader. `scopes` may name the view's URL arguments, as in
    "events:session:{session_id}"; `reads` names the query parameters the page reads, each with a function giving
    its value as read (None: not read), such as `{"page": number}`, or a pattern of names (`re.compile(...)`);
    `personal(request, **kwargs)` says whether the page is this reader's own (made for them, never kept)."""

    def decorate(view: Callable) -> Callable:
        @wraps(view)
        def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            if not cacheable(request) or (personal is not None and personal(request, **kwargs)):
                return view(request, *args, **kwargs)
            canonical_query(request, reads or {})
            reader = reader_class(request)
            request.shared_page = reader != VISITOR
            key, response = _lookup(request, [scope.format(**kwargs) for scope in scopes], reader)
            if response is None:
                response = view(request, *args, **kwargs)
                if key and _keepable(request, response):
                    _keep(key, response)
            patch_vary_headers(response, ("Cookie",))  # made or kept, the page depends on the session cookie
            return response

        return wrapper

    return decorate


def _keep(key: str, response: HttpResponse) -> None:
    try:
        cache.set(key, (response.content, response["Content-Type"]), timeout=settings.PAGE_CACHE_SECONDS)
    except Exception:
        logger.exception("The page cache could not keep a page.")


def scopes_of(prefix: str, ids: Iterable[int]) -> list[str]:
    return [f"{prefix}:{pk}" for pk in ids]
