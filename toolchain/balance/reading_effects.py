"""Which readings change games (`bp balance --readings`): the same seeded games played again under the other way
of reading each reading that carries one (`reading: other:`), and what that changed.

    section = compare(definitions, regulations, agent="policy", seed=0, games=40, turn_cap=200, z=1.96)
    saved = games_to_save(section)   # {file name: JSON lines}: the shortest game where each reading mattered

A reading touched a game when the other reading's program was requested in it or the game asked another sequence
of decisions; it flipped the game when the winner differs. The shortest game where it mattered (flipped, else
touched) is kept as a transcript of two games, the same seed under the toolchain's reading and under the other
one (its game line names the reading: `bp replay` plays it so). Ranked by flips, it is the list of questions worth
asking for a ruling.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .. import sim, simtools
from ..model.other_readings import Alternative, alternatives, read_otherwise
from . import stats

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Definitions

from ..balancepage import FOLDER


class _Watching(simtools.Recorder):
    """A transcript's recorder that also notes whether one action was requested."""

    def __init__(self, header: dict[str, Any], action: str | None) -> None:
        super().__init__(header)
        self.action = action
        self.requested = False

    def observe(self, kind: str, data: Any) -> None:
        if kind == "request" and data.action.id == self.action:
            self.requested = True
        super().observe(kind, data)


@dataclass
class Played:
    seed: int
    winner: int | None
    turns: int
    records: list[dict[str, Any]]
    requested: bool = False


def _play(engine: sim.Engine, format_id: str, frame_id: str, seed: int, agent: str, turn_cap: int, header: dict[str, Any],
          action: str | None) -> Played:
    recorder = _Watching({"format": format_id, "frame": frame_id, "seed": seed, "turn_cap": turn_cap, "agent": agent, **header},
                         action)
    game, decided, _problems = simtools.play_one(engine, format_id, frame_id, seed, turn_cap=turn_cap, check=False,
                                                 recorder=recorder, agent=agent)
    recorder.game = None
    return Played(seed, game.winner if decided else None, game.state.turn_number, recorder.records, recorder.requested)


def _decisions(played: Played) -> list[tuple[Any, ...]]:
    return [(r["seat"], r["kind"], r["index"], r["option"]) for r in played.records if r["type"] == "decision"]


@dataclass
class ReadingFigures:
    alternative: Alternative
    games: int = 0
    touched: int = 0  # the other reading's definition was requested, or the decisions went otherwise
    diverged: int = 0  # the decisions went otherwise
    flipped: int = 0
    shortest: tuple[Played, Played] | None = field(default=None, repr=False)  # (toolchain's, other) of the shortest
    shortest_flipped: bool = False

    def add(self, base: Played, other: Played) -> None:
        self.games += 1
        diverged = _decisions(base) != _decisions(other)
        touched = other.requested or diverged
        flipped = base.winner != other.winner
        self.touched += touched
        self.diverged += diverged
        self.flipped += flipped
        if not touched:
            return
        turns = min(base.turns, other.turns)
        better = self.shortest is None or (flipped, -turns) > (self.shortest_flipped, -min(p.turns for p in self.shortest))
        if better:
            self.shortest, self.shortest_flipped = (base, other), flipped


def file_name(key: str, format_id: str, frame_id: str) -> str:
    """The saved game's file, under FOLDER: `act-rare-draw-1-master-extra.jsonl`."""
    return re.sub(r"[^a-z0-9-]", "-", f"{key}-{format_id}-{frame_id}".lower()) + ".jsonl"


def compare(definitions: Definitions, regulations: list[tuple[str, str]], *, agent: str, seed: int, games: int,
            turn_cap: int, z: float) -> tuple[dict[str, Any], dict[str, str]]:
    """The readings section of the report ({agent, games, regulations: [{…, readings: [ranked]}]}) and the saved
    games ({file name under FOLDER: JSON lines})."""
    found = alternatives(definitions)
    engine = sim.Engine(definitions)
    others = {alternative.key: sim.Engine(read_otherwise(definitions, alternative.key)) for alternative in found}
    seeds = list(simtools.game_seeds(seed, games))
    section: dict[str, Any] = {"agent": agent, "seed": seed, "games": games, "regulations": []}
    saved: dict[str, str] = {}
    for format_id, frame_id in regulations:
        ruleset = engine.ruleset(format_id, frame_id)
        figures = [ReadingFigures(alternative) for alternative in found if _played_in(ruleset, alternative)]
        for game_seed in seeds:
            base = _play(engine, format_id, frame_id, game_seed, agent, turn_cap, {}, None)
            for figure in figures:
                key = figure.alternative.key
                other = _play(others[key], format_id, frame_id, game_seed, agent, turn_cap, {"reading": key},
                              figure.alternative.definition_id)
                figure.add(base, other)
        rows = []
        for figure in sorted(figures, key=lambda f: (-f.flipped, -f.touched, f.alternative.key)):
            row = _row(figure, z)
            if figure.shortest is not None:
                name = file_name(figure.alternative.key, format_id, frame_id)
                row["shortest"] = {"file": f"{FOLDER}/{name}", "seed": figure.shortest[0].seed, "flipped": figure.shortest_flipped,
                                   "turns": min(p.turns for p in figure.shortest)}
                saved[name] = _transcript(figure.shortest)
            rows.append(row)
        section["regulations"].append({"format": format_id, "frame": frame_id, "name": ruleset.name, "readings": rows})
    return section, saved


def _played_in(ruleset: Any, alternative: Alternative) -> bool:
    """Whether the regulation has the definition the other reading changes (レアドロー is no action of エントリー20)."""
    return any(action.id == alternative.definition_id for action in ruleset.actions)


def _row(figure: ReadingFigures, z: float) -> dict[str, Any]:
    alternative = figure.alternative
    where = alternative.noted.reading.location
    return {"key": alternative.key, "owner": alternative.noted.owner, "about": alternative.noted.reading.about,
            "reads": alternative.noted.reading.reads, "other": alternative.other.reads,
            "path": where.path, "line": where.line, "games": figure.games, "touched": figure.touched,
            "diverged": figure.diverged,             "flipped": figure.flipped, "flip_rate": stats.wilson(figure.flipped, figure.games, z).as_dict()}


def _transcript(pair: tuple[Played, Played]) -> str:
    lines = []
    for index, played in enumerate(pair):
        records = [dict(played.records[0], index=index), *played.records[1:]]
        lines.extend(json.dumps(record, ensure_ascii=False) for record in records)
    return "\n".join(lines) + "\n"
