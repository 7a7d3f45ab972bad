from django.urls import include, path

from events.checks.views import checks
from events.entry.views import entry
from events.files.views import transfer
from events.hands.views import hand_records, hands
from events.results.views import live, public, results
from events.setup.views import director
from events.tables.views import table, table_director

app_name = "events"

director_patterns = [
    path("", director.director_home, name="director"),
    path("sessions/new/", director.session_create, name="session_create"),
    path("sessions/<int:session_id>/", director.session_setup, name="session_setup"),
    path("sessions/<int:session_id>/pairs/", director.session_pairs, name="session_pairs"),
    path("members/new/", director.member_quick_add, name="member_quick_add"),
    path(
        "sessions/<int:session_id>/sections/<int:section_id>/boards/<int:number>/",
        entry.traveller_entry,
        name="traveller_entry",
    ),
    path(
        "sessions/<int:session_id>/sections/<int:section_id>/tables/<int:table>/rounds/<int:round_>/",
        entry.table_entry,
        name="table_entry",
    ),
    path("lines/<int:line_id>/delete/", entry.line_delete, name="line_delete"),
    path("sit-outs/<int:sit_out_id>/delete/", entry.sit_out_delete, name="sit_out_delete"),
    path("lines/<int:line_id>/history/", checks.line_history, name="line_history"),
    path("sessions/<int:session_id>/checks/", checks.session_checks, name="session_checks"),
    path("sessions/<int:session_id>/checks/fix/", checks.apply_fix, name="session_fix"),
    path("sessions/<int:session_id>/status/", checks.session_status, name="session_status"),
    path("sessions/<int:session_id>/tables/", table_director.table_entry_setup, name="table_entry_setup"),
    path("sessions/<int:session_id>/tables/sheet/", table_director.table_sheet, name="table_sheet"),
    path(
        "sessions/<int:session_id>/sections/<int:section_id>/tables/<int:table>/<str:side>/qr.svg",
        table_director.table_qr,
        name="table_qr",
    ),
    path("sessions/<int:session_id>/live/", table_director.live_view, name="live_view"),
    path("sessions/<int:session_id>/live/grid/", table_director.live_grid, name="live_grid"),
    path("sessions/<int:session_id>/live/public/", table_director.live_results_switch, name="live_results_switch"),
    path("corrections/<int:request_id>/done/", table_director.correction_done, name="correction_done"),
    path("table-results/<int:result_id>/settle/", table_director.settle, name="table_settle"),
    path("sessions/<int:session_id>/reopen/", checks.session_reopen, name="session_reopen"),
    path("import/", transfer.travellers_import, name="travellers_import"),
    path("sessions/<int:session_id>/hands/", hands.session_hands, name="session_hands"),
    path("sessions/<int:session_id>/hands/confirm/", hands.session_hands_confirm, name="session_hands_confirm"),
    path("sessions/<int:session_id>/hands/state/", hands.session_hands_state, name="session_hands_state"),
    path("sessions/<int:session_id>/hands/typed/", hands.session_hand_typed, name="session_hand_typed"),
    path("import/usebio/", transfer.usebio_import, name="usebio_import"),
    path("import/pbn/", transfer.pbn_import, name="pbn_import"),
    path("import/<int:session_id>/report/", transfer.import_report, name="import_report"),
    path("sessions/<int:session_id>/export.csv", transfer.travellers_export, name="travellers_export"),
    path("sessions/<int:session_id>/usebio.xml", transfer.usebio_export, name="usebio_export"),
]

urlpatterns = [
    # First: the phones poll the state every few seconds, and Django tries the patterns in order (no other pattern
    # here matches an address under t/).
    path("t/<int:session_id>/<str:letter>/<int:table>/<str:side>/<str:secret>/", table.table_page, name="table"),
    path(
        "t/<int:session_id>/<str:letter>/<int:table>/<str:side>/<str:secret>/state/",
        table.table_page_state,
        name="table_state",
    ),
    path("", public.home, name="home"),
    path("reader.json", public.reader, name="reader"),
    path("members/<int:member_id>/", results.member_detail, name="member_detail"),
    path("sessions/<int:session_id>/", results.session_ranking, name="session"),
    path("sessions/<int:session_id>/ranking.csv", results.ranking_csv, name="ranking_csv"),
    path(
        "sessions/<int:session_id>/sections/<int:section_id>/boards/<int:number>/",
        results.board_traveller,
        name="board_traveller",
    ),
    path(
        "sessions/<int:session_id>/sections/<int:section_id>/boards/<int:number>/traveller.csv",
        results.traveller_csv,
        name="traveller_csv",
    ),
    path("sessions/<int:session_id>/pairs/<int:pair_id>/", results.pair_scorecard, name="pair_scorecard"),
    path("sessions/<int:session_id>/live/", live.live_results, name="live_results"),
    path("sessions/<int:session_id>/live/ranking/", live.live_ranking, name="live_ranking"),
    path("sessions/<int:session_id>/hands.pbn", hand_records.hands_pbn, name="hands_pbn"),
    path("sessions/<int:session_id>/hands/", hand_records.hand_sheet, name="hand_sheet"),
    path("sessions/<int:session_id>/hands/<int:number>/", hand_records.board_deal, name="board_deal"),
    path("director/", include(director_patterns)),
]
