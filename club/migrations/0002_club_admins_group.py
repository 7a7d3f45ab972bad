"""The Club admins group: the club's administrators keep the roster, merge people and say who directs."""

from django.contrib.auth.management import create_permissions
from django.db import migrations

GROUP_NAME = "Club admins"
PERMISSIONS = [
    ("club", "administer_club"),
    ("club", "add_member"),
    ("club", "change_member"),
    ("club", "view_member"),
]


def create_club_admins_group(apps, schema_editor):
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


def remove_club_admins_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=GROUP_NAME).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0001_member_moves_from_events"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="member",
            options={
                "ordering": ["last_name", "first_name"],
                "permissions": [("administer_club", "Can manage the roster, merge people and say who directs")],
                "verbose_name": "member",
                "verbose_name_plural": "members",
            },
        ),
        migrations.RunPython(create_club_admins_group, remove_club_admins_group),
    ]
