"""`bp diff`: the rules change between two revisions, and what it reaches.

    from toolchain.diff import diff_revisions
    report = diff_revisions(root, "v8.0", None)    # the tag v8.0 against the working tree
    report.definitions      # added, removed, renamed, returned and changed definitions, field by field,
                            # in the lists' order under their groups (changes.py; returning.py: 再録)
    report.regulations      # per format and format + frame: what enters and leaves (regulations.py)
    report.frame_uses       # per frame of both revisions: the frame items it uses now or no longer (frame_uses.py)
    report.outputs          # the site's files that change (site_changes.py); report.rulebook: its sections (rulebook_changes.py)
    report.prose            # the rulebook's own sections (docs/*.rst) added, removed and rewritten (prose.py)
    report.checklist        # what players must learn again, in the rulebook's order, each once (checklist.py)
    report.history          # BP029 findings: changed rules without the current edition in `updated` (history_check.py)

An edition of the history of the rules (history/, `bp diff v6.0 v8.1`) is compared by what its record holds
(history_editions.py, render/history_report.py).

Revisions are read from git into temporary directories (revisions.py); the user's checkout is
never touched. What both revisions hold alike is read once: a definitions file's YAML and schema
findings (kept in memory, model/kept.py), a rulebook page's parse (prose.read_rulebook). Renderers: render/text.py (terminal), markdown.py (a pull-request comment), rst.py
(the 変更履歴 chapter; `render.rst.changelog_section(root)` for `bp edition new`), and `as_dict()` for
JSON (schema/diff.schema.json).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..actionlist.view import build_view
from ..checks import Checked, load, since_history
from ..diagnostics import Diagnostic
from ..i18n import _, ngettext
from ..model import earlier
from ..model.history import current_edition
from ..model.kept import FileCache
from .changes import RULINGS, DefinitionChange, compare, labelled_kinds
from .checklist import ChecklistItem, checklist
from .frame_uses import FrameUseChange, compare_frame_uses
from .history_check import history_findings
from .prose import ProseChange, compare_prose, read_rulebook
from .regulations import RegulationChange, compare_regulations
from .returning import last_printed_versions
from .revisions import DOCS_DIR, Revision, RevisionError, default_base, materialized, resolve
from .rulebook_changes import SectionChange, rulebook_changes
from .site_changes import OutputChange, output_changes

__all__ = ["RulesDiff", "Side", "RevisionError", "diff_revisions", "compare_checked", "default_base", "resolve", "load_revision",
           "changelog_label"]
# What the report counts of the definitions, in the order it says them.
SUMMARY = ("added", "returned", "removed", "renamed", "changed", "behaviour")
# … and of the rulings (definitions/rulings.yaml): `outcome`, those whose examples' expected situation or result changed.
RULINGS_SUMMARY = ("added", "removed", "changed", "outcome")


def changelog_label(edition: str) -> str:
    """`history-v8-1`: the label of an edition's section of the 変更履歴 chapter (render/rst.py writes it;
    the report does not count that section as a change of the rulebook's prose)."""
    return "history-" + re.sub(r"[^a-z0-9]+", "-", edition.lower()).strip("-")


def errors_of(findings: Iterable[Diagnostic]) -> list[Diagnostic]:
    """The findings that keep a revision from loading cleanly: errors (a revision with warnings only builds, as bp
    check and bp build take it, and is compared whole)."""
    return [finding for finding in findings if finding.severity == "error"]


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

    @property
    def errors(self) -> list[Diagnostic]:
        """The findings that keep the revision from loading cleanly: its warnings build, as bp check and bp build take them."""
        return errors_of(self.findings)

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
    prose: list[ProseChange] = field(default_factory=list)
    checklist: list[ChecklistItem] = field(default_factory=list)
    pages_counted: bool = False
    frame_uses: list[FrameUseChange] = field(default_factory=list)
    # what could not be worked out, and why (a revision with findings has no reliable outputs)
    skipped: list[str] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not (self.definitions or self.regulations or self.outputs or self.prose)

    @property
    def rulings(self) -> list[DefinitionChange]:
        return [c for c in self.definitions if c.kind == RULINGS]

    def count(self, change: str) -> int:
        definitions = [c for c in self.definitions if c.kind != RULINGS]
        if change == "renamed":
            return sum(1 for c in definitions if c.renamed)
        if change == "behaviour":
            return sum(1 for c in definitions if c.behaviour)
        return sum(1 for c in definitions if c.change == change)

    def summary(self) -> dict[str, int]:
        return {what: self.count(what) for what in SUMMARY}

    def rulings_summary(self) -> dict[str, int]:
        """The rulings added, removed, changed, and whose outcome changed (a changed one may be both)."""
        counted = {what: sum(1 for c in self.rulings if c.change == what) for what in RULINGS_SUMMARY[:3]}
        return {**counted, "outcome": sum(1 for c in self.rulings if c.outcome_changed)}

    def as_dict(self) -> dict[str, Any]:
        return {
            "old": self.old.as_dict(), "new": self.new.as_dict(), "summary": {**self.summary(), "rulings": self.rulings_summary()},
            "definitions": [c.as_dict() for c in self.definitions],
            "regulations": [r.as_dict() for r in self.regulations],
            "frame_uses": [f.as_dict() for f in self.frame_uses],
            "outputs": [o.as_dict() for o in self.outputs], "pages_counted": self.pages_counted,
            "rulebook": [s.as_dict() for s in self.rulebook], "prose": [p.as_dict() for p in self.prose],
            "checklist": [c.as_dict() for c in self.checklist],
            "history": [f.as_dict() for f in self.history], "skipped": self.skipped,
        }


def compare_checked(old: Checked, new: Checked, old_revision: Revision, new_revision: Revision, new_tree: Path,
                    pages: bool = False, old_tree: Path | None = None, root: Path | None = None,
                    outputs: bool = True, files: FileCache | None = None) -> RulesDiff:
    """Compare two loaded revisions; `new_tree` holds the newer one's docs/ and templates/, `old_tree`
    the older one's docs/ (without it the rulebook's prose is not compared); `root`, the git repository,
    is searched for the last printed version of a returning definition. Without `outputs`, the site's files
    and the rulebook's sections the change reaches are not worked out (the 変更履歴's rst prints neither).
    `files`: the files' documents and schema findings kept while the revisions loaded (model/kept.py)."""
    definitions = compare(old, new)
    skipped: list[str] = []
    if root is not None:
        definitions, unread = last_printed_versions(root, old_revision, definitions, new, old, files)
        skipped += unread
    regulations: list[RegulationChange] = []
    reached: list[OutputChange] = []
    broken = [side.label for side, checked in ((old_revision, old), (new_revision, new)) if errors_of(checked.findings)]
    if broken:
        # The rulebook sections are still listed (they follow from the definitions' changes): say
        # which outputs were not compared, not "outputs", which the list above contradicts.
        skipped.append(ngettext("regulations, definitions.json and the action lists: not compared, {revisions} has findings (bp check)",
                                "regulations, definitions.json and the action lists: not compared, {revisions} have findings (bp check)",
                                len(broken)).format(revisions=_(" and ").join(broken)))
    else:
        views = build_view(old.definitions), build_view(new.definitions)  # what both comparisons read
        regulations = compare_regulations(old.definitions, new.definitions, views)
        if outputs:
            reached = output_changes(old.definitions, new.definitions, new_tree, pages=pages, views=views)
    frame_uses = compare_frame_uses(old.definitions, new.definitions)
    new_side = Side.of(new_revision, new)
    parsed: dict[tuple[str, str], Any] = {}  # the pages both revisions hold alike are parsed once
    rulebook = read_rulebook(new_tree / DOCS_DIR, new_tree, parsed)
    prose: list[ProseChange] = []
    if old_tree is not None:
        own_section = changelog_label(new_side.edition_id or new_revision.spec)
        old_rulebook = read_rulebook(old_tree / DOCS_DIR, old_tree, parsed)
        prose = compare_prose(old_rulebook, rulebook, leave_out=(own_section,))
        for side, read in ((old_revision, old_rulebook), (new_revision, rulebook)):
            skipped += [_("{page} of {revision}: its prose was not compared, docutils could not read it ({reason})").format(
                page=page, revision=side.label, reason=why) for page, why in read.unreadable]
    return RulesDiff(
        old=Side.of(old_revision, old), new=new_side,
        definitions=definitions, regulations=regulations, outputs=reached,
        rulebook=rulebook_changes(definitions, new_tree / DOCS_DIR, new_tree, labelled_kinds(new.definitions, old.definitions))
        if outputs else [],
        history=history_findings(definitions, new.definitions, old_revision.spec),
        prose=prose, checklist=checklist(definitions, regulations, prose, rulebook, frame_uses),
        pages_counted=pages and outputs and not broken, skipped=skipped, frame_uses=frame_uses,
    )


def diff_revisions(root: Path, base: str | None, head: str | None, pages: bool = False, outputs: bool = True) -> RulesDiff:
    """`bp diff [BASE] [HEAD]`: BASE defaults to the last tag (else HEAD), HEAD to the working tree. Without
    `outputs`, the report's outputs and rulebook sections are left empty (compare_checked)."""
    old_revision = resolve(root, base if base is not None else default_base(root))
    new_revision = resolve(root, head)
    files = FileCache.in_memory()  # the files both revisions hold alike are parsed and validated once
    with materialized(root, old_revision) as old_tree, materialized(root, new_revision) as new_tree:
        return compare_checked(read(old_tree, files), read(new_tree, files), old_revision, new_revision, new_tree,
                               pages=pages, old_tree=old_tree, root=root, outputs=outputs, files=files)


def load_revision(root: Path, spec: str, files: FileCache | None = None) -> tuple[Revision, Checked]:
    """A revision's definitions, loaded and checked (for `bp check --since`); `files` as for `read`."""
    revision = resolve(root, spec)
    with materialized(root, revision) as tree:
        return revision, read(tree, files)


def read(tree: Path, files: FileCache | None = None) -> Checked:
    """A revision's definitions loaded and checked as today's toolchain reads them: one written before a change of
    their shape (the last tag, on the first bp diff after upgrading) is read as today's, and what was read so
    (BP039, model/earlier.py) is bp check's to say, not a finding that stops the comparison. So is what the history of
    the rules says of `since` and `updated` (BP049, checks/since_history.py): a revision read from git has no history
    folder beside its definitions (materialized), which would be said of each one (BP052). The design guidelines'
    searches are not played (seconds of games per revision): what they find changes no definition, output or
    example's outcome compared here, and it is bp check's to say. `files`: the documents and schema findings of
    files another revision of this run has already read (model/kept.py)."""
    checked = load(tree, files=files, searches=False)
    left_to_check = {earlier.CODE, *since_history.CODES}
    return replace(checked, findings=tuple(f for f in checked.findings if f.code not in left_to_check))
