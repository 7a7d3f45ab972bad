"""Rubber results need consent (issue 29): the version of a sheet that was confirmed, and its last writer. The
sheets already stored count as they did (confirmed at their version)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def confirm_existing(apps, schema_editor):
    Scorepad = apps.get_model("rubber", "Scorepad")
    Scorepad.objects.update(confirmed_version=models.F("version"))


class Migration(migrations.Migration):
    dependencies = [
        ("rubber", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="scorepad",
            name="confirmed_version",
            field=models.PositiveIntegerField(blank=True, editable=False, null=True),
        ),
        migrations.AddField(
            model_name="scorepad",
            name="written_by",
            field=models.ForeignKey(
                blank=True,
                editable=False,
                help_text="the last player (not a director) who wrote the sheet: someone else at the table confirms it",
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
                verbose_name="last written by",
            ),
        ),
        migrations.RunPython(confirm_existing, migrations.RunPython.noop),
    ]
