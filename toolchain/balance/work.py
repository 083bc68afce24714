"""The games of a balance run, cut into batches and played here, on worker processes, or on a Dask cluster.

    batches = [Batch(rules, "lite", "entry20", "policy", subject_key, actions, cards, first, seeds, 200, detail), …]
    for batch, records in runner.run(batches, progress):   # any order; each record is one game

Every game has its own seed, and the restricted agent of game `i` sits at seat `i % 2` (so that an agent
forbidden nothing wins exactly one half, whoever goes first); a batch is a range of games. Which process or
machine plays a batch changes nothing: `--workers N`, `--cluster ADDRESS` and one core give the same records.

Why Dask (distributed) rather than Ray: it installs from PyPI as pure Python (Ray brings its own native
runtime, some hundreds of MB, and a cluster of its own kind), a `LocalCluster` of processes starts in about a
second on a laptop, and a cluster is any `dask scheduler` with `dask worker`s reached by its address. The
games are plain Python, so they run on one thread per worker process (`--nthreads 1`).
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import signal
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import sim, simtools
from ..diagnostics import printable
from ..i18n import _, system_reason
from .cluster import ClusterError, probe

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Definitions


@dataclass(frozen=True)
class Batch:
    """A range of games of one agent in one regulation under one revision of the rules (plain data: it travels)."""

    rules: str  # the revision's digest: which engine plays it
    format_id: str
    frame_id: str
    agent: str  # policy / random (simtools.AGENTS)
    subject: str  # the restricted agent's key (subjects.Subject.key); "" for the standard agents
    actions: tuple[str, ...]  # what the restricted agent never requests
    trump_cards: tuple[str, ...]  # and never takes as trumps
    first: int  # the index of the first game
    seeds: tuple[int, ...]
    turn_cap: int
    detail: bool  # every game's counts (the standard agents' games), not only its outcome

    @property
    def name(self) -> str:
        """Unique in a run: the cluster's key of its task (`bp-balance-<name>`)."""
        return f"{self.rules[:12]}-{self.format_id}-{self.frame_id}-{self.subject or 'unrestricted'}-{self.first}"


@dataclass(frozen=True)
class Record:
    """One game: its index, who won (None: stopped at the turn cap), who went first, where the restricted agent sat,
    its length, and (the standard agents' games) its tally."""

    index: int
    winner: int | None
    first: int
    restricted_seat: int
    turns: int
    tally: simtools.GameTally | None = None


_ENGINES: dict[str, sim.Engine] = {}  # by the rules' digest: built once per process (and inherited by forked workers)


def engine_for(rules: str, definitions: Definitions | None = None) -> sim.Engine:
    engine = _ENGINES.get(rules)
    if engine is None:
        if definitions is None:
            raise RuntimeError(f"no engine for the rules {rules[:12]} in this process")
        engine = _ENGINES[rules] = sim.Engine(definitions)
    return engine


def play_batch(batch: Batch, definitions: Definitions | None = None) -> list[Record]:
    """Play a batch (this is what a worker runs: `definitions` the first time it meets the rules)."""
    engine = engine_for(batch.rules, definitions)
    restriction = sim.agents.Restriction(frozenset(batch.actions), frozenset(batch.trump_cards)) if batch.subject else None
    records = []
    for offset, seed in enumerate(batch.seeds):
        index = batch.first + offset
        seat = index % 2
        tally = simtools.play_tally(engine, batch.format_id, batch.frame_id, seed, agent=batch.agent, restriction=restriction,
                               restricted_seat=seat, turn_cap=batch.turn_cap, detail=batch.detail)
        records.append(Record(index, tally.winner, tally.first, seat, tally.turns, tally if batch.detail else None))
    return records


Progress = Callable[[int], None]


class Runner:
    """Plays batches and hands back each one's records as it is done."""

    parallel = 1  # games played at once (for the estimate of the time)
    # where it plays, in words of no language (balance.json); report.said_where says it
    where: dict[str, Any] = {"kind": "one-core"}

    def run(self, batches: Iterable[Batch], progress: Progress) -> Iterator[tuple[Batch, list[Record]]]:
        for batch in batches:
            records = play_batch(batch)
            progress(len(batch.seeds))
            yield batch, records

    def close(self) -> None:
        """Stop what still plays (Ctrl-C): nothing is left running."""


def _ignore_interrupt() -> None:
    """A worker process: Ctrl-C is the parent's to handle (it ends the workers), and it dies with the parent."""
    from ..jobs import start_worker

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    start_worker()


def _play_forked(batch: Batch) -> tuple[Batch, list[Record]]:
    return batch, play_batch(batch)


class LocalRunner(Runner):
    """`--workers N`: N forked processes, which inherit the engines built here (compiled programs do not pickle)."""

    def __init__(self, workers: int) -> None:
        self.parallel = min(max(workers, 1), simtools.worker_cap())  # as bp sim: --workers 10000 must not fork ten thousand
        self.where = {"kind": "processes", "count": self.parallel} if self.parallel > 1 else {"kind": "one-core"}
        self._pool: Any = None

    def run(self, batches: Iterable[Batch], progress: Progress) -> Iterator[tuple[Batch, list[Record]]]:
        if self.parallel <= 1:
            yield from super().run(batches, progress)
            return
        context = multiprocessing.get_context("fork")
        self._pool = context.Pool(self.parallel, initializer=_ignore_interrupt)
        try:
            for batch, records in self._pool.imap_unordered(_play_forked, batches):
                progress(len(batch.seeds))
                yield batch, records
        finally:
            self.close()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
            self._pool = None


IN_FLIGHT_PER_THREAD = 4  # batches submitted to a cluster ahead of those done, per worker thread
CONNECT_SECONDS = 5.0  # to connect to a scheduler, and for it to answer (--cluster-timeout)


def _toolchain_digest() -> str:
    from ..provenance import code_salt

    return code_salt()


class DaskRunner(Runner):
    """`--cluster ADDRESS`: the batches as tasks of a Dask cluster; each worker builds an engine once per revision
    from the definitions, sent to every worker once."""

    def __init__(self, address: str, definitions: dict[str, Definitions], timeout: float = CONNECT_SECONDS) -> None:
        try:
            from distributed import Client
        except ImportError as exc:  # pragma: no cover - a dependency of the project
            raise ClusterError(_("Dask's distributed is not installed (pip install -e .)")) from exc
        self._futures: set[Any] = set()
        self._timeout = timeout
        probe(address, timeout)  # a client made for a wrong address hangs, or fails noisily later
        try:
            self.client = Client(address, timeout=timeout, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as exc:
            # Dask says a timeout as a plain OSError without an errno: said here with the time waited
            reason = (_("no answer within {seconds} s").format(seconds=f"{timeout:g}")
                      if isinstance(exc, TimeoutError) or "Timed out" in str(exc) else system_reason(exc))
            raise ClusterError(_("cannot reach the Dask scheduler at {address}: {reason}").format(
                address=printable(address), reason=reason)) from exc
        self._check_workers()
        self.parallel = max(1, sum(self.client.nthreads().values()))
        self.where = {"kind": "cluster", "address": self.client.scheduler.address, "workers": len(self.client.nthreads()),
                      "threads": self.parallel}
        self._definitions = {rules: self.client.scatter(defs, broadcast=True, hash=False) for rules, defs in definitions.items()}

    def _check_workers(self) -> None:
        try:
            self.client.wait_for_workers(1, timeout=20)
            theirs = self.client.run(_toolchain_digest)
        except (OSError, TimeoutError) as exc:
            self.close()
            raise ClusterError(_("the cluster has no worker that answers ({reason})").format(reason=exc or _("no worker within 20 s"))) from exc
        except Exception as exc:  # noqa: BLE001 - what a worker raised: it cannot run this toolchain
            self.close()
            raise ClusterError(_("the workers cannot run this toolchain ({error}: {reason}): install it there").format(
                error=type(exc).__name__, reason=exc)) from exc
        ours = _toolchain_digest()
        other = sorted(worker for worker, digest in theirs.items() if digest != ours)
        if other:
            self.close()
            raise ClusterError(_("the workers {workers} run another version of the toolchain: install this one there (the same "
                                 "games need the same simulator)").format(workers=", ".join(other)))

    def run(self, batches: Iterable[Batch], progress: Progress) -> Iterator[tuple[Batch, list[Record]]]:
        from distributed import as_completed

        waiting = iter(batches)
        done = as_completed(loop=self.client.loop)

        def submit(count: int) -> None:
            for batch in itertools.islice(waiting, count):
                future = self.client.submit(_play_with, batch, self._definitions[batch.rules], key=f"bp-balance-{batch.name}",
                                            pure=False)
                self._futures.add(future)
                done.add(future)

        # A few batches per thread at a time: --games 10**12 must not submit (or hold) every batch at once.
        try:
            submit(IN_FLIGHT_PER_THREAD * self.parallel)
            for future in done:
                self._futures.discard(future)
                batch, records = future.result()
                submit(1)
                progress(len(batch.seeds))
                yield batch, records
        except Exception as exc:  # the scheduler or a worker went away: said, no traceback
            raise ClusterError(_("the cluster stopped during the run ({error}: {reason})").format(
                error=type(exc).__name__, reason=exc)) from exc
        finally:
            self.close()

    def close(self) -> None:
        """Cancel what is left and let go of the scheduler, if it still answers (a killed one does not: not waited on)."""
        with contextlib.suppress(Exception):
            if self._futures:
                self.client.cancel(list(self._futures))
        self._futures = set()
        if self.client.status not in ("closed", "closing"):
            with contextlib.suppress(Exception):
                self.client.close(timeout=self._timeout)


def _play_with(batch: Batch, definitions: Definitions) -> tuple[Batch, list[Record]]:
    return batch, play_batch(batch, definitions)


def batches_of(seeds: Iterable[int], first: int, size: int) -> Iterator[tuple[int, tuple[int, ...]]]:
    """(index of the first game, seeds) of consecutive batches of at most `size` games."""
    chunk: list[int] = []
    start = first
    for seed in seeds:
        chunk.append(seed)
        if len(chunk) == size:
            yield start, tuple(chunk)
            start += size
            chunk = []
    if chunk:
        yield start, tuple(chunk)
