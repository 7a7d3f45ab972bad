"""Members now live in the club app (same table, `events_member`): the pairs' players point there, and the
events app forgets the model. Only Django's record changes; the database is left as it is."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0006_fill_pair_standings"),
        ("club", "0001_member_moves_from_events"),
        ("teams", "0002_member_moves_to_club"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="pair",
                    name="player1",
                    field=models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="club.member",
                        verbose_name="player 1",
                    ),
                ),
                migrations.AlterField(
                    model_name="pair",
                    name="player2",
                    field=models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="club.member",
                        verbose_name="player 2",
                    ),
                ),
                migrations.DeleteModel(name="Member"),
            ],
            database_operations=[],
        ),
    ]
