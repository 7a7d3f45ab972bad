"""python manage.py create_session --name NAME --date YYYY-MM-DD --movement mitchell|howell --tables N
[--boards-per-round 2] [--scoring matchpoints|butler|cross-imps]: prints the new session's id on its last line."""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from club.tenancy import ClubCommand
from events.management.commands.import_travellers import iso_date
from events.models import Section, Session
from events.setup.forms.setup import SectionFormSet, SessionForm, club_defaults
from events.setup.services.setup import save_session


def setup_data(*, name: str, date, scoring: str, kind: str, tables: int, boards_per_round: int) -> tuple[dict, dict]:
    """What the director's set-up page would post for one session of one section A."""
    session = {"name": name, "date": date.isoformat(), "scoring": scoring, "scale": Session.Scale.EBU}
    session["short_boards_neuberg"] = "on"
    for field, value in club_defaults().items():  # the club's default preset and conventions (its settings)
        if isinstance(value, bool):
            session.pop(field, None)
            session.update({field: "on"} if value else {})
        else:
            session[field] = str(value)
    prefix = "sections"
    sections = {
        f"{prefix}-TOTAL_FORMS": "1",
        f"{prefix}-INITIAL_FORMS": "0",
        f"{prefix}-MIN_NUM_FORMS": "1",
        f"{prefix}-MAX_NUM_FORMS": "1000",
        f"{prefix}-0-letter": "A",
        f"{prefix}-0-kind": kind,
        f"{prefix}-0-tables": str(tables),
        f"{prefix}-0-boards_per_round": str(boards_per_round),
        f"{prefix}-0-rounds": "",
        f"{prefix}-0-first_board": "1",
        f"{prefix}-0-even_tables": Section.EvenTables.SKIP,
        f"{prefix}-0-arrow_switch_rounds": "",
    }
    return session, sections


class Command(ClubCommand):
    @property
    def help(self) -> str:
        return _(
            "Sets up a session of one section with its movement (boards and pairs made, pairs shown by number "
            "until named) and prints the new session's id on the last line."
        )

    def add_arguments(self, parser):
        parser.add_argument("--name", required=True, help=_("the new session's name"))
        parser.add_argument(
            "--date", required=True, type=iso_date, metavar="YYYY-MM-DD", help=_("the session's date, YYYY-MM-DD")
        )
        parser.add_argument("--movement", required=True, choices=["mitchell", "howell"], help=_("the movement"))
        parser.add_argument("--tables", required=True, type=int, help=_("the number of tables"))
        parser.add_argument("--boards-per-round", type=int, default=2, help=_("boards per round (default 2)"))
        parser.add_argument(
            "--scoring",
            default=Session.Scoring.MATCHPOINTS,
            choices=Session.Scoring.values,
            help=_("the scoring method (default matchpoints)"),
        )

    def handle(self, *args, name, date, movement, tables, boards_per_round, scoring, **options):
        session_data, section_data = setup_data(
            name=name, date=date, scoring=scoring, kind=movement, tables=tables, boards_per_round=boards_per_round
        )
        form = SessionForm(session_data)
        formset = SectionFormSet(section_data, instance=Session(), prefix="sections")
        if not (form.is_valid() and formset.is_valid() and save_session(form=form, formset=formset, director=None)):
            problems = [f"{name}: {error}" for name, errors in form.errors.items() for error in errors]
            problems += [
                str(error)
                for section_form in formset.forms
                for errors in section_form.errors.values()
                for error in errors
            ]
            problems += [str(error) for error in formset.non_form_errors()]
            raise CommandError("\n".join(problems) or _("The session could not be set up."))
        self.stdout.write(str(form.instance.pk))
