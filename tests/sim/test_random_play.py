"""Random play as a consistency check: 200 seeded random games over the regulations of table 3.1
(20 in each), with the invariants checked after every step; `make fuzz` plays 10,000 more."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolchain import sim, simtools
from toolchain.model import Definitions

# Table 3.1 フレーム対応一覧, as the rulebook prints it (○ cells).
REGULATIONS = [
    ("lite", "entry20"),
    ("standard", "pack"), ("pro", "pack"), ("master", "pack"),
    ("standard", "rare-pack"), ("pro", "rare-pack"), ("master", "rare-pack"),
    ("pro", "strategy"), ("master", "strategy"),
    ("master", "extra"),
]
GAMES = 20  # per regulation, every invariant after every step: each ends decided and both seats win in each;
# the rare breach is the fuzz target's to find (`make fuzz`: 10,000 games over the same regulations)


def test_the_regulations_are_those_of_table_3_1(defs: Definitions) -> None:
    assert sorted((f, fr) for fr, fmts in defs.regulations.items() for f in fmts) == sorted(REGULATIONS)


@pytest.mark.parametrize(("format_id", "frame_id"), REGULATIONS, ids=[f"{f}+{fr}" for f, fr in REGULATIONS])
def test_random_games_keep_every_invariant(engine: sim.Engine, format_id: str, frame_id: str) -> None:
    stats = simtools.play(engine, format_id, frame_id, GAMES, seed=2025)
    assert stats.violations == []
    assert stats.games == GAMES and stats.decided + stats.capped == GAMES
    assert sum(stats.wins) == stats.decided
    assert stats.decided >= GAMES * 0.9  # random games end by the win/loss check, not by the cap
    assert min(stats.wins) > 0  # both seats win some


def test_a_seed_plays_the_same_game_again(engine: sim.Engine) -> None:
    first, decided, problems = simtools.play_one(engine, "master", "extra", 99)
    again, decided_again, _ = simtools.play_one(engine, "master", "extra", 99)
    assert problems == [] and decided == decided_again
    assert simtools.digest(first) == simtools.digest(again) and first.played.requests == again.played.requests


def test_the_results_do_not_depend_on_the_number_of_workers(engine: sim.Engine, tmp_path: Path) -> None:
    """bp sim --workers N: every game has its own seed, so wins, turns, requests, violations and the
    transcript are the same on one process and on two."""
    outcomes = []
    for workers in (1, 2):
        path = tmp_path / f"workers-{workers}.jsonl"
        with simtools.TranscriptWriter(path) as writer:
            stats = simtools.play(engine, "lite", "entry20", 12, seed=31, transcript=writer, workers=workers)
        outcomes.append(((stats.games, stats.wins, stats.first_player_wins, stats.capped, stats.turns, stats.requests,
                          stats.violations), path.read_text(encoding="utf-8"), writer.text_path.read_text(encoding="utf-8")))
    assert outcomes[0] == outcomes[1]
    assert outcomes[0][0][0] == 12 and outcomes[0][1].count('"type": "game"') == 12
