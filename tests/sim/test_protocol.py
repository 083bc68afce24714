"""The public decision protocol (a game without agents): every decision — game-start choices, requests
at [3], costs, targets, choices inside effects — is offered through game.decision() and taken with
game.apply(); clone(), undo() and a stable state hash."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from toolchain import sim, simtools


def regulations(defs) -> list[tuple[str, str]]:
    return [(fmt, frame) for frame, formats in defs.regulations.items() for fmt in formats]


TURN_CAP = 200  # whole games


@pytest.mark.parametrize("agent", ["random", "policy"])
def test_agents_and_the_protocol_play_the_same_game_in_every_regulation(engine: sim.Engine, agent: str) -> None:
    """One protocol: the same seeded agents, asked from inside the game (`bp sim`, examples, figures) or
    through decision()/apply() (`bp replay`, tools), are asked the same decisions in the same order —
    forced ones included — and leave the same state, in every regulation of table 3.1."""
    kinds: set[str] = set()
    for number, regulation in enumerate(regulations(engine.definitions)):
        seed = 40 + number
        header = {"format": regulation[0], "frame": regulation[1], "seed": seed}
        recorder = simtools.Recorder(header)
        with_agents = sim.Game.new(engine, *regulation, seed=seed, agents=(simtools.AGENTS[agent](1), simtools.AGENTS[agent](2)),
                                   recorder=recorder.decision, observer=recorder.observe)
        recorder.game = with_agents
        with_agents.play(TURN_CAP)

        public_recorder = simtools.Recorder(header)
        public = sim.Game.new(engine, *regulation, seed=seed, agents=None,
                              recorder=public_recorder.decision, observer=public_recorder.observe)
        public_recorder.game = public
        agents = [simtools.AGENTS[agent](1), simtools.AGENTS[agent](2)]
        while (decision := public.decision()) is not None:
            if decision.kind == "request" and public.due is None and public.state.turn_number > TURN_CAP:
                break
            kinds.add(decision.kind)
            public.apply(agents[decision.seat].choose(decision) if not decision.forced else 0)
        assert public_recorder.records == recorder.records, regulation
        assert sim.state_hash(public) == sim.state_hash(with_agents), regulation
        assert len(recorder.records) > 20 and any(r.get("forced") for r in recorder.records)
    assert {"request", "choose", "target", "option", "setup"} <= kinds, kinds


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
    with pytest.raises(sim.errors.IllegalRequest):
        game.undo()


def test_an_option_not_offered_is_refused(engine: sim.Engine) -> None:
    game = sim.Game.new(engine, "pro", "strategy", seed=2, agents=None)
    with pytest.raises(sim.errors.IllegalRequest):
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
