"""The simulator's engine (toolchain/sim) stands alone under the tools built on it (toolchain/simtools): its
modules import one another in no circle (imports under `if TYPE_CHECKING:` are for type checkers only), none of
them imports a tool, and its door (the package's `__all__`) stays small enough to read."""

from __future__ import annotations

import ast
from pathlib import Path

from .imports import PACKAGE, imports, module_name, parse, toolchain_modules, type_checking_only

ENGINE = "toolchain.sim"
TOOLS = "toolchain.simtools"
DOOR_LIMIT = 25  # issue 31: a reader tells the engine from its tools by a door this size


def engine_paths() -> list[Path]:
    return sorted((PACKAGE / "sim").glob("*.py"))


def engine_imports(path: Path, tree: ast.Module | None = None) -> set[str]:
    """The toolchain modules an engine module imports, in functions too, but not for type checkers only."""
    tree = tree or parse(path)
    guarded, me = type_checking_only(tree), module_name(path)
    return {item.module for item in imports(path, toolchain_modules(), tree)
            if item.node not in guarded and item.module.startswith("toolchain.") and item.module != me}


def engine_graph() -> dict[str, set[str]]:
    modules = {module_name(path) for path in engine_paths()}
    return {module_name(path): engine_imports(path) & modules for path in engine_paths()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    found: list[list[str]] = []
    state: dict[str, int] = {}  # 1 on the path, 2 done

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for target in sorted(edges.get(module, ())):
            if state.get(target) == 1:
                found.append(path[path.index(target):] + [target])
            elif target not in state:
                visit(target, [*path, target])
        state[module] = 2

    for module in sorted(edges):
        if module not in state:
            visit(module, [module])
    return found


def test_the_engine_modules_import_each_other_in_no_circle() -> None:
    graph = engine_graph()
    assert len(graph) > 15 and graph["toolchain.sim.game"]  # a walker that finds nothing would pass vacuously
    assert cycles(graph) == [], "\n".join(" → ".join(c) for c in cycles(graph))


def test_a_circle_is_found() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_a_type_checking_import_is_no_edge() -> None:
    probe = PACKAGE / "sim" / "probe.py"  # never written: a place in the engine for relative imports
    source = "from typing import TYPE_CHECKING\nfrom .state import State\nif TYPE_CHECKING:\n    from .game import Game\n"
    assert engine_imports(probe, ast.parse(source)) == {"toolchain.sim.state"}


def tool_imports(path: Path, tree: ast.Module | None = None) -> list[str]:
    return [f"{path.relative_to(PACKAGE.parent)}:{item.node.lineno} imports {item.module}"
            for item in imports(path, toolchain_modules(), tree or parse(path))
            if item.module == TOOLS or item.module.startswith(TOOLS + ".")]


def test_no_engine_module_imports_a_tool() -> None:
    assert [line for path in engine_paths() for line in tool_imports(path)] == []


def test_an_engine_import_of_a_tool_is_found() -> None:
    probe = PACKAGE / "sim" / "probe.py"
    for source in ("from ..simtools import board\n", "from toolchain.simtools.examples import run\n",
                   "def f():\n    from .. import simtools\n"):
        assert tool_imports(probe, ast.parse(source)), source


def door() -> list[str]:
    tree = parse(PACKAGE / "sim" / "__init__.py")
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            return list(ast.literal_eval(node.value))
    raise AssertionError("toolchain/sim/__init__.py has no __all__")


def test_the_door_is_small_and_says_what_it_exports() -> None:
    from toolchain import sim

    names = door()
    assert len(names) <= DOOR_LIMIT, f"{len(names)} names: the engine's door admits at most {DOOR_LIMIT}"
    assert len(set(names)) == len(names) and all(hasattr(sim, name) for name in names)
    path = PACKAGE / "sim" / "__init__.py"
    # what the door imports is what it exports: `native` chooses the compiled modules, `annotations` is __future__'s
    bound = {item.bound for item in imports(path, toolchain_modules())} - {"native", "annotations"}
    assert bound == set(names)
