"""The site's landing page (index.html): made from the outputs the build recorded, so a new
kind of output appears on it by itself once its step labels its files."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from ..actionlist.favicon import FAVICON  # drawn there; the build writes it beside the index
from .manifest import FileRecord, Label

TEMPLATES = Path(__file__).resolve().parent / "templates"
INDEX = "index.html"


@dataclass
class _File:
    href: str
    label: str  # what the link says: the row's title (format and frame names, from the data) and the kind
    name: str  # the file's name, shown under the link, never broken
    size: str
    pages: int | None


@dataclass
class _Row:
    title: str
    files: dict[str, _File] = field(default_factory=dict)


@dataclass
class _Section:
    name: str
    kinds: list[str] = field(default_factory=list)
    rows: list[_Row] = field(default_factory=list)
    notes: dict[str, str] = field(default_factory=dict)  # kind → how to print it


def _size(size: int) -> str:
    return f"{size / 1024 / 1024:.1f} MB" if size >= 1024 * 1024 else f"{max(1, round(size / 1024))} KB"


# The columns a reader looks for first: the page, then the document; what is made from them (2面付け, 製本用) after.
_FIRST_KINDS = ("HTML", "PDF (A5)")


def _kind_order(kind: str) -> int:
    return _FIRST_KINDS.index(kind) if kind in _FIRST_KINDS else len(_FIRST_KINDS)


def sections(files: dict[str, FileRecord]) -> list[_Section]:
    """The labelled files grouped by section, row (title) and column (kind), in the order of the labels' ranks."""
    labelled = sorted(((record.label, path, record) for path, record in files.items() if record.label),
                      key=lambda item: (item[0].rank, _kind_order(item[0].kind), item[1]))
    result: dict[str, _Section] = {}
    for label, path, record in labelled:
        section = result.setdefault(label.section, _Section(label.section))
        if label.kind not in section.kinds:
            section.kinds.append(label.kind)
        if label.note:
            section.notes[label.kind] = label.note
        row = next((r for r in section.rows if r.title == label.title), None)
        if row is None:
            row = _Row(label.title)
            section.rows.append(row)
        row.files[label.kind] = _File(quote(path), f"{label.title}・{label.kind}", Path(path).name, _size(record.size), label.pages)
    return list(result.values())


def render_index(edition: dict[str, Any], built: str, files: dict[str, FileRecord],
                 editions: list[tuple[str, str, bool]] | None = None) -> str:
    """The landing page; `editions`, on a site of more than one edition: each (name, address, whether it is this one)."""
    import jinja2

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True, undefined=jinja2.StrictUndefined,
                             keep_trailing_newline=True)
    defaults = {key: "" for key in ("title", "name", "subtitle", "release", "copyright")}
    return env.get_template("index.html.j2").render(edition={**defaults, **edition}, built=built, sections=sections(files),
                                                 editions=editions or [])
