"""The package's import graph: every module imports only from its own layer or those below, and
no modules import each other in a circle (imports under `if TYPE_CHECKING:` are for type
checkers only and do not count)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "toolchain"

# Lowest first. A module belongs to the first layer one of whose prefixes it starts with.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("foundation", ("toolchain.diagnostics", "toolchain.provenance", "toolchain.jobs")),
    ("notation", ("toolchain.notation",)),
    ("model", ("toolchain.model",)),
    ("simulator", ("toolchain.sim",)),
    ("checks", ("toolchain.checks",)),
    ("renderers", ("toolchain.export", "toolchain.imposition", "toolchain.figures", "toolchain.actionlist",
                   "toolchain.sphinxext", "toolchain.rulebook")),
    ("site", ("toolchain.site",)),
    ("cli", ("toolchain.cli", "toolchain.__main__")),
)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer_of(module: str) -> int:
    for index, (_, prefixes) in enumerate(LAYERS):
        if any(module == p or module.startswith(p + ".") for p in prefixes):
            return index
    raise AssertionError(f"{module} belongs to no layer: add it to LAYERS")


def _type_checking_only(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    while node in parents:
        node = parents[node]
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            return True
    return False


def imports_of(path: Path, known: set[str]) -> set[str]:
    """The toolchain modules a module imports (anywhere in it, functions included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    me = module_name(path)
    package = me if path.name == "__init__.py" else me.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            # `from pkg import name` imports pkg.name when that is a module
            names = [f"{module}.{alias.name}" if f"{module}.{alias.name}" in known else module for alias in node.names]
        else:
            continue
        if _type_checking_only(node, parents):
            continue
        found.update(name for name in names if name.startswith("toolchain.") and name != me)
    return found


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
