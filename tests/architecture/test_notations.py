"""Every notation is parsed once, when the definitions load: toolchain/model/notations.py is the
only module that calls (or imports) the keycards parser and the markup parser; everything else
reads the parse the model carries (`action.keycards.pattern`, `action.effect.blocks`)."""

from __future__ import annotations

import ast
from pathlib import Path

from .imports import PACKAGE, references, toolchain_modules

PARSERS = {"toolchain.notation.keycards.parse", "toolchain.notation.markup.parse"}
THE_LOADER = PACKAGE / "model" / "notations.py"


def parser_uses(path: Path, known: frozenset[str]) -> list[str]:
    where = path.relative_to(PACKAGE.parent)
    return sorted({f"{where}:{line} uses {name}" for line, name in references(path, known) if name in PARSERS})


def test_only_the_loader_parses_a_notation() -> None:
    known = toolchain_modules()
    found = [use for path in sorted(PACKAGE.rglob("*.py")) if path != THE_LOADER for use in parser_uses(path, known)]
    assert found == []
    assert len(parser_uses(THE_LOADER, known)) == 2  # the one place does call both


PROBE = PACKAGE / "checks" / "probe.py"  # never written: a place in the package for the probes' relative imports


def probe_names(source: str) -> set[str]:
    return {name for _, name in references(PROBE, toolchain_modules(), ast.parse(source))}


def test_a_parse_elsewhere_is_found() -> None:
    """The check fires on each way of reaching a parser: a module alias, a name imported from it,
    the package path written out; a module's other names are not parsers."""
    keycards, markup = sorted(PARSERS)
    assert keycards in probe_names("from ..notation import keycards as kn\n\ndef f(t):\n    return kn.parse(t)\n")
    assert markup in probe_names("from ..notation.markup import parse\n")
    assert markup in probe_names("import toolchain.notation.markup\nx = toolchain.notation.markup.parse('a')\n")
    assert not probe_names("from ..notation import keycards\nk = keycards.Keycards\n") & PARSERS
