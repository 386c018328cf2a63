"""Big imports of the web app (issue 15): streaming rating list readers, the rating list load as
a background job (its state in the database, the previous list kept on failure), the search key,
the cap on players per event, bulk player imports, ``swisspairing load-ratings``."""

from __future__ import annotations

import io
import os
import sqlite3
import subprocess
import sys
import zipfile
from datetime import timedelta
from pathlib import Path

import pytest
from django.http import HttpResponse
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from swisspairing.errors import BadRequest, InputError
from swisspairing.interfaces.web import actions, ratings
from swisspairing.interfaces.web import models as m
from swisspairing.interfaces.web.imports import (
    Candidate,
    iter_fide_txt,
    iter_rating_list_file,
    read_players,
    search_key,
)
from web_helpers import make_event, make_user

pytestmark = pytest.mark.django_db
DATA = Path(__file__).parent / "data"
LIST_24 = DATA / "fide-list-24.txt"
HEADER = LIST_24.read_text(encoding="utf-8").splitlines()[0]


def _line(fide: str, name: str, fed: str = "TUR", sex: str = "M", rating: str = "1850") -> str:
    """A line of the fixed-width list at the columns of the header of ``fide-list-24.txt``."""
    cols = {name: HEADER.index(name) for name in ("Name", "Fed", "Sex", "Tit", "SRtng", "B-day")}
    row = [" "] * (len(HEADER) + 4)

    def put(col: str, text: str) -> None:
        row[cols[col]:cols[col] + len(text)] = list(text)

    row[0:len(fide)] = list(fide)
    put("Name", name)
    put("Fed", fed)
    put("Sex", sex)
    put("SRtng", rating)
    put("B-day", "1990")
    return "".join(row).rstrip()


def _list_file(tmp_path: Path, lines: list[str], name: str = "list.txt") -> Path:
    path = tmp_path / name
    path.write_text("\n".join([HEADER, *lines]) + "\n", encoding="utf-8")
    return path


def _xml_of(players: list[Candidate]) -> bytes:
    rows = "".join(
        f"<player><fideid>{c.fide_id}</fideid><name>{c.name}</name><country>{c.federation}"
        f"</country><sex>{c.sex.upper().replace('W', 'F')}</sex><title>{c.title}</title>"
        f"<rating>{c.rating or ''}</rating><birthday>{c.birth_date}</birthday></player>\n"
        for c in players)
    return f"<?xml version='1.0' encoding='utf-8'?>\n<playerslist>\n{rows}</playerslist>\n".encode()


def _post_the_list_24() -> tuple[Client, m.Event, HttpResponse]:
    """An arbiter posts the 24-player list to the rating-list page of an empty event: the
    client, the event and the page it was sent back to."""
    arbiter = Client()
    arbiter.force_login(make_user("arb", m.ROLE_ARBITER))
    event = make_event(players=0)
    with open(LIST_24, "rb") as f:
        r = arbiter.post(reverse("web:rating-list-load", args=[event.pk]), {"file": f},
                         follow=True)
    return arbiter, event, r


@pytest.fixture(autouse=True)
def _empty_uploads_folder() -> None:
    """Every test starts with an empty folder of kept uploads (the data folder is shared)."""
    for leftover in ratings.uploads_dir().iterdir():
        leftover.unlink()


def _load(path: Path) -> m.RatingListLoad:
    load = ratings.create_command_load(path.name)
    return ratings.run_load(load.pk, path)


# --- streaming readers -----------------------------------------------------------------------
def test_streaming_readers_give_the_players_of_the_whole_file_readers(tmp_path: Path) -> None:
    whole = read_players(LIST_24.read_bytes(), "fide-list-24.txt")
    assert len(whole) == 24 and whole[2].name == "Garnier, Chloé"
    assert list(iter_rating_list_file(LIST_24)) == whole
    crlf = tmp_path / "crlf.txt"
    crlf.write_bytes(LIST_24.read_bytes().replace(b"\n", b"\r\n"))
    assert list(iter_rating_list_file(crlf)) == whole
    latin = tmp_path / "latin.txt"
    latin.write_bytes(LIST_24.read_text(encoding="utf-8").encode("latin-1"))
    assert list(iter_rating_list_file(latin)) == whole
    xml = tmp_path / "list.xml"
    xml.write_bytes(_xml_of(whole))
    assert list(iter_rating_list_file(xml)) == whole == read_players(xml.read_bytes(), "l.xml")
    zipped = tmp_path / "standard_rating_list.zip"
    with zipfile.ZipFile(zipped, "w", zipfile.ZIP_DEFLATED) as z:
        z.write(LIST_24, "standard_rating_list.txt")
    assert list(iter_rating_list_file(zipped)) == whole


def test_readers_name_the_line_of_a_bad_player(tmp_path: Path) -> None:
    lines = [_line(str(100 + i), f"Player {i}, A") for i in range(30)]
    lines[12] = _line("999", "Broken, B", rating="2x00")
    with pytest.raises(InputError, match=r"bad\.txt, line 14: SRtng: a rating must be"):
        list(iter_rating_list_file(_list_file(tmp_path, lines, "bad.txt")))
    with pytest.raises(InputError, match="line 1: the first line must be the header"):
        list(iter_fide_txt(io.BytesIO(b"name,rating\nX,1\n"), "x.txt"))
    other = tmp_path / "other.csv"
    other.write_text("name,rating\nX,1\n")
    with pytest.raises(InputError, match="not a FIDE rating list"):
        list(iter_rating_list_file(other))
    with pytest.raises(InputError, match="document type declarations"):
        list(iter_rating_list_file(_bytes(tmp_path, b"<!DOCTYPE x [<!ENTITY a 'b'>]><p/>")))
    two = tmp_path / "two.zip"
    with zipfile.ZipFile(two, "w") as z:
        z.writestr("a.txt", "x")
        z.writestr("b.xml", "y")
    with pytest.raises(InputError, match=r"one \.txt or \.xml rating list, it holds 2"):
        list(iter_rating_list_file(two))


def _bytes(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "file.xml"
    path.write_bytes(data)
    return path


def test_search_key_drops_case_accents_and_punctuation() -> None:
    assert search_key("Özdemir, Ali-Rıza") == "ozdemir ali riza"
    assert search_key("O'Brien, Seán") == "obrien sean"
    assert search_key("  Łukasz   Ørsted ") == "lukasz orsted"
    assert search_key("GARNIER, Chloé") == search_key("garnier chloe")


# --- the load as a job -----------------------------------------------------------------------
def test_load_then_search_by_unaccented_prefix_and_fide_id(tmp_path: Path) -> None:
    path = _list_file(tmp_path, [_line("34100012", "Özdemir, Ayşe", sex="F"),
                                 _line("34100020", "Ozdamar, Can"),
                                 _line("1503014", "Carlsen, Magnus", "NOR", rating="2833")])
    load = _load(path)
    assert (load.status, load.active, load.rows_read) == ("done", True, 3)
    names = [e.name for e in ratings.search("Ozdemir")]
    assert names == ["Özdemir, Ayşe"]
    assert [e.name for e in ratings.search("özde")] == ["Özdemir, Ayşe"]
    assert [e.name for e in ratings.search("oz")] == ["Ozdamar, Can", "Özdemir, Ayşe"]
    assert [e.name for e in ratings.search("ozdemir, ays")] == ["Özdemir, Ayşe"]
    assert [e.name for e in ratings.search("magnus carl")] == ["Carlsen, Magnus"]
    assert [e.name for e in ratings.search("1503014")] == ["Carlsen, Magnus"]
    assert [e.fide_id for e in ratings.search("341000")] == ["34100012", "34100020"]
    assert ratings.search("zz") == [] and ratings.search("15030140") == []


def test_a_bad_line_fails_the_load_and_keeps_the_previous_list(tmp_path: Path,
                                                               monkeypatch) -> None:  # type: ignore[no-untyped-def]
    first = _load(LIST_24)
    monkeypatch.setattr(ratings, "BATCH", 4)  # rows are stored before the bad line is met
    lines = [_line(str(500 + i), f"Newlist {i:02d}, X") for i in range(30)]
    lines[19] = _line("999", "Broken, B", rating="4500")
    path = _list_file(tmp_path, lines, "new.txt")
    with pytest.raises(InputError, match="line 21"):
        _load(path)
    failed = m.RatingListLoad.objects.get(source="new.txt")
    assert failed.status == "failed" and not failed.active
    assert "new.txt, line 21: SRtng: a rating must be a number from 0 to 4000" in failed.error
    assert ratings.active_load() == first
    assert m.RatingEntry.objects.count() == 24  # the failed load's rows are gone
    assert [e.name for e in ratings.search("garnier")] == ["Garnier, Chloé"]
    lines[19] = _line("999", "Fixed, B")
    second = _load(_list_file(tmp_path, lines, "new.txt"))
    assert ratings.active_load() == second
    assert m.RatingEntry.objects.count() == 30  # the previous list's rows are gone
    assert ratings.search("garnier") == [] and len(ratings.search("newlist")) == 20


def test_dead_loads_are_marked_failed() -> None:
    # at most one load runs at a time (one_running_rating_list_load): one case after another
    old = timezone.now() - timedelta(seconds=ratings.STALE_SECONDS + 5)
    silent = m.RatingListLoad.objects.create(source="c.txt", status="running", origin="command",
                                             heartbeat=old)
    assert ratings.mark_stale_loads() == 1
    assert m.RatingListLoad.objects.get(pk=silent.pk).status == "failed"
    web = m.RatingListLoad.objects.create(source="a.txt", status="running",
                                          heartbeat=timezone.now())
    assert ratings.mark_stale_loads() == 0
    assert m.RatingListLoad.objects.get(pk=web.pk).status == "running"
    assert ratings.mark_stale_loads(server_start=True) == 1
    web.refresh_from_db()
    assert web.status == "failed" and "interrupted" in web.error
    command = m.RatingListLoad.objects.create(source="b.txt", status="running", origin="command",
                                              heartbeat=timezone.now())
    assert ratings.mark_stale_loads(server_start=True) == 0
    assert m.RatingListLoad.objects.get(pk=command.pk).status == "running"


@pytest.mark.django_db(transaction=True)
def test_the_page_loads_the_list_in_the_background_and_reports_done() -> None:
    arbiter, event, r = _post_the_list_24()
    assert "loading in the background" in r.content.decode()
    ratings.wait_for_loads(60)
    load = m.RatingListLoad.objects.get()
    assert (load.status, load.active, load.rows_read, load.origin) == ("done", True, 24, "web")
    assert not any(ratings.uploads_dir().iterdir())  # the kept upload is removed
    status = reverse("web:rating-list-status", args=[event.pk])
    page = arbiter.get(status).content.decode()
    assert "In use: fide-list-24.txt, 24 players" in page and "every 2s" not in page
    polled = arbiter.get(status, {"watching": "1"}, HTTP_HX_REQUEST="true")
    assert polled["HX-Refresh"] == "true"
    found = arbiter.get(reverse("web:rating-list-search", args=[event.pk]),
                        {"find": "garnier chlo"}).content.decode()
    assert "Garnier, Chloé" in found


def test_the_status_part_polls_while_a_load_runs_and_shows_a_failure() -> None:
    arbiter = Client()
    arbiter.force_login(make_user("arb", m.ROLE_ARBITER))
    event = make_event(players=0)
    m.RatingListLoad.objects.create(source="big.txt", status="running", rows_read=215000,
                                    heartbeat=timezone.now())
    page = arbiter.get(reverse("web:players", args=[event.pk])).content.decode()
    assert "Loading big.txt: running, 215000 players read." in page and "every 2s" in page
    french = arbiter.get(reverse("web:players", args=[event.pk]),
                         HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Chargement de big.txt : en cours, 215000 joueurs lus." in french
    assert "un tournoi compte au plus 5000 joueurs" in french
    with open(LIST_24, "rb") as f:
        r = arbiter.post(reverse("web:rating-list-load", args=[event.pk]), {"file": f},
                         follow=True)
    assert "A rating list is already loading" in r.content.decode()
    assert m.RatingListLoad.objects.count() == 1
    m.RatingListLoad.objects.update(status="failed", error="big.txt, line 7: bad")
    page = arbiter.get(reverse("web:rating-list-status", args=[event.pk])).content.decode()
    assert "Loading big.txt failed: big.txt, line 7: bad" in page


# --- players imported into an event ----------------------------------------------------------
def test_bulk_import_numbers_like_adding_one_by_one() -> None:
    players = read_players(LIST_24.read_bytes(), "fide-list-24.txt")
    one_by_one = make_event(players=0)
    for c in players:
        actions.add_entrant(one_by_one, c, None)
    bulk = make_event(players=3)
    actions.import_entrants(bulk, players, None, "fide-list-24.txt")
    expected = sorted([(e.rating, e.name) for e in one_by_one.entrants.all()] +
                      [(e.rating, e.name) for e in make_event(players=3).entrants.all()],
                      key=lambda x: -x[0])
    got = list(bulk.entrants.order_by("tpn").values_list("tpn", "rating"))
    assert [t for t, _ in got] == list(range(1, 28))
    assert [r for _, r in got] == [r for r, _ in expected]
    entry = bulk.audit.get(action="players-import")
    assert entry.target == "fide-list-24.txt: 24 players" and entry.after["count"] == 24


def test_an_import_over_the_cap_is_refused_and_stores_nothing(settings) -> None:  # type: ignore[no-untyped-def]
    settings.SWISSPAIRING_MAX_PLAYERS = 30
    arbiter = Client()
    arbiter.force_login(make_user("arb", m.ROLE_ARBITER))
    event = make_event(players=10)
    with open(LIST_24, "rb") as f:
        r = arbiter.post(reverse("web:players-import", args=[event.pk]), {"file": f},
                         follow=True)
    text = r.content.decode()
    assert r.status_code == 200
    assert ("fide-list-24.txt holds more players than this event may still take (20): an event "
            "may have at most 30 players. Nothing was imported.") in text
    assert event.entrants.count() == 10
    assert not event.audit.filter(action="players-import").exists()
    with pytest.raises(actions.TooManyPlayers, match="at most 30 players"):
        actions.import_entrants(event, [Candidate(f"X{i}") for i in range(21)], None)
    assert event.entrants.count() == 10
    actions.import_entrants(event, [Candidate(f"X{i}") for i in range(20)], None)
    r = arbiter.post(reverse("web:players", args=[event.pk]), {"name": "One more", "rating": 1},
                     follow=True)
    assert "An event may have at most 30 players: this one has 30" in r.content.decode()
    assert event.entrants.count() == 30


def test_a_file_over_the_byte_cap_is_refused(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from swisspairing.interfaces.web import views

    monkeypatch.setattr(views, "MAX_IMPORT_BYTES", 1024 * 1024)
    arbiter = Client()
    arbiter.force_login(make_user("arb", m.ROLE_ARBITER))
    event = make_event(players=0)
    from django.core.files.uploadedfile import SimpleUploadedFile

    big = SimpleUploadedFile("big.csv", b"name\n" + b"A Player\n" * 150000)
    r = arbiter.post(reverse("web:players-import", args=[event.pk]), {"file": big}, follow=True)
    assert "big.csv is larger than 1 MB: nothing was imported." in r.content.decode()
    assert event.entrants.count() == 0


# --- the command line ------------------------------------------------------------------------
_CODE = "import sys; from swisspairing.interfaces.cli import main; sys.exit(main())"


def _cli(args: list[str]) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DJANGO_SETTINGS_MODULE", "DATABASE_URL")}
    return subprocess.run([sys.executable, "-c", _CODE, *args], capture_output=True, text=True,
                          timeout=300, env=env, check=False)


def test_load_ratings_command(tmp_path: Path) -> None:
    data = tmp_path / "data"
    r = _cli(["load-ratings", str(LIST_24), "--data", str(data)])
    assert r.returncode == 0, r.stderr
    assert "rating list loaded: 24 players from fide-list-24.txt" in r.stdout
    lines = [_line(str(500 + i), f"Other {i}, X") for i in range(10)]
    lines[6] = _line("999", "", rating="2000")
    bad = _list_file(tmp_path, lines, "bad.txt")
    r = _cli(["load-ratings", str(bad), "--data", str(data)])
    assert r.returncode == 3
    assert "swisspairing: error: bad.txt, line 8: a player without a name" in r.stderr
    assert "Traceback" not in r.stderr
    db = sqlite3.connect(data / "swisspairing.sqlite3")
    loads = db.execute("select source, status, active from swisspairing_web_ratinglistload "
                       "order by id").fetchall()
    assert loads == [("fide-list-24.txt", "done", 1), ("bad.txt", "failed", 0)]
    assert db.execute("select count(*) from swisspairing_web_ratingentry").fetchone() == (24,)
    db.close()
    r = _cli(["load-ratings", str(tmp_path / "missing.txt"), "--data", str(data)])
    assert r.returncode == 3 and "missing.txt: no such file" in r.stderr
    r = _cli(["load-ratings", str(tmp_path), "--data", str(data)])
    assert r.returncode == 3 and "this is a folder" in r.stderr


# --- review fixes (branch fixratings) ---------------------------------------------------------
def _entries_of(load: m.RatingListLoad) -> int:
    return m.RatingEntry.objects.filter(load_id=load.pk).count()


def _delete_rows_failing_for(monkeypatch, load_id: int, exc: BaseException) -> None:  # type: ignore[no-untyped-def]
    real = ratings.delete_rows

    def delete_rows(which: int) -> None:
        if which == load_id:
            raise exc
        real(which)

    monkeypatch.setattr(ratings, "delete_rows", delete_rows)


def test_ctrl_c_while_the_old_list_is_deleted_keeps_the_new_list(tmp_path: Path,
                                                                 monkeypatch) -> None:  # type: ignore[no-untyped-def]
    first = _load(LIST_24)
    _delete_rows_failing_for(monkeypatch, first.pk, KeyboardInterrupt())
    lines = [_line(str(500 + i), f"Newlist {i:02d}, X") for i in range(30)]
    with pytest.raises(KeyboardInterrupt):
        _load(_list_file(tmp_path, lines, "new.txt"))
    second = m.RatingListLoad.objects.get(source="new.txt")
    assert ratings.active_load() == second
    assert (second.status, second.error, _entries_of(second)) == ("done", "", 30)
    assert len(ratings.search("newlist")) == 20
    assert _entries_of(first) == 24  # left behind, deleted when the next load starts
    monkeypatch.undo()
    third = _load(_list_file(tmp_path, lines[:5], "third.txt"))
    assert ratings.active_load() == third
    assert m.RatingEntry.objects.count() == 5


def test_a_locked_database_while_the_old_list_is_deleted_keeps_the_new_list(
        tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from django.db import OperationalError

    first = _load(LIST_24)
    _delete_rows_failing_for(monkeypatch, first.pk, OperationalError("database is locked"))
    second = _load(_list_file(tmp_path, [_line("501", "Newlist, X")], "new.txt"))
    assert (second.status, second.active) == ("done", True)
    assert ratings.active_load() == second and _entries_of(second) == 1


def test_rows_left_by_a_crash_are_deleted_when_the_next_load_starts(tmp_path: Path,
                                                                    monkeypatch) -> None:  # type: ignore[no-untyped-def]
    first = _load(LIST_24)
    monkeypatch.setattr(ratings, "BATCH", 4)
    lines = [_line(str(500 + i), f"Newlist {i:02d}, X") for i in range(30)]
    lines[19] = _line("999", "Broken, B", rating="4500")
    load = ratings.create_command_load("bad.txt")
    # a second Ctrl-C while the failed load deletes its rows
    _delete_rows_failing_for(monkeypatch, load.pk, KeyboardInterrupt())
    with pytest.raises(KeyboardInterrupt):
        ratings.run_load(load.pk, _list_file(tmp_path, lines, "bad.txt"))
    failed = m.RatingListLoad.objects.get(pk=load.pk)
    assert failed.status == "failed" and "line 21" in failed.error
    assert _entries_of(failed) == 16 and ratings.active_load() == first
    monkeypatch.undo()
    _load(_list_file(tmp_path, lines[:3], "good.txt"))
    assert _entries_of(failed) == 0 and m.RatingEntry.objects.count() == 3


def test_the_first_reason_a_load_stopped_is_kept(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(ratings, "BATCH", 4)
    load = ratings.create_command_load("slow.txt")

    def progress(count: int) -> None:  # another process finds the load dead meanwhile
        m.RatingListLoad.objects.filter(pk=load.pk).update(
            heartbeat=timezone.now() - timedelta(seconds=ratings.STALE_SECONDS + 5))
        assert ratings.mark_stale_loads() == 1

    lines = [_line(str(500 + i), f"Slow {i:02d}, X") for i in range(30)]
    with pytest.raises(InputError, match="stopped"):
        ratings.run_load(load.pk, _list_file(tmp_path, lines, "slow.txt"), progress=progress)
    load.refresh_from_db()
    assert load.status == "failed" and load.error.startswith("interrupted: ")
    assert _entries_of(load) == 0


def _open_files_named(name: str) -> list[str]:
    """This process's open files whose path holds ``name`` (Linux's /proc; elsewhere the
    ZIP test below checks the archive object itself)."""
    fds = Path("/proc/self/fd")
    out: list[str] = []
    if not fds.is_dir():
        return out
    for fd in fds.iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if name in target:
            out.append(target)
    return out


def test_a_failed_zip_load_closes_and_removes_the_upload(tmp_path: Path) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    lines = [_line(str(500 + i), f"Zipped {i:02d}, X") for i in range(10)]
    lines[6] = _line("999", "Broken, B", rating="4500")
    zipped = tmp_path / "list.zip"
    with zipfile.ZipFile(zipped, "w", zipfile.ZIP_DEFLATED) as z:
        z.write(_list_file(tmp_path, lines, "list.txt"), "standard_rating_list.txt")
    upload = SimpleUploadedFile("list.zip", zipped.read_bytes())
    load = ratings.queue_upload(upload, None, background=False)
    kept = ratings.uploads_dir() / f"load-{load.pk}.upload"
    assert kept.is_file()
    with pytest.raises(InputError, match="line 8") as raised:
        ratings.run_load(load.pk, kept, remove_file=True)
    assert raised.value is not None  # the traceback (and its frames) still alive here
    assert not kept.exists()
    assert _open_files_named(kept.name) == []
    assert not any(ratings.uploads_dir().iterdir())


def test_zip_archives_are_closed_after_reading_or_an_error(tmp_path: Path,
                                                           monkeypatch) -> None:  # type: ignore[no-untyped-def]
    opened: list[zipfile.ZipFile] = []
    real = zipfile.ZipFile

    class Recorded(real):  # type: ignore[misc,valid-type]
        def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
            super().__init__(*args, **kwargs)
            opened.append(self)

    monkeypatch.setattr(zipfile, "ZipFile", Recorded)
    good = tmp_path / "good.zip"
    with real(good, "w") as z:
        z.write(LIST_24, "standard_rating_list.txt")
    assert len(list(iter_rating_list_file(good))) == 24
    bad = tmp_path / "bad.zip"
    with real(bad, "w") as z:
        z.writestr("list.txt", "name,rating\nX,1\n")
    with pytest.raises(InputError, match="not a FIDE rating list") as raised:
        list(iter_rating_list_file(bad))
    assert raised.value is not None
    assert len(opened) == 2 and all(z.fp is None for z in opened)
    damaged = tmp_path / "damaged.zip"
    data = bytearray(good.read_bytes())
    data[100] ^= 0xFF  # in the stored list: its CRC no longer matches
    damaged.write_bytes(bytes(data))
    with pytest.raises(InputError, match=r"damaged\.zip:standard_rating_list\.txt.*the ZIP "
                                         r"archive is damaged"):
        list(iter_rating_list_file(damaged))
    assert len(opened) == 3 and opened[-1].fp is None


def _lock_free() -> bool:
    """Whether another connection may write now (SQLite: nobody holds the write lock)."""
    from django.db import connection

    if connection.vendor != "sqlite":
        return True
    other = sqlite3.connect(connection.settings_dict["NAME"], timeout=0)
    try:
        other.execute("BEGIN IMMEDIATE")
        other.execute("ROLLBACK")
        return True
    except sqlite3.OperationalError:
        return False
    finally:
        other.close()


@pytest.mark.django_db(transaction=True)
def test_queuing_a_list_copies_the_file_with_no_transaction_open(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from django.core.files.uploadedfile import InMemoryUploadedFile
    from django.db import connection

    seen: list[tuple[bool, bool]] = []
    real = InMemoryUploadedFile.chunks

    def chunks(self, chunk_size=None):  # type: ignore[no-untyped-def]
        seen.append((connection.in_atomic_block, _lock_free()))
        yield from real(self, chunk_size)

    monkeypatch.setattr(InMemoryUploadedFile, "chunks", chunks)
    _arbiter, _event, r = _post_the_list_24()
    assert "loading in the background" in r.content.decode()
    assert seen == [(False, True)]
    ratings.wait_for_loads(60)
    assert m.RatingListLoad.objects.get().status == "done"


def test_a_full_disk_while_keeping_the_list_is_a_clear_message(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import errno

    from django.core.files.uploadedfile import InMemoryUploadedFile

    def chunks(self, chunk_size=None):  # type: ignore[no-untyped-def]
        yield b"ID Number"
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(InMemoryUploadedFile, "chunks", chunks)
    _arbiter, _event, r = _post_the_list_24()
    assert r.status_code == 200
    assert ("fide-list-24.txt: the file could not be kept in the data folder (No space left "
            "on device): nothing was loaded") in r.content.decode()
    assert not m.RatingListLoad.objects.exists()
    assert not any(ratings.uploads_dir().iterdir())


def test_two_loads_cannot_be_queued_at_once(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from django.db import IntegrityError, transaction

    running = m.RatingListLoad.objects.create(source="big.txt", status="running",
                                              heartbeat=timezone.now())
    with pytest.raises(IntegrityError), transaction.atomic():
        m.RatingListLoad.objects.create(source="other.txt")
    # both requests passed the check before either created its row (PostgreSQL's READ
    # COMMITTED): the database refuses the second one
    monkeypatch.setattr(ratings, "_check_no_load_running", lambda: None)
    _arbiter, _event, r = _post_the_list_24()
    assert r.status_code == 200
    assert "A rating list is already loading" in r.content.decode()
    assert list(m.RatingListLoad.objects.all()) == [running]
    assert not any(ratings.uploads_dir().iterdir())
    with pytest.raises(BadRequest, match="already loading"):
        ratings.create_command_load("other.txt")
    m.RatingListLoad.objects.filter(pk=running.pk).update(status="failed")
    assert ratings.create_command_load("other.txt").status == "queued"


def test_copies_left_by_a_dead_server_are_removed() -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    folder = ratings.uploads_dir()
    old = folder / "tmpold.part"
    old.write_bytes(b"half a list")
    long_ago = timezone.now().timestamp() - ratings.STALE_SECONDS - 5
    os.utime(old, (long_ago, long_ago))
    fresh = folder / "tmpfresh.part"  # another upload being copied now
    fresh.write_bytes(b"being written")
    load = ratings.queue_upload(SimpleUploadedFile("l.txt", LIST_24.read_bytes()), None,
                                background=False)
    assert not old.exists() and fresh.exists()
    dead = m.RatingListLoad.objects.create(source="x.txt", status="failed")
    (folder / f"load-{dead.pk}.upload").write_bytes(b"x")
    assert ratings.mark_stale_loads(server_start=True) == 1  # the queued web load
    assert not any(folder.iterdir())
    assert m.RatingListLoad.objects.get(pk=load.pk).status == "failed"


def test_a_comment_before_the_doctype_does_not_hide_it(tmp_path: Path) -> None:
    entity = (b"<?xml version='1.0'?>\n<!-- " + b"x" * 70000 + b" -->\n"
              b"<!DOCTYPE playerslist [<!ENTITY a 'Expanded'>]>\n<playerslist><player>"
              b"<fideid>1</fideid><name>&a;</name></player></playerslist>\n")
    with pytest.raises(InputError, match="document type declarations are not accepted"):
        list(iter_rating_list_file(_bytes(tmp_path, entity)))
    plain = entity.replace(b" [<!ENTITY a 'Expanded'>]", b"").replace(b"&a;", b"A")
    with pytest.raises(InputError, match="document type declarations are not accepted"):
        list(iter_rating_list_file(_bytes(tmp_path, plain)))
    # a comment is fine
    fine = plain.replace(b"<!DOCTYPE playerslist>\n", b"")
    assert [c.name for c in iter_rating_list_file(_bytes(tmp_path, fine))] == ["A"]
    cut = b"<playerslist>\n<player><name>A</name></player>\n<player><name>B</name>\n"
    with pytest.raises(InputError, match=r"file\.xml, line 4: not a valid XML rating list"):
        list(iter_rating_list_file(_bytes(tmp_path, cut)))
    nested = (b"<list><playerslist><player><name>C<i>x</i>y</name><name>D</name>"
              b"<fideid> 7 </fideid><rating>2100</rating></player></playerslist></list>")
    assert [(c.name, c.fide_id, c.rating) for c in
            iter_rating_list_file(_bytes(tmp_path, nested))] == [("C", "7", 2100)]


def test_migration_0003_keeps_its_own_copy_of_the_search_key() -> None:
    import importlib
    import inspect

    migration = importlib.import_module(
        "swisspairing.interfaces.web.migrations.0003_rating_list_loads")
    source = inspect.getsource(migration)
    assert "import search_key" not in source and "from ..imports" not in source
    for name in ("Özdemir, Ali-Rıza", "O'Brien, Seán", "  Łukasz   Ørsted ", "Carlsen, Magnus"):
        assert migration.search_key(name) == search_key(name)
