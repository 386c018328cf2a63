"""Database tables of the web app.

They mirror the :mod:`swisspairing.model` objects, so that :mod:`.convert` maps one to the other
without interpretation:

* :class:`Event` - a tournament and its settings (rounds, system, point system, tie-breaks,
  initial colour, the TRF headers it cannot name itself);
* :class:`Entrant` - a player, with its pairing number ``tpn`` (C.04.2 B: initial order);
* :class:`Round` - a round once paired: draft, then published; the explanation of its pairing;
* :class:`Game` - one board of a round (``black`` empty: the pairing-allocated bye), with the
  TRF result code of each side (blank: not played yet); in a Double-Swiss event (C.04.5) one
  row per game of the match (``Game.game`` 1 or 2, see there);
* :class:`RoundRequest` - before a round: requested byes (half-point, full-point), absences
  (zero-point);
* :class:`ForbiddenPair` - two players who may not meet (C.04.1 b: e.g. same family);
* :class:`AuditEntry` - who changed what, when, before and after;
* :class:`Profile` - the role of a user (chief arbiter, arbiter, viewer).

Room is left for the playing hall (issue 16): ``Entrant.checked_in``, ``Event.public_token``
and ``Game.updated_at`` (what "not modified" answers are computed from).
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

ROLE_CHIEF = "chief"
ROLE_ARBITER = "arbiter"
ROLE_VIEWER = "viewer"
ROLES = [(ROLE_CHIEF, _("Chief arbiter")), (ROLE_ARBITER, _("Arbiter")), (ROLE_VIEWER, _("Viewer"))]

#: the result a board can get, as (white code, black code) in TRF (trf.md 4.1)
RESULTS = {
    "1-0": ("1", "0"),
    "0-1": ("0", "1"),
    "=": ("=", "="),
    "+-": ("+", "-"),
    "-+": ("-", "+"),
    "--": ("-", "-"),
    "W-L": ("W", "L"),
    "L-W": ("L", "W"),
    "D-D": ("D", "D"),
}
#: codes of a round without an opponent that an arbiter enters before the round
REQUEST_CODES = [("H", _("half-point bye")), ("F", _("full-point bye")),
                 ("Z", _("zero-point bye (absent)"))]


def _token() -> str:
    return secrets.token_urlsafe(12)


class Profile(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="profile")
    role = models.CharField(max_length=10, choices=ROLES, default=ROLE_ARBITER)

    def __str__(self) -> str:
        return f"{self.user.username} ({self.role})"


class Event(models.Model):
    name = models.CharField(_("name"), max_length=200)
    place = models.CharField(_("place"), max_length=200, blank=True)
    federation = models.CharField(_("federation"), max_length=3, blank=True)
    start_date = models.DateField(_("start date"), null=True, blank=True)
    end_date = models.DateField(_("end date"), null=True, blank=True)
    chief_arbiter = models.CharField(_("chief arbiter"), max_length=200, blank=True)
    deputy_arbiters = models.CharField(_("deputy arbiters"), max_length=400, blank=True)
    time_control = models.CharField(_("time control"), max_length=100, blank=True)
    rounds = models.PositiveSmallIntegerField(_("number of rounds"))
    system = models.CharField(_("pairing system"), max_length=30, default="dutch-2025")
    #: the PointSystem fields that differ from FIDE's (JSON: field -> points)
    point_system = models.JSONField(default=dict, blank=True)
    tiebreaks = models.CharField(_("tie-breaks"), max_length=200, blank=True)
    #: colour of the first player in round 1: "w" or "b", drawn by lot at creation
    initial_colour = models.CharField(_("initial colour"), max_length=1, default="w")
    initial_colour_drawn = models.BooleanField(default=False)
    #: TRF header lines this table does not hold (code -> lines), kept to write them back
    extra_headers = models.JSONField(default=dict, blank=True)
    #: other TRF lines kept from an import (national records, comments)
    extra_lines = models.JSONField(default=list, blank=True)
    public = models.BooleanField(_("public pages"), default=True)
    #: the date of each round (``round_dates[r - 1]``, ISO ``YYYY-MM-DD``, ``""`` unknown):
    #: entered with the settings (Swiss-Manager asks for them per round) or the day the round
    #: was paired; written in the TRF ``132`` record (trf.md 3)
    round_dates = models.JSONField(default=list, blank=True)
    public_token = models.CharField(max_length=40, unique=True, default=_token)
    #: optimistic concurrency (issue 24): ``version`` counts the saves of the settings (the
    #: settings form carries the one it showed; a save from a stale form is refused);
    #: ``revision`` counts every change that feeds the next pairing (results, players, byes,
    #: rounds, settings: :func:`.actions.audit` bumps it), so that a pairing computed from one
    #: revision is refused when another one is current
    version = models.PositiveIntegerField(default=1)
    revision = models.PositiveIntegerField(default=1)
    #: a round-robin's pairing numbers (FIDE Tournament Rules, drawing of lots): ``"lot"``
    #: drawn by the program, ``"hand"`` entered after a drawing in the hall, ``""`` not yet
    #: (numbers then follow the initial order; a player added or removed clears it)
    numbers_drawn = models.CharField(max_length=5, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name


class Entrant(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entrants")
    #: pairing number (TPN): the place in the initial order (C.04.2 B)
    tpn = models.PositiveIntegerField()
    name = models.CharField(_("name"), max_length=200)
    rating = models.PositiveIntegerField(_("rating"), default=0)
    fide_id = models.CharField(_("FIDE id"), max_length=11, blank=True)
    federation = models.CharField(_("federation"), max_length=3, blank=True)
    title = models.CharField(_("title"), max_length=3, blank=True)
    birth_date = models.CharField(_("birth date"), max_length=10, blank=True)
    sex = models.CharField(_("sex"), max_length=1, blank=True)
    club = models.CharField(_("club"), max_length=200, blank=True)
    #: first round in which a withdrawn player is no longer paired (C.04.2 D.3)
    withdrawn_from = models.PositiveSmallIntegerField(null=True, blank=True)
    checked_in = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "tpn"]
        constraints = [
            models.UniqueConstraint(fields=["event", "tpn"], name="unique_tpn"),
        ]
        indexes = [models.Index(fields=["event", "name"])]

    def __str__(self) -> str:
        return f"{self.tpn} {self.name}"


class Round(models.Model):
    DRAFT = "draft"
    PUBLISHED = "published"
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, default=DRAFT)
    #: the system that paired it and its explanation (notes: en, fr, level, rule)
    system = models.CharField(max_length=30, blank=True)
    explanation = models.JSONField(default=list, blank=True)
    #: manual changes made to the engine's pairing (text of each change)
    manual_changes = models.JSONField(default=list, blank=True)
    paired_at = models.DateTimeField(auto_now_add=True)
    published_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)
    #: bumped by every change of the round's pairing or status (manual change, publish,
    #: unpublish): the round page's forms carry the version they showed (issue 24)
    version = models.PositiveIntegerField(default=1)

    class Meta:
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="unique_round")]

    @property
    def published(self) -> bool:
        return self.status == self.PUBLISHED


class Game(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="games")
    board = models.PositiveSmallIntegerField()
    white = models.ForeignKey(Entrant, on_delete=models.PROTECT, related_name="+")
    black = models.ForeignKey(Entrant, on_delete=models.PROTECT, related_name="+", null=True,
                              blank=True)
    #: TRF result codes (``1 0 = + - W D L``; ``U`` for the pairing-allocated bye); blank:
    #: not played yet
    white_code = models.CharField(max_length=1, blank=True)
    black_code = models.CharField(max_length=1, blank=True)
    updated_at = models.DateTimeField(auto_now=True)
    #: bumped by every change of the result (grid, undo, a player's confirmation in the hall):
    #: the grid posts the version its row showed and a stale one is refused (issue 24)
    version = models.PositiveIntegerField(default=1)
    #: Double-Swiss (C.04.5 Preface: a round is a match of two games between the same two
    #: players, colours reversed in game 2): 1 or 2, the game of the match this row is; 0 for
    #: the single game of every other system. A match is two rows with the same ``board``,
    #: each with the colours of its own game (game 2's ``white`` is game 1's ``black``), so
    #: that every per-game thing of the app keeps working unchanged on it: the result codes,
    #: the grid's ``version`` and undo, the forfeit confirmation, late corrections, the
    #: hall's codes and claims, "a result is missing" (``white_code`` blank). The
    #: pairing-allocated bye is a whole match (Preface) and one row (``game`` 1), written
    #: ``U`` in both game columns of the TRF (:mod:`.double_swiss`).
    game = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["round", "board", "game"]

    @property
    def board_label(self) -> str:
        """The board as pages show it: ``3``, or ``3.1`` / ``3.2`` for the games of a
        Double-Swiss match (the bye is a whole match: ``10``)."""
        return f"{self.board}.{self.game}" if self.game and self.black_id else str(self.board)

    @property
    def is_bye(self) -> bool:
        return self.black_id is None

    @property
    def is_empty_board(self) -> bool:
        """A team event's board forfeited against an empty board: the present player alone
        (no ``black``) with a forfeit code, ``+`` (``-`` when the player's team lost the whole
        match by forfeit); TRF-2026 ``0000 C +``, trf.md 4.1 (:mod:`.teams`). The byes hold
        ``U`` (or ``F H Z``)."""
        return self.black_id is None and self.white_code in ("+", "-")

    @property
    def result(self) -> str:
        """The key of :data:`RESULTS` for the codes, ``""`` when none is entered."""
        for key, codes in RESULTS.items():
            if codes == (self.white_code, self.black_code):
                return key
        return ""


class RoundRequest(models.Model):
    """A player who will not be paired in a round: requested bye (H, F) or absence (Z)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="requests")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="requests")
    round_number = models.PositiveSmallIntegerField()
    code = models.CharField(max_length=1, choices=REQUEST_CODES)

    class Meta:
        ordering = ["round_number", "entrant__tpn"]
        constraints = [models.UniqueConstraint(fields=["entrant", "round_number"],
                                               name="one_request_per_round")]


class ForbiddenPair(models.Model):
    """Two players who may not meet (C.04.1 b), stored once: ``first`` is the entrant with the
    smaller primary key (pairing numbers change before round 1, keys do not), so ``2-1`` after
    ``1-2`` is the same row and the database refuses it."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="forbidden")
    first = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["first", "second"], name="one_forbidden_pair"),
            models.CheckConstraint(condition=models.Q(first__lt=models.F("second")),
                                   name="forbidden_pair_in_key_order"),
        ]


class AuditEntry(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="audit",
                              null=True, blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True)
    at = models.DateTimeField(auto_now_add=True)
    action = models.CharField(max_length=40)
    target = models.CharField(max_length=200, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    undone = models.BooleanField(default=False)

    class Meta:
        ordering = ["-at", "-id"]


class ResultCorrection(models.Model):
    """A result of a round changed after later rounds were paired (C.04.2 4.3: the corrected
    result counts for the next pairing; the rounds already published stand). Kept to write the
    ``### swisspairing correction`` line of the TRF, so that the checker reports those rounds as
    paired before the correction instead of as plain discrepancies (docs/checker.md)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="corrections")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="corrections")
    #: result keys (:data:`RESULTS`) before and after
    before = models.CharField(max_length=4)
    after = models.CharField(max_length=4)
    #: how many rounds were paired when the correction was made
    rounds_paired = models.PositiveSmallIntegerField()
    #: the audit entry of the change (an undo of that change removes the correction)
    audit = models.ForeignKey("AuditEntry", on_delete=models.SET_NULL, null=True, blank=True,
                              related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["at", "id"]


class PairingJob(models.Model):
    """A pairing computed in a thread of the server, outside any write transaction (issue 24,
    item 16: a 60 s pairing held SQLite's write lock and every other write failed). The round
    page polls it; the pairing is stored in one short transaction and refused when the
    event's ``revision`` changed while it was computed."""

    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="pairing_jobs")
    round_number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, default=RUNNING)
    #: the event's revision the pairing is computed from
    revision = models.PositiveIntegerField()
    error = models.TextField(blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                             blank=True)
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    heartbeat = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-started_at", "-id"]
        constraints = [
            # one pairing computed at a time per event (two clicks, two arbiters)
            models.UniqueConstraint(fields=["event"], condition=models.Q(status="running"),
                                    name="one_running_pairing_per_event"),
        ]

    @property
    def finished(self) -> bool:
        return self.status != self.RUNNING


class FailedLogin(models.Model):
    """A refused login, to pause guessing (settings.LOGIN_MAX_FAILURES)."""

    username = models.CharField(max_length=150)
    address = models.CharField(max_length=64)
    at = models.DateTimeField(auto_now_add=True, db_index=True)


class RatingListLoad(models.Model):
    """One load of the FIDE rating list (issue 15, big imports): the background job (its
    status, the lines read, the error) and the list it gives, whose entries carry its id.

    Searches read the ``active`` load only, so a new list replaces the previous one at once when
    its load is done (one transaction switches ``active``); a failed or interrupted load leaves
    the previous list in use. ``heartbeat`` is written with every batch: a load whose heartbeat
    stops is found dead (:func:`.ratings.mark_stale_loads`).
    """

    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"
    STATUSES = [(QUEUED, _("queued")), (RUNNING, _("running")), (DONE, _("done")),
                (FAILED, _("failed"))]
    #: where the load runs: a thread of the web server, or ``swisspairing load-ratings``
    WEB = "web"
    COMMAND = "command"

    source = models.CharField(max_length=255)
    origin = models.CharField(max_length=10, default=WEB)
    status = models.CharField(max_length=10, choices=STATUSES, default=QUEUED)
    active = models.BooleanField(default=False)
    rows_read = models.PositiveIntegerField(default=0)
    error = models.TextField(blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                             blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    heartbeat = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["active"], condition=models.Q(active=True),
                                    name="one_active_rating_list"),
            # at most one load queued or running (two uploads at once: the second is refused
            # by the database even when both passed the "already loading" check): every such
            # row has the same value of the expression
            models.UniqueConstraint(
                models.ExpressionWrapper(models.Q(status__in=["queued", "running"]),
                                         output_field=models.BooleanField()),
                condition=models.Q(status__in=["queued", "running"]),
                name="one_running_rating_list_load"),
        ]

    @property
    def finished(self) -> bool:
        return self.status in (self.DONE, self.FAILED)


class RatingEntry(models.Model):
    """One player of a FIDE rating list the arbiter loaded (searched as the arbiter types,
    shared by every tournament). ``key`` is :func:`.imports.search_key` of the name; the
    indexes ``(load, key)`` and ``(load, fide_id)`` are made by migration 0003 (on PostgreSQL
    with the byte order ``COLLATE "C"``, which prefix ranges need)."""

    load = models.ForeignKey(RatingListLoad, on_delete=models.CASCADE, related_name="entries",
                             db_index=False)
    fide_id = models.CharField(max_length=11)
    name = models.CharField(max_length=200)
    key = models.CharField(max_length=200, default="")
    federation = models.CharField(max_length=3, blank=True)
    sex = models.CharField(max_length=1, blank=True)
    title = models.CharField(max_length=3, blank=True)
    rating = models.PositiveIntegerField(default=0)
    birth_date = models.CharField(max_length=10, blank=True)


class SiteSetting(models.Model):
    """A setting of the whole server kept in the database, e.g. ``public_url`` (issue 24,
    item 11: the address phones use, set by ``serve --public-url`` or on the hall page)."""

    key = models.CharField(max_length=40, unique=True)
    value = models.CharField(max_length=300, blank=True)


# the tables of team events (issue 27 part 6), in their own module
from .team_models import (  # noqa: E402,F401
    Team,
    TeamAbsence,
    TeamLineup,
    TeamMatch,
    TeamMember,
    TeamSettings,
)
