"""The labels of the rulebook's sections, as docs/ writes them (`.. _common-request:`): what a ruling's
`sections:` name (checks/crossfile.py), and part of bp check's cache key (checks/result.py), since a
label renamed in docs/ changes the findings about definitions/rulings.yaml.

Read the way bp reads every source file (files.py): no FIFO, device or link out of the repository.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .files import read_regular, source_tree

DOCS_DIR = "docs"
_LABEL = re.compile(r"^\.\.\s+_([^:`\s][^:`]*):\s*$", re.MULTILINE)


@dataclass(frozen=True)
class LabelPlace:
    """A section label and where docs/ writes it (the path relative to the repository, 1-based line and column)."""

    label: str
    path: str
    line: int
    column: int


def section_label_places(root: Path) -> list[LabelPlace] | None:
    """Every label written in the rulebook's pages with its place, None without a page in docs/ (a rules
    repository without a rulebook; bp diff's copy of a revision that has none)."""
    docs = root / DOCS_DIR
    if not docs.is_dir():
        return None
    pages = [file.path for file in source_tree(docs, root) if file.refused is None and file.path.suffix == ".rst"]
    if not pages:
        return None
    places: list[LabelPlace] = []
    for page in sorted(pages):
        try:
            text = read_regular(page).decode("utf-8", errors="replace")
        except OSError:  # refused (RefusedFile) or unreadable
            continue  # bp check reports it (BP012)
        path = page.relative_to(root).as_posix()
        for found in _LABEL.finditer(text):
            line = text.count("\n", 0, found.start()) + 1
            places.append(LabelPlace(found.group(1), path, line, found.start(1) - found.start() + 1))
    return places


def section_labels(root: Path) -> set[str] | None:
    """The labels written in the rulebook's pages, None without a page in docs/."""
    places = section_label_places(root)
    return None if places is None else {place.label for place in places}
