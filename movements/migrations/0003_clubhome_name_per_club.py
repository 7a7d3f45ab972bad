"""A custom movement's name is unique within its club (issue 31), no longer across the site. Never imports live
code."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("movements", "0002_tenants_club"),
    ]

    operations = [
        migrations.AlterField(
            model_name="custommovement", name="name", field=models.CharField(max_length=80, verbose_name="name")
        ),
        migrations.AddConstraint(
            model_name="custommovement",
            constraint=models.UniqueConstraint(fields=("club", "name"), name="custommovement_name_per_club"),
        ),
    ]
