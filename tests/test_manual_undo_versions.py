"""Issue 25 item 8 / issue 24: undoing manual changes checks the round's version like every
other change from a page: an undo sent from a tab that showed an older state of the round is
refused with a message, and nothing is undone."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from swisspairing.interfaces.web import actions
from swisspairing.interfaces.web import models as m
from web_helpers import make_event, make_user

pytestmark = pytest.mark.django_db


def test_a_stale_undo_is_refused_and_undoes_nothing() -> None:
    arbiter = Client()
    arbiter.force_login(make_user("arb", m.ROLE_ARBITER))
    event = make_event(players=8, rounds=3)
    rnd = actions.pair_next_round(event, None)
    actions.manual_change(rnd, "swap", 1, None, None)
    actions.manual_change(rnd, "swap", 2, None, None)
    shown = m.Round.objects.get(pk=rnd.pk).version  # both tabs show this version
    url = reverse("web:round-action", args=[event.pk, 1, "manual-undo"])
    first = arbiter.post(url, {"version": shown}, follow=True)
    assert "Last manual change undone." in first.content.decode()
    after_first = m.Round.objects.get(pk=rnd.pk)
    assert len(after_first.manual_changes) == 1 and after_first.version == shown + 1
    # the other tab still shows the two changes: its undo would undo the swap of board 1,
    # which its arbiter did not mean
    second = arbiter.post(url, {"version": shown}, follow=True)
    page = second.content.decode()
    assert "round 1 changed since this page was shown" in page
    again = m.Round.objects.get(pk=rnd.pk)
    assert again.manual_changes == after_first.manual_changes
    assert again.version == after_first.version
    # "back to the engine's pairing" from the stale tab: refused too
    reset = reverse("web:round-action", args=[event.pk, 1, "manual-reset"])
    arbiter.post(reset, {"version": shown})
    assert len(m.Round.objects.get(pk=rnd.pk).manual_changes) == 1
    # from the page as it is now: done
    arbiter.post(reset, {"version": again.version})
    assert m.Round.objects.get(pk=rnd.pk).manual_changes == []


def test_the_undo_forms_carry_the_rounds_version() -> None:
    arbiter = Client()
    arbiter.force_login(make_user("arb", m.ROLE_ARBITER))
    event = make_event(players=6, rounds=3)
    rnd = actions.pair_next_round(event, None)
    actions.manual_change(rnd, "swap", 1, None, None)
    page = arbiter.get(reverse("web:round", args=[event.pk, 1])).content.decode()
    version = m.Round.objects.get(pk=rnd.pk).version
    for action in ("manual-undo", "manual-reset"):
        form = page.split(f"/{action}/")[1].split("</form>")[0]
        assert f'name="version" value="{version}"' in form
