"""PostgreSQL through its own tools: `pg_dump` in the custom format (one snapshot: a single transaction that
never blocks the site's writes) and `pg_restore` in one transaction (all of it or nothing). The tools are found
on PATH or under /usr/lib/postgresql/*/bin (the newest); the password goes in their environment, never on a
command line."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import uuid
from pathlib import Path

import psycopg
from django.db.backends.base.base import BaseDatabaseWrapper
from django.utils.translation import gettext as _

from club.backups.files import BackupError

TABLES = "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename"
SEQUENCES = "SELECT sequence_name FROM information_schema.sequences WHERE sequence_schema = 'public'"
# The connection options that PostgreSQL's tools read from the environment.
OPTION_VARIABLES = {
    "sslmode": "PGSSLMODE",
    "sslrootcert": "PGSSLROOTCERT",
    "sslcert": "PGSSLCERT",
    "sslkey": "PGSSLKEY",
}


def tool(name: str) -> str:
    found = shutil.which(name)
    if found:
        return found
    installed = sorted(
        Path("/usr/lib/postgresql").glob(f"*/bin/{name}"),
        key=lambda path: [int(part) for part in re.findall(r"\d+", path.parent.parent.name)],
    )
    if not installed:
        raise BackupError(
            _("%(tool)s is not installed: install PostgreSQL's client tools (Debian: postgresql-client).")
            % {"tool": name}
        )
    return str(installed[-1])


def _environment(settings: dict, database: str) -> dict[str, str]:
    environment = {**os.environ, "PGDATABASE": database}
    for key, variable in (("HOST", "PGHOST"), ("PORT", "PGPORT"), ("USER", "PGUSER"), ("PASSWORD", "PGPASSWORD")):
        if settings.get(key):
            environment[variable] = str(settings[key])
    for option, variable in OPTION_VARIABLES.items():
        if settings.get("OPTIONS", {}).get(option):
            environment[variable] = str(settings["OPTIONS"][option])
    return environment


def _run(command: list[str], settings: dict, database: str) -> None:
    done = subprocess.run(command, env=_environment(settings, database), capture_output=True, text=True)
    if done.returncode != 0:
        raise BackupError(
            _("%(tool)s failed: %(error)s") % {"tool": Path(command[0]).name, "error": done.stderr.strip()}
        )


def dump(connection: BaseDatabaseWrapper, target: Path) -> None:
    settings = connection.settings_dict
    _run([tool("pg_dump"), "--format=custom", f"--file={target}"], settings, settings["NAME"])


def _restore_into(settings: dict, database: str, source: Path) -> None:
    command = [tool("pg_restore"), "--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction"]
    _run([*command, f"--dbname={database}", str(source)], settings, database)


def load(connection: BaseDatabaseWrapper, source: Path) -> None:
    connection.close()  # pg_restore writes through its own connection
    _restore_into(connection.settings_dict, connection.settings_dict["NAME"], source)


def drop_everything(connection: BaseDatabaseWrapper) -> None:
    """Drops every table and sequence of the public schema (in one transaction)."""
    with connection.cursor() as cursor:
        cursor.execute(TABLES)
        tables = [name for (name,) in cursor.fetchall()]
        cursor.execute(SEQUENCES)
        sequences = [name for (name,) in cursor.fetchall()]
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        if tables:
            cursor.execute(f"DROP TABLE {', '.join(quote(name) for name in tables)} CASCADE")
        if sequences:
            cursor.execute(f"DROP SEQUENCE IF EXISTS {', '.join(quote(name) for name in sequences)} CASCADE")


def _connect(settings: dict, database: str) -> psycopg.Connection:
    options = {key: value for key, value in settings.get("OPTIONS", {}).items() if key in OPTION_VARIABLES}
    parameters = {"host": settings.get("HOST"), "port": settings.get("PORT"), "user": settings.get("USER")}
    parameters["password"] = settings.get("PASSWORD")
    return psycopg.connect(
        dbname=database, autocommit=True, **{key: value for key, value in parameters.items() if value}, **options
    )


def counts(connection: BaseDatabaseWrapper, source: Path) -> list[tuple[str, int]]:
    """Restores the backup into a scratch database (made and dropped here) and counts every table's rows."""
    settings = connection.settings_dict
    scratch = f"{settings['NAME'][:40]}_check_{uuid.uuid4().hex[:12]}"
    with _connect(settings, settings["NAME"]) as admin:
        try:
            admin.execute(f'CREATE DATABASE "{scratch}"')
        except psycopg.Error as error:
            raise BackupError(
                _("A scratch database cannot be made to check the backup in (%(error)s).") % {"error": error}
            ) from error
        try:
            _restore_into(settings, scratch, source)
            with _connect(settings, scratch) as checked:
                names = [name for (name,) in checked.execute(TABLES).fetchall()]
                return [(name, checked.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0]) for name in names]
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{scratch}" WITH (FORCE)')
