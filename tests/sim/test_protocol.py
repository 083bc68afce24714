"""The public decision protocol (a game without agents): every decision — game-start choices, requests
at [3], costs, targets, choices inside effects — is offered through game.decision() and taken with
game.apply(); clone(), undo() and a stable state hash."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from toolchain import sim


@pytest.mark.parametrize("regulation", [("lite", "entry20"), ("master", "extra")])
def test_the_protocol_plays_the_same_game_as_agents_do(engine: sim.Engine, regulation: tuple[str, str]) -> None:
    """The same seeded agents, asked through decision()/apply() instead of from inside the game,
    make the same game: every decision is offered, in the same order, with the same options."""
    seed = 21
    recorded: list[tuple[int, str, str]] = []

    class Recording(sim.RandomAgent):
        def choose(self, decision: sim.Decision) -> int:
            index = super().choose(decision)
            recorded.append((decision.seat, decision.kind, decision.text(index)))
            return index

    with_agents = sim.Game.new(engine, *regulation, seed=seed, agents=(Recording(1), Recording(2)))
    with_agents.play(60)
    public = sim.Game.new(engine, *regulation, seed=seed, agents=None)
    kinds = set()
    agents = [sim.RandomAgent(1), sim.RandomAgent(2)]
    taken = []
    while (decision := public.decision()) is not None and public.state.turn_number <= 60:
        kinds.add(decision.kind)
        index = agents[decision.seat].choose(decision) if len(decision.options) > 1 else 0
        if len(decision.options) > 1:
            taken.append((decision.seat, decision.kind, decision.text(index)))
        public.apply(decision.options[index])
    assert taken == recorded
    assert sim.digest(public) == sim.digest(with_agents)
    assert {"request", "choose"} <= kinds and len(kinds) >= 3, kinds


def test_undo_goes_back_one_decision_and_clone_is_independent(engine: sim.Engine) -> None:
    game = sim.Game.new(engine, "master", "extra", seed=4, agents=None)
    first = game.decision()
    assert first is not None and first.kind == "choose" and first.prompt == "切札"  # a game-start choice
    hashes = [sim.state_hash(game)]
    for step in range(40):
        options = game.legal_decisions()
        game.apply(options[step % len(options)])
        hashes.append(sim.state_hash(game))
    copy = game.clone()
    assert sim.state_hash(copy) == hashes[-1]
    copy.apply(copy.legal_decisions()[-1])
    assert sim.state_hash(game) == hashes[-1]  # the copy is independent
    for expected in reversed(hashes[:-1]):
        game.undo()
        assert sim.state_hash(game) == expected
    with pytest.raises(sim.IllegalRequest):
        game.undo()


def test_an_option_not_offered_is_refused(engine: sim.Engine) -> None:
    game = sim.Game.new(engine, "pro", "strategy", seed=2, agents=None)
    with pytest.raises(sim.IllegalRequest):
        game.apply("not an option")


def test_the_state_hash_is_the_same_in_another_process(engine: sim.Engine, repo_root: Path) -> None:
    """Python randomizes hash() per process; the state hash does not change with PYTHONHASHSEED."""
    script = (
        "from pathlib import Path; import toolchain; from toolchain import sim\n"
        "engine = sim.Engine(toolchain.load(Path('.')).definitions)\n"
        "game = sim.Game.new(engine, 'pro', 'strategy', seed=8, agents=None)\n"
        "for i in range(25):\n"
        "    options = game.legal_decisions(); game.apply(options[i % len(options)])\n"
        "print(sim.state_hash(game))\n"
    )
    hashes = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONPATH": str(repo_root), "PYTHONHASHSEED": hash_seed}
        run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=repo_root, env=env, timeout=120)
        assert run.returncode == 0, run.stderr
        hashes.add(run.stdout.strip())
    game = sim.Game.new(engine, "pro", "strategy", seed=8, agents=None)
    for i in range(25):
        options = game.legal_decisions()
        game.apply(options[i % len(options)])
    assert hashes == {sim.state_hash(game)}
