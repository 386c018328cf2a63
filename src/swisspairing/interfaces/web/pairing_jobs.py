"""Pairings computed in the background (issue 24 item 16).

Pairing a 400-player round took 63 s inside the request's write transaction: SQLite's write
lock was held all along and every other write (players' entries, arbiters' pages) failed after
the 20 s busy timeout. Now the round page starts a :class:`.models.PairingJob` and returns at
once; a thread of the server reads the event in one short transaction
(:func:`.actions.pairing_input`), has the engine compute the pairing in a child process (the
server's interpreter stays free for the other requests), and stores it in one short transaction
(:func:`.actions.store_computed_pairing`), refused when the event changed meanwhile. The page
polls the job (HTMX) and shows the round when it is paired.
"""

from __future__ import annotations

import logging
import multiprocessing
import threading
from concurrent.futures import ProcessPoolExecutor
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, connections, transaction
from django.utils import timezone
from django.utils.translation import gettext

from ...errors import BadRequest, SwissPairingError
from . import actions
from . import models as m
from .pairing_worker import compute_pairing, lower_priority

log = logging.getLogger(__name__)

#: the jobs' threads of this process (job id -> thread)
_threads: dict[int, threading.Thread] = {}
#: a running job whose heartbeat is older than this (and has no thread here) is dead
HEARTBEAT_SECONDS = 5
DEAD_AFTER = timedelta(seconds=30)


def running_job(event: m.Event) -> m.PairingJob | None:
    return event.pairing_jobs.filter(status=m.PairingJob.RUNNING).first()


def latest_job(event: m.Event, round_number: int) -> m.PairingJob | None:
    return event.pairing_jobs.filter(round_number=round_number).first()


def start(event: m.Event, user: Any, revision: int | None = None) -> m.PairingJob:
    """Start pairing the next round in the background; BadRequest when it cannot be paired
    now (the checks of :func:`.actions.check_can_pair`), when the page that asked was stale
    (``revision``), or while another pairing of the event runs."""
    mark_dead_jobs()
    with transaction.atomic():
        fresh = m.Event.objects.select_for_update().get(pk=event.pk)
        if revision is not None and fresh.revision != revision:
            raise actions.stale_event()
        r = actions.check_can_pair(fresh)
        if running_job(fresh) is not None:
            raise BadRequest(gettext("round %(n)s is already being paired") % {"n": r})
        try:
            with transaction.atomic():
                job = m.PairingJob.objects.create(
                    event=fresh, round_number=r, revision=fresh.revision,
                    user=user if getattr(user, "is_authenticated", False) else None,
                    heartbeat=timezone.now())
        except IntegrityError:  # two clicks at once: the database keeps one
            raise BadRequest(gettext("round %(n)s is already being paired") % {"n": r}) from None
        transaction.on_commit(lambda: _start_thread(job.pk))
    return job


def _start_thread(job_id: int) -> None:
    thread = threading.Thread(target=_thread_body, args=(job_id,), name=f"pairing-{job_id}",
                              daemon=True)
    for done in [k for k, t in _threads.items() if not t.is_alive()]:
        del _threads[done]
    _threads[job_id] = thread
    thread.start()


def wait_for_jobs(timeout: float | None = None) -> None:
    """Wait until the pairings started in this process are over (tests, shutdown)."""
    for thread in list(_threads.values()):
        thread.join(timeout)


def _in_child() -> bool:
    """Whether the engine runs in a child process (``SWISSPAIRING_PAIR_IN_CHILD = False``
    in the settings keeps it in the thread: the tests' short pairings)."""
    return bool(getattr(settings, "SWISSPAIRING_PAIR_IN_CHILD", True))


def _thread_body(job_id: int) -> None:
    try:
        run(job_id)
    except Exception:
        log.exception("pairing job %s failed", job_id)
    finally:
        connections.close_all()  # this thread's connections


def run(job_id: int) -> m.PairingJob:
    """Compute and store the pairing of job ``job_id``; its outcome is in the job's row."""
    job = m.PairingJob.objects.select_related("event", "user").get(pk=job_id)
    try:
        r, revision, (system, tournament) = actions.pairing_input(job.event)
        if r != job.round_number or revision != job.revision:
            raise actions.ChangedWhilePairing(gettext(
                "the tournament changed before round %(n)s could be paired: pair it again")
                % {"n": job.round_number})
        if _in_child():
            pairing, notes = _compute_in_child(job_id, system, tournament, r)
        else:
            pairing, notes = compute_pairing(system, tournament, r)  # type: ignore[arg-type]
        actions.store_computed_pairing(
            job.event, actions.ComputedPairing(r, revision, pairing, notes), job.user)
    except SwissPairingError as exc:
        _finish(job_id, m.PairingJob.FAILED, exc.user_message())
        if isinstance(exc, actions.ChangedWhilePairing):
            actions.audit(job.event, job.user, "round-pairing-refused",
                          f"round {job.round_number}", None, {"reason": exc.user_message()})
    except BaseException as exc:
        _finish(job_id, m.PairingJob.FAILED,
                gettext("internal error of the pairing: %(error)s")
                % {"error": f"{type(exc).__name__}: {exc}"})
        raise
    else:
        _finish(job_id, m.PairingJob.DONE, "")
    return m.PairingJob.objects.get(pk=job_id)


def _compute_in_child(job_id: int, system: str, tournament: Any, r: int) -> Any:
    """The engine in a child process (spawned: no copy of the server's threads and database
    connections); the job's heartbeat is written while it runs."""
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=1, mp_context=context,
                             initializer=lower_priority) as pool:
        future = pool.submit(compute_pairing, system, tournament, r)
        while True:
            try:
                return future.result(timeout=HEARTBEAT_SECONDS)
            except TimeoutError:
                m.PairingJob.objects.filter(pk=job_id).update(heartbeat=timezone.now())


def _finish(job_id: int, status: str, error: str) -> None:
    m.PairingJob.objects.filter(pk=job_id, status=m.PairingJob.RUNNING).update(
        status=status, error=error, finished_at=timezone.now())


def mark_dead_jobs(server_start: bool = False) -> int:
    """Jobs marked running whose thread is gone (the server stopped while pairing): failed,
    so that the round can be paired again. At the server's start every running job is."""
    running = m.PairingJob.objects.filter(status=m.PairingJob.RUNNING)
    if not server_start:
        alive = [k for k, t in _threads.items() if t.is_alive()]
        running = running.exclude(pk__in=alive).filter(
            heartbeat__lt=timezone.now() - DEAD_AFTER)
    return running.update(status=m.PairingJob.FAILED, finished_at=timezone.now(),
                          error=gettext("interrupted (the server stopped while pairing): "
                                        "pair the round again"))
