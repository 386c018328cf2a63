"""Pages of a round-robin event (issue 29 part 3): the drawing of lots for the pairing numbers
(FIDE Tournament Rules, "Drawing of lots"; the Berger table's numbers, C.05 Annex 1)."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from ...errors import SwissPairingError
from . import core_messages, round_robin
from . import models as m
from .actions import rounds_paired
from .auth import arbiter_required, can_edit


def _round_robin_event(pk: int) -> m.Event:
    event = get_object_or_404(m.Event, pk=pk)
    if not round_robin.is_round_robin(event):
        raise Http404
    return event


@arbiter_required
def numbers(request: HttpRequest, pk: int) -> HttpResponse:
    """GET: the players with their numbers, a field each to enter the numbers drawn in the
    hall, and the button drawing them by lot. POST ``draw``: by lot; POST ``hand``: the
    numbers typed (each of 1..n once)."""
    event = _round_robin_event(pk)
    posted: dict[int, str] = {}
    if request.method == "POST":
        try:
            if request.POST.get("what") == "draw":
                round_robin.draw_numbers(event, request.user)
                messages.success(request, _("Pairing numbers drawn by lot."))
            else:
                posted = {e.pk: str(request.POST.get(f"number_{e.pk}", ""))
                          for e in event.entrants.all()}
                round_robin.set_numbers(event, posted, request.user)
                messages.success(request, _("Pairing numbers entered."))
            return redirect("web:rr-numbers", pk=event.pk)
        except SwissPairingError as exc:
            messages.error(request, core_messages.user_message(exc))
    from .views import _ctx

    entrants = list(event.entrants.order_by("tpn"))
    return render(request, "web/rr_numbers.html", _ctx(
        request, event, entrants=[(e, posted.get(e.pk, e.tpn if event.numbers_drawn else ""))
                                  for e in entrants],
        fixed=bool(rounds_paired(event)), can_change=can_edit(request.user),
        table_rounds=round_robin.table_rounds(event)))
