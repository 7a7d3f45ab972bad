from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class EventsConfig(AppConfig):
    name = "events"
    verbose_name = _("Club events")

    def ready(self):
        from club.hand_analysis import register_hand_records
        from club.registry import register_demo_loader, register_merge_handler
        from club.unit_of_work import MEMBER, SESSION, register_derivation, register_pages
        from events.demo import load_demo_sessions
        from events.federation.services.ladder import with_ladders
        from events.hands.services.hands import HAND_RECORDS
        from events.results.services.pages import session_pages
        from events.setup.services import merging
        from events.standings.services import member_summaries
        from events.standings.services.standings import DERIVATION

        register_demo_loader("events", 10, load_demo_sessions)
        register_merge_handler("events", merging.HANDLER)
        register_hand_records("events", HAND_RECORDS)
        register_pages(SESSION, session_pages)
        register_derivation(SESSION, DERIVATION)  # a session's results changed: its standings stored again
        # a member's history changed: their summary stale, and the host's season ladders (many clubs)
        register_derivation(MEMBER, with_ladders(member_summaries.DERIVATION))
