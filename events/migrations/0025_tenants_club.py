"""Clubs as tenants (issue 31): every events root owned by a club, an existing database's rows by its one club
(club.0006 made it). Never imports live code."""

import django.db.models.deletion
from django.db import migrations, models

CLUB_FK = dict(editable=False, on_delete=django.db.models.deletion.PROTECT, related_name="+", to="club.club")
ROOTS = ("session",)


def the_one_club(apps, schema_editor):
    club = apps.get_model("club", "Club").objects.order_by("pk").first()
    for name in ROOTS:
        apps.get_model("events", name).objects.filter(club__isnull=True).update(club=club)


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0006_tenants_clubs"),
        ("events", "0024_shapes_short_boards"),
    ]

    operations = [
        migrations.AddField(model_name="session", name="club", field=models.ForeignKey(null=True, **CLUB_FK)),
        migrations.AddField(
            model_name="historicalsession",
            name="club",
            field=models.ForeignKey(
                blank=True,
                db_constraint=False,
                editable=False,
                null=True,
                on_delete=django.db.models.deletion.DO_NOTHING,
                related_name="+",
                to="club.club",
            ),
        ),
        migrations.RunPython(the_one_club, migrations.RunPython.noop),
        migrations.AlterField(model_name="session", name="club", field=models.ForeignKey(**CLUB_FK)),
    ]
