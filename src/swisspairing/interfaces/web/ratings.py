"""The FIDE rating list: loading it (a background job of the web server, or
``swisspairing load-ratings``) and searching it as the arbiter types (issue 15, big imports).

Loading streams the file (:func:`.imports.iter_rating_list_file`) into the database in
batches of :data:`BATCH` rows, each batch its own short transaction (other writers, e.g. the
results being entered, wait at most one batch), under a new :class:`~.models.RatingListLoad`
id. Searches read the active load only; when every row is in, one transaction makes the new
load the active one, then the previous list's rows are deleted in slices. A failed or
interrupted load deletes its own rows and leaves the previous list active.

The job's state (queued, running, done, failed; rows read; the error with its line) is in the
database, so every server thread (and the page that polls it) sees it. A load writes its
``heartbeat`` with every batch: a load whose heartbeat is older than :data:`STALE_SECONDS`
is dead (a stopped server, a killed command) and is marked failed; a server that starts marks
every load of the web server failed at once (their threads died with the previous process).

Search (:func:`search`): the name's :func:`.imports.search_key` (lower case, no accents, FIDE's
"surname, first name" order) queried as a prefix *range* ``key >= q AND key < q'`` of the
index ``(load_id, key)``, with a ``LIMIT``; digits search the FIDE id the same way (the exact id
comes first). On PostgreSQL both sides use ``COLLATE "C"`` (byte order), as the index does.
"""

from __future__ import annotations

import logging
import os
import tempfile
import threading
from collections.abc import Callable, Iterable
from contextlib import closing
from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.db import connection, connections, transaction
from django.db.models import Max, Min
from django.db.models.functions import Collate
from django.utils import timezone

from ...errors import BadRequest, InputError
from . import models as m
from .imports import MAX_RATING_LIST_BYTES, Candidate, iter_rating_list_file, search_key

log = logging.getLogger(__name__)

#: rows inserted per transaction
BATCH = 5000
#: rows deleted per transaction when a list is replaced
DELETE_SLICE = 50000
#: a running load whose heartbeat is older than this is dead
STALE_SECONDS = 120
#: the columns a load writes, in :func:`_row` order
_COLUMNS = ("load_id", "fide_id", "name", "key", "federation", "sex", "title", "rating",
            "birth_date")

_threads: list[threading.Thread] = []


def uploads_dir() -> Path:
    path = Path(settings.DATA_DIR) / "rating-lists"
    path.mkdir(parents=True, exist_ok=True)
    return path


def active_load() -> m.RatingListLoad | None:
    return m.RatingListLoad.objects.filter(active=True).first()


def latest_load() -> m.RatingListLoad | None:
    return m.RatingListLoad.objects.first()


# --- jobs -------------------------------------------------------------------------------------
def mark_stale_loads(server_start: bool = False) -> int:
    """Mark dead loads failed and delete their rows: loads whose heartbeat stopped, and, when
    the web server starts, every queued or running load of the web server. Returns how many."""
    unfinished = m.RatingListLoad.objects.filter(status__in=(m.RatingListLoad.QUEUED,
                                                             m.RatingListLoad.RUNNING))
    limit = timezone.now() - timedelta(seconds=STALE_SECONDS)
    dead = [load for load in unfinished
            if (server_start and load.origin == m.RatingListLoad.WEB)
            or (load.heartbeat or load.created_at) < limit]
    for load in dead:
        _fail(load.pk, "interrupted: the server or the command stopped during the load; load "
                       "the file again")
    return len(dead)


def _check_no_load_running() -> None:
    mark_stale_loads()
    running = m.RatingListLoad.objects.filter(status__in=(m.RatingListLoad.QUEUED,
                                                          m.RatingListLoad.RUNNING)).first()
    if running is not None:
        raise BadRequest(f"a rating list is already loading ({running.source}, "
                         f"{running.rows_read} players read): wait until it is done")


def queue_upload(upload: object, user: object, *, background: bool = True) -> m.RatingListLoad:
    """Keep an uploaded rating list in the data folder and queue its load; the load starts in
    a thread of the server once the request's transaction commits."""
    name = os.path.basename(str(getattr(upload, "name", "") or "rating-list"))[:200]
    size = int(getattr(upload, "size", 0) or 0)
    if size > MAX_RATING_LIST_BYTES:
        raise InputError(f"the file is larger than {MAX_RATING_LIST_BYTES // 2**20} MB", name)
    _check_no_load_running()
    fd, tmp = tempfile.mkstemp(dir=uploads_dir(), suffix=".part")
    try:
        with os.fdopen(fd, "wb") as out:
            for chunk in upload.chunks():  # type: ignore[attr-defined]
                out.write(chunk)
        load = m.RatingListLoad.objects.create(
            source=name, origin=m.RatingListLoad.WEB,
            user=user if getattr(user, "is_authenticated", False) else None)
        path = uploads_dir() / f"load-{load.pk}.upload"
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    if background:
        transaction.on_commit(lambda: start_thread(load.pk, path))
    return load


def start_thread(load_id: int, path: Path) -> threading.Thread:
    """Run :func:`run_load` in a daemon thread of this process (waitress is one process)."""
    thread = threading.Thread(target=_thread_body, args=(load_id, path),
                              name=f"rating-list-load-{load_id}", daemon=True)
    _threads[:] = [t for t in _threads if t.is_alive()]
    _threads.append(thread)
    thread.start()
    return thread


def wait_for_loads(timeout: float | None = None) -> None:
    """Wait until the loads started in this process are over (tests, shutdown)."""
    for thread in list(_threads):
        thread.join(timeout)


def _thread_body(load_id: int, path: Path) -> None:
    """The background load; its outcome is in the load's row (:func:`run_load`).

    A bad file (:class:`InputError`, an expected outcome that the arbiter reads on the page)
    is logged as one warning line naming the file and the line; only an unexpected exception
    keeps its traceback in the server log (review defect 4)."""
    try:
        run_load(load_id, path, remove_file=True)
    except InputError as exc:
        log.warning("rating list load %s refused: %s", load_id, exc.user_message())
    except Exception:
        log.exception("rating list load %s failed", load_id)
    finally:
        connections.close_all()  # this thread's connections


def create_command_load(source: str) -> m.RatingListLoad:
    """The load row of ``swisspairing load-ratings`` (refused while another load runs)."""
    _check_no_load_running()
    return m.RatingListLoad.objects.create(source=source[:255],
                                           origin=m.RatingListLoad.COMMAND)


def run_load(load_id: int, path: Path, *, remove_file: bool = False,
             progress: Callable[[int], None] | None = None) -> m.RatingListLoad:
    """Load the rating list file ``path`` under load ``load_id`` and make it the active list.

    On an error in the file (or any other failure, or an interruption) the load is marked
    failed with the message naming the line, its rows are deleted, the previous list stays
    active, and the exception is raised again."""
    now = timezone.now()
    m.RatingListLoad.objects.filter(pk=load_id).update(status=m.RatingListLoad.RUNNING,
                                                       started_at=now, heartbeat=now)
    load = m.RatingListLoad.objects.get(pk=load_id)
    try:
        # closed (and the file with it) before the file is removed, also on an error (Windows)
        with closing(iter_rating_list_file(path, load.source)) as candidates:
            count = _insert_all(load_id, candidates, progress)
        if not count:
            raise InputError("the rating list holds no player", load.source)
        _activate(load, count)
    except InputError as exc:
        _fail(load_id, exc.user_message())
        raise
    except BaseException as exc:
        what = ("interrupted" if isinstance(exc, KeyboardInterrupt)
                else f"internal error: {type(exc).__name__}: {exc}")
        _fail(load_id, what)
        raise
    finally:
        if remove_file:
            path.unlink(missing_ok=True)
    return m.RatingListLoad.objects.get(pk=load_id)


def _row(load_id: int, c: Candidate) -> tuple[object, ...]:
    return (load_id, c.fide_id, c.name, search_key(c.name), c.federation, c.sex, c.title,
            c.rating, c.birth_date)


def _insert_all(load_id: int, candidates: Iterable[Candidate],
                progress: Callable[[int], None] | None) -> int:
    count = 0
    batch: list[tuple[object, ...]] = []
    for c in candidates:
        batch.append(_row(load_id, c))
        if len(batch) >= BATCH:
            count += len(batch)
            _insert_batch(load_id, batch, count)
            batch = []
            if progress is not None:
                progress(count)
    if batch:
        count += len(batch)
        _insert_batch(load_id, batch, count)
        if progress is not None:
            progress(count)
    return count


def _insert_batch(load_id: int, rows: list[tuple[object, ...]], read: int) -> None:
    """One transaction: the rows, the job's count and heartbeat. A load found failed meanwhile
    (marked dead by another process) stops here."""
    table = m.RatingEntry._meta.db_table
    columns = ", ".join(_COLUMNS)
    with transaction.atomic():
        alive = m.RatingListLoad.objects.filter(
            pk=load_id, status=m.RatingListLoad.RUNNING).update(
                rows_read=read, heartbeat=timezone.now())
        if not alive:
            raise InputError("the load was stopped (marked failed meanwhile)")
        with connection.cursor() as cursor:
            if connection.vendor == "postgresql":
                raw = cursor.cursor
                with raw.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
                    for row in rows:
                        copy.write_row(row)
            else:
                marks = ", ".join(["%s"] * len(_COLUMNS))
                cursor.executemany(f"INSERT INTO {table} ({columns}) VALUES ({marks})", rows)


def _activate(load: m.RatingListLoad, count: int) -> None:
    """One transaction makes the new list the one searched; then the old rows go."""
    from .actions import audit

    with transaction.atomic():
        previous = list(m.RatingListLoad.objects.filter(active=True).exclude(pk=load.pk)
                        .values_list("pk", flat=True))
        m.RatingListLoad.objects.filter(active=True).update(active=False)
        now = timezone.now()
        done = m.RatingListLoad.objects.filter(
            pk=load.pk, status=m.RatingListLoad.RUNNING).update(
                active=True, status=m.RatingListLoad.DONE, rows_read=count, finished_at=now,
                heartbeat=now)
        if not done:
            raise InputError("the load was stopped (marked failed meanwhile)")
        audit(None, load.user, "rating-list-load", f"{load.source}: {count} players")
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:  # the planner's statistics of the new rows
            cursor.execute(f"ANALYZE {m.RatingEntry._meta.db_table}")
    for old in previous:
        delete_rows(old)


def _fail(load_id: int, message: str) -> None:
    m.RatingListLoad.objects.filter(pk=load_id).update(
        status=m.RatingListLoad.FAILED, active=False, error=message[:2000],
        finished_at=timezone.now())
    delete_rows(load_id)
    (uploads_dir() / f"load-{load_id}.upload").unlink(missing_ok=True)


def delete_rows(load_id: int) -> None:
    """Delete a load's rows in slices of :data:`DELETE_SLICE` ids, a transaction each."""
    bounds = m.RatingEntry.objects.filter(load_id=load_id).aggregate(lo=Min("id"),
                                                                      hi=Max("id"))
    if bounds["lo"] is None:
        return
    for start in range(bounds["lo"], bounds["hi"] + 1, DELETE_SLICE):
        with transaction.atomic():
            m.RatingEntry.objects.filter(load_id=load_id, id__gte=start,
                                         id__lt=start + DELETE_SLICE).delete()


# --- search -----------------------------------------------------------------------------------
def _after(prefix: str) -> str:
    """The smallest string above every string starting with ``prefix`` (code-point order,
    which is UTF-8 byte order)."""
    last = ord(prefix[-1]) + 1
    if 0xD800 <= last <= 0xDFFF:
        last = 0xE000
    return prefix[:-1] + chr(min(last, 0x10FFFF))


def _prefix_rows(load_id: int, field: str, prefix: str, limit: int,
                 containing: str = "") -> list[m.RatingEntry]:
    rows = m.RatingEntry.objects.filter(load_id=load_id)
    if containing:
        rows = rows.filter(**{f"{field}__contains": containing})
    column = field
    if connection.vendor == "postgresql":
        rows = rows.alias(byte_order=Collate(field, "C"))
        column = "byte_order"
    rows = rows.filter(**{f"{column}__gte": prefix, f"{column}__lt": _after(prefix)})
    return list(rows.order_by(column, "id")[:limit])


def search(query: str, limit: int = 20) -> list[m.RatingEntry]:
    """Players of the active list whose FIDE id (digits) or name starts with ``query``;
    ``Ozdemir`` finds ``Özdemir``; ``magnus carl`` also finds ``Carlsen, Magnus``."""
    load = m.RatingListLoad.objects.filter(active=True).values_list("pk", flat=True).first()
    query = query.strip()
    if load is None or not query:
        return []
    if query.isdigit():
        return _prefix_rows(load, "fide_id", query, limit)
    key = search_key(query)
    if not key:
        return []
    found = _prefix_rows(load, "key", key, limit)
    words = key.split(" ")
    if len(found) < limit and len(words) >= 2 and len(words[-1]) >= 2:
        # first name typed first ("magnus carl"): the surname starts with the last word typed
        # (a range of the index), the first names follow it
        seen = {e.pk for e in found}
        found += [e for e in _prefix_rows(load, "key", words[-1], limit,
                                          containing=" " + " ".join(words[:-1]))
                  if e.pk not in seen]
    return found[:limit]
