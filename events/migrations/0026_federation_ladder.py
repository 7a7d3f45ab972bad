"""The host's cross-club season ladder, stored (issue 31 item 4: events.models.Ladder). Never imports live code."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0025_tenants_club"),
    ]

    operations = [
        migrations.CreateModel(
            name="Ladder",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("season", models.PositiveSmallIntegerField(verbose_name="season")),
                ("rule", models.CharField(max_length=60, verbose_name="rule")),
                ("rows", models.JSONField(default=list, editable=False, verbose_name="standings")),
                (
                    "computed_at",
                    models.DateTimeField(blank=True, editable=False, null=True, verbose_name="computed at"),
                ),
                ("stale", models.BooleanField(default=True, editable=False, verbose_name="to be computed again")),
            ],
            options={
                "verbose_name": "season ladder",
                "verbose_name_plural": "season ladders",
                "constraints": [models.UniqueConstraint(fields=("season", "rule"), name="ladder_season_rule")],
            },
        ),
    ]
