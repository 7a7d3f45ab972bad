from django.contrib import admin

from movements.forms import CustomMovementAdminForm
from movements.models import CustomMovement


@admin.register(CustomMovement)
class CustomMovementAdmin(admin.ModelAdmin):
    form = CustomMovementAdminForm
    list_display = ["name", "description", "created"]
    search_fields = ["name", "description"]
    readonly_fields = ["created"]
