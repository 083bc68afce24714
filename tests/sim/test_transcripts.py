"""Transcripts: JSON lines that replay a game exactly, and the readable log beside them.

The golden transcripts in golden/ were written by `bp sim --transcript` (`scripts/sim-transcripts` writes
them again after a change meant to change what seeded games do); they are replayed here
(every option offered must read as recorded, the game must end the same way), and written again
to show that a seed plays the same game and the same log.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.runbp import bp
from toolchain import sim, simtools

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.jsonl"))


def header(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8").splitlines()[0])


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_a_golden_transcript_replays_exactly(engine: sim.Engine, path: Path) -> None:
    results = [simtools.replay_game(engine, records) for records in simtools.transcript_games(path)]
    assert results and all(r.ok for r in results), [r.message for r in results if not r.ok]


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_the_same_seed_writes_the_same_transcript(engine: sim.Engine, path: Path, tmp_path: Path) -> None:
    first = header(path)
    count = sum(1 for _ in simtools.transcript_games(path))
    out = tmp_path / path.name
    with simtools.TranscriptWriter(out) as writer:
        stats = simtools.play(engine, first["format"], first["frame"], count, first["sim_seed"], transcript=writer)
    assert stats.violations == []
    assert out.read_text(encoding="utf-8") == path.read_text(encoding="utf-8")
    assert out.with_suffix(".txt").read_text(encoding="utf-8") == path.with_suffix(".txt").read_text(encoding="utf-8")


def test_bp_replay_reports_a_game_that_went_otherwise(tmp_path: Path, repo_root: Path) -> None:
    lines = GOLDEN[0].read_text(encoding="utf-8").splitlines()
    decision = next(i for i, line in enumerate(lines)
                    if '"type": "decision"' in line and '"options": 2' not in line and '"forced": true' not in line)
    record = json.loads(lines[decision])
    record["index"] = (record["index"] + 1) % record["options"]
    lines[decision] = json.dumps(record, ensure_ascii=False)
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = bp("replay", str(tampered), cwd=repo_root, timeout=120)
    assert run.returncode == 1
    assert "game 1:" in run.stderr and "different" in run.stdout
    good = bp("replay", str(GOLDEN[0]), cwd=repo_root, timeout=120)
    assert good.returncode == 0 and good.stdout.startswith(f"{sum(1 for _ in simtools.transcript_games(GOLDEN[0]))} games replayed")
