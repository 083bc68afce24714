"""The checks layer: everything `bp check` reports, and the library's entry point.

    import toolchain
    checked = toolchain.load(root)       # definitions, findings (sorted), the examples' report
    checked.definitions.actions
    checked.findings                     # [Diagnostic], empty when everything is right

Loading (YAML, JSON Schema) is the model's; the cross-file checks are crossfile.py; the
programs and examples are run by the simulator (programs.py), once per load, and so are the
trumps' pictures (images.py). A finding that follows from another is linked to it (cascades.py).
The printed effects are compared with their programs (effect_facts.py, BP048).
What `bp check` reports, and its cache, is result.py's.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .. import model as m
from ..diagnostics import Diagnostic
from ..i18n import _
from ..model.outside import Read

if TYPE_CHECKING:  # pragma: no cover - the simulator loads only when a check runs (not for a kept result)
    from ..model.kept import FileCache
    from ..model.loader import LoadResult
    from ..model.sources import Sources
    from ..resultcache import ResultCache
    from .programs import Kept, Report


@dataclass(frozen=True)
class Checked:
    """The definitions of one repository with every finding about them."""

    root: Path
    loaded: LoadResult
    findings: tuple[Diagnostic, ...]
    examples: Report | Kept | None  # None when the rules vocabulary did not load; Kept: from bp check's cache
    # what the findings were read from outside the repository (the history of the rules: model/outside.py)
    outside: tuple[Read, ...] = ()

    @property
    def definitions(self) -> m.Definitions:
        return self.loaded.definitions

    @property
    def ok(self) -> bool:
        return not self.errors

    @property
    def errors(self) -> tuple[Diagnostic, ...]:
        """The findings that fail the check: all but the warnings (a 推奨 design guideline)."""
        return tuple(f for f in self.findings if f.severity == "error")


# Items the engine is built from: with one of them left out, examples would fail behind its error.
# (An action left out only blocks the examples that request it: programs.Report.blocked.)
_ENGINE_SPACES = ("char", "frame", "trump")
# Rulings are played by the engine, not built into it: a rulings file with errors stops no action's example.
_NOT_ENGINE_SPACES = ("ruling",)


def load(root: Path, sources: Sources | None = None, store: ResultCache | None = None,
         files: FileCache | None = None, searches: bool = True) -> Checked:
    """Load and check the repository at `root`: every finding at once, nothing raised for bad input.
    `sources`: its files, read already; `store`: bp check's cache, where each file's document and schema
    findings and the examples' findings are kept by what they are made from (checks/result.py); `files`:
    where the files' documents and schema findings are kept without a `store` (bp diff's, in memory, for
    the revisions it loads: the examples run for each, as it compares their outcomes); `searches`: whether the
    design guidelines' searches are played (BP043, BP044, BP046, and BP047 of a reading excusing one of them),
    most of a check's time: False gives every other finding at once (an editor checking an example as it is
    written), its examples' findings not kept in `store`."""
    from ..model.kept import FileCache
    from ..model.loader import load_definitions
    from ..model.repository import TOOLCHAIN_SCHEMAS
    from ..model.sources import read_sources
    from . import crossfile, effect_facts, procedure_facts, programs, since_history

    kept = store if store is not None and store.folder is not None else None
    sources = sources or read_sources(root)
    loaded = load_definitions(root, sources=sources, kept=FileCache(kept, TOOLCHAIN_SCHEMAS, sources.schemas) if kept else files)
    findings = list(loaded.diagnostics)
    report = None
    outside: list[Read] = []
    # Cross-file checks only make sense on a tree whose vocabulary loaded.
    if loaded.definitions.rules is not None:
        crossfile_findings = crossfile.run_checks(loaded)
        findings += crossfile_findings
        # the past editions' entries kept where the files' documents are (bp diff's revisions share them in memory)
        history_findings, outside = since_history.run(loaded, kept if kept is not None else files.store if files else None)
        findings += history_findings
        # The engine is built from every definition: with a file missing, a character, frame or
        # trump left out, keycards it cannot read, two definitions under one id (it keeps one
        # per id, so every example naming the other fails), a reference that names nothing, a cost
        # or a word of no vocabulary (a trigger, a zone the engine would not know), programs and
        # examples would fail behind that error, so none is run.
        broken = {path for space, paths in loaded.incomplete.items() if space not in _NOT_ENGINE_SPACES for path in paths}
        broken.update(path for space in _ENGINE_SPACES for path in loaded.left_out.get(space, ()))
        broken.update(f.location.path for f in crossfile_findings if f.code in ("BP020", "BP021", "BP024", "BP026", "BP028"))
        if broken:
            report = programs.not_run(loaded.definitions, _("fix the errors in {files} first").format(files=", ".join(sorted(broken))))
        else:
            report, findings = programs.played(loaded, findings, kept, searches)
        # read from the printed text and the programs alone: outside the examples' cache, which masks the printed words
        findings += effect_facts.run(loaded.definitions, broken)
        findings += procedure_facts.run(loaded.definitions)
    return Checked(root, loaded, tuple(sorted(set(findings))), report, tuple(outside))
