"""Stores the standing of every pair of the sessions already scored (0005 added the columns).

This data migration runs the `refresh_standings` command (the site's own ranking code, which reads and writes
only columns that exist from 0005 on) by its name rather than importing the code, so the code may move. A session whose custom
movement cannot be read keeps empty standings; `manage.py refresh_standings` does the same at any time.
"""

import io

from django.core.management import call_command
from django.db import migrations


def fill(apps, schema_editor):
    call_command("refresh_standings", stdout=io.StringIO())


class Migration(migrations.Migration):
    dependencies = [("events", "0005_store_pair_standings")]

    operations = [migrations.RunPython(fill, migrations.RunPython.noop)]
