"""URLs of the playing hall: ``/h/<token>/`` public pages and screens, ``/hall/`` result entry
with a code, ``/t/<id>/hall/`` the arbiters' side."""

from __future__ import annotations

from django.urls import path

from . import views

urlpatterns = [
    path("h/<str:token>/", views.public, name="public"),
    path("h/<str:token>/p/<str:panel>/", views.public, name="public-panel"),
    path("h/<str:token>/live/<str:panel>/", views.live, name="live"),
    path("h/<str:token>/screen/<int:screen_id>/", views.screen, name="screen"),
    path("h/<str:token>/screen/<int:screen_id>/live/", views.screen_live, name="screen-live"),
    path("h/<str:token>/checkin/", views.checkin, name="checkin"),
    path("h/<str:token>/checkin/<int:tpn>/", views.checkin_confirm, name="checkin-confirm"),
    path("hall/", views.enter, name="enter"),
    path("hall/language/<str:code>/", views.language, name="language"),
    path("hall/c/<str:code>/", views.enter, name="enter-code"),
    path("t/<int:pk>/hall/", views.overview, name="overview"),
    path("t/<int:pk>/hall/live/", views.overview_live, name="overview-live"),
    path("t/<int:pk>/hall/decide/<int:game_id>/", views.decide, name="decide"),
    path("t/<int:pk>/hall/screens/", views.screens, name="screens"),
    path("t/<int:pk>/hall/public-url/", views.public_url, name="public-url"),
    path("t/<int:pk>/hall/absent/", views.mark_absent, name="mark-absent"),
    path("t/<int:pk>/hall/rounds/<int:number>/<str:kind>/", views.printout, name="printout"),
]
