"""Settings for the club results site, read from environment variables.

Development needs none of them. In production set at least DEBUG=0,
SECRET_KEY, ALLOWED_HOSTS and DATABASE_URL (see README.md).
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
import xstatic.pkg.bootstrap
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def envbool(name: str, default: str) -> bool:
    return os.getenv(name, default).strip().lower() in ("1", "true", "yes", "on")


def envlist(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.getenv(name, default).split(",") if item.strip()]


DEBUG = envbool("DEBUG", "1")

SECRET_KEY = os.getenv("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("Set SECRET_KEY: it is required when DEBUG is off.")
    SECRET_KEY = "development-only-key-never-used-in-production-8c1f0e7d2b9a4c63"

ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "club.admin_site.ClubAdminConfig",  # django.contrib.admin, its site placing each model with many clubs
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "crispy_forms",
    "crispy_bootstrap5",
    "django_tables2",
    "simple_history",
    "axes",
    "django_tasks",
    "django_tasks_db",  # the database backend's queue (also read by /healthz for the queue's depth)
    "club",
    "roster",
    "movements",
    "events",
    "teams",
    "rubber",
    "accounts",
]

MIDDLEWARE = [
    "club.request_log.RequestIdMiddleware",  # first: every response, a 500 too, carries the X-Request-ID it logs
    "django.middleware.security.SecurityMiddleware",
    "club.csp_header.PolicyOnceMiddleware",  # the Content-Security-Policy header below on every response (django-csp's)
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "club.club_middleware.ClubMiddleware",  # CLUBS=many: the request's club, from its host name or /c/SHORT_NAME/
    "club.early_answer.EarlyAnswerMiddleware",  # a phone's poll with its tag: answered here, the rest skipped
    "django.contrib.sessions.middleware.SessionMiddleware",
    "club.look.ClubLocaleMiddleware",  # Django's, with the club's language as the default and its time zone
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    "club.privacy.RealNamesMiddleware",  # directors read real names; the public reads what members chose
    "axes.middleware.AxesMiddleware",  # last: turns a refused login into the lockout page
]

ROOT_URLCONF = "clubsite.urls"
# One club (the default: today's addresses) or many (CLUBS=many): each club under /c/SHORT_NAME/ or its own host
# name, the host's list of clubs at / (club/tenancy.py, club/club_middleware.py).
CLUBS = "many" if os.getenv("CLUBS", "").strip().lower() == "many" else "one"
CLUB_HOST_URLCONF = "clubsite.host_urls"
# The host's cross-club season ladder (CLUBS=many, events/federation): "percentages" (each player's best BEST
# percentages of the season's matchpoint sessions, at least MINIMUM played) or "places" (placing points: a pair placed
# p-th of n scores n - p + 1; the best BEST sessions summed, at least MINIMUM played); a season starts on the first
# of SEASON_START (a month, 1-12). Stated on the ladder page; checked by events.federation.selectors.ladder_rule.
FEDERATION_LADDER = {
    "rule": os.getenv("LADDER_RULE", "percentages").strip().lower(),
    "best": int(os.getenv("LADDER_BEST", "10")),
    "minimum": int(os.getenv("LADDER_MINIMUM", "5")),
    "season_start": int(os.getenv("LADDER_SEASON_START", "1")),
}
WSGI_APPLICATION = "clubsite.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "club.context_processors.roles",
                "club.context_processors.club_look",
            ],
        },
    },
]

DATABASES = {"default": dj_database_url.config(default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
# Each process keeps its connection (CONN_MAX_AGE seconds, 10 minutes unless told; 0 closes it after every
# request), checked before a request reuses it. On PostgreSQL opening one costs more than most pages; on SQLite
# opening the file and setting its pragmas (below) cost a phone's poll two thirds of its CPU (bench_table: 5.8 ms
# per 304 answer with a connection per request, 1.9 ms kept).
DATABASES["default"]["CONN_MAX_AGE"] = int(os.getenv("CONN_MAX_AGE", "600"))
DATABASES["default"]["CONN_HEALTH_CHECKS"] = envbool("CONN_HEALTH_CHECKS", "1")
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Django's, with the health check above asking the server (SELECT 1) only when the socket says something
    # happened: a round trip less per request (clubsite/postgresql/base.py).
    DATABASES["default"]["ENGINE"] = "clubsite.postgresql"
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Directors save at the same moment: every transaction takes SQLite's write lock when it begins and waits
    # for it (up to SQLITE_TIMEOUT seconds) instead of failing with "database is locked"; WAL lets pages read
    # while a save writes.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": int(os.getenv("SQLITE_TIMEOUT", "20")),
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"


def cache_settings(url: str) -> dict:
    """CACHE_URL: redis://... for a Redis server that several app servers share, file:///path for files that the
    processes of one machine share; unset, the process's own memory with DEBUG=1 (tests; `make run` sets files for
    its server and worker) and files in BASE_DIR/cache otherwise (gunicorn runs several processes, and the task
    worker is another: a page made out of date in one must be out of date in all)."""
    if url.startswith(("redis://", "rediss://", "unix://")):
        return {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url}
    if url.startswith("file://"):
        location = url[len("file://") :]
    elif url:
        raise ImproperlyConfigured(f"CACHE_URL must start with redis://, rediss://, unix:// or file://, not {url!r}.")
    elif DEBUG:
        return {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "OPTIONS": {"MAX_ENTRIES": 5000}}
    else:
        location = str(BASE_DIR / "cache")
    return {
        "BACKEND": "club.file_cache.FileCache",  # Django's, its values not compressed (a kept page read at no cost)
        "LOCATION": location,
        "OPTIONS": {"MAX_ENTRIES": 5000},
    }


CACHES = {"default": cache_settings(os.getenv("CACHE_URL", ""))}


def task_settings(url: str) -> tuple[dict, dict]:
    """TASKS_URL: unset, the database backend (the site's own database: `make run` starts its worker, no other
    service); redis://... for RQ on that Redis server (several machines' workers, `manage.py worker` on each);
    immediate:// runs each task at once in the process that enqueues it (for scripts). → (TASKS, RQ_QUEUES)"""
    if url.startswith(("redis://", "rediss://", "unix://")):
        backend = {"BACKEND": "django_tasks_rq.RQBackend", "QUEUES": ["default"]}
        return {"default": backend}, {"default": {"URL": url, "DEFAULT_TIMEOUT": 900}}
    if url == "immediate://":
        return {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}, {}
    if url:
        raise ImproperlyConfigured(f"TASKS_URL must start with redis://, rediss:// or unix://, not {url!r}.")
    return {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}, {}


TASKS, RQ_QUEUES = task_settings(os.getenv("TASKS_URL", ""))
if RQ_QUEUES:
    INSTALLED_APPS.append("django_rq")
# Work the worker enqueues itself every so many seconds (`club.periodic`): task objects by dotted path. The
# sweeps take over what a lost enqueue or a worker that died left (each costs one query when nothing is left).
PERIODIC_TASKS = {
    "club.tasks.analyse_pending_hands": 60,
    "events.tasks.refresh_stale_work": 60,
    "club.tasks.prune_task_results": 60 * 60 * 24,
}
# How long the database backend keeps finished tasks' rows (what failed stays visible in the admin meanwhile).
TASK_RESULTS_DAYS = int(os.getenv("TASK_RESULTS_DAYS", "7"))
# How long a published page is kept whole in the cache (club/page_cache.py); 0 turns that off.
PAGE_CACHE_SECONDS = int(os.getenv("PAGE_CACHE_SECONDS", str(60 * 60 * 24)))

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # first: refuses a locked-out login before the password is checked
    "django.contrib.auth.backends.ModelBackend",
    "accounts.backends.EmailBackend",  # a player's account logs in by its email address
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "events:home"
LOGOUT_REDIRECT_URL = "events:home"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("es", _("Spanish")), ("ro", _("Romanian"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
# English dates day first, as the club (Europe/London) writes them; see clubsite/formats/en/formats.py.
FORMAT_MODULE_PATH = ["clubsite.formats"]
TIME_ZONE = os.getenv("TIME_ZONE", "Europe/London")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [
    BASE_DIR / "static",
    ("bootstrap", xstatic.pkg.bootstrap.BASE_DIR),
]
# Uploaded files kept by the site: the clubs' logos (club/README.md). Shared by every app server.
MEDIA_ROOT = os.getenv("MEDIA_ROOT", str(BASE_DIR / "media"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# Login throttling (django-axes, extended in accounts/throttle.py): failures are counted per account, whatever
# identifier reached it (username, email in any case, membership number; a couple's shared email counts against
# both), and per client address. An account is locked after AXES_FAILURE_LIMIT failures from anywhere, an address
# after LOGIN_ADDRESS_FAILURE_LIMIT failures on any accounts, for AXES_COOLOFF_MINUTES; the admin's login too.
# Staff unlock in the admin ("Access attempts": delete the attempt) or with `manage.py axes_reset_username USERNAME`
# (the account's username; `email:ADDRESS` for a shared email).
AXES_FAILURE_LIMIT = int(os.getenv("AXES_FAILURE_LIMIT", "5"))
LOGIN_ADDRESS_FAILURE_LIMIT = int(os.getenv("LOGIN_ADDRESS_FAILURE_LIMIT", "30"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.getenv("AXES_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]  # two limits, each on its own (accounts.throttle)
AXES_HANDLER = "accounts.throttle.AccountThrottle"
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_USERNAME_CALLABLE = "accounts.throttle.login_key"  # the account, at most 150 characters
# The client's address: REMOTE_ADDR, or behind TRUSTED_PROXIES proxies (nginx, Caddy: 1) the address the outermost
# saw, from X-Forwarded-For (otherwise every visitor is the proxy, and one address's limit locks everyone).
TRUSTED_PROXIES = int(os.getenv("TRUSTED_PROXIES", "0"))
AXES_CLIENT_IP_CALLABLE = "accounts.throttle.client_address"

# Email (the password-reset links). The console backend prints the messages; set EMAIL_BACKEND to
# django.core.mail.backends.smtp.EmailBackend and the EMAIL_* variables to send them.
EMAIL_BACKEND = os.getenv("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_FILE_PATH = os.getenv("EMAIL_FILE_PATH", str(BASE_DIR / "sent-emails"))  # for the file backend (a benchmark)
EMAIL_HOST = os.getenv("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.getenv("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.getenv("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.getenv("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = envbool("EMAIL_USE_TLS", "0")
DEFAULT_FROM_EMAIL = os.getenv("DEFAULT_FROM_EMAIL", "webmaster@localhost")
# Emails a visitor can make the site send (claim links, password resets, email-change confirmations), of each
# kind, per MAIL_LIMIT_WINDOW seconds: to one address, and from one client address (accounts/mail_limits.py).
MAIL_LIMIT_PER_ADDRESS = int(os.getenv("MAIL_LIMIT_PER_ADDRESS", "3"))
MAIL_LIMIT_PER_CLIENT = int(os.getenv("MAIL_LIMIT_PER_CLIENT", "10"))
MAIL_LIMIT_WINDOW = int(os.getenv("MAIL_LIMIT_WINDOW", "3600"))
# The site's address in emails' links (claim links, results): never taken from a request's Host header.
SITE_URL = os.getenv("SITE_URL", "http://127.0.0.1:8000")

# A strict Content-Security-Policy (django-csp): only the site's own scripts, styles, fonts and images; no inline
# script, handler or style anywhere (templates use static/js/site.js and static/css), no framing.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "frame-ancestors": [NONE],
        "form-action": [SELF],
        "base-uri": [SELF],
        "object-src": [NONE],
    },
}

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"
DJANGO_TABLES2_TEMPLATE = "django_tables2/bootstrap5-responsive.html"

# Behind a TLS-terminating proxy, set SECURE_PROXY_SSL_HEADER=1.
if envbool("SECURE_PROXY_SSL_HEADER", "0"):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
if not DEBUG:
    SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT", "1")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.getenv("SECURE_HSTS_SECONDS", str(60 * 60 * 24 * 365)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = envbool("SECURE_HSTS_INCLUDE_SUBDOMAINS", "1")
    SECURE_HSTS_PRELOAD = envbool("SECURE_HSTS_PRELOAD", "1")

# One line of JSON a record (club/request_log.py: the request's id, user, method and path; an error's exception):
# Django's records too, through the root's handler alone (so an error in a view is one line, not a traceback).
# runserver's access lines (`make run`) stay as Django writes them.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "json": {"()": "club.request_log.JsonLines"},
        "server": {"()": "django.utils.log.ServerFormatter", "format": "[{server_time}] {message}", "style": "{"},
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": "json"},
        "server": {"class": "logging.StreamHandler", "formatter": "server"},
    },
    "root": {"handlers": ["console"], "level": os.getenv("LOG_LEVEL", "WARNING")},
    "loggers": {
        "django": {"handlers": [], "level": os.getenv("LOG_LEVEL", "WARNING")},
        "django.server": {"handlers": ["server"], "level": "INFO", "propagate": False},
    },
}

# Operations (see the README's *Operations*): backups, health and error logs.
BACKUP_DIR = Path(os.getenv("BACKUP_DIR", str(BASE_DIR / "backups")))
BACKUP_KEEP = int(os.getenv("BACKUP_KEEP", "14"))  # the newest backups kept
PERIODIC_TASKS["club.backups.tasks.backup_task"] = int(os.getenv("BACKUP_EVERY", str(60 * 60 * 24)))
# /healthz fails when the oldest task ready to run has waited longer than this (no worker is taking them).
HEALTH_MAX_TASK_AGE = int(os.getenv("HEALTH_MAX_TASK_AGE", str(15 * 60)))
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]  # a monitor polls it over plain HTTP on the app server's address
