"""Endorsement-style runs (C.04.A A.6; TEC Manual 3.9.4): generate and check many tournaments.

Tournament ``i`` of a run uses the seed ``seed + i``, so any one of them can be generated again
alone (``swisspairing generate --seed``). Each tournament is generated with our engine, written
as TRF text, read back with our reader (so the file format is part of the test), then checked
round by round with the same engine: every round must agree and no absolute rule may be broken.
The work is spread over processes (``jobs``, default: every core).
"""

from __future__ import annotations

import multiprocessing
import os
import random
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..errors import BadRequest, NoValidPairing, SwissPairingError
from ..files import write_text_atomic
from ..formats.trf import parse_trf, write_trf
from ..systems import PairingSystem
from .check import check_tournament, resolve_system
from .generator import GeneratorConfig, generate


@dataclass(slots=True)
class Outcome:
    """What happened to one tournament of a run."""

    seed: int
    rounds: int = 0
    discrepant_rounds: list[int] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)
    failure: str | None = None
    crashed: bool = False
    no_pairing: bool = False
    size: tuple[int, int] = (0, 0)
    trf: str | None = None

    @property
    def ok(self) -> bool:
        return self.failure is None and not self.discrepant_rounds and not self.violations


@dataclass(slots=True)
class Summary:
    """Totals of a run."""

    system: str
    tournaments: int = 0
    rounds: int = 0
    checked: bool = True
    discrepant_tournaments: int = 0
    discrepant_rounds: int = 0
    violations: int = 0
    failures: int = 0
    crashes: int = 0
    no_pairing: int = 0
    interrupted: bool = False
    seconds: float = 0.0
    examples: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not (self.discrepant_rounds or self.violations or self.failures
                    or self.interrupted)

    def add(self, o: Outcome, keep: int = 10) -> None:
        self.tournaments += 1
        self.rounds += o.rounds
        if o.failure is not None:
            self.failures += 1
            self.crashes += o.crashed
            self.no_pairing += o.no_pairing
        if o.discrepant_rounds:
            self.discrepant_tournaments += 1
            self.discrepant_rounds += len(o.discrepant_rounds)
        self.violations += len(o.violations)
        if not o.ok and len(self.examples) < keep:
            what = o.failure or (
                f"discrepant rounds {o.discrepant_rounds}" if o.discrepant_rounds else ""
            )
            if o.violations:
                what = (what + "; " if what else "") + "; ".join(o.violations[:3])
            self.examples.append(f"seed {o.seed} ({o.size[0]} players, {o.size[1]} rounds): "
                                 f"{what}")

    def render(self, lang: str = "en") -> str:
        """The totals, one ``label value`` line each (labels in :data:`SUMMARY_WORDS`), the
        discrepancy lines only when the run checked, then the examples kept."""
        words = SUMMARY_WORDS["fr" if lang == "fr" else "en"]
        per = self.seconds / self.tournaments if self.tournaments else 0.0
        rows = [
            ("system", self.system),
            ("tournaments", str(self.tournaments)),
            ("rounds", str(self.rounds)),
            ("failures", words["failures-detail"].format(
                failures=self.failures, no_pairing=self.no_pairing, crashes=self.crashes)),
        ]
        if self.checked:
            rows += [
                ("discrepant-tournaments", str(self.discrepant_tournaments)),
                ("discrepant-rounds", str(self.discrepant_rounds)),
                ("violations", str(self.violations)),
            ]
        rows.append(("time", words["time-detail"].format(seconds=self.seconds,
                                                         per_ms=per * 1000)))
        lines = [f"{words[key]:<{LABEL_WIDTH}} {value}" for key, value in rows]
        if self.interrupted:
            lines.append(words["interrupted"])
        lines.extend(f"  {e}" for e in self.examples)
        return "\n".join(lines) + "\n"


#: the width the labels of :meth:`Summary.render` are padded to (a longer one is followed by
#: one space)
LABEL_WIDTH = 21

#: the words of :meth:`Summary.render`, English and French: the labels, then the texts of the
#: values that have words
SUMMARY_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "system": "system",
        "tournaments": "tournaments",
        "rounds": "rounds",
        "failures": "generation failures",
        "failures-detail": "{failures} ({no_pairing} no valid pairing, {crashes} internal "
                           "errors)",
        "discrepant-tournaments": "discrepant tournaments",
        "discrepant-rounds": "discrepant rounds",
        "violations": "violations",
        "time": "time",
        "time-detail": "{seconds:.1f} s ({per_ms:.1f} ms per tournament)",
        "interrupted": "interrupted before the end",
    },
    "fr": {
        "system": "système",
        "tournaments": "tournois",
        "rounds": "rondes",
        "failures": "échecs de génération",
        "failures-detail": "{failures} ({no_pairing} sans appariement valide, {crashes} "
                           "erreurs internes)",
        "discrepant-tournaments": "tournois discordants",
        "discrepant-rounds": "rondes discordantes",
        "violations": "violations",
        "time": "temps",
        "time-detail": "{seconds:.1f} s ({per_ms:.1f} ms par tournoi)",
        "interrupted": "interrompu avant la fin",
    },
}


Range = tuple[int, int]


def sized(config: GeneratorConfig, seed: int, players: Range | None, rounds: Range | None
          ) -> GeneratorConfig:
    """``config`` with the number of players and rounds drawn in the ranges (inclusive) from
    the tournament's seed (a separate stream: the tournament itself still uses ``seed``)."""
    if players is None and rounds is None:
        return config
    rng = random.Random(f"sizes-{seed}")
    changes = {}
    if players is not None:
        changes["players"] = rng.randint(*players)
    if rounds is not None:
        changes["rounds"] = rng.randint(*rounds)
    return replace(config, **changes)


def run_one(system: str | PairingSystem, config: GeneratorConfig, seed: int,
            check: bool = True, keep_text: str = "failures",
            players: Range | None = None, rounds: Range | None = None) -> Outcome:
    """Generate (and check) one tournament. ``keep_text``: ``"always"``, ``"failures"``, ``"never"``
    - when to keep the TRF text in the outcome. ``players`` / ``rounds``: ranges to draw the
    sizes from (:func:`sized`)."""
    out = Outcome(seed)
    text = None
    config = sized(config, seed, players, rounds)
    out.size = (config.players, config.rounds)
    try:
        t = generate(system, config, seed)
        text = write_trf(t, points="computed")
        t2 = parse_trf(text, f"<generated seed {seed}>")
        out.rounds = t2.rounds_paired
        if t2.warnings:
            out.violations.extend(f"reader: {w}" for w in t2.warnings)
        if check:
            report = check_tournament(t2, system)
            out.discrepant_rounds = [r.round_number for r in report.discrepancies]
            for rep in report.rounds:
                out.violations.extend(
                    f"round {v.round_number} {v.text()}" for v in (*rep.violations,
                                                                  *rep.our_violations)
                )
    except SwissPairingError as exc:
        out.failure = exc.user_message()
        out.no_pairing = isinstance(exc, NoValidPairing)
        text = _partial_text(exc, text)
    except Exception as exc:  # an engine crash is a finding of the run, not the end of it
        out.failure = f"internal error: {type(exc).__name__}: {exc}"
        out.crashed = True
        text = _partial_text(exc, text)
    if keep_text == "always" or (keep_text == "failures" and not out.ok):
        out.trf = text
    return out


def _partial_text(exc: Exception, text: str | None) -> str | None:
    """The TRF of the tournament as it stood when the engine failed (rounds before the failing
    one, plus its pre-entered byes): ``swisspairing pair`` on it reproduces the failure."""
    partial = getattr(exc, "partial", None)
    if text is None and partial is not None:
        return write_trf(partial, points="computed")
    return text


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the parent, which stops the pool and prints the summary."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _worker(task: tuple[str, GeneratorConfig, int, bool, str, Range | None, Range | None]
            ) -> Outcome:
    return run_one(*task)


def run_endorsement(
    system: str | PairingSystem,
    config: GeneratorConfig,
    tournaments: int,
    seed: int = 1,
    *,
    check: bool = True,
    jobs: int | None = None,
    progress: bool = True,
    output_pattern: str | None = None,
    save_failures: str | Path | None = None,
    players: Range | None = None,
    rounds: Range | None = None,
) -> Summary:
    """Generate ``tournaments`` tournaments (seeds ``seed``, ``seed + 1`` ...) and check each.

    ``output_pattern``: write every tournament to this path, ``{n}`` replaced by its seed;
    ``save_failures``: a folder where the TRF of every failing tournament is written
    (``seedN.trf``). ``players`` / ``rounds``: draw each tournament's size in these ranges
    (as the JaVaFo and bbpPairings generators do) instead of the configuration's. A system
    given as an object (not a name) runs in this process only.
    """
    config.validate()
    for what, bounds in (("players", players), ("rounds", rounds)):
        if bounds is not None:
            if bounds[0] > bounds[1]:
                raise BadRequest(f"the range of {what} {bounds[0]}-{bounds[1]} is empty")
            for value in bounds:
                replace(config, **{what: value}).validate()
    name, _ = resolve_system(system)
    keep = "always" if output_pattern else "failures" if save_failures else "never"
    summary = Summary(name, checked=check)
    if save_failures is not None:
        Path(save_failures).mkdir(parents=True, exist_ok=True)
    jobs = jobs or os.cpu_count() or 1
    seeds = range(seed, seed + tournaments)
    started = time.perf_counter()

    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=tournaments, unit="tournament", smoothing=0.05, dynamic_ncols=True)

    def consume(o: Outcome) -> None:
        summary.add(o)
        if output_pattern and o.trf is not None:
            write_text_atomic(output_pattern.replace("{n}", str(o.seed)), o.trf)
        if save_failures is not None and not o.ok and o.trf is not None:
            write_text_atomic(Path(save_failures) / f"seed{o.seed}.trf", o.trf)
        if bar is not None:
            bar.update(1)
            bar.set_postfix(discrepancies=summary.discrepant_rounds,
                            violations=summary.violations, failures=summary.failures,
                            refresh=False)

    try:
        if jobs <= 1 or not isinstance(system, str) or tournaments < 2:
            for s in seeds:
                consume(run_one(system, config, s, check, keep, players, rounds))
        else:
            tasks = [(name, config, s, check, keep, players, rounds) for s in seeds]
            chunk = max(1, min(4, tournaments // (jobs * 8)))
            ctx = multiprocessing.get_context("spawn" if os.name == "nt" else "fork")
            with ctx.Pool(jobs, initializer=_ignore_sigint) as pool:
                for o in pool.imap_unordered(_worker, tasks, chunksize=chunk):
                    consume(o)
    except KeyboardInterrupt:
        # Ctrl-C: stop, and still print what was done (the pool is terminated on exit)
        summary.interrupted = True
    finally:
        if bar is not None:
            bar.close()
    summary.seconds = time.perf_counter() - started
    summary.examples.sort(key=lambda e: int(e.split()[1]))
    return summary
