"""A team's player points to `club.Member`: the same table, so only Django's record changes."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("teams", "0001_teams_events_matches_and_results"),
        ("club", "0001_member_moves_from_events"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="teamplayer",
                    name="member",
                    field=models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="team_players",
                        to="club.member",
                        verbose_name="member",
                    ),
                ),
            ],
            database_operations=[],
        ),
    ]
