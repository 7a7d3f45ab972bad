from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from teams.models import Adjustment, BoardResult, Match, Team, TeamEvent, TeamPlayer


class TeamPlayerInline(admin.TabularInline):
    model = TeamPlayer
    extra = 0
    autocomplete_fields = ["member"]


class TeamInline(admin.TabularInline):
    model = Team
    extra = 0
    show_change_link = True


@admin.register(TeamEvent)
class TeamEventAdmin(admin.ModelAdmin):
    list_display = ["name", "date", "format", "scoring", "scale", "status"]
    list_filter = ["format", "scoring", "status"]
    search_fields = ["name"]
    date_hierarchy = "date"
    inlines = [TeamInline]


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["name", "number", "event"]
    list_select_related = ["event"]
    search_fields = ["name", "event__name"]
    inlines = [TeamPlayerInline]


class BoardResultInline(admin.TabularInline):
    model = BoardResult
    extra = 0


class AdjustmentInline(admin.TabularInline):
    model = Adjustment
    extra = 0


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["__str__", "event", "round", "table", "home_imps", "away_imps", "complete"]
    list_filter = ["complete"]
    list_select_related = ["event", "home", "away"]
    search_fields = ["event__name", "home__name", "away__name"]
    inlines = [BoardResultInline, AdjustmentInline]


@admin.register(BoardResult)
class BoardResultAdmin(SimpleHistoryAdmin):
    list_display = ["match", "board", "room", "contract", "declarer", "tricks", "adjusted", "ns_score"]
    list_select_related = ["match__home", "match__away"]


@admin.register(Adjustment)
class AdjustmentAdmin(SimpleHistoryAdmin):
    list_display = ["match", "team", "kind", "amount", "reason"]
    list_select_related = ["match__home", "match__away", "team"]
