"""URLs. Arbiters' pages live under ``/t/<id>/``; public read-only pages under
``/p/<token>/`` (issue 16 adds its playing-hall pages there)."""

from __future__ import annotations

from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView

from . import printing, round_robin_views, team_views, views
from .auth import LoginView, LogoutView

app_pages = [
    path("", views.home, name="home"),
    path("login/", LoginView.as_view(), name="login"),
    path("logout/", LogoutView.as_view(), name="logout"),
    path("backup/", views.backup_download, name="backup"),
    path("accounts/", views.accounts, name="accounts"),
    path("t/new/", views.event_new, name="event-new"),
    path("t/import/", views.import_trf, name="import-trf"),
    path("t/<int:pk>/", views.event, name="event"),
    path("t/<int:pk>/edit/", views.event_edit, name="event-edit"),
    path("t/<int:pk>/players/", views.players, name="players"),
    path("t/<int:pk>/numbers/", round_robin_views.numbers, name="rr-numbers"),
    path("t/<int:pk>/teams/", team_views.teams_page, name="teams"),
    path("t/<int:pk>/teams/<int:team_id>/rating-list/search/", team_views.rating_search,
         name="team-rating-search"),
    path("t/<int:pk>/teams/<int:team_id>/rating-list/<int:entry_id>/add/",
         team_views.rating_add, name="team-rating-add"),
    path("t/<int:pk>/rounds/<int:number>/teams/<int:team_id>/lineup/", team_views.lineup,
         name="team-lineup"),
    path("t/<int:pk>/rounds/<int:number>/matches/<int:match_id>/", team_views.match_result,
         name="team-match"),
    path("t/<int:pk>/rounds/<int:number>/lineup-deadline/", team_views.deadline,
         name="team-lineup-deadline"),
    path("t/<int:pk>/players/import/", views.players_import, name="players-import"),
    path("t/<int:pk>/players/rating-list/", views.rating_list_load, name="rating-list-load"),
    path("t/<int:pk>/players/rating-list/status/", views.rating_list_status,
         name="rating-list-status"),
    path("t/<int:pk>/players/rating-list/search/", views.rating_list_search,
         name="rating-list-search"),
    path("t/<int:pk>/players/rating-list/<int:entry_id>/add/", views.rating_list_add,
         name="rating-list-add"),
    path("t/<int:pk>/players/<int:tpn>/", views.player_edit, name="player-edit"),
    path("t/<int:pk>/players/<int:tpn>/card/", views.player_card, name="player-card"),
    path("t/<int:pk>/rounds/<int:number>/", views.round_page, name="round"),
    path("t/<int:pk>/rounds/<int:number>/pairing/", views.pairing_status, name="pairing-status"),
    path("t/<int:pk>/rounds/<int:number>/print/<str:kind>/", printing.round_print,
         name="round-print"),
    path("t/<int:pk>/rounds/<int:number>/print/<str:kind>.pdf", printing.round_print_pdf,
         name="round-print-pdf"),
    path("t/<int:pk>/rounds/<int:number>/<str:what>/", views.round_action, name="round-action"),
    path("t/<int:pk>/rounds/<int:number>/games/<int:game_id>/result/", views.result,
         name="result"),
    path("t/<int:pk>/standings/", views.standings, name="standings"),
    path("t/<int:pk>/standings/<str:view>/", views.standings, name="standings-view"),
    path("t/<int:pk>/standings.pdf", views.pdf, name="pdf"),
    path("t/<int:pk>/prizes/", printing.prizes, name="prizes"),
    path("t/<int:pk>/prizes.pdf", printing.prizes_pdf, name="prizes-pdf"),
    path("t/<int:pk>/export/<str:dialect>/", views.export_trf, name="export"),
    path("t/<int:pk>/audit/", views.audit_log, name="audit"),
    path("t/<int:pk>/check/", views.check, name="check"),
    path("t/<int:pk>/forbidden/", views.forbidden, name="forbidden"),
    path("t/<int:pk>/forbidden/<int:pair_id>/remove/", views.forbidden_remove,
         name="forbidden-remove"),
    path("p/<str:token>/", views.public, name="public"),
    path("p/<str:token>/qr.svg", views.qr_svg, name="public-qr"),
    path("p/<str:token>/rounds/<int:number>/", views.public_round, name="public-round"),
    path("p/<str:token>/standings/", views.public_standings, name="public-standings"),
    path("p/<str:token>/lineup/", team_views.captain_lineup, name="captain-lineup"),
]

urlpatterns = [
    # what a browser asks for on a page that names no icon (a PDF, a JSON answer): the app's
    # icon from its static files (the pages link static/web/favicon.svg themselves)
    path("favicon.ico", RedirectView.as_view(url=static("web/favicon.ico"), permanent=True)),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include((app_pages, "web"))),
    path("", include(("swisspairing.interfaces.web.hall.urls", "hall"))),
]
