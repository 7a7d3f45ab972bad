"""Creates the Directors group with the permissions to set up sessions and enter results."""

from django.contrib.auth.management import create_permissions
from django.db import migrations

GROUP_NAME = "Directors"
PERMISSIONS = [
    ("events", "direct_sessions"),
    ("events", "add_session"),
    ("events", "change_session"),
    ("events", "view_session"),
    ("events", "add_member"),
    ("events", "change_member"),
    ("events", "view_member"),
]


def create_directors_group(apps, schema_editor):
    # Permissions are normally created after all migrations; create them now.
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name=GROUP_NAME)
    for app_label, codename in PERMISSIONS:
        group.permissions.add(Permission.objects.get(content_type__app_label=app_label, codename=codename))


def remove_directors_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=GROUP_NAME).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0001_members_and_sessions"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(create_directors_group, remove_directors_group)]
