"""Reading imports out of Python files with ast, for the architecture tests: what each import
statement binds, what it names, and which toolchain module it loads."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "toolchain"


@dataclass(frozen=True)
class Imported:
    node: ast.Import | ast.ImportFrom
    bound: str  # the name the statement binds in the file
    target: str  # what that name is: a module, or `module.attribute`
    module: str  # the module the statement loads (`from pkg import mod` loads pkg.mod)


def module_name(path: Path) -> str:
    parts = list(path.resolve().relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def toolchain_modules() -> frozenset[str]:
    return frozenset(module_name(p) for p in PACKAGE.rglob("*.py"))


@cache  # the trees are only read: every test of a session shares them
def parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def imports(path: Path, known: frozenset[str], tree: ast.Module | None = None) -> Iterator[Imported]:
    """Every import in the file (functions included), relative ones resolved against its package."""
    tree = tree or parse(path)
    me = module_name(path)
    package = me if path.name == "__init__.py" else me.rsplit(".", 1)[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    yield Imported(node, alias.asname, alias.name, alias.name)
                else:
                    yield Imported(node, alias.name.split(".")[0], alias.name.split(".")[0], alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                target = f"{source}.{alias.name}"
                yield Imported(node, alias.asname or alias.name, target, target if target in known else source)


def type_checking_only(tree: ast.Module) -> set[ast.AST]:
    """The nodes under `if TYPE_CHECKING:` (for type checkers only)."""
    guarded: set[ast.AST] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            guarded.update(inner for statement in node.body for inner in ast.walk(statement))
    return guarded


def references(path: Path, known: frozenset[str], tree: ast.Module | None = None) -> Iterator[tuple[int, str]]:
    """(line, full name) of every imported name the file uses or imports, attributes followed
    (`keycards.parse` → `toolchain.notation.keycards.parse`)."""
    tree = tree or parse(path)
    found = list(imports(path, known, tree))
    names = {i.bound: i.target for i in found}
    for item in found:
        yield item.node.lineno, item.target
    for node in ast.walk(tree):
        if isinstance(node, (ast.Name, ast.Attribute)) and isinstance(node.ctx, ast.Load):
            attributes: list[str] = []
            base: ast.expr = node
            while isinstance(base, ast.Attribute):
                attributes.insert(0, base.attr)
                base = base.value
            if isinstance(base, ast.Name) and base.id in names:
                yield node.lineno, ".".join([names[base.id], *attributes])
