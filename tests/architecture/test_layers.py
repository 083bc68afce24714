"""The package's import graph: every module imports only from its own layer or those below, and
no modules import each other in a circle (imports under `if TYPE_CHECKING:` are for type
checkers only and do not count)."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

from .imports import PACKAGE, ROOT, imports, module_name, parse, references, toolchain_modules, type_checking_only

# Lowest first. A module belongs to the first layer one of whose prefixes it starts with.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("foundation", ("toolchain.i18n", "toolchain.diagnostics", "toolchain.provenance", "toolchain.collector", "toolchain.jobs",
                    "toolchain.html_parsing", "toolchain.temporaries", "toolchain.resultcache", "toolchain.ownfiles")),
    ("notation", ("toolchain.notation",)),
    ("model", ("toolchain.model",)),
    ("simulator", ("toolchain.sim",)),  # the engine (test_engine.py)
    ("simulator tools", ("toolchain.simtools",)),  # examples, transcripts, random play, searches, board views
    ("checks", ("toolchain.checks",)),
    ("renderers", ("toolchain.export", "toolchain.upstream", "toolchain.pdf", "toolchain.imposition", "toolchain.figures", "toolchain.actionlist",
                   "toolchain.sphinxext", "toolchain.rulebook", "toolchain.balancepage")),
    ("site", ("toolchain.site",)),
    ("playtest", ("toolchain.play",)),  # bp play: the rules played in the browser (serve's watcher, the figures' board)
    ("review", ("toolchain.diff",)),  # bp diff: two revisions compared, and the outputs the change reaches
    ("balance", ("toolchain.balance",)),  # bp balance: self-play measured, one revision or two (read as bp diff reads them)
    ("cli", ("toolchain.cli", "toolchain.__main__")),
)


def layer_of(module: str) -> int:
    for index, (_, prefixes) in enumerate(LAYERS):
        if any(module == p or module.startswith(p + ".") for p in prefixes):
            return index
    raise AssertionError(f"{module} belongs to no layer: add it to LAYERS")


def imports_of(path: Path, known: frozenset[str]) -> set[str]:
    """The toolchain modules a module imports (anywhere in it, functions included)."""
    tree = parse(path)
    me, guarded = module_name(path), type_checking_only(tree)
    return {
        item.module for item in imports(path, known, tree)
        if item.module.startswith("toolchain.") and item.module != me and item.node not in guarded
    }


@cache
def graph() -> dict[str, set[str]]:
    paths = sorted(PACKAGE.rglob("*.py"))
    known = toolchain_modules()
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


# -- the engine's one door -------------------------------------------------------------------

SIM = "toolchain.sim"
WHITE_BOX = ROOT / "tests" / "sim" / "internals"  # tests of one internal module of the simulator each


@cache
def door() -> frozenset[str]:
    """The engine's __all__: its names, and the modules its tools read in depth (sim.notation, sim.requests…)."""
    tree = parse(PACKAGE / "sim" / "__init__.py")
    found = [node.value for node in tree.body if isinstance(node, ast.Assign)
             and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)]
    return frozenset(ast.literal_eval(found[0]))


def past_the_door(name: str) -> bool:
    """Whether `toolchain.sim.<first>…` reaches what the door does not export."""
    if not name.startswith(SIM + "."):
        return False
    return name[len(SIM) + 1:].split(".")[0] not in door()


def sim_internals_imported(path: Path, known: frozenset[str], tree: ast.Module | None = None) -> list[str]:
    """`file:line uses toolchain.sim.<name>` for every import or use that passes the door (type hints too)."""
    tree = tree or parse(path)
    loaded = [(item.node.lineno, item.module) for item in imports(path, known, tree)]  # `import toolchain.sim.x` too
    return sorted({
        f"{path.relative_to(ROOT)}:{line} uses {'.'.join(name.split('.')[:3])}"
        for line, name in [*loaded, *references(path, known, tree)]
        if past_the_door(name)
    })


def test_only_the_simulator_imports_its_modules() -> None:
    known = toolchain_modules()
    outside = [path for path in sorted(PACKAGE.rglob("*.py")) if module_name(path) != SIM and not module_name(path).startswith(SIM + ".")]
    assert [line for path in outside for line in sim_internals_imported(path, known)] == []


def test_tests_and_benchmarks_use_the_door_unless_they_are_white_box() -> None:
    known = toolchain_modules()
    files = sorted([*(ROOT / "tests").rglob("*.py"), *(ROOT / "benchmarks").rglob("*.py")])
    outside = [path for path in files if WHITE_BOX not in path.parents]
    assert len(outside) > 20 and any(WHITE_BOX in path.parents for path in files)
    assert [line for path in outside for line in sim_internals_imported(path, known)] == []


@pytest.mark.parametrize("source", [
    "from toolchain.sim import primitives\n",
    "from toolchain.sim.game import Game\n",
    "import toolchain.sim.language\n",
    "from ..sim.start import setup\n",
    "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..sim.budget import Budget\n",
    "from .. import sim\nsim.game.Game\n",
])
def test_an_import_past_the_door_is_found(source: str) -> None:
    probe = PACKAGE / "figures" / "probe.py"  # never written: a place in the package for relative imports
    assert sim_internals_imported(probe, toolchain_modules(), ast.parse(source))


def test_the_door_itself_is_allowed() -> None:
    probe = PACKAGE / "figures" / "probe.py"
    door = ast.parse("from .. import sim\nfrom toolchain.sim import Game, PASS\nfrom toolchain.sim.notation import view\nsim.requests.triggered\n")
    assert not sim_internals_imported(probe, toolchain_modules(), door)
