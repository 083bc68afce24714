"""The same seed plays the same game: seeded random games of every regulation against fingerprints
(winner, turns, requests, decisions, final state hash) that main's engine recorded before the speed
work (golden/fingerprints.json, written by scripts/sim-fingerprints --write). An optimisation that
changes what a game does shows here; scripts/sim-fingerprints compares all 200 games per regulation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toolchain import sim

RECORDED = json.loads((Path(__file__).parent / "golden" / "fingerprints.json").read_text(encoding="utf-8"))
GAMES = 12  # per regulation: every regulation's start and a spread of games, in about a second


@pytest.mark.parametrize("regulation", sorted(RECORDED))
def test_seeded_games_play_as_recorded(engine: sim.Engine, regulation: str) -> None:
    fmt, frame = regulation.split("/")
    played = []
    for seed in range(GAMES):
        game, decided, problems = sim.play_one(engine, fmt, frame, seed, check=False)
        played.append([game.winner if decided else None, game.state.turn_number, game.played.requests, game.played.decisions,
                       sim.state_hash(game)[:16]])
    assert played == RECORDED[regulation][:GAMES]
