"""Clubs as tenants (issue 31): every movements root owned by a club, an existing database's rows by its one club
(club.0006 made it). Never imports live code."""

import django.db.models.deletion
from django.db import migrations, models

CLUB_FK = dict(editable=False, on_delete=django.db.models.deletion.PROTECT, related_name="+", to="club.club")
ROOTS = ("custommovement",)


def the_one_club(apps, schema_editor):
    club = apps.get_model("club", "Club").objects.order_by("pk").first()
    for name in ROOTS:
        apps.get_model("movements", name).objects.filter(club__isnull=True).update(club=club)


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0006_tenants_clubs"),
        ("movements", "0001_custom_movements"),
    ]

    operations = [
        migrations.AddField(model_name="custommovement", name="club", field=models.ForeignKey(null=True, **CLUB_FK)),
        migrations.RunPython(the_one_club, migrations.RunPython.noop),
        migrations.AlterField(model_name="custommovement", name="club", field=models.ForeignKey(**CLUB_FK)),
    ]
