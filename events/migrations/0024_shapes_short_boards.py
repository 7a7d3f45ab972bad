"""The short-boards setting named as `scoring` names it (`Conventions.short_boards`: "neuberg" or "own-top"):
`Session.neuberg_for_movement` becomes `Session.short_boards_neuberg` (issue 30: one name for one thing)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("events", "0023_fields_pair_total")]

    operations = [
        migrations.RenameField(model_name="session", old_name="neuberg_for_movement", new_name="short_boards_neuberg"),
        migrations.RenameField(
            model_name="historicalsession", old_name="neuberg_for_movement", new_name="short_boards_neuberg"
        ),
    ]
