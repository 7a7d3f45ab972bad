from django.contrib import admin
from django.db import transaction
from simple_history.admin import SimpleHistoryAdmin

from events.models import Session
from events.services.pages import session_pages_changed
from events.services.setup import SCORING_FIELDS, settle_session


@admin.register(Session)
class SessionAdmin(SimpleHistoryAdmin):
    list_display = ("name", "date", "scoring", "status")
    list_filter = ("status", "scoring")
    search_fields = ("name",)
    date_hierarchy = "date"

    def save_model(self, request, obj, form, change):
        """Saved from the change form or reverted from the history: scored again when the scoring changed."""
        with transaction.atomic():
            before = Session.objects.filter(pk=obj.pk).values_list(*SCORING_FIELDS).first() if change else None
            super().save_model(request, obj, form, change)
            after = tuple(getattr(obj, name) for name in SCORING_FIELDS)
            settle_session(session=obj, scoring_changed=before is not None and tuple(before) != after)

    def delete_model(self, request, obj):
        session_id = obj.pk
        super().delete_model(request, obj)
        session_pages_changed(session_id)

    def delete_queryset(self, request, queryset):
        session_ids = list(queryset.values_list("pk", flat=True))
        super().delete_queryset(request, queryset)
        session_pages_changed(*session_ids)
