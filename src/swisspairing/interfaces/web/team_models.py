"""Database tables of a team event (issue 27 part 6; C.04.6, the Swiss Team Pairing System).

A team event is an :class:`.models.Event` with ``system = "team-swiss"``. Its players are
:class:`.models.Entrant` rows (the members, TRF ``001`` lines) and its board games
:class:`.models.Game` rows, so that the results grid, the audit and the TRF export of
individual events serve team events unchanged. These tables add what a team event has more
(``../shared/rules/trf.md`` 5.4, the TRF-2026 team records):

* :class:`TeamSettings` - boards per match, the ``192 FIDE_TEAM...`` choices (colour type A/B
  or none, match or game points first, Baku), the match points ``362``, the team bye ``320``
  and the ``250`` acceleration records;
* :class:`Team` - pairing number (C.04.6 1.1), name, strength, captain (``310``), the
  categories of its team prizes (the prize lists' "best team of a category");
* :class:`TeamMember` - a member in the declared board order (``310`` columns 74-...);
* :class:`TeamLineup` - who plays which board for a team in a round (``300``);
* :class:`TeamAbsence` - a team not paired in a round (``240`` F/H/Z);
* :class:`TeamMatch` - a match of a round (``black`` empty: the team pairing-allocated bye,
  C.04.6 1.4), its forfeit (``330``) and its board games.

They are mapped to :class:`swisspairing.model.teams.TeamEvent` by :mod:`.teams`.
"""

from __future__ import annotations

from django.db import models


class TeamSettings(models.Model):
    """The team choices of an event (C.04.6 1.2, 1.4, 1.7; TRF ``192``, ``352``, ``362``,
    ``320``)."""

    event = models.OneToOneField("Event", on_delete=models.CASCADE, related_name="team_settings")
    #: boards per match (``352``: the colours of the team with White, board 1 first)
    boards = models.PositiveSmallIntegerField(default=4)
    #: ``"A"``, ``"B"`` or ``""`` (no colour preferences): C.04.6 1.7
    colour_type = models.CharField(max_length=1, blank=True, default="A")
    #: ``"MP"`` or ``"GP"``: the primary score (C.04.6 1.2)
    primary = models.CharField(max_length=2, default="MP")
    #: whether the other score is the secondary score (``192 FIDE_TEAM_TYPEA_MP``: none)
    secondary = models.BooleanField(default=True)
    #: ``352`` pattern of the team with White (``""``: ``WBWB...`` for the boards)
    board_colours = models.CharField(max_length=12, blank=True, default="")
    #: ``320``: match and game points of the team pairing-allocated bye (None: a drawn
    #: match, C.04.6 1.4)
    pab_match_points = models.FloatField(null=True, blank=True)
    pab_game_points = models.FloatField(null=True, blank=True)
    #: the team tie-breaks (C.07 codes for teams: ``MPVGP,EDE,SB,BH``); "" the default list of
    #: :mod:`swisspairing.standings.teams`; written as the ``202`` record
    tiebreaks = models.CharField(max_length=200, blank=True, default="")
    #: round number (text) -> ISO date and time until which captains may enter the line-up
    #: of that round with their code (the pairing closes it anyway)
    lineup_deadlines = models.JSONField(default=dict, blank=True)
    #: match points of a won, drawn, lost match (``362`` TW TD TL)
    match_win = models.FloatField(default=2.0)
    match_draw = models.FloatField(default=1.0)
    match_loss = models.FloatField(default=0.0)
    #: the Baku acceleration (C.04.7 applied to teams; ``192 FIDE_TEAM..._BAKU``): the teams of
    #: group A get virtual match points for pairing in the accelerated rounds
    baku = models.BooleanField(default=False)
    #: the ``250`` records of an imported file (explicit virtual points, trf.md 5.2):
    #: ``[match points, game points, first round, last round, first team, last team]``
    acceleration = models.JSONField(default=list, blank=True)


class Team(models.Model):
    event = models.ForeignKey("Event", on_delete=models.CASCADE, related_name="teams")
    #: the team's pairing number (C.04.6 1.1: strength order, fixed from round 1 on)
    tpn = models.PositiveIntegerField()
    name = models.CharField(max_length=32)
    #: ``310`` columns 48-53: the competition's measure (here the starters' rating average)
    strength = models.CharField(max_length=6, blank=True)
    captain = models.ForeignKey("Entrant", on_delete=models.SET_NULL, null=True, blank=True,
                                related_name="+")
    #: the code the captain enters the team's line-ups with (shown to the arbiters only)
    lineup_code = models.CharField(max_length=12, blank=True)
    #: the first round a withdrawn team is no longer paired (GHR 3.2 with C.04.6 Art. 0)
    withdrawn_from = models.PositiveSmallIntegerField(null=True, blank=True)
    #: the categories of the competition's team prizes the team belongs to ("best club team
    #: of Brittany", "school teams"), comma separated; no TRF record holds them
    categories = models.CharField(max_length=120, blank=True, default="")

    class Meta:
        ordering = ["event", "tpn"]
        constraints = [models.UniqueConstraint(fields=["event", "tpn"], name="unique_team_tpn"),
                       models.UniqueConstraint(fields=["event", "name"],
                                               name="unique_team_name")]

    def __str__(self) -> str:
        return f"{self.tpn} {self.name}"


class TeamMember(models.Model):
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="members")
    entrant = models.OneToOneField("Entrant", on_delete=models.CASCADE, related_name="team_member")
    #: place in the declared board order, 1 first
    order = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["team", "order"]


class TeamLineup(models.Model):
    """The players of a team in a round, board 1 first (entrant keys; 0 = an empty board)."""

    event = models.ForeignKey("Event", on_delete=models.CASCADE, related_name="team_lineups")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="lineups")
    round_number = models.PositiveSmallIntegerField()
    players = models.JSONField(default=list)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["team", "round_number"],
                                               name="one_lineup_per_round")]


class TeamAbsence(models.Model):
    event = models.ForeignKey("Event", on_delete=models.CASCADE, related_name="team_absences")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="absences")
    round_number = models.PositiveSmallIntegerField()
    #: ``240`` code: F full-point bye, H half-point bye, Z absent
    code = models.CharField(max_length=1, default="Z")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["team", "round_number"],
                                               name="one_team_absence_per_round")]


class TeamMatch(models.Model):
    FORFEITS = ("+-", "-+", "--")
    round = models.ForeignKey("Round", on_delete=models.CASCADE, related_name="team_matches")
    number = models.PositiveSmallIntegerField()
    white = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+")
    black = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+", null=True,
                              blank=True)
    #: ``330`` type: ``+-`` White's team wins by forfeit, ``-+`` Black's, ``--`` both lose
    forfeit = models.CharField(max_length=2, blank=True)
    games = models.ManyToManyField("Game", related_name="team_match")

    class Meta:
        ordering = ["round", "number"]
