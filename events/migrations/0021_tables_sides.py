from django.db import migrations, models


class Migration(migrations.Migration):
    """A table's result knows the side that entered it, and keeps the other side's different result beside it."""

    dependencies = [
        ("events", "0020_usebio_masterpoints"),
    ]

    operations = [
        migrations.AddField(
            model_name="tableresult",
            name="side",
            field=models.CharField(blank=True, max_length=2, verbose_name="entered by"),
        ),
        migrations.AddField(
            model_name="tableresult",
            name="disputed",
            field=models.JSONField(blank=True, default=dict, verbose_name="the other side's result"),
        ),
    ]
