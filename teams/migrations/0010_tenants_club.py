"""Clubs as tenants (issue 31): every teams root owned by a club, an existing database's rows by its one club
(club.0006 made it). Never imports live code."""

import django.db.models.deletion
from django.db import migrations, models

CLUB_FK = dict(editable=False, on_delete=django.db.models.deletion.PROTECT, related_name="+", to="club.club")
ROOTS = ("teamevent",)


def the_one_club(apps, schema_editor):
    club = apps.get_model("club", "Club").objects.order_by("pk").first()
    for name in ROOTS:
        apps.get_model("teams", name).objects.filter(club__isnull=True).update(club=club)


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0006_tenants_clubs"),
        ("teams", "0009_rooms_sides"),
    ]

    operations = [
        migrations.AddField(model_name="teamevent", name="club", field=models.ForeignKey(null=True, **CLUB_FK)),
        migrations.RunPython(the_one_club, migrations.RunPython.noop),
        migrations.AlterField(model_name="teamevent", name="club", field=models.ForeignKey(**CLUB_FK)),
    ]
