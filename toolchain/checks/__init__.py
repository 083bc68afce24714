"""The checks layer: everything `bp check` reports, and the library's entry point.

    import toolchain
    checked = toolchain.load(root)       # definitions, findings (sorted), the examples' report
    checked.definitions.actions
    checked.findings                     # [Diagnostic], empty when everything is right

Loading (YAML, JSON Schema) is the model's; the cross-file checks are crossfile.py; the
programs and examples are run by the simulator (programs.py), once per load, and so are the
trumps' pictures (images.py). A finding that follows from another is linked to it (cascades.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .. import model as m
from ..diagnostics import Diagnostic
from ..model.loader import LoadResult, load_definitions
from . import cascades, crossfile, guidelines, images, programs


@dataclass(frozen=True)
class Checked:
    """The definitions of one repository with every finding about them."""

    root: Path
    loaded: LoadResult
    findings: tuple[Diagnostic, ...]
    examples: programs.Report | None  # None when the rules vocabulary did not load

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


def load(root: Path) -> Checked:
    """Load and check the repository at `root`: every finding at once, nothing raised for bad input."""
    loaded = load_definitions(root)
    findings = list(loaded.diagnostics)
    report = None
    # Cross-file checks only make sense on a tree whose vocabulary loaded.
    if loaded.definitions.rules is not None:
        crossfile_findings = crossfile.run_checks(loaded)
        findings += crossfile_findings
        # The engine is built from every definition: with a file missing, a character, frame or
        # trump left out, keycards it cannot read, two definitions under one id (it keeps one
        # per id, so every example naming the other fails), a reference that names nothing, a cost
        # or a word of no vocabulary (a trigger, a zone the engine would not know), programs and
        # examples would fail behind that error, so none is run.
        broken = {path for paths in loaded.incomplete.values() for path in paths}
        broken.update(path for space in _ENGINE_SPACES for path in loaded.left_out.get(space, ()))
        broken.update(f.location.path for f in crossfile_findings if f.code in ("BP020", "BP021", "BP024", "BP026", "BP028"))
        if broken:
            report = programs.not_run(loaded.definitions, f"fix the errors in {', '.join(sorted(broken))} first")
        else:
            report = programs.report(loaded.definitions)
            findings += programs.diagnostics(report, loaded.definitions)
            findings += images.check_images(loaded.definitions)
            findings += guidelines.run(loaded.definitions)
            failures = list(programs.failures(report, loaded.definitions))
            findings = cascades.link(sorted(set(findings)), loaded, failures, report.left_out_named)
            report.shared = cascades.shared_request(report.failed, report.outcomes, loaded.definitions)
    return Checked(root, loaded, tuple(sorted(set(findings))), report)
