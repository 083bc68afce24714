"""Which parts of the rulebook (docs/*.rst) a rules change reaches: the sections that render the
changed definitions (`act-<id>` …, under the list directive of their kind), the version history,
the counts, the tables, and the pages whose `:ref:` to a renamed or removed definition changes or
breaks. The directives' kinds are the Sphinx extension's own declarations."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..i18n import _
from .changes import EXAMPLES, PROGRAM, RULES, RULINGS, DefinitionChange

_DIRECTIVE = re.compile(r"^\.\.\s+(bp-[a-z-]+)::\s*(\S*)")
_COUNT = re.compile(r":bp-count:`([a-z-]+)(?::[^`]*)?`")
_REF = re.compile(r":ref:`(?:[^`<]*<)?([a-z0-9-]+)>?`")
_ADORNMENT = re.compile(r"^([=\-~^\"'`#*+])\1+\s*$")
# The fields whose change moves a definition into or out of a count (`:bp-count:`actions:lite``).
_MEMBERSHIP = ("formats", "frames", "category")
_VERSIONS = ("since", "updated")


@dataclass(frozen=True)
class SectionChange:
    page: str  # docs/format.rst
    heading: str  # the title of the section it is in
    reason: str  # entries, version history, counts, tables, references, broken references, edition
    labels: tuple[str, ...]  # the definitions' labels concerned (act-kill), or the directive/role

    def as_dict(self) -> dict[str, Any]:
        return {"page": self.page, "heading": self.heading, "reason": self.reason, "labels": list(self.labels)}


@dataclass(frozen=True)
class _Use:
    page: str
    line: int
    heading: str
    what: str  # directive name, `count:<kind>` or `ref:<label>`
    argument: str = ""  # the directive's (a ruling's id)


def _uses(docs: Path, root: Path) -> list[_Use]:
    found: list[_Use] = []
    for path in sorted(docs.rglob("*.rst")):
        if not path.is_file():  # a FIFO or a device would never end
            continue
        page = path.relative_to(root).as_posix()
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        heading = ""
        for number, line in enumerate(lines, 1):
            following = lines[number] if number < len(lines) else ""
            if _is_title(line, following):
                heading = line.strip()
            if match := _DIRECTIVE.match(line):
                found.append(_Use(page, number, heading, match.group(1), match.group(2)))
            found.extend(_Use(page, number, heading, f"count:{m.group(1)}") for m in _COUNT.finditer(line))
            found.extend(_Use(page, number, heading, f"ref:{m.group(1)}") for m in _REF.finditer(line))
    return found


def _is_title(line: str, following: str) -> bool:
    """A section title: a line of text underlined by a line of one punctuation character."""
    text = line.strip()
    underlined = bool(_ADORNMENT.match(following)) and len(following.strip()) >= len(text) // 2
    return bool(text) and not _ADORNMENT.match(line) and underlined


def _directive_kinds() -> dict[str, tuple[str, ...]]:
    """Each directive of the Sphinx extension → the kinds of definition it renders (first: its own)."""
    from ..sphinxext.lists import LISTS  # imported here: Sphinx loads only when the rulebook is asked about
    from ..sphinxext.tables import TABLES

    kinds = {name: directive.kinds for name, directive in LISTS.items()}
    for name, directive in TABLES.items():
        kinds[name] = (*getattr(directive, "kinds", ()), "rules", "formats")
    return kinds


def rulebook_changes(changes: list[DefinitionChange], docs: Path, root: Path, listed: dict[str, str] | None = None) -> list[SectionChange]:
    """The sections of the rulebook in `docs` that the changes reach, page by page in order. `listed`: the
    kind of definition (the list) of every label of the newer and older revision, for the entries whose
    関連する裁定 a ruling's change reaches."""
    if not docs.is_dir() or not changes:
        return []
    from ..sphinxext.rulings import FAQ_DIRECTIVE, RULING_DIRECTIVE

    uses = _uses(docs, root)
    directives = _directive_kinds()
    lists = {name: kinds[0] for name, kinds in directives.items() if name.endswith("-list") and name != "bp-format-list"}
    shown = [c for c in changes if _shows(c)]
    rulings = [c for c in changes if c.kind == RULINGS]  # the FAQ prints every field, and the examples' names
    asked = [c for c in rulings if c.change != "changed" or any(f.top in ("question", "answer") for f in c.fields)]
    ruled = _ruled_entries(changes, listed or {})
    found: list[SectionChange] = []
    for use in uses:
        labels: tuple[str, ...] = ()
        reason = ""
        if use.what == FAQ_DIRECTIVE:
            reason, labels = "rulings", _labels(rulings)
        elif use.what == RULING_DIRECTIVE:
            reason, labels = "ruling", _labels(c for c in asked if c.id == use.argument)
        elif use.what in lists:
            entries = _labels(c for c in shown if c.kind == lists[use.what])
            reason, labels = "entries", tuple(dict.fromkeys((*entries, *ruled.get(lists[use.what], ()))))
        elif use.what == "bp-version-history":
            versioned = (c for c in changes if c.kind in directives[use.what])
            reason = "version history"
            labels = _labels(c for c in versioned if c.change != "changed" or c.renamed or _touches(c, _VERSIONS))
        elif use.what in directives:
            reason = "tables"
            labels = tuple(dict.fromkeys(c.anchor or c.kind for c in changes if c.kind in directives[use.what]))
        elif use.what.startswith("count:"):
            kind = use.what.removeprefix("count:")
            counted = (c for c in changes if c.kind == kind)
            reason, labels = "counts", _labels(c for c in counted if c.change != "changed" or _touches(c, _MEMBERSHIP))
        elif use.what.startswith("ref:"):
            label = use.what.removeprefix("ref:")
            for change in changes:
                if change.anchor == label and change.change == "removed":
                    reason, labels = "broken references", (label,)
                elif change.anchor == label and change.renamed:
                    reason, labels = "references", (label,)
        if labels:
            found.append(SectionChange(use.page, use.heading, reason, labels))
    if any(c.kind == RULES and _touches(c, ("edition",)) for c in changes):
        # conf.py reads the edition for the title, the headers and the PDF's cover: every page shows it
        found.append(SectionChange(docs.relative_to(root).as_posix(), _("every page"), "edition", (_("rules.yaml edition"),)))
    return _merged(found)


def _ruled_entries(changes: list[DefinitionChange], listed: dict[str, str]) -> dict[str, list[str]]:
    """Kind of definition → the labels of its entries whose 関連する裁定 changes: those a ruling added or removed
    concerns, or that a ruling's question or `concerns` now or before names."""
    reached: dict[str, list[str]] = {}
    for change in changes:
        if change.kind != RULINGS:
            continue
        touched = change.change != "changed" or any(f.top in ("question", "concerns") for f in change.fields)
        for anchor in change.concerns if touched else ():
            if anchor in listed:
                reached.setdefault(listed[anchor], []).append(anchor)
    return reached


def _shows(change: DefinitionChange) -> bool:
    """Whether the definition's own entry in the rulebook changes (the program and examples are not printed)."""
    return change.anchor is not None and (
        change.change != "changed" or change.renamed or any(f.top not in (PROGRAM, EXAMPLES) for f in change.fields)
    )


def _touches(change: DefinitionChange, fields: tuple[str, ...]) -> bool:
    return any(f.top in fields for f in change.fields)


def _labels(changes: Iterable[DefinitionChange]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(c.anchor for c in changes if c.anchor))


def _merged(found: list[SectionChange]) -> list[SectionChange]:
    """One line per page, section and reason, with every label it concerns."""
    merged: dict[tuple[str, str, str], list[str]] = {}
    for section in found:
        merged.setdefault((section.page, section.heading, section.reason), []).extend(section.labels)
    return [SectionChange(*key, tuple(dict.fromkeys(labels))) for key, labels in merged.items()]

