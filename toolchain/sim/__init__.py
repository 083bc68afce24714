"""The embedded simulator: a rules engine for BlackPoker 第8.1版 that runs the definitions.

    from toolchain.sim import Game, RandomAgent
    game = Game.new(defs, "lite", "entry20", seed=7, agents=(RandomAgent(1), RandomAgent(2)))
    game.play()

Names are loaded on first use, so that `import toolchain.sim.command` (the CLI) stays cheap.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_EXPORTS = {
    "Game": "game", "State": "state", "Request": "state", "Character": "state",
    "Agent": "agents", "Decision": "agents", "RandomAgent": "agents", "ScriptedAgent": "agents",
    "PASS": "requests", "RequestOption": "requests", "Ruleset": "ruleset", "ruleset": "ruleset",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(name)
    return getattr(import_module(f".{_EXPORTS[name]}", __name__), name)
