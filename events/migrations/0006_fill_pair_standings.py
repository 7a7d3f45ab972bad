"""Formerly filled the pairs' stored standings by calling the site's live ranking code.

A migration that runs live code breaks as soon as a later migration adds a column that code reads: on a
fresh database the column does not exist yet when this step runs. The step is now empty. A fresh database
has no sessions to fill; a database migrated past 0005 before this change already ran the old step. A
database copied in at 0005 (or loaded around the services) gets its standings with
`manage.py store_standings`, as the README says.
"""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("events", "0005_store_pair_standings")]

    operations = []
