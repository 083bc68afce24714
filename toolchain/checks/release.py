"""`bp check --release`: what must not be published with an edition. A release that is not a date
(「2025/6/x」, which the schema allows while an edition is prepared) and the placeholders an editor leaves
in the definitions' texts or the rulebook's pages (TODO, 未定, …) are findings (BP050), each where it is
written. Not part of every check: they are right while an edition is being written, wrong only when
it is released (CI runs `bp check --release` before publishing)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from ..diagnostics import Diagnostic, Location, relative, shorten
from ..i18n import _
from ..provenance import is_release_date
from ..model.files import MAX_SOURCE_BYTES, RefusedFile, read_regular, source_tree
from ..model.repository import DEFINITIONS_DIR
from ..model.sources import Mark, read_sources
from ..model.yamlload import Document, load

CODE = "BP050"
# The markers an editor leaves for later: Latin ones as whole words (a TODOS or an autodoc is no marker).
PLACEHOLDER = re.compile(r"(?<![A-Za-z])(?:TODO|FIXME|TBD|XXX)(?![A-Za-z])|未定|要確認")
_RELEASE = ("edition", "release")
_RULES_FILE = "rules.yaml"
_PAGES = ("docs",)
_PAGE_SUFFIXES = (".rst", ".md", ".txt")


def release_findings(root: Path) -> list[Diagnostic]:
    """Every BP050 of the repository at `root`, in file order. Files that do not load are left to the
    check's own findings."""
    findings: list[Diagnostic] = []
    sources = read_sources(root)
    for path, raw in sources.raw.items():
        if not isinstance(raw, bytes):
            continue
        doc = load(path, raw)
        if doc.problems or doc.data is None:
            continue
        rel = relative(path, root)
        if rel == f"{DEFINITIONS_DIR}/{_RULES_FILE}":
            findings += _release_date(doc, rel)
        findings += _in_values(doc, rel)
    for folder in _PAGES:
        for file in source_tree(root / folder, root):
            if file.refused is None and file.path.suffix in _PAGE_SUFFIXES:
                findings += _in_page(file.path, relative(file.path, root))
    return findings


def _release_date(doc: Document, rel: str) -> list[Diagnostic]:
    edition = doc.data.get("edition") if isinstance(doc.data, dict) else None
    release = edition.get("release") if isinstance(edition, dict) else None
    if not isinstance(release, str) or is_release_date(release):
        return []
    mark = doc.mark(_RELEASE)
    return [_finding(rel, mark, _("the release {release} is not a date: write the day the edition is released (edition.release, "
                                  "as 2025/6/14)").format(release=release))]


def _in_values(doc: Document, rel: str) -> Iterator[Diagnostic]:
    """A placeholder in any string of the file (a comment is no output, and is left alone), at the
    marker itself: found in the file's lines from where the value starts."""
    for path, text in _strings(doc.data, ()):
        for match in PLACEHOLDER.finditer(text):
            mark = _in_lines(doc.lines, doc.mark(path), match.group())
            yield _finding(rel, mark, _placeholder(match.group(), text))


def _strings(data: object, path: tuple[str | int, ...]) -> Iterator[tuple[tuple[str | int, ...], str]]:
    if isinstance(data, str):
        yield path, data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from _strings(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _strings(value, (*path, index))


def _in_lines(lines: list[str], start: Mark, marker: str) -> Mark:
    """Where `marker` is first written from `start` on (the value's own start when it is not: an escape)."""
    for number in range(start.line, len(lines) + 1):
        line = lines[number - 1]
        column = line.find(marker, start.column - 1 if number == start.line else 0)
        if column >= 0:
            return Mark(number, column + 1)
    return start


def _in_page(path: Path, rel: str) -> Iterator[Diagnostic]:
    try:
        text = read_regular(path, MAX_SOURCE_BYTES).decode("utf-8-sig")
    except (RefusedFile, OSError, UnicodeDecodeError):
        return  # bp check and bp build name the file that cannot be read
    for number, line in enumerate(text.splitlines(), start=1):
        if _is_comment(line):
            continue
        for match in PLACEHOLDER.finditer(line):
            yield _finding(rel, Mark(number, match.start() + 1), _placeholder(match.group(), line.strip()))


def _is_comment(line: str) -> bool:
    """A reStructuredText comment (`.. note to self`) or label, which no output prints; a directive (`.. note::`) is printed."""
    stripped = line.lstrip()
    return stripped.startswith("..") and "::" not in stripped


def _placeholder(marker: str, text: str) -> str:
    return _("a placeholder {marker} is left in 「{text}」: write what it stands for before the release").format(
        marker=marker, text=shorten(text.strip()))


def _finding(rel: str, mark: Mark, message: str) -> Diagnostic:
    return Diagnostic(Location(rel, mark.line, mark.column), CODE, message)
