"""`make fuzz`'s games (run.py): random games over every regulation of table 3.1, counted as games,
violations, crashes and hangs; each kind of failure is counted and makes the run fail."""

from __future__ import annotations

import pytest

from toolchain import simtools

from . import properties as p
from . import run


def test_a_few_games_of_every_regulation_pass(capsys: pytest.CaptureFixture[str]) -> None:
    assert run.games(scale=20 / run.GAMES, seed=1)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "games: 20 over 10 regulations, FUZZ_SEED=1"
    assert [line.split()[0] for line in lines[1:-1]] == [
        "lite", "standard", "pro", "master", "standard", "pro", "master", "pro", "master", "master"]
    assert lines[-1].split() == ["games", "20", "games,", "0", "violations,", "0", "crashes,", "0", "hangs"]


@pytest.mark.parametrize(("failure", "figures"), [
    ("violation", "1 violations, 0 crashes, 0 hangs"),
    ("crash", "0 violations, 1 crashes, 0 hangs"),
    ("hang", "0 violations, 0 crashes, 1 hangs"),
])
def test_every_kind_of_failure_is_counted_and_fails_the_run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                                            failure: str, figures: str) -> None:
    play_one = simtools.play_one
    calls: list[int] = []

    def failing(engine, format_id, frame_id, seed, agent):
        calls.append(seed)
        if len(calls) == 2:  # the second game of the run: the one of standard + pack
            if failure == "crash":
                raise KeyError("a broken engine")
            if failure == "hang":
                raise p.Hang("no result")
            game, decided, _ = play_one(engine, format_id, frame_id, seed, agent=agent)
            return game, decided, ["turn 1: a broken invariant"]
        return play_one(engine, format_id, frame_id, seed, agent=agent)

    monkeypatch.setattr(simtools, "play_one", failing)
    assert not run.games(scale=10 / run.GAMES, seed=2)
    out = capsys.readouterr().out
    assert out.splitlines()[-1].endswith(f"10 games, {figures}")
    assert {"violation": "VIOLATION in standard + pack", "crash": "CRASH in standard + pack", "hang": "HANG in standard + pack"}[failure] in out
