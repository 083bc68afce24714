"""Random play as a consistency check: seeded random games with the invariants checked after
every step, and what they add up to."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from . import invariants
from .coverage import Coverage, CoverageObserver
from .policy import PolicyAgent
from .agents import RandomAgent
from .engine import Engine
from .game import Game
from .transcript import Recorder, TranscriptWriter

TURN_CAP = 200
# The agents a game may be played by: uniformly random (the fuzzing baseline), or the weighted policy
# (policy.py), which plays longer games like real ones: bp sim's default.
AGENTS = {"random": RandomAgent, "policy": PolicyAgent}


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
            f"{self.regulation}: {self.games} games, {self.decided} decided by the win/loss check, {self.capped} stopped at the turn cap",
            f"  wins: P1 {self.wins[0]}, P2 {self.wins[1]} (first player {self.first_player_wins})",
            f"  average {self.turns / games:.1f} turns, {self.requests / games:.1f} requests per game",
            f"  invariant violations: {len(self.violations)}",
            f"  {rate:.1f} games/s ({self.seconds:.2f} s)",
        ]


def game_seeds(seed: int, games: int) -> list[int]:
    rng = random.Random(seed)
    return [rng.randrange(2**31) for _ in range(games)]


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
    if not check or after_step(game):
        decided = game.play(turn_cap, after_step if check else None)
    if recorder:
        recorder.finish(game, decided)
    return game, decided, problems


def play(engine: Engine, format_id: str, frame_id: str, games: int, seed: int, *, turn_cap: int = TURN_CAP,
         check: bool = True, transcript: TranscriptWriter | None = None,
         progress: Callable[[int], None] | None = None, coverage: Coverage | None = None, agent: str = "random") -> Stats:
    defs = engine.definitions
    regulation = f"{defs.format(format_id).name} + {defs.frame(frame_id).name}"
    stats = Stats(regulation)
    start = time.perf_counter()
    for index, game_seed in enumerate(game_seeds(seed, games)):
        recorder = None
        if transcript is not None:
            recorder = Recorder({"index": index, "format": format_id, "frame": frame_id, "regulation": regulation,
                                 "seed": game_seed, "sim_seed": seed, "turn_cap": turn_cap,
                                 **({"agent": agent} if agent != "random" else {})})
        game, decided, problems = play_one(engine, format_id, frame_id, game_seed, turn_cap=turn_cap, check=check,
                                           recorder=recorder, coverage=coverage, agent=agent)
        if recorder is not None:
            transcript.write(recorder)
        stats.games += 1
        stats.turns += game.state.turn_number
        stats.requests += game.requests
        stats.violations += [f"game {index + 1} (seed {game_seed}): {p}" for p in problems]
        if decided and game.winner is not None:
            stats.wins[game.winner] += 1
            stats.first_player_wins += game.winner == game.state.first
        else:
            stats.capped += 1
        if progress:
            progress(1)
    stats.seconds = time.perf_counter() - start
    return stats
