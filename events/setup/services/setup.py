"""Setting up a session: boards and pairs of each section, from its movement."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from club.duplicates import refused_if_taken
from club.limits import MAX_PAIR
from club.member_match import match_player
from club.models import Member
from club.unit_of_work import MEMBER, SESSION, record_change, unit_of_work
from events.entry.services.locking import lock_session, session_write
from events.models import Board, Pair, Section, Session, TravellerLine
from events.plans import MOVEMENT_FIELDS, section_plan
from events.standings.services.member_summaries import members_followed, members_of
from events.standings.services.rescoring import rescore_session

SCORING_FIELDS = (  # a session's fields that change its scores: the method, the scale and the conventions
    "scoring",
    "scale",
    "short_boards_neuberg",
    "datum_discard",
    "datum_from",
    "datum_rounding",
    "adjusted_imps",
    "adjusted_imps_size",
    "across_field",
    "cross_imps",
    "factor_totals",
    "pair_total",
)


def split_label(label: str) -> tuple[int, str]:
    """'3NS' → (3, 'NS'); '7' → (7, '')."""
    label = label.strip().upper()
    direction = label[-2:] if label[-2:] in ("NS", "EW") else ""
    number = label[: len(label) - len(direction)]
    if not (number.isascii() and number.isdigit()) or not 1 <= int(number) <= MAX_PAIR:
        raise ValueError(_("%(label)s is not a pair number (e.g. 3, 3NS or 5EW).") % {"label": label})
    return int(number), direction


def section_has_results(section: Section) -> bool:
    return section.pk is not None and TravellerLine.objects.filter(board__section=section).exists()


def movement_changed(section: Section) -> bool:
    if section.pk is None:
        return False
    before = Section.objects.get(pk=section.pk)
    return any(getattr(before, name) != getattr(section, name) for name in MOVEMENT_FIELDS)


@transaction.atomic
def prepare_section(*, section: Section) -> None:
    """Creates the boards and pairs the movement needs, and removes those it no longer needs
    (only while the section has no results)."""
    plan = section_plan(section)
    if plan.has_schedule:
        numbers = set(plan.played_boards)
        labels = [split_label(label) for label in plan.pairs]
    else:
        count = section.boards_per_round * (section.rounds or 0)
        numbers = set(range(section.first_board, section.first_board + count))
        if section.pairs.exists():
            labels = list(section.pairs.values_list("number", "direction"))  # free entry keeps its own pairs
        else:
            labels = [(n, d) for n in range(1, section.tables + 1) for d in ("NS", "EW")]
    existing = set(section.boards.values_list("number", flat=True))
    Board.objects.bulk_create([Board(section=section, number=n) for n in sorted(numbers - existing)])
    if not section_has_results(section):
        section.boards.exclude(number__in=numbers).delete()
    have = set(section.pairs.values_list("number", "direction"))
    Pair.objects.bulk_create([Pair(section=section, number=n, direction=d) for n, d in labels if (n, d) not in have])
    if not section_has_results(section):
        unused = [pair.pk for pair in section.pairs.all() if (pair.number, pair.direction) not in set(labels)]
        Pair.objects.filter(pk__in=unused).delete()


@unit_of_work()
def settle_session(*, session: Session, scoring_changed: bool) -> None:
    """After the set-up is saved: the boards and pairs of every section, then the scores again when the
    scoring method changed, else the standings (pairs may have come or gone)."""
    with session_write(session.pk):  # stores the standings (pairs may have come or gone)
        for section in session.sections.select_related("custom_movement", "session"):
            prepare_section(section=section)
        if scoring_changed:
            rescore_session(session=session)
    members = members_of(session_ids=[session.pk], published_only=True)  # its name or date may have changed
    record_change(MEMBER, *sorted(members), stale=True)


def sections_taken() -> str:
    return _(
        "A section with one of these letters was saved a moment ago (a double click or a second tab): "
        "it is shown below."
    )


def refused_section_change(formset) -> tuple[object, str] | None:
    """The first section form whose change the results forbid (removing the section, or changing its
    movement), with the reason; None when every change may be saved."""
    for section_form in formset.forms:
        section = section_form.instance
        if not (section.pk and section_has_results(section)):
            continue
        if section_form in formset.deleted_forms:
            return section_form, _("Section %(letter)s has results: remove them first.") % {"letter": section.letter}
        if section_form.has_changed() and movement_changed(section_form.save(commit=False)):
            return section_form, _("Section %(letter)s has results: its movement can no longer change.") % {
                "letter": section.letter
            }
    return None


def save_session(*, form, formset, director) -> bool:
    """Saves a session (`form`) and its sections (`formset`), both valid, then settles its boards, pairs and
    scores; returns False (with the reason on the refused section's form) when results forbid a change."""
    refused = refused_section_change(formset)
    if refused is not None:
        section_form, reason = refused
        section_form.add_error(None, reason)
        return False
    try:
        with unit_of_work(), members_followed(form.instance.pk):  # a section without results may go
            session = form.save(commit=False)
            session.director = session.director or director
            session.save()
            formset.instance = session
            with refused_if_taken(sections_taken()):
                formset.save()
            settle_session(
                session=session,
                scoring_changed=any(name in form.changed_data for name in (*SCORING_FIELDS, "preset")),
            )
    except ValidationError as error:  # a final session: read-only
        form.add_error(None, error)
        return False
    return True


@dataclass(frozen=True)
class PlayersTyped:
    """A pair's two players as the director typed them, and whether each was confirmed as a guest."""

    pair: Pair
    player1: str
    player2: str
    player1_guest: bool = False
    player2_guest: bool = False


@unit_of_work()
def set_players(*, typed: list[PlayersTyped]) -> dict[tuple[int, str], str]:
    """Stores the players typed for each pair (members, or guests the director confirmed), or none of them.

    Returns the problems by (pair id, field): a name several members fit, a number no member has, a name no member
    has and not confirmed as a guest. A final session is refused (ValidationError).
    """
    session_id = typed[0].pair.section.session_id if typed else None
    status = None
    if session_id is not None:
        status = lock_session(session_id)  # a final session is read-only
        players_before = members_of(session_ids=[session_id], published_only=True)
    members = list(Member.objects.filter(removed_on=None))  # a removed member is no longer matched by name
    problems: dict[tuple[int, str], str] = {}
    chosen = []
    for entry in typed:
        for slot in ("player1", "player2"):
            found = match_player(getattr(entry, slot), members, guest=getattr(entry, f"{slot}_guest"))
            if not found.settled:
                problems[(entry.pair.pk, slot)] = found.message
            chosen.append((entry.pair, slot, found))
    if problems:
        return problems
    for pair, slot, found in chosen:
        setattr(pair, slot, found.member)
        setattr(pair, f"{slot}_guest", "" if found.member else found.text)
    for pair in {pair.pk: pair for pair, _slot, _found in chosen}.values():
        pair.save(update_fields=["player1", "player1_guest", "player2", "player2_guest"])  # not the standings
    if session_id is not None:
        now = members_of(session_ids=[session_id], published_only=True)
        record_change(MEMBER, *sorted(players_before | now), stale=True)  # a published session's players changed
        record_change(SESSION, session_id, published=status != Session.Status.IN_PROGRESS)
    return problems
