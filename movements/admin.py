from django.contrib import admin

from movements.forms import CustomMovementAdminForm
from movements.models import CustomMovement
from movements.services import delete_custom, save_custom


@admin.register(CustomMovement)
class CustomMovementAdmin(admin.ModelAdmin):
    form = CustomMovementAdminForm
    list_display = ["name", "description", "created"]
    search_fields = ["name", "description"]
    readonly_fields = ["created"]

    def save_model(self, request, obj, form, change):
        save_custom(form=form)  # the movements page's service

    def delete_model(self, request, obj):
        delete_custom(custom=obj)

    def delete_queryset(self, request, queryset):
        for custom in queryset:
            delete_custom(custom=custom)

    def get_readonly_fields(self, request, obj=None):
        """The CSV of a movement a section uses stays as it is (that section's boards, pairs and scores
        follow it); upload a new movement instead."""
        if obj is not None and obj.section_set.exists():
            return [*self.readonly_fields, "csv_text"]
        return self.readonly_fields
