"""Members move from the events app to club, the app every other app builds on.

Only Django's record of the model moves: the table keeps its name (`events_member`, see `Member.Meta.db_table`)
and its rows. The member content type is renamed, so the permissions on members (and the Directors group
holding them) stay as they were.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def rename_content_type(apps, schema_editor, old="events", new="club"):
    ContentType = apps.get_model("contenttypes", "ContentType")
    ContentType.objects.filter(app_label=old, model="member").update(app_label=new)


def restore_content_type(apps, schema_editor):
    rename_content_type(apps, schema_editor, old="club", new="events")


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("events", "0006_fill_pair_standings"),
        ("contenttypes", "0002_remove_content_type_name"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Member",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("first_name", models.CharField(max_length=60, verbose_name="first name")),
                        ("last_name", models.CharField(max_length=60, verbose_name="last name")),
                        (
                            "number",
                            models.CharField(
                                blank=True, max_length=20, null=True, unique=True, verbose_name="membership number"
                            ),
                        ),
                        ("email", models.EmailField(blank=True, max_length=254, verbose_name="email")),
                        ("active", models.BooleanField(default=True, verbose_name="active")),
                        (
                            "user",
                            models.OneToOneField(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="member",
                                to=settings.AUTH_USER_MODEL,
                                verbose_name="login",
                            ),
                        ),
                    ],
                    options={
                        "verbose_name": "member",
                        "verbose_name_plural": "members",
                        "ordering": ["last_name", "first_name"],
                        "db_table": "events_member",
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(rename_content_type, restore_content_type),
    ]
