"""White-box tests of the program compiler (sim/ruleset.py, sim/primitives.py): effects are data,
the engine has no Python keyed by an action's id, and every action is run from its program."""

from __future__ import annotations

import ast
from pathlib import Path

from toolchain import sim, simtools
from toolchain.model import Definitions
from toolchain.sim.language import NO_VARS, Ctx
from toolchain.sim.primitives import ProgramCompiler

SIM = Path(__file__).resolve().parents[3] / "toolchain" / "sim"


def test_no_code_compares_with_an_action_id(defs: Definitions) -> None:
    """No `if action.id == "down"`: an id literal is never compared with, nor used as a key for, anything."""
    # A few primitives share a word with an action (draw, charge, retarget): they are steps, not actions.
    ids = {a.id for a in (*defs.actions, *defs.frame_actions)} - set(ProgramCompiler.PRIMITIVES)
    found = []
    sources = sorted(SIM.glob("*.py"))
    assert len(sources) > 10  # the engine's modules are where the test looks
    for path in sources:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare):
                operands = [node.left, *node.comparators]
                literals = [o.value for o in operands if isinstance(o, ast.Constant) and isinstance(o.value, str)]
                ids_compared = [v for v in literals if v in ids]
                attributes = [o for o in operands if isinstance(o, ast.Attribute) and o.attr in ("id", "action")]
                if ids_compared and attributes:
                    found.append(f"{path.name}:{node.lineno} compares with {ids_compared}")
            if isinstance(node, ast.Dict):
                keys = [k.value for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)]
                if len([k for k in keys if k in ids]) >= 3:
                    found.append(f"{path.name}:{node.lineno} a table keyed by action ids")
    assert found == []


def test_every_action_and_frame_action_has_a_program(defs: Definitions, engine: sim.Engine) -> None:
    specs = engine.compiled
    assert specs.errors == []
    assert sorted(specs.actions) == sorted(a.id for a in (*defs.actions, *defs.frame_actions))
    assert all(spec.executable for spec in specs.actions.values())
    triggered = [s for s in specs.actions.values() if s.trigger == "triggered"]
    assert all(s.trigger_spec is not None for s in triggered)


def test_a_context_sets_its_variables_in_its_own_dictionary(engine: sim.Engine) -> None:
    """Contexts share one empty dictionary of variables until they set one (sim.language.Ctx.set): a variable set
    by an effect never reaches another context. Programs with `as:` (choices, moves, loops) ran in these games."""
    game = sim.Game.new(engine, "master", "extra", seed=3, agents=(sim.RandomAgent(1), sim.RandomAgent(2)))
    ctx = Ctx(game, sim.state.Request(0, game.ruleset.actions[0], 0), 0)
    ctx.set("chosen", [1])
    assert ctx.vars == {"chosen": [1]} and Ctx(game, ctx.request, 1).vars == {}
    for seed in range(4):
        simtools.play_one(engine, "master", "extra", seed, check=False)
    assert NO_VARS == {}
