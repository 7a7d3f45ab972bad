"""People across clubs (issue 31): a login may be a member of several clubs (one member record at each), and a
role counts at a club (`ClubRole`). An existing database's roles become rows at the clubs their logins are members
of (at the first club for a login that is nobody's member: with one club, that club). Never imports live code."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

ROLES = {"Directors": "director", "Club admins": "admin"}


def roles_at_clubs(apps, schema_editor):
    group_model = apps.get_model("auth", "Group")
    member_model = apps.get_model("club", "Member")
    role_model = apps.get_model("club", "ClubRole")
    first = apps.get_model("club", "Club").objects.order_by("pk").values_list("pk", flat=True).first()
    for group in group_model.objects.filter(name__in=ROLES):
        for user_id in group.user_set.values_list("pk", flat=True):
            clubs = set(member_model.objects.filter(user_id=user_id).values_list("club_id", flat=True))
            for club_id in clubs or ({first} if first else set()):
                role_model.objects.get_or_create(club_id=club_id, user_id=user_id, role=ROLES[group.name])


def gather_statistics(apps, schema_editor):
    """SQLite remade the members' table for its new login column and constraint, and a remade table loses the
    planner's statistics: gathered again where the database kept statistics (as club.0007 does)."""
    connection = schema_editor.connection
    if connection.vendor != "sqlite":
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'")
        if cursor.fetchone():
            cursor.execute("ANALYZE")


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0007_tenants_statistics"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterField(
            model_name="member",
            name="user",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="members",
                related_query_name="member",
                to=settings.AUTH_USER_MODEL,
                verbose_name="login",
            ),
        ),
        migrations.AddConstraint(
            model_name="member",
            constraint=models.UniqueConstraint(
                condition=models.Q(("user__isnull", False)), fields=("club", "user"), name="member_login_per_club"
            ),
        ),
        migrations.CreateModel(
            name="ClubRole",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                (
                    "role",
                    models.CharField(
                        choices=[("director", "Director"), ("admin", "Club admin")], max_length=8, verbose_name="role"
                    ),
                ),
                (
                    "club",
                    models.ForeignKey(
                        editable=False,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="club.club",
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="club_roles",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="login",
                    ),
                ),
            ],
            options={
                "verbose_name": "role at a club",
                "verbose_name_plural": "roles at clubs",
                "constraints": [models.UniqueConstraint(fields=("club", "user", "role"), name="club_role_once")],
            },
        ),
        migrations.RunPython(roles_at_clubs, migrations.RunPython.noop),
        migrations.RunPython(gather_statistics, migrations.RunPython.noop),
    ]
