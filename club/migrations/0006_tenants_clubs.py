"""Clubs as tenants (issue 31): the Club model, and an existing single-club database made one club that owns every
member. Never imports live code: the club is made here with the historical model."""

import django.db.models.deletion
from django.db import migrations, models

CLUB_FK = dict(editable=False, on_delete=django.db.models.deletion.PROTECT, related_name="+", to="club.club")


def the_one_club(apps, schema_editor):
    """The club every existing member belongs to (made when the database has none)."""
    club_model = apps.get_model("club", "Club")
    club = club_model.objects.order_by("pk").first() or club_model.objects.create(name="Bridge club", short_name="club")
    apps.get_model("club", "Member").objects.filter(club__isnull=True).update(club=club)


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0005_periodic_runs"),
    ]

    operations = [
        migrations.CreateModel(
            name="Club",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("name", models.CharField(max_length=120, verbose_name="name")),
                (
                    "short_name",
                    models.SlugField(
                        help_text="Its address on a site serving many clubs: /c/NAME/.",
                        max_length=40,
                        unique=True,
                        verbose_name="short name",
                    ),
                ),
                (
                    "host",
                    models.CharField(
                        blank=True,
                        help_text="Its own address, if it has one.",
                        max_length=200,
                        verbose_name="host name",
                    ),
                ),
                (
                    "language",
                    models.CharField(
                        blank=True,
                        choices=[("en", "English"), ("es", "Spanish"), ("ro", "Romanian")],
                        max_length=8,
                        verbose_name="language",
                    ),
                ),
                ("time_zone", models.CharField(blank=True, max_length=60, verbose_name="time zone")),
                ("preset", models.CharField(blank=True, max_length=20, verbose_name="default scoring preset")),
                (
                    "conventions",
                    models.JSONField(blank=True, default=dict, verbose_name="default scoring conventions"),
                ),
                ("colour", models.CharField(blank=True, max_length=7, verbose_name="colour")),
                ("accent_colour", models.CharField(blank=True, max_length=7, verbose_name="accent colour")),
                ("logo", models.FileField(blank=True, upload_to="club-logos/", verbose_name="logo")),
            ],
            options={
                "verbose_name": "club",
                "verbose_name_plural": "clubs",
                "ordering": ["name", "pk"],
                "constraints": [
                    models.UniqueConstraint(
                        condition=models.Q(("host", ""), _negated=True), fields=("host",), name="club_host_unique"
                    )
                ],
            },
        ),
        migrations.AddField(model_name="member", name="club", field=models.ForeignKey(null=True, **CLUB_FK)),
        migrations.RunPython(the_one_club, migrations.RunPython.noop),
        migrations.AlterField(model_name="member", name="club", field=models.ForeignKey(**CLUB_FK)),
        migrations.AlterField(
            model_name="member",
            name="number",
            field=models.CharField(blank=True, max_length=20, null=True, verbose_name="membership number"),
        ),
        migrations.AddConstraint(
            model_name="member",
            constraint=models.UniqueConstraint(fields=("club", "number"), name="member_number_per_club"),
        ),
    ]
