"""Stores the standing of every pair of the sessions already scored (0005 added the columns).

This data migration calls the site's own ranking code (`events.standings`), which reads and writes only
columns that exist from 0005 on, instead of copying the ranking rules here. A session whose custom
movement cannot be read keeps empty standings; `manage.py refresh_standings` does the same at any time.
"""

from django.db import migrations


def fill(apps, schema_editor):
    from events.standings import refresh_all_standings

    refresh_all_standings()


class Migration(migrations.Migration):
    dependencies = [("events", "0005_store_pair_standings")]

    operations = [migrations.RunPython(fill, migrations.RunPython.noop)]
