from django.contrib import admin
from django.core.exceptions import PermissionDenied
from simple_history.admin import SimpleHistoryAdmin

from club.unit_of_work import MEMBER, SESSION, record_change, unit_of_work
from events.models import Session
from events.setup.services.setup import SCORING_FIELDS, settle_session
from events.standings.services.member_summaries import members_followed, members_of


@admin.register(Session)
class SessionAdmin(SimpleHistoryAdmin):
    list_display = ("name", "date", "scoring", "status")
    list_filter = ("status", "scoring")
    search_fields = ("name",)
    date_hierarchy = "date"
    # The status moves only through the director's pages (publishing checks, reopening a final session with a
    # reason); the admin shows it.
    readonly_fields = ("status",)

    def has_change_permission(self, request, obj=None):
        """A final session is read-only here as everywhere (its history's old states included): it is corrected
        by reopening it on its checks page."""
        if obj is not None and Session.objects.filter(pk=obj.pk, status=Session.Status.FINAL).exists():
            return False
        return super().has_change_permission(request, obj)

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        """Reverting to an old state is a change: refused for a final session (the page still shows the state)."""
        if request.method == "POST" and not self.has_change_permission(request, self.get_object(request, object_id)):
            raise PermissionDenied
        return super().history_form_view(request, object_id, version_id, extra_context)

    def save_model(self, request, obj, form, change):
        """Saved from the change form or reverted from the history: scored again when the scoring changed. A
        reverted state keeps the session's current status."""
        with unit_of_work(), members_followed(obj.pk if change else None):
            before = Session.objects.filter(pk=obj.pk).values_list(*SCORING_FIELDS).first() if change else None
            if change:
                obj.status = Session.objects.values_list("status", flat=True).get(pk=obj.pk)
            super().save_model(request, obj, form, change)
            after = tuple(getattr(obj, name) for name in SCORING_FIELDS)
            settle_session(session=obj, scoring_changed=before is not None and tuple(before) != after)

    def delete_model(self, request, obj):
        session_id = obj.pk
        with unit_of_work():
            members = members_of(session_ids=[session_id], published_only=True)
            super().delete_model(request, obj)
            record_change(MEMBER, *sorted(members), stale=True)  # the session no longer counts in their pages
            record_change(SESSION, session_id)

    def delete_queryset(self, request, queryset):
        session_ids = list(queryset.values_list("pk", flat=True))
        with unit_of_work():
            members = members_of(session_ids=session_ids, published_only=True)
            super().delete_queryset(request, queryset)
            record_change(MEMBER, *sorted(members), stale=True)
            record_change(SESSION, *session_ids)
