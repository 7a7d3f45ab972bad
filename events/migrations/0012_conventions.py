from decimal import Decimal

import django.core.validators
from django.db import migrations, models


def _fields(model_name: str) -> list:
    return [
        migrations.AddField(
            model_name=model_name,
            name="datum_discard",
            field=models.PositiveSmallIntegerField(
                default=1,
                help_text="How many of the highest and of the lowest scores the datum leaves out.",
                validators=[django.core.validators.MaxValueValidator(20)],
                verbose_name="Butler datum: results set aside at each end",
            ),
        ),
        migrations.AddField(
            model_name=model_name,
            name="datum_from",
            field=models.PositiveSmallIntegerField(
                default=4,
                help_text="With fewer results on a board, the datum is the mean of them all.",
                validators=[django.core.validators.MaxValueValidator(99)],
                verbose_name="Butler datum: set them aside from this many results",
            ),
        ),
        migrations.AddField(
            model_name=model_name,
            name="datum_rounding",
            field=models.CharField(
                choices=[("ten", "to the nearest 10"), ("none", "not rounded")],
                default="ten",
                max_length=5,
                verbose_name="Butler datum: rounding",
            ),
        ),
        migrations.AddField(
            model_name=model_name,
            name="adjusted_imps",
            field=models.CharField(
                choices=[
                    ("comparison", "the award per comparison"),
                    ("board", "the award for the whole board"),
                    ("share", "a share of the award, by the percentage"),
                ],
                default="comparison",
                max_length=12,
                verbose_name="adjusted scores in IMPs",
            ),
        ),
        migrations.AddField(
            model_name=model_name,
            name="adjusted_imps_size",
            field=models.DecimalField(
                decimal_places=2,
                default=Decimal("3"),
                max_digits=4,
                validators=[
                    django.core.validators.MinValueValidator(Decimal("0")),
                    django.core.validators.MaxValueValidator(Decimal("24")),
                ],
                verbose_name="IMPs for an adjusted score of 60%",
            ),
        ),
    ]


class Migration(migrations.Migration):
    """A session's scoring conventions, each defaulting to how sessions were scored before; adjusted scores
    long enough for splits with decimals."""

    dependencies = [
        ("events", "0011_line_versions"),
    ]

    operations = [
        *_fields("session"),
        *_fields("historicalsession"),
        *(
            migrations.AlterField(  # room for splits with decimals (A61.8/38.2) and weighted scores (W60:420;40:-50)
                model_name=model_name,
                name="adjusted",
                field=models.CharField(
                    blank=True, help_text="e.g. A6040", max_length=40, verbose_name="adjusted score"
                ),
            )
            for model_name in ("travellerline", "historicaltravellerline")
        ),
    ]
