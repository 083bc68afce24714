"""Effects are data: the engine has no Python keyed by an action's id, and every action is run
from its program."""

from __future__ import annotations

import ast
from pathlib import Path

from toolchain.model import Definitions
from toolchain.sim.primitives import ProgramCompiler
from toolchain.sim.ruleset import compiled

SIM = Path(__file__).resolve().parents[2] / "toolchain" / "sim"


def test_no_code_compares_with_an_action_id(defs: Definitions) -> None:
    """No `if action.id == "down"`: an id literal is never compared with, nor used as a key for, anything."""
    # A few primitives share a word with an action (draw, charge, retarget): they are steps, not actions.
    ids = {a.id for a in (*defs.actions, *defs.frame_actions)} - set(ProgramCompiler.PRIMITIVES)
    found = []
    for path in sorted(SIM.glob("*.py")):
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


def test_every_action_and_frame_action_has_a_program(defs: Definitions) -> None:
    specs = compiled(defs)
    assert specs.errors == []
    assert sorted(specs.actions) == sorted(a.id for a in (*defs.actions, *defs.frame_actions))
    assert all(spec.executable for spec in specs.actions.values())
    triggered = [s for s in specs.actions.values() if s.trigger == "triggered"]
    assert all(s.trigger_spec is not None for s in triggered)
