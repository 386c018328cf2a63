"""Issue 25 item 7: the hall's code sheet and cards follow the language they are printed in
(``?lang=``), their points too: the decimal comma in French even when the arbiter's session
is in English, and the point in English from a French session."""

from __future__ import annotations

import pytest
from django.test import Client

from swisspairing.interfaces.web import actions
from swisspairing.interfaces.web import models as m
from web_helpers import make_event, make_user

pytestmark = pytest.mark.django_db


def _round_2_after_draws() -> m.Event:
    """Four players, every game of round 1 drawn: each has ½ point before round 2."""
    event = make_event(players=4, rounds=3)
    first = actions.pair_next_round(event, None)
    actions.publish_round(first, None)
    for g in first.games.exclude(black=None):
        actions.set_result(g, "=", None)
    actions.publish_round(actions.pair_next_round(event, None), None)
    return event


@pytest.mark.parametrize(("session", "printed", "shown", "not_shown"), [
    ("en", "fr", "(0,5)", "(0.5)"),
    ("fr", "en", "(0.5)", "(0,5)"),
    ("en", "", "(0.5)", "(0,5)"),  # no ?lang: the arbiter's language
])
def test_the_code_sheet_writes_points_in_its_own_language(session: str, printed: str,
                                                          shown: str, not_shown: str) -> None:
    event = _round_2_after_draws()
    arbiter = Client(HTTP_ACCEPT_LANGUAGE=session)
    arbiter.force_login(make_user("arb", m.ROLE_ARBITER))
    query = {"lang": printed} if printed else {}
    sheet = arbiter.get(f"/t/{event.pk}/hall/rounds/2/sheet/", query)
    assert sheet.status_code == 200
    text = sheet.content.decode()
    assert shown in text and not_shown not in text
    assert sheet["Content-Language"] == (printed or session)
