from django.urls import include, path

from teams.views import director, entry, hands, live, public, table, table_director

app_name = "teams"

director_patterns = [
    path("", director.director_home, name="director"),
    path("new/", director.event_create, name="event_create"),
    path("<int:event_id>/", director.event_setup, name="event_setup"),
    path("<int:event_id>/teams/new/", director.team_create, name="team_create"),
    path("teams/<int:team_id>/", director.team_edit, name="team_edit"),
    path("teams/<int:team_id>/delete/", director.team_delete, name="team_delete"),
    path("<int:event_id>/start/", director.event_start, name="event_start"),
    path("<int:event_id>/next-round/", director.next_round, name="next_round"),
    path("<int:event_id>/rounds/<int:round_>/pairings/", director.round_pairings, name="round_pairings"),
    path("<int:event_id>/status/", director.event_status, name="event_status"),
    path("matches/<int:match_id>/", entry.match_entry, name="match_entry"),
    path("matches/<int:match_id>/totals/", entry.match_totals, name="match_totals"),
    path("matches/<int:match_id>/adjustments/", entry.adjustment_add, name="adjustment_add"),
    path("adjustments/<int:adjustment_id>/delete/", entry.adjustment_delete, name="adjustment_delete"),
    path("matches/<int:match_id>/import/", entry.match_import, name="match_import"),
    path("matches/<int:match_id>/export.csv", entry.match_export, name="match_export"),
    path("<int:event_id>/tables/", table_director.event_tables, name="event_tables"),
    path("matches/<int:match_id>/rooms/<int:room>/<str:side>/qr.svg", table_director.room_qr, name="room_qr"),
    path("typed/<int:typed_id>/settle/", table_director.settle_room, name="room_settle"),
    path("<int:event_id>/live/", live.live_view, name="live_view"),
    path("<int:event_id>/live/grid/", live.live_grid, name="live_grid"),
    path("corrections/<int:request_id>/done/", live.correction_done, name="correction_done"),
    path("matches/<int:match_id>/hands/", hands.match_hands, name="match_hands"),
    path("matches/<int:match_id>/hands/confirm/", hands.match_hands_confirm, name="match_hands_confirm"),
    path("matches/<int:match_id>/hands/state/", hands.match_hands_state, name="match_hands_state"),
    path("matches/<int:match_id>/hands/typed/", hands.match_hand_typed, name="match_hand_typed"),
]

urlpatterns = [
    path("", public.event_list, name="events"),
    path("<int:event_id>/", public.standings, name="standings"),
    path("<int:event_id>/cross-table/", public.cross_table, name="cross_table"),
    path("<int:event_id>/rounds/<int:round_>/", public.round_matches, name="round"),
    path("matches/<int:match_id>/", public.scorecard, name="scorecard"),
    path("matches/<int:match_id>/boards/<int:number>/", hands.match_board, name="match_board"),
    path("teams/<int:team_id>/", public.team, name="team"),
    path("t/<int:match_id>/<int:room>/<str:side>/<str:secret>/", table.room_page, name="room"),
    path("t/<int:match_id>/<int:room>/<str:side>/<str:secret>/state/", table.room_page_state, name="room_state"),
    path("t/<int:match_id>/<int:room>/<str:secret>/", table.room_link_before_sides, name="room_before_sides"),
    path("director/", include(director_patterns)),
]
