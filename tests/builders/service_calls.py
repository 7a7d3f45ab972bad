"""How to run each service function against the published club (`tests/builders/published.py`), for
`tests/clubsite/test_unit_of_work.py`: every public function of the services is in `CALLS` (pairs sessions, here)
or `tests/builders/service_calls_more.py` (teams, rubber, club, accounts), as a `Call` (run it: a write whose
consequences the test checks on every cached page) or a `Within` (not a write of its own, and why).

A `Call` names the cached pages it must leave kept (`keeps`): a pairs session's write never shows on the teams
pages, nor a teams event's on the pairs pages."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from django.test import Client
from django.urls import reverse
from django.utils import timezone

from club.typed_result import read_typed_result
from events.checks.services import corrections, fixes
from events.entry.services import lines, locking, sit_outs
from events.files.services import pbn_import, transfer, usebio_import
from events.hands.services import hands, pair_par
from events.models import Session, SitOut, TravellerLine
from events.plans import section_plan
from events.setup.services import setup
from events.standings.services import member_summaries, rescoring, standings
from events.tables.services import table_entry
from tests.builders.forms import form_fields
from tests.builders.hands import SIX_BOARDS
from tests.builders.table_entry import confirm_post, ew, open_tables, save_post

DATA = Path(__file__).resolve().parent.parent / "events" / "data"


@dataclass
class Club:
    """What a call runs against: the published session and event, the public pages' URLs, a director."""

    session: Session
    event: object
    urls: dict[str, str]
    director: Client
    director_user: object

    @property
    def section(self):
        return self.session.sections.get()

    def line(self, board: int = 1) -> TravellerLine:
        lines = TravellerLine.objects.filter(board__section__session=self.session, board__number=board)
        return lines.select_related("board__section__session", "ns_pair", "ew_pair").order_by("pk").first()


@dataclass(frozen=True)
class Call:
    run: Callable[[Club], object]
    keeps: tuple[str, ...] = ()


@dataclass(frozen=True)
class Within:
    """Not a write of its own: `reason` says what it is and which service's `Call` runs it."""

    reason: str


PAIRS = ("teams standings", "team")  # a pairs session's write leaves the teams pages kept


def pairs(run: Callable[[Club], object]) -> Call:
    return Call(run, keeps=PAIRS)


def correct(club: Club, contract: str = "2H", tricks: str = "8") -> None:
    line = club.line()
    result = read_typed_result(line.board.number, contract, "E", tricks)
    lines.save_line(board=line.board, ns_pair=line.ns_pair, ew_pair=line.ew_pair, result=result, line=line)


def reopen(club: Club) -> None:
    fixes.set_status(session=club.session, status=Session.Status.FINAL)
    corrections.reopen_session(session=club.session, reason="A slip misread")


def post_traveller(club: Club) -> None:
    url = reverse("events:traveller_entry", args=[club.session.pk, club.section.pk, 2])
    fields = form_fields(club.director.get(url), "traveller-form")
    fields["r0-contract"], fields["r0-declarer"], fields["r0-tricks"] = "4S", "S", "11"
    assert club.director.post(url, fields).status_code == 302


def post_slip(club: Club) -> None:
    url = reverse("events:table_entry", args=[club.session.pk, club.section.pk, 1, 1])
    fields = {"r0-contract": "1NT", "r0-declarer": "N", "r0-tricks": "7", "r0-lead": ""}
    assert club.director.post(url, fields).status_code == 302


def swap(club: Club) -> None:
    line = club.line()
    fixes.swap_round(section=club.section, table=line.table, round_=line.round)


def mistyped(club: Club) -> TravellerLine:
    """A line whose NS score disagrees with its contract (a score typed over it, as a file may carry)."""
    line = club.line()
    TravellerLine.objects.filter(pk=line.pk).update(ns_score=-50, version=line.version + 1)
    return club.line()


def sit_out(club: Club) -> SitOut:
    """Board 2's first line removed and its North-South pair sitting the board out."""
    line = club.line(2)
    lines.delete_line(line=line)
    return sit_outs.add_sit_out(board=line.board, pair=line.ns_pair)


def at_a_table(club: Club) -> None:
    """Table entry opened on the published session, a board typed and confirmed on table 1's phone (its line
    replaced), a correction asked for and resolved."""
    paths = open_tables(club.session)
    play = next(play for play in section_plan(club.section).schedule if play.table == 1)
    TravellerLine.objects.filter(board__section=club.section, board__number=play.board, table=1).delete()
    phone = Client()
    assert phone.post(paths["1"], save_post(play, "5C", "N", "11")).status_code == 302
    assert Client().post(ew(paths["1"]), confirm_post(play)).status_code == 302  # the other side confirms
    correction = table_entry.request_correction(context=_context(paths["1"]), board_number=play.board, note="5D")
    table_entry.resolve_correction(correction=correction)


def _context(path: str):
    from events.tables.selectors.table_entry import find_table

    _start, _t, session_id, letter, table, side, secret, _end = path.split("/")
    return find_table(int(session_id), letter, int(table), side, secret)[0]


def import_file(name: str, importer: Callable) -> Callable[[Club], object]:
    return lambda club: importer(data=(DATA / name).read_bytes())


def import_csv(club: Club) -> None:
    text = transfer.export_csv(club.session)
    transfer.import_travellers(
        text=text, name="Copy", date=datetime.date(2026, 11, 2), scoring_method=Session.Scoring.MATCHPOINTS
    )


def within_session_write(run: Callable[[Club], object]) -> Callable[[Club], object]:
    def call(club: Club) -> None:
        with locking.session_write(club.session.pk):
            run(club)

    return call


def later() -> datetime.datetime:
    return timezone.now() + datetime.timedelta(days=1)


READS = "reads for a page or a file: writes nothing"
CHECK = "a check that refuses (raises) or passes: writes nothing"
SCORING = "scoring arithmetic of the rescoring and import services: writes nothing"
COMPARE = "an import's figures against the site's, for its report (import_usebio, import_pbn): writes nothing"
FILE = "reads or compares a file's rows for the imports (`import_travellers`, `import_usebio`, `import_pbn`)"

CALLS: dict[str, Call | Within] = {
    "events.tables.services.table_entry.settle_disagreement": Within(
        "the director's settling writes the chosen side's result through save_line inside session_write, the unit of"
        " work whose pages confirm_table_result's Call checks (tests/events/test_table_sides.py settles one)"
    ),
    "events.files.services.interchange_compare.compare_lines": Within(COMPARE),
    "events.files.services.interchange_compare.convention_reason": Within(COMPARE),
    "events.files.services.interchange_fit.fit_conventions": Within(
        "tries the conventions on the session import_usebio and import_pbn are writing (their Calls)"
    ),
    "events.files.services.interchange_fit.said_by_file": Within(FILE),
    "events.files.services.interchange_fit.fit_pair_total": Within(
        "tries the pair totals on the session import_usebio and import_pbn are writing (their Calls)"
    ),
    "events.entry.services.locking.standings_left": Within("enqueues the standings' refresh task: the task's own test"),
    "events.checks.services.publication.on_published": Within("registers a listener at start-up: writes nothing"),
    "events.checks.services.publication.session_published": Within(
        "tells the listeners (the results emails' task) once set_status publishes (its Call)"
    ),
    "events.standings.services.rescoring.field_rows": Within(SCORING),
    "events.setup.services.setup.sections_taken": Within(CHECK),
    "events.standings.services.bulk.update_by_pk": Within(
        "the UPDATE of the standings and rescoring services, run by them"
    ),
    "events.checks.services.corrections.close_corrections": Within("run by fixes.set_status to final (its Call)"),
    "events.checks.services.corrections.refuse_leaving_final": Within(CHECK),
    "events.checks.services.corrections.reopen_session": pairs(reopen),
    "events.entry.services.entry.has_slip": Within(READS),
    "events.entry.services.entry.save_rows": pairs(post_slip),
    "events.entry.services.entry.save_traveller": pairs(post_traveller),
    "events.entry.services.entry.set_focus": Within("the entry page's cursor: writes nothing"),
    "events.entry.services.entry.table_rows": Within(READS),
    "events.entry.services.entry.traveller_rows": Within(READS),
    # the host's season ladder (many clubs only; a club's pages show none of it): tests/events/test_federation_ladder.py
    "events.federation.services.ladder.mark_ladders_stale": Within("run by the members' derivation (with_ladders)"),
    "events.federation.services.ladder.with_ladders": Within(
        "wraps the members' derivation at start-up: writes nothing"
    ),
    "events.federation.services.ladder.refresh_ladders": Within("the ladders' task: no club's page shows a ladder"),
    "events.checks.services.fixes.locked_line": Within("a line locked inside the fixes' session_write blocks"),
    "events.checks.services.fixes.mark_checked": pairs(lambda club: fixes.mark_checked(line=club.line())),
    "events.checks.services.fixes.mark_lines_checked": pairs(
        lambda club: fixes.mark_lines_checked(session=club.session, lines=[club.line(1), club.line(2)])
    ),
    "events.checks.services.fixes.recompute_line": pairs(lambda club: fixes.recompute_line(line=mistyped(club))),
    "events.checks.services.fixes.recompute_lines": pairs(
        lambda club: fixes.recompute_lines(session=club.session, lines=[mistyped(club)])
    ),
    "events.checks.services.fixes.set_status": Call(
        lambda club: fixes.set_status(session=club.session, status=Session.Status.IN_PROGRESS), keeps=PAIRS
    ),
    "events.checks.services.fixes.swap_round": pairs(swap),
    "events.hands.services.hands.deals_changed": pairs(lambda club: hands.deals_changed({club.session.pk})),
    "events.hands.services.hands.import_hands": pairs(
        lambda club: hands.import_hands(session=club.session, text=_pbn(SIX_BOARDS))
    ),
    "events.hands.services.hands.read_session_pbn": Within(FILE),
    "events.hands.services.hands.store_deals": Within(
        "stores the deals of import_hands and store_typed_deal (their Calls)"
    ),
    "events.hands.services.hands.store_typed_deal": pairs(
        lambda club: hands.store_typed_deal(session=club.session, number=1, hands=_typed(SIX_BOARDS[1]))
    ),
    "events.files.services.interchange_compare.compare": Within(COMPARE),
    "events.files.services.interchange_compare.compare_pairs": Within(COMPARE),
    "events.files.services.interchange_compare.likeliest_reason": Within(COMPARE),
    "events.files.services.interchange_compare.pair_summary": Within(COMPARE),
    "events.files.services.interchange_compare.report_data": Within(COMPARE),
    "events.files.services.interchange_compare.summary": Within(COMPARE),
    "events.files.services.traveller_csv.combine_result": Within(FILE),
    "events.files.services.traveller_csv.cross_check": Within(FILE),
    "events.files.services.traveller_csv.is_bye_row": Within(FILE),
    "events.files.services.traveller_csv.pair_key_label": Within(FILE),
    "events.files.services.traveller_csv.parse_file": Within(FILE),
    "events.files.services.traveller_csv.parse_travellers": Within(FILE),
    "events.files.services.traveller_csv.read_board": Within(FILE),
    "events.files.services.traveller_csv.read_header": Within(FILE),
    "events.files.services.traveller_csv.read_pair": Within(FILE),
    "events.files.services.traveller_csv.read_row": Within(FILE),
    "events.files.services.traveller_csv.read_csv_score": Within(FILE),
    "events.files.services.traveller_csv.read_sit_out": Within(FILE),
    "events.files.services.usebio_messages.pbn_message": Within("an import refusal's message: writes nothing"),
    "events.files.services.usebio_messages.usebio_message": Within("an import refusal's message: writes nothing"),
    "events.entry.services.lines.check_placement": Within(CHECK),
    "events.entry.services.lines.board_lines": Within(
        "a board's lines, read for save_table_result's check or locked inside save_line: writes nothing"
    ),
    "events.entry.services.lines.delete_line": pairs(lambda club: lines.delete_line(line=club.line())),
    "events.entry.services.lines.save_line": pairs(correct),
    "events.entry.services.locking.correction_reason": Within(READS),
    "events.entry.services.locking.history_reason": Within("a text cut to the history's column: writes nothing"),
    "events.entry.services.locking.lock_session": Within("the lock every session_write block takes first"),
    "events.entry.services.locking.refresh_stale_standings": pairs(lambda club: _refresh_read(club)),
    "events.entry.services.locking.session_write": pairs(within_session_write(lambda club: mistyped(club))),
    "events.standings.services.member_summaries.mark_summaries_stale": pairs(
        lambda club: member_summaries.mark_summaries_stale(member_ids=[club.line().ns_pair.player1_id])
    ),
    "events.standings.services.member_summaries.DERIVATION": Within(
        "the unit of work's derivation of members recorded stale, run by set_status', set_players' ... Calls"
    ),
    "events.standings.services.member_summaries.members_followed": pairs(lambda club: _set_up_again(club)),
    "events.standings.services.member_summaries.members_of": Within(READS),
    "events.standings.services.member_summaries.members_of_pairs": Within(READS),
    "events.standings.services.member_summaries.refresh_all_member_summaries": pairs(
        lambda club: member_summaries.refresh_all_member_summaries()
    ),
    "events.standings.services.member_summaries.refresh_member_summaries": pairs(
        lambda club: member_summaries.refresh_member_summaries(member_ids=[club.line().ns_pair.player1_id])
    ),
    "events.standings.services.member_summaries.refresh_session_members": pairs(
        lambda club: member_summaries.refresh_session_members(session_ids=[club.session.pk])
    ),
    "events.standings.services.member_summaries.refresh_stale_member_summaries": pairs(
        lambda club: member_summaries.refresh_stale_member_summaries()
    ),
    "events.setup.services.merging.guests": Within(READS),
    "events.setup.services.merging.move": Within(
        "the merge handler: run by roster.services.merging.merge_people (its Call)"
    ),
    "events.setup.services.merging.undo": Within(
        "the merge handler: run by roster.services.merging.undo_merge (its Call)"
    ),
    "events.results.services.pages.session_pages": Within(
        "the scopes a session's change moves, read by the unit of work"
    ),
    "events.results.services.pages.session_scope": Within("a scope's name: writes nothing"),
    "events.hands.services.pair_par.store_pair_par": pairs(
        lambda club: pair_par.store_pair_par(session_ids=[club.session.pk])
    ),
    "events.files.services.pbn_import.import_pbn": pairs(import_file("pbn/ruter_mitchell.pbn", pbn_import.import_pbn)),
    "events.standings.services.rescoring.board_tops": Within(SCORING),
    "events.standings.services.rescoring.rescore_board": pairs(
        within_session_write(lambda club: rescoring.rescore_board(board=mistyped(club).board))
    ),
    "events.standings.services.rescoring.rescore_section": pairs(
        within_session_write(
            lambda club: rescoring.rescore_section(
                section=mistyped(club).board.section, plan=section_plan(club.section)
            )
        )
    ),
    "events.standings.services.rescoring.rescore_session": pairs(
        lambda club: rescoring.rescore_session(session=club.session)
    ),
    "events.standings.services.rescoring.score_lines": Within(SCORING),
    "events.setup.services.setup.movement_changed": Within(CHECK),
    "events.setup.services.setup.prepare_section": Within("the boards and pairs of settle_session (the admin's Call)"),
    "events.setup.services.setup.refused_section_change": Within(CHECK),
    "events.setup.services.setup.save_session": pairs(lambda club: _post_setup(club)),
    "events.setup.services.setup.section_has_results": Within(READS),
    "events.setup.services.setup.set_players": pairs(lambda club: _guests(club)),
    "events.setup.services.setup.settle_session": pairs(lambda club: _set_up_again(club)),
    "events.setup.services.setup.split_label": Within("a pair's label read: writes nothing"),
    "events.entry.services.sit_outs.add_sit_out": pairs(sit_out),
    "events.entry.services.sit_outs.check_not_sitting_out": Within(CHECK),
    "events.entry.services.sit_outs.sitting_out": Within(CHECK),
    "events.entry.services.sit_outs.remove_sit_out": pairs(lambda club: sit_outs.remove_sit_out(sit_out=sit_out(club))),
    "events.standings.services.standings.DERIVATION": Within(
        "the unit of work's derivation, run by every session_write's Call"
    ),
    "events.standings.services.standings.store_standings": pairs(lambda club: standings.store_standings()),
    "events.tables.services.table_entry.confirm_table_result": pairs(at_a_table),
    "events.tables.services.table_entry.request_correction": pairs(at_a_table),
    "events.tables.services.table_entry.resolve_correction": pairs(at_a_table),
    "events.tables.services.table_entry.save_table_result": pairs(at_a_table),
    "events.tables.services.table_entry.set_live_results": pairs(
        lambda club: table_entry.set_live_results(session=club.session, on=True)
    ),
    "events.tables.services.table_entry.set_table_entry": pairs(lambda club: open_tables(club.session)),
    "events.tables.services.table_entry.table_name": Within("a table's name: writes nothing"),
    "events.files.services.transfer.check_session_fields": Within(CHECK),
    "events.files.services.transfer.export_csv": Within(READS),
    "events.files.services.transfer.export_header": Within(READS),
    "events.files.services.transfer.export_rows": Within(READS),
    "events.files.services.transfer.import_travellers": pairs(import_csv),
    "events.files.services.transfer.refused_summary": Within("a refusal's message: writes nothing"),
    "events.files.services.transfer.sit_out_cells": Within(READS),
    "events.files.services.transfer.table_count": Within(FILE),
    "events.files.services.transfer.write_lines": Within(
        "the lines of import_travellers and import_usebio (their Calls)"
    ),
    "events.files.services.usebio_import.import_event": Within(
        "the session of import_usebio and import_pbn (their Calls)"
    ),
    "events.files.services.usebio_import.import_usebio": pairs(
        import_file("usebio/mitchell_two_sections.xml", usebio_import.import_usebio)
    ),
    "events.files.services.usebio_import.read_rows": Within(FILE),
    "events.files.services.usebio_import.recognise_movement": Within(FILE),
    "events.entry.services.versions.check_drawn": Within("the drawn rows compared inside save_traveller (its Call)"),
    "events.entry.services.versions.line_initial": Within("a line as typed (the rows' initial): writes nothing"),
}


def _pbn(boards) -> str:
    from tests.builders.hands import pbn_text

    return pbn_text(boards)


def _typed(deal) -> dict[str, str]:
    return {seat: getattr(deal, name) for seat, name in zip("NESW", ("north", "east", "south", "west"), strict=True)}


def _marked(club: Club):
    """The session's table entry with the standings marked stale (a line changed underneath them)."""
    from django.db.models import F

    from events.models import TableEntry

    open_tables(club.session)
    mistyped(club)
    TableEntry.objects.filter(session=club.session).update(standings_marked=F("standings_marked") + 1)
    return TableEntry.objects.get(session=club.session)


def _refresh_read(club: Club) -> bool:
    """The standings the table entry's mark made stale, stored from a phone's poll (the entry as it read it)."""
    entry = _marked(club)
    return locking.refresh_stale_standings(session_id=entry.session_id, read=entry)


def _set_up_again(club: Club) -> None:
    """The session's set-up settled again with its scoring changed (as the admin's change form does)."""
    session = Session.objects.get(pk=club.session.pk)
    session.scale = Session.Scale.ACBL if session.scale != Session.Scale.ACBL else Session.Scale.EBU
    with member_summaries.members_followed(session.pk):
        session.save()
        setup.settle_session(session=session, scoring_changed=True)


def _post_setup(club: Club) -> None:
    from tests.builders.sessions import session_post

    url = reverse("events:session_setup", args=[club.session.pk])
    fields = session_post(tables="3", boards_per_round="2")
    fields.update(
        {
            "sections-INITIAL_FORMS": "1",
            "sections-0-id": str(club.section.pk),
            "sections-0-session": str(club.session.pk),
            "name": "Renamed night",
            "date": club.session.date.isoformat(),
        }
    )
    response = club.director.post(url, fields)
    assert response.status_code == 302, response.content.decode()[:3000]


def _guests(club: Club) -> None:
    pair = club.section.pairs.filter(player1__isnull=False).order_by("pk").first()
    setup.set_players(typed=[setup.PlayersTyped(pair, "A Guest", "Another Guest", True, True)])
