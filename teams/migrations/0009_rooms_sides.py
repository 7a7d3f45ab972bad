"""Each side of a room types on its own link: who typed a board, and the other side's different result kept
beside it until the two agree or the director settles it."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("teams", "0008_analysis_failures")]

    operations = [
        migrations.AddField(
            model_name="typedroomresult",
            name="side",
            field=models.CharField(blank=True, max_length=2, verbose_name="entered by"),
        ),
        migrations.AddField(
            model_name="typedroomresult",
            name="disputed",
            field=models.JSONField(blank=True, default=dict, verbose_name="the other side's result"),
        ),
    ]
