"""People across clubs (issue 31): a person's federation number (on their login, unique where given)."""

import django.core.validators
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_accounts"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="Person",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                (
                    "federation_number",
                    models.CharField(
                        blank=True,
                        help_text="The number your national federation gave you, if it gave you one.",
                        max_length=20,
                        null=True,
                        unique=True,
                        validators=[
                            django.core.validators.RegexValidator(
                                "^[A-Z0-9](?:[A-Z0-9.-]{0,18}[A-Z0-9])?$",
                                "A federation number is 1 to 20 letters and digits (dots and dashes between them).",
                            )
                        ],
                        verbose_name="federation number",
                    ),
                ),
                (
                    "user",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="person",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="login",
                    ),
                ),
            ],
            options={"verbose_name": "person", "verbose_name_plural": "people"},
        ),
    ]
