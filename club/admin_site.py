"""The Django admin on a site serving many clubs (issue 31): the project's default admin site (`ClubAdminConfig`).

With one club (the default) nothing changes. With `CLUBS=many` the one admin is served in two places:
- at a club's address (`/c/SHORT_NAME/admin/` or its own host name), for the host's admin (a superuser) and a staff
  login holding a role at that club: its club-owned models only, each listing and editing that club's records (the
  scoped managers narrow every query, `club.tenancy`); another club's record, or its history, is not found (404);
- at the host's address (`/admin/`, `clubsite/host_urls.py`), for the host's admin only: the site-wide models (the
  clubs, logins, groups, the task queue); a club-owned model, which needs a club, is left out (its pages: 403).

Every registered `ModelAdmin` is given `Placed` on registration, so that an app's admin module needs nothing of this.
"""

from __future__ import annotations

from django.contrib import admin
from django.contrib.admin.apps import AdminConfig
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.urls import get_script_prefix

from club.access import at_this_club, is_host_admin
from club.tenancy import ClubScopedManager, many_clubs, narrowed


class ClubAdminConfig(AdminConfig):
    """`django.contrib.admin` with `ClubAdminSite` as `admin.site` (INSTALLED_APPS)."""

    default_site = "club.admin_site.ClubAdminSite"


def club_owned(model) -> bool:
    return isinstance(model._default_manager, ClubScopedManager)


def at_a_club(request) -> bool:
    return getattr(request, "club", None) is not None


def site_wide_links(model) -> list:
    """The editable links of a model to site-wide models (a login)."""
    return [
        field
        for field in model._meta.get_fields()
        if field.is_relation and field.concrete and field.editable and not club_owned(field.related_model)
    ]


class Placed:
    """A model's admin where it belongs with many clubs: a club-owned model at a club's address, a site-wide one at
    the host's; elsewhere it is not listed and its pages refuse (403) before any query."""

    def placed(self, request) -> bool:
        return not many_clubs() or club_owned(self.model) == at_a_club(request)

    def has_module_permission(self, request):
        return self.placed(request) and super().has_module_permission(request)

    def has_view_permission(self, request, obj=None):
        return self.placed(request) and super().has_view_permission(request, obj)

    def has_add_permission(self, request, *args):
        return self.placed(request) and super().has_add_permission(request, *args)

    def has_change_permission(self, request, obj=None):
        return self.placed(request) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return self.placed(request) and super().has_delete_permission(request, obj)

    def get_readonly_fields(self, request, obj=None):
        """With many clubs a club-owned record's link to a site-wide one (a member's login, a session's director)
        is shown, not chosen: its choices would list every club's logins."""
        fields = list(super().get_readonly_fields(request, obj))
        if many_clubs() and club_owned(self.model):
            fields += [field.name for field in site_wide_links(self.model) if field.name not in fields]
        return fields

    def get_queryset(self, request):
        if not self.placed(request):
            raise PermissionDenied
        return super().get_queryset(request)

    def _get_obj_does_not_exist_redirect(self, request, opts, object_id):
        """With many clubs a record the club's managers do not find (another club's, or none) is not found, as on
        the club's own pages; with one club the admin's redirect with its message."""
        if many_clubs():
            raise Http404
        return super()._get_obj_does_not_exist_redirect(request, opts, object_id)

    # simple-history's pages read the history tables, which no club's manager narrows
    def get_history_queryset(self, request, history_manager, pk_name, object_id):
        queryset = super().get_history_queryset(request, history_manager, pk_name, object_id)
        return narrowed(queryset, self.model._default_manager.club_path) if club_owned(self.model) else queryset

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        """A past state of another club's record is not found (its page would show it, its POST revert it)."""
        if many_clubs() and club_owned(self.model):
            history = self.model._meta.simple_history_manager_attribute
            states = getattr(self.model, history).filter(**{self.model._meta.pk.attname: unquote(object_id)})
            if not narrowed(states, self.model._default_manager.club_path).filter(history_id=version_id).exists():
                raise Http404
        return super().history_form_view(request, object_id, version_id, extra_context)


def recent_actions(request, count: int = 10) -> list:
    """The login's latest actions (the index's "Recent actions") on the records of this address: at a club's, that
    club's (another club's would link to a page not found here; a removed record's club is not known, so it is left
    out); at the host's, the site-wide models'. One query, then one per kind of record."""
    from django.contrib.admin.models import LogEntry  # this module is read before the apps' models are

    entries = list(
        LogEntry.objects.filter(user_id=request.user.pk).select_related("content_type").order_by("-action_time")[:100]
    )
    by_kind: dict[int, tuple] = {}  # content type: (its model, the ids of its records in the entries)
    for entry in entries:
        if entry.content_type_id is not None:
            model, ids = by_kind.setdefault(entry.content_type_id, (entry.content_type.model_class(), set()))
            ids.add(entry.object_id)
    shown: dict[int, set[str]] = {}  # content type: the ids of its records this address finds
    for content_type_id, (model, ids) in by_kind.items():
        if model is not None and club_owned(model) == at_a_club(request):
            shown[content_type_id] = _found_here(model, ids) if club_owned(model) else ids
    return [entry for entry in entries if entry.object_id in shown.get(entry.content_type_id, ())][:count]


def _found_here(model, ids: set[str]) -> set[str]:
    """Of the records' ids (as the admin's log keeps them, text), those the club's manager finds."""
    keys = []
    for value in ids:
        try:
            keys.append(model._meta.pk.to_python(value))
        except ValidationError:
            continue
    return {str(pk) for pk in model._default_manager.filter(pk__in=keys).values_list("pk", flat=True)}


class ClubAdminSite(admin.AdminSite):
    index_template = "admin/club_index.html"

    def index(self, request, extra_context=None):
        """With many clubs, the recent actions of this address only (`recent_actions`); else Django's index."""
        if many_clubs():
            extra_context = {**(extra_context or {}), "club_admin_log": recent_actions(request)}
        return super().index(request, extra_context)

    def register(self, model_or_iterable, admin_class=None, **options):
        admin_class = admin_class or admin.ModelAdmin
        if not issubclass(admin_class, Placed):
            admin_class = type(admin_class.__name__, (Placed, admin_class), {"__module__": admin_class.__module__})
        super().register(model_or_iterable, admin_class, **options)

    def has_permission(self, request):
        """Django's rule (an active staff login); with many clubs, at a club's address a login holding a role at it
        (director or club admin), at the host's the host's admin."""
        if not super().has_permission(request):
            return False
        user = request.user
        if not many_clubs() or is_host_admin(user):
            return True
        return at_a_club(request) and (at_this_club(user, "admin") or at_this_club(user, "director"))

    def each_context(self, request):
        context = super().each_context(request)
        if many_clubs() and self.site_url == "/":
            context["site_url"] = get_script_prefix()  # "View site": the club's pages, not the host's
        return context
