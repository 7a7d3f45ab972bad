from django.contrib import admin

from .models import ClubChoices, Deal, Scorepad, Season, SeatedPlayer


class PlayerInline(admin.TabularInline):
    model = SeatedPlayer
    extra = 0


class DealInline(admin.TabularInline):
    model = Deal
    extra = 0


@admin.register(Scorepad)
class RubberAdmin(admin.ModelAdmin):
    list_display = ["pk", "kind", "played_on", "finished", "we_total", "they_total"]
    list_filter = ["kind", "finished", "played_on"]
    inlines = [PlayerInline, DealInline]
    readonly_fields = ["finished", "we_total", "they_total", "we_score", "version"]


admin.site.register(Season)
admin.site.register(ClubChoices)
