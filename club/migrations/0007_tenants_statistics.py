"""After the club columns (club 0006, events 0025, teams 0010, rubber 0003, movements 0002): SQLite remade those
tables to add a column, and a remade table loses the planner's statistics (sqlite_stat1). Where the database kept
statistics, they are gathered again: without them the member page's query of a full-size club took 11 ms instead
of 2 (bench_pages). A database that never kept any is left to SQLite's own estimates, as before; PostgreSQL
keeps its statistics through ALTER TABLE and gathers them itself (autovacuum)."""

from django.db import migrations


def gather_statistics(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor != "sqlite":
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'")
        if cursor.fetchone():
            cursor.execute("ANALYZE")


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0006_tenants_clubs"),
        ("events", "0025_tenants_club"),
        ("teams", "0010_tenants_club"),
        ("rubber", "0003_tenants_club"),
        ("movements", "0002_tenants_club"),
    ]

    operations = [migrations.RunPython(gather_statistics, migrations.RunPython.noop)]
