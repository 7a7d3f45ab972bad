from django.urls import include, path

from events.views import checks, director, entry, public, results, transfer

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
    path("lines/<int:line_id>/history/", checks.line_history, name="line_history"),
    path("sessions/<int:session_id>/checks/", checks.session_checks, name="session_checks"),
    path("sessions/<int:session_id>/checks/fix/", checks.apply_fix, name="session_fix"),
    path("sessions/<int:session_id>/status/", checks.session_status, name="session_status"),
    path("import/", transfer.travellers_import, name="travellers_import"),
    path("import/usebio/", transfer.usebio_import, name="usebio_import"),
    path("sessions/<int:session_id>/export.csv", transfer.travellers_export, name="travellers_export"),
    path("sessions/<int:session_id>/usebio.xml", transfer.usebio_export, name="usebio_export"),
]

urlpatterns = [
    path("", public.home, name="home"),
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
    path("director/", include(director_patterns)),
]
