"""The audit log in sentences (issue 25 item 9): "Round 4, board 2: 0-1 entered (was: none)"
in the reader's language, instead of the stored keys, Python dictionaries, True/False/None
and whole browser strings.

The entries keep what :func:`.actions.audit` stores (action key, English target, values before
and after, as JSON); this module only reads them. A board code a player typed is never shown
(viewers read the log). An action not known here falls back to its name and target.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from django.utils.translation import gettext as _

from . import models as m
from .double_swiss import round_gettext

#: a board, or a game of a Double-Swiss match (``board 3.2``: game 2 of board 3, C.04.5)
_BOARD = re.compile(r"round (\d+) board (\d+(?:\.[12])?)")
_ROUND = re.compile(r"round (\d+)(?:: (.*))?")
_NAMED_ROUND = re.compile(r"(.*), round (\d+)")


def _result(key: object) -> str:
    from .views import RESULT_LABELS

    text = RESULT_LABELS.get(str(key or ""), str(key or ""))
    return text or _("none")


def _value(value: object) -> str:
    """A stored value in words: no None, True, False, brackets or quotes."""
    if value is None or value == "":
        return _("none")
    if value is True:
        return _("yes")
    if value is False:
        return _("no")
    if isinstance(value, list):
        return ", ".join(_value(v) for v in value) if value else _("none")
    if isinstance(value, dict):
        return "; ".join(f"{k} {_value(v)}" for k, v in value.items()) or _("none")
    return str(value)


def short_device(device: str) -> str:
    """``10.0.0.5 Mozilla/5.0 (iPhone; ...) ... Safari/604.1`` -> ``10.0.0.5, iPhone, Safari``:
    the address, the system and the browser, not the whole browser string."""
    address, _sep, agent = device.partition(" ")
    system = next((name for key, name in (
        ("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("Windows", "Windows"),
        ("Macintosh", "Mac"), ("CrOS", "ChromeOS"), ("Linux", "Linux")) if key in agent), "")
    browser = next((name for key, name in (
        ("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"), ("Chrome/", "Chrome"),
        ("Chromium/", "Chromium"), ("Safari/", "Safari")) if key in agent), "")
    return ", ".join(p for p in (address, system, browser) if p) or _("unknown device")


def _field_name(model: type[Any], key: str) -> str:
    from django.core.exceptions import FieldDoesNotExist

    try:
        return str(model._meta.get_field(key).verbose_name)
    except FieldDoesNotExist:  # a key of an older version: shown as stored
        return key.replace("_", " ")


def _changes(model: type[Any], before: object, after: object) -> str:
    """``rating 1850 → 1900; club none → Annecy`` for the keys that changed."""
    if not isinstance(before, dict) or not isinstance(after, dict):
        return _("%(before)s → %(after)s") % {"before": _value(before), "after": _value(after)}
    parts = []
    for key in after:
        if key in ("tpn",) or before.get(key) == after.get(key):
            continue
        parts.append(_("%(field)s: %(before)s → %(after)s") % {
            "field": _field_name(model, key), "before": _value(before.get(key)),
            "after": _value(after.get(key))})
    return "; ".join(parts) or _("nothing changed")


def _request(code: object) -> str:
    return str(dict(m.REQUEST_CODES).get(str(code), _("plays"))) if code else _("plays")


def _player(data: object) -> str:
    if not isinstance(data, dict):
        return _value(data)
    rating = f" ({data['rating']})" if data.get("rating") else ""
    return f"{data.get('tpn', '')} {data.get('name', '')}{rating}".strip()


def sentence(entry: m.AuditEntry) -> str:
    """What ``entry`` records, as one sentence in the active language."""
    action, target = entry.action, entry.target
    before, after = entry.before, entry.after
    # a Double-Swiss event's rounds are matches (C.04.5 Preface): its sentences say "match"
    r_ = functools.partial(round_gettext, entry.event)
    board = _BOARD.fullmatch(target)
    where = {"round": board.group(1), "board": board.group(2)} if board else {}
    if action == "result" and board:
        new = after.get("result") if isinstance(after, dict) else ""
        old = before.get("result") if isinstance(before, dict) else ""
        text = (r_("Round %(round)s, board %(board)s: %(result)s entered (was: %(before)s)")
                if new else r_("Round %(round)s, board %(board)s: result cleared (was: "
                              "%(before)s)")) % {**where, "result": _result(new),
                                                 "before": _result(old)}
        if isinstance(after, dict) and after.get("after_later_rounds"):
            text += " " + _("(later rounds were already paired)")
        return text
    if action == "result-undo" and board:
        back = after.get("result") if isinstance(after, dict) else ""
        return r_("Round %(round)s, board %(board)s: change undone, back to %(result)s") % {
            **where, "result": _result(back)}
    if action == "hall-result" and board and isinstance(after, dict):
        from .hall import models as h

        side = h.ResultClaim.SIDE_LABELS.get(str(after.get("side")), "")
        status = h.ResultClaim.STATUS_LABELS.get(str(after.get("status")), "")
        return r_("Round %(round)s, board %(board)s: %(side)s entered %(result)s on a phone "
                 "(%(status)s; %(device)s)") % {
            **where, "side": side, "result": _result(after.get("result")), "status": status,
            "device": short_device(str(after.get("device", "")))}
    if action == "hall-decide" and board and isinstance(after, dict):
        from .hall import models as h

        claimed = before.get("result") if isinstance(before, dict) else ""
        status = h.ResultClaim.STATUS_LABELS.get(str(after.get("status")), "")
        return r_("Round %(round)s, board %(board)s: a player's entry %(claimed)s %(status)s "
                 "by the arbiter, who entered %(result)s") % {
            **where, "claimed": _result(claimed), "status": status,
            "result": _result(after.get("result"))}
    named = _NAMED_ROUND.fullmatch(target)
    if action == "hall-check-in" and named:
        device = after.get("device", "") if isinstance(after, dict) else ""
        return r_("%(name)s checked in for round %(round)s (%(device)s)") % {
            "name": named.group(1), "round": named.group(2),
            "device": short_device(str(device))}
    if action == "round-request" and named:
        return r_("%(name)s, round %(round)s: %(after)s (was: %(before)s)") % {
            "name": named.group(1), "round": named.group(2), "after": _request(after),
            "before": _request(before)}
    rnd = _ROUND.fullmatch(target)
    if rnd and action in ("round-pair", "round-publish", "round-unpublish", "round-unpair",
                          "round-manual", "round-manual-undo"):
        n = rnd.group(1)
        if action == "round-manual-undo":  # issue 25 item 8
            detail = rnd.group(2) or ""
            if detail.startswith("undone: "):
                from .actions import manual_change_text

                return r_("Round %(round)s: manual change undone (%(change)s)") % {
                    "round": n, "change": manual_change_text(detail[len("undone: "):])}
            return r_("Round %(round)s: back to the engine's pairing (every manual change "
                     "undone)") % {"round": n}
        if action == "round-pair":
            boards = len(after.get("boards", [])) if isinstance(after, dict) else 0
            return r_("Round %(round)s paired (%(boards)s boards)") % {"round": n,
                                                                      "boards": boards}
        if action == "round-publish":
            return r_("Round %(round)s published") % {"round": n}
        if action == "round-unpublish":
            return r_("Round %(round)s unpublished") % {"round": n}
        if action == "round-unpair":
            return r_("Round %(round)s unpaired") % {"round": n}
        from .actions import manual_change_text

        return r_("Round %(round)s: pairing changed by hand: %(change)s") % {
            "round": n, "change": manual_change_text(rnd.group(2) or "")}
    if action == "player-add":
        return _("Player added: %(player)s") % {"player": _player(after)}
    if action == "player-delete":
        return _("Player deleted: %(player)s") % {"player": _player(before)}
    if action == "player-edit":
        return _("%(name)s changed: %(changes)s") % {
            "name": target, "changes": _changes(m.Entrant, before, after)}
    if action == "player-withdraw":
        if after:
            return _("%(name)s withdrawn from round %(round)s (was: %(before)s)") % {
                "name": target, "round": after,
                "before": _("withdrawn from round %(round)s") % {"round": before}
                if before else _("plays")}
        return _("%(name)s plays again (was: withdrawn from round %(round)s)") % {
            "name": target, "round": before}
    if action == "team-categories":
        return _("%(team)s: prize categories %(after)s (was: %(before)s)") % {
            "team": target, "after": _value(after), "before": _value(before)}
    if action == "players-import":
        return _("Players imported: %(what)s") % {"what": target}
    if action == "forbidden-pair":
        return _("Forbidden pair: %(players)s") % {"players": target}
    if action == "forbidden-pair-remove":
        return _("Forbidden pair removed: %(players)s") % {"players": target}
    if action == "event-create":
        colour = after.get("initial_colour") if isinstance(after, dict) else ""
        drawn = isinstance(after, dict) and after.get("drawn_by_lot")
        return _("Tournament created: %(name)s; initial colour %(colour)s (%(how)s)") % {
            "name": target, "colour": _("White") if colour == "w" else _("Black"),
            "how": _("drawn by lot") if drawn else _("chosen")}
    if action == "event-edit":
        return _("Settings changed: %(changes)s") % {
            "changes": _changes(m.Event, before, after)}
    if action == "event-import-trf":
        return _("Tournament imported from %(file)s") % {"file": target}
    if action == "export":
        return _("Exported as %(format)s") % {"format": {
            "trf": "TRF", "trf16": "TRF-16", "trf26": "TRF-2026"}.get(target, target)}
    from .views import AUDIT_ACTIONS

    label = str(AUDIT_ACTIONS.get(action, action))
    return f"{label}: {target}" if target else label
