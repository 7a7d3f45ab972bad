from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("events", "0012_conventions")]

    operations = [
        migrations.AddField(
            model_name="tableentry",
            name="live_results",
            field=models.BooleanField(default=False, verbose_name="live results"),
        ),
    ]
