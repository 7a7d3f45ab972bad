from django import forms
from django.contrib import admin, messages
from django.contrib.auth.admin import GroupAdmin, UserAdmin
from django.contrib.auth.forms import UserChangeForm
from django.contrib.auth.models import Group, User
from django.core.exceptions import ValidationError
from django.http import HttpResponseRedirect

from club.models import Member
from club.unit_of_work import MEMBER, record_change, unit_of_work
from roster.services.members import save_member
from roster.services.roles import (
    CLUB_ADMINS,
    ROLES,
    RoleRefused,
    admins_remain_without,
    check_admins_remain,
    last_admin_message,
)

# The Django admin's users and groups keep the one rule of `roster.services.roles`: the club never loses its last
# club admin (a user deleted, made inactive or taken out of the group; the Club admins group deleted, renamed or
# stripped of its permissions). The forms say why; the writes check again under the group's lock.


class GuardedUserForm(UserChangeForm):
    def clean(self):
        data = super().clean()
        user = self.instance
        groups = data.get("groups")
        leaves = data.get("is_active") is False or (
            groups is not None and not any(group.name == CLUB_ADMINS for group in groups)
        )
        if user.pk and leaves and not admins_remain_without([user.pk]):
            raise ValidationError(last_admin_message(user.get_username()))
        return data


def _leaving(objects, deleted):
    """The admin's delete page and action: a protected line when the deletion would take the last club admin."""
    deleted_objects, model_count, perms_needed, protected = deleted
    if not admins_remain_without([user.pk for user in objects]):
        protected = [*protected, last_admin_message()]
    return deleted_objects, model_count, perms_needed, protected


def _refused_here(view):
    """A write that lost the race to the rule (checked again under the lock) goes back with the message."""

    def guarded(self, request, *args, **kwargs):
        try:
            return view(self, request, *args, **kwargs)
        except RoleRefused as refused:
            self.message_user(request, str(refused), messages.ERROR)
            return HttpResponseRedirect(request.get_full_path())

    return guarded


class GuardedMemberForm(forms.ModelForm):
    def clean(self):
        data = super().clean()
        member = self.instance
        if member.pk and member.user_id and data.get("active") is False and not admins_remain_without([member.user_id]):
            raise ValidationError(last_admin_message(member.real_name))
        return data


@admin.register(Member)
class MemberAdmin(admin.ModelAdmin):
    form = GuardedMemberForm
    list_display = ("last_name", "first_name", "number", "email", "active")
    list_filter = ("active",)
    search_fields = ("last_name", "first_name", "number", "email")

    def save_model(self, request, obj, form, change):
        """The roster page's service: the last club admin's member stays active, the change is recorded."""
        save_member(member=obj, fields={name: getattr(obj, name) for name in form.changed_data})

    def delete_model(self, request, obj):
        member_id = obj.pk
        with unit_of_work():
            super().delete_model(request, obj)
            record_change(MEMBER, member_id)

    def delete_queryset(self, request, queryset):
        with unit_of_work():
            member_ids = list(queryset.values_list("pk", flat=True))
            super().delete_queryset(request, queryset)
            record_change(MEMBER, *member_ids)

    changeform_view = _refused_here(admin.ModelAdmin.changeform_view)


admin.site.unregister(User)
admin.site.unregister(Group)


@admin.register(User)
class GuardedUserAdmin(UserAdmin):
    form = GuardedUserForm

    def get_deleted_objects(self, objs, request):
        return _leaving(list(objs), super().get_deleted_objects(objs, request))

    def save_model(self, request, obj, form, change):
        groups = form.cleaned_data.get("groups")
        if change and (
            not obj.is_active or (groups is not None and not any(group.name == CLUB_ADMINS for group in groups))
        ):
            check_admins_remain(leaving=[obj.pk], name=obj.get_username())
        super().save_model(request, obj, form, change)

    def delete_model(self, request, obj):
        check_admins_remain(leaving=[obj.pk], name=obj.get_username())
        super().delete_model(request, obj)

    def delete_queryset(self, request, queryset):
        check_admins_remain(leaving=list(queryset.values_list("pk", flat=True)))
        super().delete_queryset(request, queryset)

    changeform_view = _refused_here(UserAdmin.changeform_view)
    delete_view = _refused_here(UserAdmin.delete_view)
    changelist_view = _refused_here(UserAdmin.changelist_view)


@admin.register(Group)
class GuardedGroupAdmin(GroupAdmin):
    def get_readonly_fields(self, request, obj=None):
        if obj is not None and obj.name in ROLES:
            return ("name", "permissions")  # the roles' groups: changed on the club's Roles page
        return super().get_readonly_fields(request, obj)

    def get_deleted_objects(self, objs, request):
        deleted = super().get_deleted_objects(objs, request)
        if any(group.name == CLUB_ADMINS for group in objs):
            deleted_objects, model_count, perms_needed, protected = deleted
            return deleted_objects, model_count, perms_needed, [*protected, last_admin_message()]
        return deleted
