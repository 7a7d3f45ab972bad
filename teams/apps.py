from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _

MEMBER_TEAM_EVENTS = 10  # the newest on the member page


class TeamsConfig(AppConfig):
    name = "teams"
    verbose_name = _("Teams events")

    def ready(self):
        from club.hand_analysis import register_hand_records
        from club.registry import register_demo_loader, register_member_section, register_merge_handler
        from club.unit_of_work import EVENT, register_derivation, register_pages
        from teams.demo import load_demo_events
        from teams.selectors.member_events import member_team_events
        from teams.services import merging
        from teams.services.hands import HAND_RECORDS
        from teams.services.pages import event_pages
        from teams.services.standings import DERIVATION, store_missing_standings

        register_member_section("team_events", lambda member: member_team_events(member, limit=MEMBER_TEAM_EVENTS))
        register_demo_loader("teams", 20, load_demo_events)
        register_merge_handler("teams", merging.HANDLER)
        register_hand_records("teams", HAND_RECORDS)
        register_pages(EVENT, event_pages)
        register_derivation(EVENT, DERIVATION)  # an event's results changed: its teams' standings stored again
        post_migrate.connect(store_missing_standings, sender=self)
