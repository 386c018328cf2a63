"""The FIDE rating list: loading it (a background job of the web server, or
``swisspairing load-ratings``) and searching it as the arbiter types (issue 15, big imports).

Loading streams the file (:func:`.imports.iter_rating_list_file`) into the database in
batches of :data:`BATCH` rows, each batch its own short transaction (other writers, e.g. the
results being entered, wait at most one batch), under a new :class:`~.models.RatingListLoad`
id. Searches read the active load only; when every row is in, one transaction makes the new
load the active one, then the previous list's rows are deleted in slices. A failed or
interrupted load deletes its own rows and leaves the previous list active. Only the insert and
the switch can fail a load: once the switch is committed the new list stays in use whatever
happens to the deletion of the previous rows (an interruption, a locked database); rows left
behind (that, or a crash, or a load found dead) belong to loads neither active nor unfinished
and are deleted when the next load starts (:func:`delete_unused_rows`), never inside a web
request's transaction.

The job's state (queued, running, done, failed; rows read; the error with its line) is in the
database, so every server thread (and the page that polls it) sees it. A load writes its
``heartbeat`` with every batch: a load whose heartbeat is older than :data:`STALE_SECONDS`
is dead (a stopped server, a killed command) and is marked failed; a server that starts marks
every load of the web server failed at once (their threads died with the previous process).
At most one load is queued or running: besides the check, a partial unique index refuses a
second one (migration 0006; two uploads at once under PostgreSQL's READ COMMITTED).

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
import time
from collections.abc import Callable, Iterable
from contextlib import closing
from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.db import IntegrityError, connection, connections, transaction
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

_UNFINISHED = (m.RatingListLoad.QUEUED, m.RatingListLoad.RUNNING)
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
    """Mark dead loads failed: loads whose heartbeat stopped, and, when the web server starts,
    every queued or running load of the web server. Returns how many.

    Only quick updates (this runs in web requests): the rows of the loads marked failed are
    deleted when the next load starts (:func:`delete_unused_rows`) or here when the server
    starts, which also removes the files a dead server left in the uploads folder."""
    limit = timezone.now() - timedelta(seconds=STALE_SECONDS)
    dead = [load for load in m.RatingListLoad.objects.filter(status__in=_UNFINISHED)
            if (server_start and load.origin == m.RatingListLoad.WEB)
            or (load.heartbeat or load.created_at) < limit]
    count = 0
    for load in dead:
        if _mark_failed(load.pk, "interrupted: the server or the command stopped during the "
                                 "load; load the file again"):
            count += 1
            _remove_upload(load.pk)
    if server_start:
        remove_leftover_files()
        delete_unused_rows()
    return count


def remove_leftover_files(min_age_seconds: float = 0) -> int:
    """Remove the files of the uploads folder no load needs: ``.part`` copies (a server that
    died while copying an upload) and ``load-<id>.upload`` files of loads neither queued nor
    running; with ``min_age_seconds``, only files not written for that long (a copy under way
    writes all the time). Returns how many were removed."""
    folder = uploads_dir()
    needed = {f"load-{pk}.upload" for pk in m.RatingListLoad.objects.filter(
        status__in=_UNFINISHED).values_list("pk", flat=True)}
    limit = time.time() - min_age_seconds
    removed = 0
    for path in folder.iterdir():
        leftover = path.name.endswith(".part") or (
            path.name.startswith("load-") and path.name.endswith(".upload")
            and path.name not in needed)
        try:
            if leftover and (not min_age_seconds or path.stat().st_mtime < limit):
                path.unlink()
                removed += 1
        except OSError as exc:  # gone meanwhile, or still open (Windows): next time
            log.warning("could not remove %s: %s", path, exc)
    return removed


def _already_loading() -> BadRequest:
    running = m.RatingListLoad.objects.filter(status__in=_UNFINISHED).first()
    what = f" ({running.source}, {running.rows_read} players read)" if running else ""
    return BadRequest(f"a rating list is already loading{what}: wait until it is done")


def _check_no_load_running() -> None:
    mark_stale_loads()
    if m.RatingListLoad.objects.filter(status__in=_UNFINISHED).exists():
        raise _already_loading()


def _create_load(**fields: object) -> m.RatingListLoad:
    """The load's row, in its own short transaction; a second unfinished load is refused by the
    database (``one_running_rating_list_load``) as "already loading"."""
    try:
        with transaction.atomic():
            return m.RatingListLoad.objects.create(**fields)
    except IntegrityError:
        raise _already_loading() from None


def queue_upload(upload: object, user: object, *, background: bool = True) -> m.RatingListLoad:
    """Keep an uploaded rating list in the data folder and queue its load; the load starts in
    a thread of the server once the load's row is committed.

    Called with no transaction open (the view is ``non_atomic_requests``): the copy of up to
    1000 MB holds no database lock (with SQLite's IMMEDIATE transactions, a request-wide
    transaction would make every other writer wait for the copy); only the row is created in a
    short transaction. A copy that fails (a full disk) is an :class:`InputError` naming the
    file; nothing is kept."""
    name = os.path.basename(str(getattr(upload, "name", "") or "rating-list"))[:200]
    size = int(getattr(upload, "size", 0) or 0)
    if size > MAX_RATING_LIST_BYTES:
        raise InputError(f"the file is larger than {MAX_RATING_LIST_BYTES // 2**20} MB", name)
    _check_no_load_running()
    remove_leftover_files(min_age_seconds=STALE_SECONDS)
    tmp: Path | None = None
    kept: Path | None = None
    try:
        try:
            fd, tmp_name = tempfile.mkstemp(dir=uploads_dir(), suffix=".part")
            tmp = Path(tmp_name)
            with os.fdopen(fd, "wb") as out:
                for chunk in upload.chunks():  # type: ignore[attr-defined]
                    out.write(chunk)
        except OSError as exc:
            raise InputError(f"the file could not be kept in the data folder "
                             f"({exc.strerror or exc}): nothing was loaded", name) from None
        with transaction.atomic():
            load = _create_load(source=name, origin=m.RatingListLoad.WEB,
                                user=user if getattr(user, "is_authenticated", False) else None)
            path = uploads_dir() / f"load-{load.pk}.upload"
            os.replace(tmp, path)
            kept = path
            if background:
                transaction.on_commit(lambda: start_thread(load.pk, path))
    except BaseException:
        for leftover in (tmp, kept):
            if leftover is not None:
                leftover.unlink(missing_ok=True)
        raise
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
    return _create_load(source=source[:255], origin=m.RatingListLoad.COMMAND)


def run_load(load_id: int, path: Path, *, remove_file: bool = False,
             progress: Callable[[int], None] | None = None) -> m.RatingListLoad:
    """Load the rating list file ``path`` under load ``load_id`` and make it the active list.

    On an error in the file (or any other failure, or an interruption) before the new list is
    switched in, the load is marked failed with the message naming the line (the first reason
    is kept: a load found dead meanwhile keeps "interrupted: ..."), its rows are deleted, the
    previous list stays active, and the exception is raised again. After the switch nothing
    fails the load (:func:`_drop_previous`)."""
    load = m.RatingListLoad.objects.get(pk=load_id)
    previous: list[int] = []
    try:
        _delete_unused_rows_logged()
        now = timezone.now()
        if not m.RatingListLoad.objects.filter(pk=load_id, status=m.RatingListLoad.QUEUED
                                               ).update(status=m.RatingListLoad.RUNNING,
                                                        started_at=now, heartbeat=now):
            raise InputError("the load was stopped (marked failed meanwhile)")
        # closed (and the file with it) before the file is removed, also on an error (Windows)
        with closing(iter_rating_list_file(path, load.source)) as candidates:
            count = _insert_all(load_id, candidates, progress)
        if not count:
            raise InputError("the rating list holds no player", load.source)
        previous = _switch(load, count)
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
            _unlink(path)
    _drop_previous(previous)
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


def _switch(load: m.RatingListLoad, count: int) -> list[int]:
    """One transaction makes the new list the one searched; returns the previous lists."""
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
    return previous


def _drop_previous(previous: list[int]) -> None:
    """After the switch: the planner's statistics (PostgreSQL), then the previous lists' rows
    go. The new list is in use whatever happens here: a failure is logged (the rows left are
    deleted when the next load starts), an interruption (Ctrl-C) is raised again."""
    try:
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:  # the planner's statistics of the new rows
                cursor.execute(f"ANALYZE {m.RatingEntry._meta.db_table}")
        for old in previous:
            delete_rows(old)
    except Exception:
        log.exception("the new rating list is in use, but the previous one's rows could not "
                      "all be deleted: the next load deletes them")
    except BaseException:
        log.warning("the new rating list is in use; the deletion of the previous one's rows "
                    "was interrupted: the next load deletes them")
        raise


def _mark_failed(load_id: int, message: str) -> bool:
    """Mark the load failed if it is still queued or running (a load already failed keeps its
    first reason; a done load is a list in use). Whether it was."""
    return bool(m.RatingListLoad.objects.filter(pk=load_id, status__in=_UNFINISHED).update(
        status=m.RatingListLoad.FAILED, active=False, error=message[:2000],
        finished_at=timezone.now()))


def _fail(load_id: int, message: str) -> None:
    """Mark the load failed (:func:`_mark_failed`) and delete its rows and its upload."""
    _mark_failed(load_id, message)
    if m.RatingListLoad.objects.filter(pk=load_id, status=m.RatingListLoad.FAILED).exists():
        delete_rows(load_id)
    _remove_upload(load_id)


def _unlink(path: Path) -> None:
    try:
        path.unlink(missing_ok=True)
    except OSError as exc:  # never hides the load's own error; removed at the next start
        log.warning("could not remove %s: %s", path, exc)


def _remove_upload(load_id: int) -> None:
    _unlink(uploads_dir() / f"load-{load_id}.upload")


def delete_unused_rows() -> int:
    """Delete the rows of every load that is neither the active list nor queued or running:
    rows left by a crash, an interruption during a deletion, or a load found dead. Runs when a
    load starts and when the server starts (never in a web request). Returns how many loads
    had rows."""
    unused = (m.RatingListLoad.objects.filter(active=False).exclude(status__in=_UNFINISHED)
              .values_list("pk", flat=True))
    cleaned = 0
    for load_id in unused:
        if m.RatingEntry.objects.filter(load_id=load_id).exists():
            delete_rows(load_id)
            cleaned += 1
    return cleaned


def _delete_unused_rows_logged() -> None:
    try:
        delete_unused_rows()
    except Exception:  # the load goes on; the next one tries again
        log.exception("could not delete the rows of earlier rating list loads")


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
    if query.isascii() and query.isdigit():
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
