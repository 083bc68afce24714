"""Random play as a consistency check: seeded random games with the invariants checked after
every step, and what they add up to."""

from __future__ import annotations

import gc
import multiprocessing
import os
import pickle
import random
import signal
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..i18n import _
from ..jobs import die_with_parent
from ..temporaries import temporary_folder
from . import invariants
from .coverage import Coverage, CoverageObserver
from ..sim import Engine, Game, PolicyAgent
from ..sim.agents import RandomAgent, RestrictedAgent, Restriction
from ..sim.cards import FACE
from ..sim.errors import EngineLoop
from .treesearch import SearchAgent
from .transcript import Recorder, TranscriptWriter

TURN_CAP = 200
# Games are CPU-bound: more processes than this per core play no faster, and each is another copy of the engine.
PROCESSES_PER_CORE = 2
# The agents a game may be played by: uniformly random (the fuzzing baseline), or the weighted policy
# (policy.py), which plays longer games like real ones: bp sim's default; or the search player (search.py), which
# looks ahead by simulated games (slow: a stronger opponent for balance at several strengths).
AGENTS = {"random": RandomAgent, "policy": PolicyAgent, "search": SearchAgent}


@dataclass
class Stats:
    regulation: str
    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])  # per seat
    first_player_wins: int = 0
    capped: int = 0  # games stopped by the turn cap
    turns: int = 0
    requests: int = 0
    violations: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def decided(self) -> int:
        return self.games - self.capped

    def as_dict(self) -> dict:
        games = max(self.games, 1)
        return {
            "regulation": self.regulation, "games": self.games, "decided": self.decided, "capped": self.capped,
            "wins": list(self.wins), "first_player_wins": self.first_player_wins, "average_turns": round(self.turns / games, 2),
            "average_requests": round(self.requests / games, 2), "violations": list(self.violations),
            "seconds": round(self.seconds, 3),
        }

    def lines(self) -> list[str]:
        games = max(self.games, 1)
        rate = self.games / self.seconds if self.seconds else 0.0
        return [
            _("{regulation}: {games} games, {decided} decided by the win/loss check, {capped} stopped at the turn cap").format(
                regulation=self.regulation, games=self.games, decided=self.decided, capped=self.capped),
            "  " + _("wins: player 1 {first}, player 2 {second}; the first player won {won} of {decided}").format(
                first=self.wins[0], second=self.wins[1], won=self.first_player_wins, decided=self.decided),
            "  " + _("average {turns:.1f} turns, {requests:.1f} requests per game").format(
                turns=self.turns / games, requests=self.requests / games),
            "  " + _("invariant violations: {count}").format(count=len(self.violations)),
            "  " + _("{rate:.1f} games/s ({seconds:.2f} s)").format(rate=rate, seconds=self.seconds),
        ]


def worker_cap() -> int:
    """The most processes `play` plays on: `bp sim --workers 10000` must not fork ten thousand."""
    return PROCESSES_PER_CORE * (os.cpu_count() or 1)


def game_seeds(seed: int, games: int) -> Iterator[int]:
    """The games' seeds, drawn from `seed` one at a time as they are played: `bp sim --games 10**12`
    holds one, not a list of a trillion."""
    rng = random.Random(seed)
    for _game in range(games):
        yield rng.randrange(2**31)


class _SeedAt:
    """The seed of game `index` of game_seeds(seed, …), for indices asked in increasing order (each
    process of _played_together draws its own, skipping the games other processes took)."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)
        self._next = 0  # the index of the seed the generator gives next

    def __call__(self, index: int) -> int:
        while self._next < index:
            self._rng.randrange(2**31)
            self._next += 1
        self._next += 1
        return self._rng.randrange(2**31)


def play_one(engine: Engine, format_id: str, frame_id: str, seed: int, *, turn_cap: int = TURN_CAP,
             check: bool = True, recorder: Recorder | None = None,
             coverage: Coverage | None = None, agent: str = "random") -> tuple[Game, bool, list[str]]:
    """One game of two seeded agents (AGENTS): (the game, decided by the win/loss check, the invariant violations)."""
    agents = (AGENTS[agent](seed * 2 + 1), AGENTS[agent](seed * 2 + 2))
    problems: list[str] = []
    hooks = {"recorder": recorder.decision, "observer": recorder.observe} if recorder else {}
    counter = None
    if coverage is not None:
        counter = CoverageObserver(coverage, engine.ruleset(format_id, frame_id), hooks.get("observer"), hooks.get("recorder"))
        hooks = {"recorder": counter.decision, "observer": counter.observe}
    game = Game.new(engine, format_id, frame_id, seed=seed, agents=agents, **hooks)
    if counter is not None:
        counter.attach(game)
    if recorder:
        recorder.game = game
    def after_step(game: Game) -> bool:
        problems.extend(invariants.check(game))
        return not problems

    decided = False
    try:
        if not check or after_step(game):
            decided = game.play(turn_cap, after_step if check else None)
    except EngineLoop as exc:  # a program that never ends: the game stops, named, instead of hanging
        problems.append(_("engine loop: {reason}").format(reason=exc))
        decided = False
    if recorder:
        recorder.finish(game, decided)
    return game, decided, problems


@dataclass
class GameTally:
    """One game of a balance run (picklable: it travels back from a worker): who won and went first, how long
    it lasted, and, per seat, what was played: the actions requested (made or triggered), the characters that
    came onto the field after the start, the trumps that were face up at some point."""

    seed: int
    decided: bool
    winner: int | None
    first: int
    turns: int
    requested: tuple[dict[str, int], dict[str, int]] = field(default_factory=lambda: ({}, {}))
    characters: tuple[dict[str, int], dict[str, int]] = field(default_factory=lambda: ({}, {}))
    trumps: tuple[dict[str, int], dict[str, int]] = field(default_factory=lambda: ({}, {}))


class _Tallying:
    """A game's observer that counts into a GameTally what each seat played."""

    def __init__(self, tally: GameTally) -> None:
        self.tally = tally
        self.game: Game | None = None
        self.seen: set[tuple[int, str]] = set()  # (character id, character): 装備 makes a soldier an 装備兵

    def attach(self, game: Game) -> None:
        """The game, once set up: what the start put on the field (the preset) was dealt, not played."""
        self.game = game
        self.seen = {(character.id, character.component) for character in game.state.characters()}
        self._trumps()

    def observe(self, kind: str, data: object) -> None:
        if kind == "request":
            counts = self.tally.requested[data.controller]  # type: ignore[attr-defined]
            action = data.action.id  # type: ignore[attr-defined]
            counts[action] = counts.get(action, 0) + 1
        elif kind == "resolve" and self.game is not None:
            for character in self.game.state.characters():
                key = (character.id, character.component)
                if key not in self.seen:
                    self.seen.add(key)
                    counts = self.tally.characters[character.controller]
                    counts[character.component] = counts.get(character.component, 0) + 1
            self._trumps()

    def _trumps(self) -> None:
        if self.game is None or not self.game.ruleset.trumps:
            return
        faces = self.game.ruleset.trumps_by_face
        for seat, player in enumerate(self.game.state.players):
            for card in player.trumps_up:
                for trump in faces.get(FACE[card], ()):
                    self.tally.trumps[seat][trump.id] = 1


def play_tally(engine: Engine, format_id: str, frame_id: str, seed: int, *, agent: str = "policy",
               restriction: Restriction | None = None, restricted_seat: int = 0, turn_cap: int = TURN_CAP,
               detail: bool = True) -> GameTally:
    """One game of two seeded `agent`s, as play_one plays it (the same game, without a restriction), the agent at
    `restricted_seat` forbidden what `restriction` names; with `detail`, what each seat played is counted."""
    agents: list = [AGENTS[agent](seed * 2 + 1), AGENTS[agent](seed * 2 + 2)]
    if restriction is not None:
        agents[restricted_seat] = RestrictedAgent(agents[restricted_seat], restriction)
    tally = GameTally(seed, False, None, 0, 0)
    counter = _Tallying(tally) if detail else None
    game = Game.new(engine, format_id, frame_id, seed=seed, agents=agents, observer=counter.observe if counter else None)
    if counter is not None:
        counter.attach(game)
    try:
        decided = game.play(turn_cap, None)
    except EngineLoop:  # a program that never ends: the game is not decided
        decided = False
    tally.decided, tally.first, tally.turns = decided, game.state.first, game.state.turn_number
    tally.winner = game.winner if decided else None
    return tally


@dataclass
class Played:
    """What one game of `play` adds up (picklable: it comes back from a worker process)."""

    index: int
    seed: int
    turns: int
    requests: int
    problems: list[str]
    decided: bool
    winner: int | None
    first: int
    recorder: Recorder | None
    coverage: Coverage | None  # this game's counts, merged by `play` in the order of the games


@dataclass(frozen=True)
class _Job:
    engine: Engine
    format_id: str
    frame_id: str
    regulation: str
    sim_seed: int
    turn_cap: int
    check: bool
    transcript: bool
    coverage: bool
    agent: str


def _play_indexed(job: _Job, index: int, game_seed: int) -> Played:
    recorder = None
    if job.transcript:
        recorder = Recorder({"index": index, "format": job.format_id, "frame": job.frame_id, "regulation": job.regulation,
                             "seed": game_seed, "sim_seed": job.sim_seed, "turn_cap": job.turn_cap,
                             **({"agent": job.agent} if job.agent != "random" else {})})
    counts = Coverage() if job.coverage else None
    game, decided, problems = play_one(job.engine, job.format_id, job.frame_id, game_seed, turn_cap=job.turn_cap,
                                       check=job.check, recorder=recorder, coverage=counts, agent=job.agent)
    if recorder is not None:
        recorder.game = None  # the records and lines are all that travel back
    return Played(index, game_seed, game.state.turn_number, game.played.requests, problems, decided, game.winner,
                  game.state.first, recorder, counts)


def _results(job: _Job, games: int, workers: int, progress: Callable[[int], None] | None) -> Iterator[Played]:
    """Every game's result in the order of the games, played by `workers` processes. Each game has its own
    seed, so the results are the same whatever the number of workers. On one process each game is handed
    on as it ends: nothing grows with the number of games."""
    workers = min(workers, games, worker_cap())
    if workers <= 1:
        for index, game_seed in enumerate(game_seeds(job.sim_seed, games)):
            yield _play_indexed(job, index, game_seed)
            if progress:
                progress(1)
        return
    yield from sorted(_played_together(job, games, workers, progress), key=lambda one: one.index)


def _played_together(job: _Job, games: int, processes: int, progress: Callable[[int], None] | None) -> list[Played]:
    """This process and `processes - 1` forked ones take the games one at a time from a shared counter until
    none is left (no core idles at the end, whatever the games' lengths); the forked ones hand their results
    back once, through a file. This process plays rather than waits: on a machine with as many cores as
    processes, a coordinating process would take its time from the players."""
    context = multiprocessing.get_context("fork")  # the engine's compiled programs do not pickle: inherited
    taken = context.Value("q", 0)

    def play_share(report: Callable[[int], None] | None) -> list[Played]:
        share: list[Played] = []
        seed_at = _SeedAt(job.sim_seed)
        while True:
            with taken.get_lock():
                index = taken.value
                taken.value = index + 1
            if index >= games:
                return share
            share.append(_play_indexed(job, index, seed_at(index)))
            if report:
                report(index)

    reported = 0

    def report(_: int) -> None:  # the games started, less those still being played, is about those finished
        nonlocal reported
        done = min(taken.value, games) - (processes - 1)
        if progress and done > reported:
            progress(done - reported)
            reported = done

    with temporary_folder("bp-sim-") as folder:
        children = []
        # The forked processes share this one's memory until they write to it; frozen objects are left out
        # of the collector's passes, which would otherwise touch (and so copy) every page of the engine.
        gc.freeze()
        try:
            for number in range(processes - 1):
                out = Path(folder) / f"{number}.pickle"
                child = context.Process(target=_child, args=(play_share, out), daemon=True)
                child.start()
                children.append((child, out))
        finally:
            gc.unfreeze()
        try:
            played = play_share(report)
            for child, out in children:
                child.join()
                if child.exitcode != 0 or not out.is_file():
                    raise RuntimeError(f"a simulator process ended with exit code {child.exitcode}")
                share = pickle.loads(out.read_bytes())
                if isinstance(share, BaseException):
                    raise share
                played += share
        finally:  # Ctrl-C, or a failure: no process is left playing
            for child, _out in children:
                if child.is_alive():
                    child.kill()
                    child.join()
    if progress and games > reported:
        progress(games - reported)
    return played


def _child(play_share: Callable[[None], list[Played]], out: Path) -> None:
    die_with_parent()
    # Ctrl-C reaches every process of the terminal's group: the parent stops (and kills) the players.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        outcome: list[Played] | BaseException = play_share(None)
        data = pickle.dumps(outcome)
    except BaseException as error:  # noqa: BLE001 - raised again by the parent, with this process's traceback
        data = pickle.dumps(RuntimeError(f"in a simulator process: {''.join(traceback.format_exception(error))}"))
    partial = out.with_name(out.name + ".partial")
    partial.write_bytes(data)
    partial.replace(out)


def play(engine: Engine, format_id: str, frame_id: str, games: int, seed: int, *, turn_cap: int = TURN_CAP,
         check: bool = True, transcript: TranscriptWriter | None = None,
         progress: Callable[[int], None] | None = None, workers: int = 1, coverage: Coverage | None = None,
         agent: str = "random") -> Stats:
    """`games` games of two seeded `agent`s from per-game seeds drawn from `seed`, on `workers` processes (the
    same results, coverage included, for any number of workers)."""
    defs = engine.definitions
    regulation = f"{defs.format(format_id).name} + {defs.frame(frame_id).name}"
    stats = Stats(regulation)
    job = _Job(engine, format_id, frame_id, regulation, seed, turn_cap, check, transcript is not None, coverage is not None, agent)
    start = time.perf_counter()
    for played in _results(job, games, workers, progress):
        if transcript is not None and played.recorder is not None:
            transcript.write(played.recorder)
        if coverage is not None and played.coverage is not None:
            coverage.merge(played.coverage)
        stats.games += 1
        stats.turns += played.turns
        stats.requests += played.requests
        stats.violations += [_("game {game} (seed {seed}): {problem}").format(game=played.index + 1, seed=played.seed, problem=p)
                             for p in played.problems]
        if played.decided and played.winner is not None:
            stats.wins[played.winner] += 1
            stats.first_player_wins += played.winner == played.first
        else:
            stats.capped += 1
    stats.seconds = time.perf_counter() - start
    return stats
