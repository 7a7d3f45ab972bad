"""The teams events in the Django admin. Every edit goes through the unit of work (`club.unit_of_work`): an event's
settings through `save_event`, its teams and players recorded as the event's change (its pages move on). The
results (matches, boards, adjustments) are read-only here: they are entered on the director's pages, whose
services score the match again and move the pages; an edit here would do neither."""

from django.contrib import admin
from django.db import transaction
from simple_history.admin import SimpleHistoryAdmin

from club.unit_of_work import EVENT, record_change, unit_of_work
from teams.models import Adjustment, BoardResult, Match, Team, TeamEvent, TeamPlayer
from teams.services.matches import save_event


class ReadOnly:
    """Shown, never added, changed or deleted here."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class EventChanges:
    """Saving or deleting here records the change of the event(s) the rows belong to."""

    event_field = "event_id"

    def save_related(self, request, form, formsets, change):
        with unit_of_work():
            super().save_related(request, form, formsets, change)
            record_change(EVENT, getattr(form.instance, self.event_field), stale=True)

    def delete_model(self, request, obj):
        event_id = getattr(obj, self.event_field)  # read first: a deleted row's pk is None
        with transaction.atomic():
            super().delete_model(request, obj)
            record_change(EVENT, event_id, stale=True)

    def delete_queryset(self, request, queryset):
        with transaction.atomic():
            event_ids = sorted(set(queryset.values_list(self.event_field, flat=True)))
            super().delete_queryset(request, queryset)
            record_change(EVENT, *event_ids, stale=True)


class TeamPlayerInline(admin.TabularInline):
    model = TeamPlayer
    extra = 0
    autocomplete_fields = ["member"]


class TeamInline(admin.TabularInline):
    model = Team
    extra = 0
    show_change_link = True


@admin.register(TeamEvent)
class TeamEventAdmin(EventChanges, admin.ModelAdmin):
    list_display = ["name", "date", "format", "scoring", "scale", "status"]
    list_filter = ["format", "scoring", "status"]
    search_fields = ["name"]
    date_hierarchy = "date"
    inlines = [TeamInline]
    event_field = "pk"

    def save_model(self, request, obj, form, change):
        save_event(form=form)  # the director's page's service


@admin.register(Team)
class TeamAdmin(EventChanges, admin.ModelAdmin):
    list_display = ["name", "number", "event"]
    list_select_related = ["event"]
    search_fields = ["name", "event__name"]
    inlines = [TeamPlayerInline]


class BoardResultInline(ReadOnly, admin.TabularInline):
    model = BoardResult
    extra = 0


class AdjustmentInline(ReadOnly, admin.TabularInline):
    model = Adjustment
    extra = 0


@admin.register(Match)
class MatchAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["__str__", "event", "round", "table", "home_imps", "away_imps", "complete"]
    list_filter = ["complete"]
    list_select_related = ["event", "home", "away"]
    search_fields = ["event__name", "home__name", "away__name"]
    inlines = [BoardResultInline, AdjustmentInline]


@admin.register(BoardResult)
class BoardResultAdmin(ReadOnly, SimpleHistoryAdmin):
    list_display = ["match", "board", "room", "contract", "declarer", "tricks", "adjusted", "ns_score"]
    list_select_related = ["match__home", "match__away"]


@admin.register(Adjustment)
class AdjustmentAdmin(ReadOnly, SimpleHistoryAdmin):
    list_display = ["match", "team", "kind", "amount", "reason"]
    list_select_related = ["match__home", "match__away", "team"]
