"""The same seed plays the same game: seeded games of every regulation against fingerprints (winner,
turns, requests, decisions, final state hash) that main's engine recorded before the speed work:
golden/fingerprints.json (random agents) and golden/policy-fingerprints.json (the policy agent),
written by scripts/sim-fingerprints --write. An optimisation that changes what a game does shows here;
scripts/sim-fingerprints compares all 200 games per regulation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toolchain import sim, simtools

GOLDEN = Path(__file__).parent / "golden"
RECORDED = {agent: json.loads((GOLDEN / name).read_text(encoding="utf-8"))
            for agent, name in (("random", "fingerprints.json"), ("policy", "policy-fingerprints.json"))}
GAMES = {"random": 12, "policy": 6}  # per regulation: every regulation's start and a spread of games, in about a second


@pytest.mark.parametrize(("agent", "regulation"), [(agent, regulation) for agent in RECORDED for regulation in sorted(RECORDED[agent])])
def test_seeded_games_play_as_recorded(engine: sim.Engine, agent: str, regulation: str) -> None:
    fmt, frame = regulation.split("/")
    played = []
    for seed in range(GAMES[agent]):
        game, decided, problems = simtools.play_one(engine, fmt, frame, seed, check=False, agent=agent)
        played.append([game.winner if decided else None, game.state.turn_number, game.played.requests, game.played.decisions,
                       sim.state_hash(game)[:16]])
    assert played == RECORDED[agent][regulation][:GAMES[agent]]
