"""Not a migration: a test helper that test_migrations.py runs in a fresh process. It migrates a new SQLite
database the way an old club's would go, and imports the live models on purpose (to give them a later column).

The live `Pair` model is given a column that only a later migration adds, and its manager reads it (as a
later feature may: say pairs hidden by a flag). The database is migrated to 0005 with a session in it, then
forward through every migration plus that later one. A data migration that ran the site's live code would
query the column before it exists, and fail.
Usage: python old_database_probe.py DATABASE_FILE MIGRATIONS_PACKAGE_DIR
"""

import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def main(database: str, package_dir: str) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubsite.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection, models
    from django.db.migrations.executor import MigrationExecutor

    # The events migrations as shipped, plus a later one adding a column to Pair.
    package = Path(package_dir) / "probe_events_migrations"
    shutil.copytree(ROOT / "events" / "migrations", package, ignore=shutil.ignore_patterns("__pycache__"))
    names = sorted(p.stem for p in package.glob("0*.py"))
    (package / "9999_probe_column.py").write_text(
        "from django.db import migrations, models\n\n\n"
        "class Migration(migrations.Migration):\n"
        f"    dependencies = [('events', {names[-1]!r})]\n"
        "    operations = [migrations.AddField('pair', 'probe_extra', models.IntegerField(default=0))]\n"
    )
    sys.path.insert(0, package_dir)
    settings.MIGRATION_MODULES = {"events": "probe_events_migrations"}

    from events.models import Pair

    models.IntegerField(default=0).contribute_to_class(Pair, "probe_extra")  # the live code knows the column
    everything = Pair.objects.get_queryset
    Pair.objects.get_queryset = lambda: everything().filter(probe_extra=0)  # and every query of pairs reads it

    call_command("migrate", "events", "0005", verbosity=0)
    old = MigrationExecutor(connection).loader.project_state(("events", "0005_store_pair_standings")).apps
    Session, Section = old.get_model("events", "Session"), old.get_model("events", "Section")
    OldPair = old.get_model("events", "Pair")
    session = Session.objects.create(name="Old night", date="2026-01-05", status="final")
    section = Section.objects.create(session=session, letter="A", kind="mitchell", tables=3, boards_per_round=2)
    for number in (1, 2, 3):
        for direction in ("NS", "EW"):
            OldPair.objects.create(section=section, number=number, direction=direction)
    call_command("migrate", verbosity=0)
    print("migrated", Pair.objects.count(), "pairs")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
