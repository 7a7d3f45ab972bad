"""Production settings: refuse to start without a secret key, and pass `check --deploy` cleanly."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "a-long-random-production-secret-key-for-the-checks-0123456789abcdef",
    "ALLOWED_HOSTS": "results.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://results.example.org",
    "DATABASE_URL": "sqlite:///:memory:",
}


def manage(*args, **env):
    # The browser tests allow async-unsafe calls in this process; production must not inherit that.
    clean = {k: v for k, v in os.environ.items() if k not in PRODUCTION and k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env={**clean, **env}, capture_output=True, text=True
    )


def test_production_settings_pass_check_deploy():
    result = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


def test_refuses_to_start_without_a_secret_key_when_debug_is_off():
    result = manage("check", **{**PRODUCTION, "SECRET_KEY": ""})
    assert result.returncode != 0
    assert "Set SECRET_KEY" in result.stderr


def settings_of(code, **env):
    """Runs `code` against the settings module alone, as the site reads it from `env` (Django's settings, without
    setting up the apps: a tenth of `manage.py shell`'s time, and what decides the settings is the same module)."""
    clean = {k: v for k, v in os.environ.items() if k not in PRODUCTION and k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    environment = {**clean, "DJANGO_SETTINGS_MODULE": "clubsite.settings", **env}
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=environment, capture_output=True, text=True)


def test_database_url_selects_the_database():
    code = "from django.conf import settings; print(settings.DATABASES['default']['ENGINE'])"
    result = settings_of(code, DATABASE_URL="postgres://u:p@localhost:5432/club")
    # Django's backend, its health check without a round trip when nothing happened (clubsite/postgresql/base.py)
    assert result.stdout.strip().splitlines()[-1] == "clubsite.postgresql"


def cache_backend(**env):
    code = "from django.conf import settings; c = settings.CACHES['default']; print(c['BACKEND'], c.get('LOCATION'))"
    return settings_of(code, **env)


def test_cache_url_selects_the_cache():
    assert "locmem.LocMemCache" in cache_backend(DEBUG="1").stdout
    assert "club.file_cache.FileCache" in cache_backend(**PRODUCTION).stdout  # gunicorn's processes share it
    redis = cache_backend(CACHE_URL="redis://127.0.0.1:6379/1").stdout
    assert "redis.RedisCache redis://127.0.0.1:6379/1" in redis
    assert "club.file_cache.FileCache /tmp/pages" in cache_backend(CACHE_URL="file:///tmp/pages").stdout
    refused = cache_backend(CACHE_URL="memcached://127.0.0.1")
    assert refused.returncode != 0 and "CACHE_URL must start with" in refused.stderr


def test_connections_are_kept_and_checked_on_both_databases():
    code = "from django.conf import settings; d = settings.DATABASES['default']; print(d['CONN_MAX_AGE'])"
    code += "; print(d['CONN_HEALTH_CHECKS'])"
    kept = settings_of(code, DATABASE_URL="postgres://u:p@localhost/club").stdout
    assert kept.split()[-2:] == ["600", "True"]
    # SQLite too: a connection per request cost a phone's poll two thirds of its CPU (bench_table)
    assert settings_of(code, DATABASE_URL="sqlite:///x.sqlite3").stdout.split()[-2:] == ["600", "True"]
    kept = settings_of(code, DATABASE_URL="postgres://u:p@localhost/club", CONN_MAX_AGE="0").stdout
    assert kept.split()[-2:] == ["0", "True"]


def test_the_wsgi_application_leaves_what_the_start_made_out_of_the_collectors_reach():
    """`clubsite.wsgi` (what gunicorn loads) freezes the objects of the start (gc.freeze): a full collection during a
    request then scans the request's objects, not the whole of Django's (about 3 ms instead of 70-100 ms)."""
    code = "import gc; import clubsite.wsgi as w; print(callable(w.application), gc.get_freeze_count())"
    result = settings_of(code, **PRODUCTION)
    assert result.returncode == 0, result.stderr
    ready, frozen = result.stdout.split()
    assert ready == "True" and int(frozen) > 50_000
