from django.contrib import admin

from movements.forms import CustomMovementAdminForm
from movements.models import CustomMovement


@admin.register(CustomMovement)
class CustomMovementAdmin(admin.ModelAdmin):
    form = CustomMovementAdminForm
    list_display = ["name", "description", "created"]
    search_fields = ["name", "description"]
    readonly_fields = ["created"]

    def get_readonly_fields(self, request, obj=None):
        """The CSV of a movement a section uses stays as it is (that section's boards, pairs and scores
        follow it); upload a new movement instead."""
        if obj is not None and obj.section_set.exists():
            return [*self.readonly_fields, "csv_text"]
        return self.readonly_fields
