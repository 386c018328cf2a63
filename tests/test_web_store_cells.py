"""A TRF's cells as the web app stores them (``convert.store_tournament``): a game's row from
either player's cell, the pairing-allocated bye as the bye row, the other cells without an
opponent as requests of their round (``F``, ``H``, else ``Z``), none once the player has
withdrawn (C.04.2 D.3)."""

from __future__ import annotations

import pytest

from dutch_helpers import make
from swisspairing.interfaces.web import convert
from swisspairing.interfaces.web import models as m

pytestmark = pytest.mark.django_db


def test_cells_become_rows_and_requests() -> None:
    t = make(6, [[(1, 4, "1"), (2, 5, "="), (6, "+"), (3, "H")],
                 [(1, 2, "0"), (6, 4, "1"), (3, "F"), (5, "Z")]])
    t.withdrawn[5] = 2
    event = convert.store_tournament(t, "dutch-2025")
    games = {(g.round.number, g.white.tpn, g.black.tpn if g.black else 0):
             (g.white_code, g.black_code) for g in m.Game.objects.filter(round__event=event)}
    assert games == {
        (1, 1, 4): ("1", "0"), (1, 2, 5): ("=", "="), (1, 6, 0): ("U", ""),
        (2, 1, 2): ("0", "1"), (2, 6, 4): ("1", "0"),
    }
    requests = {(r.round_number, r.entrant.tpn, r.code) for r in event.requests.all()}
    assert requests == {(1, 3, "H"), (2, 3, "F")}  # 5 withdrew from round 2: no request
