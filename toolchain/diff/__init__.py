"""`bp diff`: the rules change between two revisions, and what it reaches.

    from toolchain.diff import diff_revisions
    report = diff_revisions(root, "v8.0", None)    # the tag v8.0 against the working tree
    report.definitions      # added, removed, renamed and changed definitions, field by field (changes.py)
    report.regulations      # per format and format + frame: what enters and leaves (regulations.py)
    report.outputs          # the site's files that change (outputs.py); report.rulebook: its sections (rulebook.py)
    report.history          # BP029 findings: changed rules without the current edition in `updated` (history.py)

Revisions are read from git into temporary directories (revisions.py); the user's checkout is
never touched. Renderers: render/text.py (terminal), markdown.py (a pull-request comment), rst.py
(the 変更履歴 chapter), and `as_dict()` for JSON (schema/diff.schema.json).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..checks import Checked, load
from ..diagnostics import Diagnostic
from ..model.history import current_edition
from .changes import DefinitionChange, compare
from .history import history_findings
from .outputs import OutputChange, output_changes
from .regulations import RegulationChange, compare_regulations
from .revisions import DOCS_DIR, Revision, RevisionError, default_base, materialized, resolve
from .rulebook import SectionChange, rulebook_changes

__all__ = ["RulesDiff", "Side", "RevisionError", "diff_revisions", "compare_checked", "default_base", "resolve", "load_revision"]


@dataclass(frozen=True)
class Side:
    """One revision as loaded: its edition, its counts and its findings (a revision that does not
    load cleanly is compared as far as it loaded)."""

    revision: Revision
    edition: str | None  # 第8.1版
    edition_id: str | None  # v8.1
    counts: dict[str, int]
    findings: tuple[Diagnostic, ...]

    @staticmethod
    def of(revision: Revision, checked: Checked) -> Side:
        rules = checked.definitions.rules
        name = str(rules.edition.get("name")) if rules else None
        return Side(revision, name, current_edition(checked.definitions), checked.definitions.counts(), checked.findings)

    def as_dict(self) -> dict[str, Any]:
        return {"revision": self.revision.spec, "commit": self.revision.commit, "label": self.revision.label,
                "edition": self.edition, "edition_id": self.edition_id, "counts": self.counts,
                "findings": [f.as_dict() for f in self.findings]}


@dataclass(frozen=True)
class RulesDiff:
    old: Side
    new: Side
    definitions: list[DefinitionChange]
    regulations: list[RegulationChange]
    outputs: list[OutputChange]
    rulebook: list[SectionChange]
    history: list[Diagnostic]
    pages_counted: bool = False
    # what could not be worked out, and why (a revision with findings has no reliable outputs)
    skipped: list[str] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not (self.definitions or self.regulations or self.outputs)

    def count(self, change: str) -> int:
        if change == "renamed":
            return sum(1 for c in self.definitions if c.renamed)
        if change == "behaviour":
            return sum(1 for c in self.definitions if c.behaviour)
        return sum(1 for c in self.definitions if c.change == change)

    def summary(self) -> dict[str, int]:
        return {what: self.count(what) for what in ("added", "removed", "renamed", "changed", "behaviour")}

    def as_dict(self) -> dict[str, Any]:
        return {
            "old": self.old.as_dict(), "new": self.new.as_dict(), "summary": self.summary(),
            "definitions": [c.as_dict() for c in self.definitions],
            "regulations": [r.as_dict() for r in self.regulations],
            "outputs": [o.as_dict() for o in self.outputs], "pages_counted": self.pages_counted,
            "rulebook": [s.as_dict() for s in self.rulebook],
            "history": [f.as_dict() for f in self.history], "skipped": self.skipped,
        }


def compare_checked(old: Checked, new: Checked, old_revision: Revision, new_revision: Revision, new_tree: Path,
                    pages: bool = False) -> RulesDiff:
    """Compare two loaded revisions; `new_tree` holds the newer one's docs/ and templates/."""
    definitions = compare(old, new)
    skipped: list[str] = []
    regulations: list[RegulationChange] = []
    outputs: list[OutputChange] = []
    broken = [side.label for side, checked in ((old_revision, old), (new_revision, new)) if checked.findings]
    if broken:
        verb = "has" if len(broken) == 1 else "have"
        # The rulebook sections are still listed (they follow from the definitions' changes): say
        # which outputs were not compared, not "outputs", which the list above contradicts.
        skipped.append(f"regulations, definitions.json and the action lists: not compared, {' and '.join(broken)} {verb} "
                       "findings (bp check)")
    else:
        regulations = compare_regulations(old.definitions, new.definitions)
        outputs = output_changes(old.definitions, new.definitions, new_tree, pages=pages)
    return RulesDiff(
        old=Side.of(old_revision, old), new=Side.of(new_revision, new),
        definitions=definitions, regulations=regulations, outputs=outputs,
        rulebook=rulebook_changes(definitions, new_tree / DOCS_DIR, new_tree),
        history=history_findings(definitions, new.definitions, old_revision.spec, current_edition(old.definitions)),
        pages_counted=pages and not broken, skipped=skipped,
    )


def diff_revisions(root: Path, base: str | None, head: str | None, pages: bool = False) -> RulesDiff:
    """`bp diff [BASE] [HEAD]`: BASE defaults to the last tag (else HEAD), HEAD to the working tree."""
    old_revision = resolve(root, base if base is not None else default_base(root))
    new_revision = resolve(root, head)
    with materialized(root, old_revision) as old_tree, materialized(root, new_revision) as new_tree:
        return compare_checked(load(old_tree), load(new_tree), old_revision, new_revision, new_tree, pages=pages)


def load_revision(root: Path, spec: str) -> tuple[Revision, Checked]:
    """A revision's definitions, loaded and checked (for `bp check --since`)."""
    revision = resolve(root, spec)
    with materialized(root, revision) as tree:
        return revision, load(tree)
