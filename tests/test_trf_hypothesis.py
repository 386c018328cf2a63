"""Property-based tests of the TRF reader (issue 2): whatever the bytes, the reader returns a
valid Tournament or raises an InputError naming the file (and the line, for a problem in one
line), never another exception. What it accepts, the writer writes back without loss.
"""

from __future__ import annotations

import copy
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from conftest import cell, line001, trf_text
from swisspairing.errors import InputError
from swisspairing.formats import trf
from swisspairing.formats.trf import parse_trf, parse_trf_bytes, read_trf, write_trf
from swisspairing.model import Colour, Player, PointSystem, RoundEntry, Tournament

#: more examples for a deep run: SWISSPAIRING_HYPOTHESIS_EXAMPLES=5000 pytest tests/test_trf_hyp*
EXAMPLES = int(os.environ.get("SWISSPAIRING_HYPOTHESIS_EXAMPLES", "150"))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
PATH = "prop.trf"
#: problems about the whole file rather than one line
WHOLE_FILE = ("no player record", "file too large", "cannot decode")

SEED = trf_text(
    "012 Property Open",
    "XXR 5",
    "XXC white1",
    "XXS W=1 D=0.5",
    "162  W 1.0    D 0.5",
    line001(1, "Alpha, Anna", 2200, 1.5, [cell(3, "w", "1"), cell(2, "b", "=")], title="IM",
            federation="FRA", sex="w"),
    line001(2, "Beta, Bruno", 2100, 2.0, [cell(4, "b", "1"), cell(1, "w", "="), cell(0, "-", "H")],
            title="FM"),
    line001(3, "Gamma, Carl", 2000, 1.0, [cell(1, "b", "0"), cell(0, "-", "U")]),
    line001(4, "Delta, Dora", 1900, 1.0, [cell(2, "w", "0"), cell(5, "b", "+")], sex="w"),
    line001(5, "Epsilon, Eve", 1800, 0.0, [cell(0, "-", "Z"), cell(4, "w", "-")]),
    "XXA    1  1.0  0.5",
    "XXP 1 5",
    "XXZ 5",
    "240 F 003    3",
    "250      0.5 001 001 0004 0005",
    "260 001 005    2    3",
    "### swisspairing withdrawn 4 4",
    "BBW  1.0",
)


def as_written(t: Tournament) -> Tournament:
    """What the writer is meant to keep of ``t``: an empty points column is filled with the
    points the results give, and trailing empty rounds are not written."""
    c = copy.deepcopy(t)
    for p in c.players.values():
        if p.declared_points is None:
            p.declared_points = c.total_points(p.id)
        while p.results and p.results[-1] is None:
            p.results.pop()
    return c


def check(data: bytes) -> Tournament | None:
    """The property: a Tournament, or an InputError naming the file (and the line)."""
    try:
        t = parse_trf_bytes(data, PATH)
    except InputError as err:
        assert err.path == PATH
        if not any(w in err.problem for w in WHOLE_FILE):
            assert err.line is not None and err.line >= 1, err
        assert "Traceback" not in str(err)
        return None
    assert isinstance(t, Tournament) and t.players
    assert all(isinstance(w, str) for w in t.warnings)
    # what was accepted is written back and read again without loss
    again = parse_trf(write_trf(t), "rewritten.trf")
    assert again == as_written(t)
    return t


def test_the_seed_file_is_valid() -> None:
    t = parse_trf(SEED, PATH)
    assert t.warnings == []
    assert t.next_round == 3 and t.not_paired_in(3) == {2: "H", 3: "F", 5: "Z"}
    assert t.withdrawn == {4: 4}


@SETTINGS
@given(st.binary(max_size=600))
@example(b"")
@example(b"\n\r\n   \n")
@example(b"001")
@example(b"001    1")
@example(b"\x00")
@example(b"\xff\xfe0\x000\x001\x00")
def test_arbitrary_bytes(data: bytes) -> None:
    check(data)


LINE_PREFIXES = ["001 ", "001    1 ", "XXR ", "XXC ", "XXS ", "XXA ", "XXP ", "XXZ ", "240 ",
                 "250 ", "260 ", "162 ", "142 ", "152 ", "BBW ", "BBU ", "012 ",
                 "### swisspairing withdrawn "]
TRF_CHARS = st.sampled_from([*" 0123456789.-=+wbWBUFHZXDL\tx", "é", "\x85", "\u2028"])


@SETTINGS
@given(st.lists(st.tuples(st.sampled_from(LINE_PREFIXES),
                          st.text(TRF_CHARS | st.characters(), max_size=120)), max_size=6),
       st.integers(0, 20))
def test_known_records_with_random_content(extra: list[tuple[str, str]], where: int) -> None:
    """Records the reader interprets, followed by random text, inserted into a valid file."""
    lines = SEED.splitlines()
    for prefix, body in extra:
        lines.insert(min(where, len(lines)), prefix + body)
    check("\n".join(lines).encode("utf-8", "surrogatepass"))


MUTATIONS = st.sampled_from(["insert", "delete", "replace", "shift", "truncate", "duplicate",
                             "swap"])


MUTATION_LISTS = st.lists(st.tuples(MUTATIONS, st.integers(0, 30), st.integers(0, 200), TRF_CHARS),
                          min_size=1, max_size=4)


def mutate(text: str, mutations: list[tuple[str, int, int, str]]) -> str:
    """``text`` with malformed lines, shifted columns and unknown codes: one character inserted,
    deleted or replaced (result codes, colours, digits...), a line shifted, cut, duplicated or
    swapped (also used by ``test_fuzz_systems.py``)."""
    lines = text.splitlines()
    for kind, li, col, ch in mutations:
        i = li % len(lines)
        s = lines[i]
        c = min(col, len(s))
        if kind == "insert":
            lines[i] = s[:c] + ch + s[c:]
        elif kind == "delete":
            lines[i] = s[:c] + s[c + 1 :]
        elif kind == "replace":
            lines[i] = s[:c] + ch + s[c + 1 :]
        elif kind == "shift":
            lines[i] = " " * (col % 3 + 1) + s if col % 2 else s[col % 3 + 1 :]
        elif kind == "truncate":
            lines[i] = s[:c]
        elif kind == "duplicate":
            lines.insert(i, s)
        else:
            j = col % len(lines)
            lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


@SETTINGS
@given(MUTATION_LISTS)
def test_mutated_lines(mutations: list[tuple[str, int, int, str]]) -> None:
    """Malformed lines, shifted columns and unknown codes (:func:`mutate`) in a valid file."""
    check(mutate(SEED, mutations).encode("utf-8"))


@SETTINGS
@given(st.integers(0, 4), st.binary(min_size=1, max_size=8).filter(lambda b: b"\n" not in b
                                                                    and b"\r" not in b))
def test_non_utf8_bytes_in_a_name(player: int, junk: bytes) -> None:
    """Bytes that are not UTF-8 in a name: read as Windows-1252 (or Latin-1) with a warning
    naming the file and the line, never refused for that reason alone."""
    lines = SEED.encode("utf-8").split(b"\n")
    i = next(n for n, x in enumerate(lines) if x.startswith(b"001    %d" % (player + 1)))
    name_start = 14
    lines[i] = lines[i][:name_start] + junk.ljust(8, b" ")[:8] + lines[i][name_start + 8 :]
    data = b"\n".join(lines)
    try:
        data.decode("utf-8")
        utf8 = True
    except UnicodeDecodeError:
        utf8 = False
    t = check(data)
    if t is not None and not utf8:
        assert f"line {i + 1}" in t.warnings[0] and PATH in t.warnings[0]


def test_huge_file_is_refused_before_reading(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                             ) -> None:
    """A file larger than MAX_FILE_BYTES gives an InputError naming it (tested with a small
    limit rather than writing 64 MiB)."""
    path = tmp_path / "huge.trf"
    path.write_text(SEED)
    monkeypatch.setattr(trf, "MAX_FILE_BYTES", 100)
    with pytest.raises(InputError) as err:
        read_trf(path)
    assert "too large" in str(err.value) and str(path) in str(err.value)
    with pytest.raises(InputError):
        parse_trf_bytes(SEED.encode(), PATH)
    monkeypatch.setattr(trf, "MAX_FILE_BYTES", len(SEED.encode()))
    assert read_trf(path).players


# --- random valid tournaments round-trip -----------------------------------------------------
RESULTS = st.sampled_from([("1", "0"), ("0", "1"), ("=", "="), ("+", "-"), ("-", "+"),
                           ("-", "-"), ("W", "L"), ("D", "D"), ("X", "X")])
HALVES = st.integers(0, 8).map(lambda n: n / 2)


@st.composite
def tournaments(draw: st.DrawFn) -> Tournament:
    """A consistent random tournament: players, rounds of random pairs with mirrored results,
    byes, point system, acceleration, absences, forbidden pairs."""
    n = draw(st.integers(1, 12))
    names = st.text(st.characters(codec="utf-8", exclude_categories=["Cc", "Cs", "Zl", "Zp"]),
                    max_size=33).map(str.strip)
    players = {
        i: Player(i, draw(names), draw(st.integers(0, 3000)),
                  draw(st.sampled_from(["", "GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"])),
                  draw(st.sampled_from(["", "m", "w"])), draw(st.sampled_from(["", "FRA", "BEL"])))
        for i in range(1, n + 1)
    }
    rounds = draw(st.integers(0, 5))
    for r in range(1, rounds + 1):
        ids = draw(st.permutations(sorted(players)))
        k = draw(st.integers(0, len(ids) // 2))
        for a, b in zip(ids[: 2 * k : 2], ids[1 : 2 * k : 2], strict=True):
            ra, rb = draw(RESULTS)
            players[a].set_entry(r, RoundEntry.game(b, Colour.WHITE, ra))
            players[b].set_entry(r, RoundEntry.game(a, Colour.BLACK, rb))
        for pid in ids[2 * k :]:
            code = draw(st.sampled_from(["U", "F", "H", "Z", None]))
            players[pid].set_entry(r, None if code is None else RoundEntry.bye(code))
    t = Tournament(players=players)
    t.total_rounds = draw(st.none() | st.integers(max(rounds, 1), 15))
    t.initial_colour = draw(st.sampled_from([None, Colour.WHITE, Colour.BLACK]))
    t.pair_by_rank = draw(st.booleans())
    t.point_system = draw(st.sampled_from([PointSystem(), PointSystem.standard(3, 1, 0),
                                           PointSystem(pairing_bye=0.5),
                                           PointSystem(white_win=1, black_win=1.5)]))
    for pid in draw(st.lists(st.sampled_from(sorted(players)), max_size=3, unique=True)):
        t.acceleration[pid] = draw(st.lists(HALVES, max_size=4))
    for pid in draw(st.lists(st.sampled_from(sorted(players)), max_size=3, unique=True)):
        t.absent.setdefault(rounds + 1, {})[pid] = draw(st.sampled_from("FHZ"))
    for p in players.values():
        p.declared_points = draw(st.none() | st.just(t.total_points(p.id)))
    return t


@SETTINGS
@given(tournaments())
def test_random_tournaments_round_trip(t: Tournament) -> None:
    """Issue 2: reading then writing loses nothing the model holds."""
    text = write_trf(t)
    back = parse_trf(text, "rt.trf")
    assert back == as_written(t)
    assert back.warnings == []
    assert write_trf(back) == text


def _seed_with(extra: str | None = None, points1: str | None = None) -> bytes:
    lines = SEED.splitlines()
    if points1 is not None:
        i = next(n for n, x in enumerate(lines) if x.startswith("001    1"))
        lines[i] = lines[i][:80] + points1.rjust(4) + lines[i][84:]
    if extra is not None:
        lines.append(extra)
    return "\n".join(lines).encode()


@pytest.mark.parametrize(
    ("data", "accepted"),
    [
        (_seed_with(points1="9.95"), True),  # found by the properties: written back as 9.9
        (_seed_with(points1=".125"), True),
        (_seed_with("250      1.25 001 001 0004 0005"), True),
        (_seed_with("XXS D=0.00001"), True),  # was written back as 1e-05, unreadable
        (_seed_with("XXS W=0.123456789"), True),
        (_seed_with("XXS W=" + "1" * 400), False),  # infinite
        (_seed_with("XXA    2  1.25"), False),  # the 5 is in the blank column 14
    ],
)
def test_regressions_found_by_the_properties(data: bytes, accepted: bool) -> None:
    assert (check(data) is not None) is accepted
