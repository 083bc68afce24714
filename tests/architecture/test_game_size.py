"""A Game holds little of its own (issue 21: at most 12 attributes): the state, the rules it is played by and the
agents are separate objects, and so are where the core flow stands and the public decision protocol.

Counted from the source: every attribute a method of Game sets on `self` (or on a copy of the game), and its
__slots__, so that the count is the same compiled by mypyc or not."""

from __future__ import annotations

import ast

from .imports import PACKAGE

LIMIT = 12


def game_attributes() -> set[str]:
    tree = ast.parse((PACKAGE / "sim" / "game.py").read_text(encoding="utf-8"))
    game = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "Game")
    found: set[str] = set()
    for node in ast.walk(game):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
            targets = [node.target]
        for target in targets:
            for item in (target.elts if isinstance(target, ast.Tuple) else [target]):
                if isinstance(item, ast.Attribute) and isinstance(item.value, ast.Name) and item.value.id in ("self", "game", "copy"):
                    found.add(item.attr)
                if isinstance(item, ast.Name) and item.id == "__slots__" and isinstance(node, (ast.Assign, ast.AnnAssign)):
                    found.update(ast.literal_eval(node.value))
    return found - _properties(game)


def _properties(game: ast.ClassDef) -> set[str]:
    """Names Game computes (properties and their setters): setting one sets an attribute of a part."""
    return {item.name for item in game.body if isinstance(item, ast.FunctionDef)
            and any(isinstance(d, ast.Name) and d.id == "property" or isinstance(d, ast.Attribute) and d.attr == "setter"
                    for d in item.decorator_list)}


def test_a_game_holds_at_most_12_attributes() -> None:
    attributes = game_attributes()
    assert len(attributes) <= LIMIT, sorted(attributes)


def test_the_count_sees_what_a_running_game_holds() -> None:
    """The source count agrees with a game's __dict__ (run as Python), so a new kind of assignment is not missed."""
    from toolchain import sim

    if sim.compiled():
        names = set(getattr(sim.Game, "__mypyc_attrs__", ()))
    else:
        names = set(vars(sim.Game(None, sim.state.State([]), ())))  # type: ignore[arg-type]  # __init__ only stores the rules
    assert names - {"__dict__", "__weakref__"} == game_attributes()
