"""The package's import graph: every module imports only from its own layer or those below, and
no modules import each other in a circle (imports under `if TYPE_CHECKING:` are for type
checkers only and do not count)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .imports import PACKAGE, imports, module_name, parse, type_checking_only

# Lowest first. A module belongs to the first layer one of whose prefixes it starts with.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("foundation", ("toolchain.diagnostics",)),
    ("notation", ("toolchain.notation",)),
    ("model", ("toolchain.model",)),
    ("simulator", ("toolchain.sim",)),
    ("checks", ("toolchain.checks",)),
    ("renderers", ("toolchain.export", "toolchain.imposition", "toolchain.figures", "toolchain.actionlist",
                   "toolchain.sphinxext", "toolchain.rulebook")),
    ("site", ("toolchain.site",)),
    ("cli", ("toolchain.cli", "toolchain.__main__")),
)


def layer_of(module: str) -> int:
    for index, (_, prefixes) in enumerate(LAYERS):
        if any(module == p or module.startswith(p + ".") for p in prefixes):
            return index
    raise AssertionError(f"{module} belongs to no layer: add it to LAYERS")


def imports_of(path: Path, known: set[str]) -> set[str]:
    """The toolchain modules a module imports (anywhere in it, functions included)."""
    tree = parse(path)
    me, guarded = module_name(path), type_checking_only(tree)
    return {
        item.module for item in imports(path, known, tree)
        if item.module.startswith("toolchain.") and item.module != me and item.node not in guarded
    }


def graph() -> dict[str, set[str]]:
    paths = sorted(PACKAGE.rglob("*.py"))
    known = {module_name(p) for p in paths}
    # Importing `toolchain` itself is only for __version__ (its __init__ imports nothing eagerly).
    return {module_name(p): {i for i in imports_of(p, known) if i in known} for p in paths if module_name(p) != "toolchain"}


def test_every_module_imports_only_from_its_layer_or_below() -> None:
    wrong = [
        f"{module} ({LAYERS[layer_of(module)][0]}) imports {target} ({LAYERS[layer_of(target)][0]})"
        for module, targets in graph().items()
        for target in sorted(targets)
        if layer_of(target) > layer_of(module)
    ]
    assert wrong == []


def test_no_import_cycles() -> None:
    edges = graph()
    cycles: list[list[str]] = []
    state: dict[str, int] = {}  # 1 on the path, 2 done

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for target in sorted(edges.get(module, ())):
            if state.get(target) == 1:
                cycles.append(path[path.index(target):] + [target])
            elif target not in state:
                visit(target, path + [target])
        state[module] = 2

    for module in sorted(edges):
        if module not in state:
            visit(module, [module])
    assert cycles == [], "\n".join(" → ".join(c) for c in cycles)


@pytest.mark.parametrize("module", ["toolchain.model.definitions", "toolchain.sim.game", "toolchain.actionlist.view"])
def test_the_walker_sees_imports(module: str) -> None:
    # A guard against a walker that finds nothing and so passes vacuously.
    assert graph()[module]
