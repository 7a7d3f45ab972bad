from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class EventsConfig(AppConfig):
    name = "events"
    verbose_name = _("Club events")

    def ready(self):
        from club.registry import register_demo_loader, register_merge_handler
        from events.demo import load_demo_sessions
        from events.services import merging

        register_demo_loader("events", 10, load_demo_sessions)
        register_merge_handler("events", merging.HANDLER)
