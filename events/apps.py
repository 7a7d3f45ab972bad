from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class EventsConfig(AppConfig):
    name = "events"
    verbose_name = _("Club events")

    def ready(self):
        from club.registry import register_demo_loader
        from events.demo import load_demo_sessions

        register_demo_loader("events", 10, load_demo_sessions)
