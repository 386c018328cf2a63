"""Tables of the playing hall.

* :class:`BoardCode` - the short code of one player on one board: it lets that player (and
  nobody else) enter the result of that board while its round is the current one;
* :class:`ResultClaim` - a result entered by a player: pending until the opponent confirms it or
  an arbiter validates it; two different claims for one board are a conflict;
* :class:`CheckIn` - a player confirmed their presence before a round;
* :class:`Attempt` - a refused code or a check-in, counted for the rate limits (per device,
  per address);
* :class:`Screen` - a projector / TV screen configured by the arbiter (panels, timing).
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from .. import models as web

WHITE = "w"
BLACK = "b"
SIDES = [(WHITE, _("white")), (BLACK, _("black"))]

#: what a player may enter for their board (forfeits and other codes are the arbiter's)
PLAYER_RESULTS = ("1-0", "=", "0-1")
#: how those results are shown
PLAYER_LABELS = {"1-0": "1-0", "=": "½-½", "0-1": "0-1"}

PANELS = [("boards", _("boards")), ("alpha", _("who plays where")),
          ("standings", _("standings"))]


class BoardCode(models.Model):
    game = models.ForeignKey(web.Game, on_delete=models.CASCADE, related_name="hall_codes")
    #: the player the code was made for; when the pairing changes the code stops working
    entrant = models.ForeignKey(web.Entrant, on_delete=models.CASCADE, related_name="+")
    code = models.CharField(max_length=12, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "entrant"],
                                               name="one_code_per_player_and_board")]


class ResultClaim(models.Model):
    PENDING = "pending"
    CONFIRMED = "confirmed"
    CONFLICT = "conflict"
    VALIDATED = "validated"
    REJECTED = "rejected"
    SUPERSEDED = "superseded"
    #: claims still waiting for the opponent or an arbiter
    OPEN = (PENDING, CONFLICT)
    STATUS_LABELS = {PENDING: _("pending"), CONFIRMED: _("confirmed"), CONFLICT: _("conflict"),
                     VALIDATED: _("validated"), REJECTED: _("rejected"),
                     SUPERSEDED: _("superseded")}
    SIDE_LABELS = {WHITE: _("White"), BLACK: _("Black")}

    game = models.ForeignKey(web.Game, on_delete=models.CASCADE, related_name="hall_claims")
    side = models.CharField(max_length=1, choices=SIDES)
    result = models.CharField(max_length=4)
    status = models.CharField(max_length=12, default=PENDING, db_index=True)
    code = models.CharField(max_length=12)
    #: the device: address and browser of the request
    device = models.CharField(max_length=300, blank=True)
    #: the device's key (services.device_key: the hall's cookie, else address and browser)
    device_key = models.CharField(max_length=64, blank=True, default="")
    #: the opponent's identical entry came from this same device (issue 24, item 9): not a
    #: confirmation, the board waits for an arbiter
    same_device = models.BooleanField(default=False)
    at = models.DateTimeField(auto_now_add=True, db_index=True)
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "at", "id"]

    # what the pages show instead of the stored keys ('w', '=', 'pending')
    def side_label(self) -> str:
        return str(self.SIDE_LABELS.get(self.side, self.side))

    def result_label(self) -> str:
        return PLAYER_LABELS.get(self.result, self.result)

    def status_label(self) -> str:
        return str(self.STATUS_LABELS.get(self.status, self.status))


class CheckIn(models.Model):
    entrant = models.ForeignKey(web.Entrant, on_delete=models.CASCADE, related_name="check_ins")
    round_number = models.PositiveSmallIntegerField()
    device = models.CharField(max_length=300, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["entrant", "round_number"],
                                               name="one_check_in_per_round")]


class Attempt(models.Model):
    """A refused code (``kind='code'``) or a check-in confirmation (``'check-in'``), for the
    rate limits."""

    address = models.CharField(max_length=64)
    #: services.device_key of the request (wrong codes are limited per device first)
    device = models.CharField(max_length=64, blank=True, default="", db_index=True)
    kind = models.CharField(max_length=10)
    at = models.DateTimeField(auto_now_add=True, db_index=True)


class Screen(models.Model):
    event = models.ForeignKey(web.Event, on_delete=models.CASCADE, related_name="screens")
    name = models.CharField(_("name"), max_length=100)
    #: panels shown in turn, comma separated (keys of PANELS)
    panels = models.CharField(_("panels"), max_length=100, default="boards,alpha,standings")
    seconds = models.PositiveSmallIntegerField(_("seconds per page"), default=15)
    rows = models.PositiveSmallIntegerField(_("rows per page"), default=20)
    #: the screen's language (a code of ``LANGUAGES``); empty: the browser's language
    language = models.CharField(_("language"), max_length=8, blank=True, default="")

    class Meta:
        ordering = ["event", "id"]

    def panel_list(self) -> list[str]:
        known = dict(PANELS)
        return [p for p in self.panels.split(",") if p in known] or ["boards"]
