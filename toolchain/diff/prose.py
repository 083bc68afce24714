"""The rulebook's own prose (docs/*.rst) compared section by section: the sections added, removed and
rewritten, by their titles and numbers as the rulebook prints them (`6.2.1 アクションの定義項目`,
`第6章 コアルール`), with a paragraph-then-character diff of their text.

The pages are parsed with docutils, so what is compared is the text a reader sees: lines re-wrapped,
comments, labels, index entries and other markup change nothing. The directives the toolchain renders
from the definitions (lists, tables, figures) are not prose (the definitions' changes are reported on
their own); of a directive only its `:caption:` is. A role (`:ref:`, `:numref:`) is its text as
written. Numbers follow the numbered toctree of docs/index.rst, as Sphinx numbers sections: a page's
top section is a chapter, numbered by its place in the toctree, and its sections below it up to the
toctree's `:numbered:` depth.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Literal

from docutils import nodes
from docutils.core import publish_doctree
from docutils.parsers.rst import Directive, directives, roles
from docutils.utils import SystemMessage

from ..i18n import _
from .textdiff import Segment, paragraph_diff

Change = Literal["added", "removed", "changed"]

ROOT_PAGE = "index"  # the page whose toctree orders and numbers the others (Sphinx's root document)
_SOURCE_SUFFIX = ".rst"
_UNLIMITED_DEPTH = 999  # `:numbered:` without a depth numbers every level (Sphinx's default)
# Not prose: where a link lands, comments, definitions of substitutions, the parser's own messages.
_NOT_PROSE = (nodes.target, nodes.comment, nodes.substitution_definition, nodes.system_message, nodes.raw)
# A line break inside a paragraph between two Japanese characters is not a space when read.
_WRAPPED_JAPANESE = re.compile(r"(?<=[^\x00-\x7f])[ \t]*\n[ \t]*(?=[^\x00-\x7f])")
_WHITESPACE = re.compile(r"\s+")
# docutils' settings: quiet, and no file, URL or raw input read through a page (`.. include::`)
_SETTINGS = {
    "report_level": 5, "halt_level": 5, "warning_stream": io.StringIO(), "file_insertion_enabled": False,
    "raw_enabled": False, "doctitle_xform": False, "sectsubtitle_xform": False, "smart_quotes": False,
    "input_encoding": "unicode", "syntax_highlight": "none", "traceback": True,
}


@dataclass(frozen=True)
class DocSection:
    """One section of a page: its own text, without its subsections'."""

    page: str  # docs/core.rst
    labels: tuple[str, ...]  # its explicit labels (`.. _core-turn:`)
    titles: tuple[str, ...]  # the titles from the page's top section down to this one
    number: tuple[int, ...] | None  # (6, 2, 1) as the rulebook numbers it; None when it is not numbered
    text: str  # its paragraphs, one a line
    position: tuple[int, int]  # (page in the rulebook's order, line): where it is read

    @property
    def title(self) -> str:
        return self.titles[-1]

    @property
    def heading(self) -> str:
        """`6.2.1 アクションの定義項目`, `第6章 コアルール`, or the title alone when it is not numbered."""
        return numbered_title(self.number, self.title)


@dataclass(frozen=True)
class Rulebook:
    """The pages of docs/ read for bp diff: their sections, and where each directive stands."""

    pages: tuple[str, ...]  # in the rulebook's order (the numbered toctree's, then the others by name)
    sections: tuple[DocSection, ...]
    directives: tuple[tuple[str, tuple[int, int]], ...]  # (name, position) in reading order
    unreadable: tuple[tuple[str, str], ...] = ()  # (page, why): pages docutils could not read, not compared

    def position_of(self, directive: str) -> tuple[int, int] | None:
        """Where the first use of a directive stands (page, line), None when no page uses it."""
        return next((position for name, position in self.directives if name == directive), None)


@dataclass(frozen=True)
class ProseChange:
    page: str
    change: Change
    heading: str  # numbered, as the rulebook prints it (the old one for a removed section)
    label: str | None  # its explicit label, for links
    number: str | None  # 6.2.1 (now; before, for a removed section)
    old_number: str | None  # before, when it differs (a section moved or was renumbered)
    old_title: str | None  # before, when the title itself changed
    old: str | None  # its text before and after, one paragraph a line
    new: str | None
    segments: tuple[Segment, ...]
    position: tuple[int, int]  # where it stands in the newer rulebook (page, line)

    def as_dict(self) -> dict[str, Any]:
        return {"page": self.page, "change": self.change, "heading": self.heading, "label": self.label,
                "number": self.number, "old_number": self.old_number, "old_title": self.old_title,
                "old": self.old, "new": self.new, "segments": [s.as_dict() for s in self.segments]}


def numbered_title(number: tuple[int, ...] | None, title: str) -> str:
    if not number:
        return title
    if len(number) == 1:
        from ..sphinxext.chapters import chapter  # the rulebook's own chapter style (第6章); loads Sphinx

        return f"{chapter(number[0])} {title}"
    return f"{'.'.join(map(str, number))} {title}"


# -- reading the pages ----------------------------------------------------------------------------------


class _toctree(nodes.Invisible, nodes.Element):
    """Where a page's toctree stands: its documents and how deep it numbers them."""


class _directive_use(nodes.Invisible, nodes.Element):
    """Where a directive the toolchain renders stands."""


class _AnyOptions(dict[str, Any]):
    """Options a directive unknown to docutils may take: any, as written."""

    def __missing__(self, key: str) -> Any:
        return directives.unchanged

    def __bool__(self) -> bool:  # docutils reads options only when a directive has some
        return True


class _Opaque(Directive):
    """A directive of Sphinx or of the toolchain: not prose but for its caption; its place is noted."""

    optional_arguments = 100
    final_argument_whitespace = True
    has_content = True
    option_spec: ClassVar[dict[str, Any]] = _AnyOptions()

    def run(self) -> list[nodes.Node]:
        found: list[nodes.Node] = [_directive_use(name=self.name, line=self.lineno)]
        caption = self.options.get("caption")
        if caption:
            found.append(nodes.paragraph(caption, caption))
        return found


class _TocTree(_Opaque):
    """Sphinx's toctree, read for the order and numbering of the pages."""

    def run(self) -> list[nodes.Node]:
        from sphinx.util.nodes import split_explicit_title

        entries = [split_explicit_title(line.strip())[2] for line in self.content if line.strip()]
        numbered = self.options.get("numbered")
        depth = 0 if numbered is None else int(numbered) if str(numbered).strip().isdigit() else _UNLIMITED_DEPTH
        return [_toctree(entries=entries, numbered=depth)]


class _reference(nodes.Inline, nodes.TextElement):
    """A role docutils does not know (`:ref:`, `:numref:`, `:index:`, the toolchain's): read as the
    title of the section it names, when it names one (resolved once every page is read)."""


def _role(name: str, rawtext: str, text: str, lineno: int, inliner: Any,
          options: Any = None, content: Any = None) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    from sphinx.util.nodes import split_explicit_title

    explicit, title, target = split_explicit_title(text)
    return [_reference(rawtext, title, target=target, title=title if explicit else None, written=title)], []


def _resolve(reference: _reference, titles: dict[str, str]) -> None:
    """`:ref:`core-flow`` reads as コアフロー, `:numref:`{number} {name} <core-flow>`` too: the number is left
    out, so that a section added before another does not change every paragraph that refers to it."""
    target, title = reference["target"], reference["title"]
    if target not in titles:  # as written (a page read again for another revision may have been resolved otherwise)
        text = reference["written"]
    else:
        text = titles[target] if title is None else title.replace("{number}", "").replace("{name}", titles[target]).strip()
    reference.children = [nodes.Text(text)]


def _dispatcher() -> Any:
    from sphinx.util.docutils import CustomReSTDispatcher

    class Dispatcher(CustomReSTDispatcher):
        """docutils' directives and roles, then ours for any other name (as Sphinx's own dispatcher does)."""

        def directive(self, directive_name: str, language_module: Any, document: nodes.document) -> Any:
            found, messages = super().directive(directive_name, language_module, document)
            if found is not None:
                return found, messages
            return (_TocTree if directive_name.lower() == "toctree" else _Opaque), []

        def role(self, role_name: str, language_module: Any, lineno: int, reporter: Any) -> Any:
            found, messages = super().role(role_name, language_module, lineno, reporter)
            # docutils names some roles it leaves to Sphinx (`:index:`) without implementing them
            return (found, messages) if found not in (None, roles.unimplemented_role) else (_role, [])

    return Dispatcher()


def _parse(text: str, path: Path) -> nodes.document:
    from sphinx.util.docutils import docutils_namespace

    with docutils_namespace(), _dispatcher():
        # only docutils' own directives and roles, whatever else this process registered (a Sphinx build, a
        # test): docutils_namespace puts the registrations back afterwards
        directives._directives.clear()  # type: ignore[attr-defined]
        roles._roles.clear()  # type: ignore[attr-defined]
        return publish_doctree(text, source_path=str(path), settings_overrides={**_SETTINGS, "warning_stream": io.StringIO()})


def _prose(section: nodes.Element) -> str:
    """The section's own paragraphs (its subsections left out), one a line, whitespace folded."""
    paragraphs: list[str] = []
    for child in section.children:
        if isinstance(child, (nodes.section, nodes.title, *_NOT_PROSE)):
            continue
        child = child.deepcopy()
        for hidden in list(child.findall(lambda n: isinstance(n, _NOT_PROSE))):
            hidden.parent.remove(hidden)
        for paragraph in child.astext().split("\n\n"):
            folded = _WHITESPACE.sub(" ", _WRAPPED_JAPANESE.sub("", paragraph)).strip()
            if folded:
                paragraphs.append(folded)
    return "\n".join(paragraphs)


def _explicit_labels(section: nodes.section, document: nodes.document) -> tuple[str, ...]:
    return tuple(name for name in section["names"] if document.nametypes.get(name))


def _page_order(docs: Path, documents: dict[str, nodes.document]) -> tuple[list[str], dict[str, int], int]:
    """The pages in the rulebook's order (docnames), each numbered chapter's first number, and the depth
    of numbering."""
    order: list[str] = [ROOT_PAGE] if ROOT_PAGE in documents else []
    chapters: dict[str, int] = {}
    depth = 0
    root = documents.get(ROOT_PAGE)
    if root is not None:
        for toctree in root.findall(_toctree):
            for entry in toctree["entries"]:
                if entry in documents and entry not in order:
                    order.append(entry)
                    if toctree["numbered"]:
                        chapters[entry] = 0  # numbered below, by the top sections the page has
            depth = max(depth, toctree["numbered"])
    order += sorted(name for name in documents if name not in order)
    return order, chapters, depth


def read_rulebook(docs: Path, root: Path, parsed: dict[tuple[str, str], nodes.document] | None = None) -> Rulebook:
    """The pages under `docs` (paths shown relative to `root`), read as the rulebook prints them. `parsed`: the
    pages parsed so far, by their name and text, and those parsed here are added (two revisions share most
    pages, and parsing is most of the reading); reading leaves a parsed page as it can read it again."""
    if not docs.is_dir():
        return Rulebook((), (), ())
    documents = {}
    unreadable: list[tuple[str, str]] = []
    parsed = {} if parsed is None else parsed
    for path in sorted(docs.rglob(f"*{_SOURCE_SUFFIX}")):
        if not path.is_file():  # a FIFO or a device would never end
            continue
        name = path.relative_to(docs).as_posix().removesuffix(_SOURCE_SUFFIX)
        text = path.read_text(encoding="utf-8", errors="replace")
        document = parsed.get((name, text))
        if document is None:
            try:
                document = _parse(text, path)
                _prose(document)  # walks the tree as reading it will
            except (RecursionError, SystemMessage) as exc:
                why = _("nested too deeply") if isinstance(exc, RecursionError) else str(exc)
                unreadable.append((path.relative_to(root).as_posix(), why))
                continue
            parsed[name, text] = document
        documents[name] = document
    order, chapters, depth = _page_order(docs, documents)
    titles = {label: section[0].astext() for document in documents.values() for section in document.findall(nodes.section)
              for label in _explicit_labels(section, document) if section.children and isinstance(section[0], nodes.title)}
    for document in documents.values():
        for reference in document.findall(_reference):
            _resolve(reference, titles)
    sections: list[DocSection] = []
    uses: list[tuple[str, tuple[int, int]]] = []
    chapter = 0
    for index, name in enumerate(order):
        document = documents[name]
        page = (docs / f"{name}{_SOURCE_SUFFIX}").relative_to(root).as_posix()
        numbered = name in chapters
        for use in document.findall(_directive_use):
            uses.append((use["name"], (index, use["line"])))
        for top in (child for child in document.children if isinstance(child, nodes.section)):
            chapter += numbered
            start = (chapter,) if numbered and depth else None
            sections.extend(_sections(top, document, page, index, (), start, depth))
        # text before the page's first section (the front page's) belongs to no section: a section of the page
        if _prose(document):
            sections.append(DocSection(page, (), (page,), None, _prose(document), (index, 0)))
    sections.sort(key=lambda s: s.position)
    uses.sort(key=lambda use: use[1])
    return Rulebook(tuple(order), tuple(sections), tuple(uses), tuple(unreadable))


def _sections(section: nodes.section, document: nodes.document, page: str, page_index: int, titles: tuple[str, ...],
              number: tuple[int, ...] | None, depth: int) -> Iterator[DocSection]:
    title = section[0].astext() if section.children and isinstance(section[0], nodes.title) else ""
    here = (*titles, title)
    line = section[0].line if section.children and section[0].line else (section.line or 0)
    yield DocSection(page, _explicit_labels(section, document), here, number, _prose(section), (page_index, line))
    subsections = [child for child in section.children if isinstance(child, nodes.section)]
    for count, child in enumerate(subsections, 1):
        below = (*number, count) if number is not None and len(number) < depth else None
        yield from _sections(child, document, page, page_index, here, below, depth)


# -- comparing two revisions --------------------------------------------------------------------------


def compare_prose(old: Rulebook, new: Rulebook, leave_out: Iterable[str] = ()) -> list[ProseChange]:
    """The sections whose prose or title differs, in the newer rulebook's order; a removed section
    where it stood. A page either side could not read is not compared. `leave_out`: labels of sections (and their subsections) not to compare, such as
    the 変更履歴 section this report itself writes."""
    left_out = set(leave_out)
    unread = {page for page, _ in (*old.unreadable, *new.unreadable)}
    old_sections = [s for s in old.sections if s.page not in unread and not _under(s, old.sections, left_out)]
    new_sections = [s for s in new.sections if s.page not in unread and not _under(s, new.sections, left_out)]
    pairs = _matched(old_sections, new_sections)
    changes: list[ProseChange] = []
    for index, section in enumerate(new_sections):
        previous = pairs.get(index)
        if previous is None:
            changes.append(_change("added", None, section, section.position))
        elif previous.text != section.text or previous.title != section.title:
            changes.append(_change("changed", previous, section, section.position))
    # a removed section stands after the last section before it that is still there
    kept = {id(previous): new_sections[index] for index, previous in pairs.items()}
    anchor = (0, 0)
    for section in old_sections:
        if id(section) in kept:
            anchor = kept[id(section)].position
        else:
            changes.append(_change("removed", section, None, anchor))
    return sorted(changes, key=lambda c: c.position)


def _matched(old: list[DocSection], new: list[DocSection]) -> dict[int, DocSection]:
    """Each newer section (by index) → the older one it is: the one with its label (Sphinx's labels are
    global: a section may move to another page), else the one with its page and titles (a section
    without a label, or whose label was renamed), else the one of its page with the same text."""
    by_label = {label: section for section in reversed(old) for label in section.labels}
    by_titles = {(section.page, section.titles): section for section in reversed(old)}
    labels_now = {label for section in new for label in section.labels}
    pairs: dict[int, DocSection] = {}
    taken: set[int] = set()
    for index, section in enumerate(new):  # by label first, so that a title match cannot take a labelled section
        found = next((by_label[label] for label in section.labels if label in by_label), None)
        if found is not None and id(found) not in taken:
            pairs[index] = found
            taken.add(id(found))
    for index, section in enumerate(new):
        if index in pairs:
            continue
        found = by_titles.get((section.page, section.titles))
        if found is not None and id(found) not in taken and not labels_now.intersection(found.labels):
            pairs[index] = found
            taken.add(id(found))
    # a section whose title and label both changed is still the one of the page that says the same
    by_text = {(section.page, section.text): section for section in reversed(old) if section.text and id(section) not in taken}
    for index, section in enumerate(new):
        found = by_text.get((section.page, section.text))
        if index not in pairs and found is not None and id(found) not in taken:
            pairs[index] = found
            taken.add(id(found))
    return pairs


def _under(section: DocSection, sections: tuple[DocSection, ...], labels: set[str]) -> bool:
    """Whether the section, or one it lies in, carries one of `labels`."""
    if not labels:
        return False
    for other in sections:
        inside = other.page == section.page and section.titles[: len(other.titles)] == other.titles
        if inside and labels.intersection(other.labels):
            return True
    return False


def _change(change: Change, old: DocSection | None, new: DocSection | None, position: tuple[int, int]) -> ProseChange:
    shown = new or old
    assert shown is not None
    number = ".".join(map(str, shown.number)) if shown.number else None
    old_number = ".".join(map(str, old.number)) if old is not None and old.number and new is not None else None
    return ProseChange(
        page=shown.page, change=change, heading=shown.heading, label=shown.labels[0] if shown.labels else None,
        number=number, old_number=old_number if old_number != number else None,
        old_title=old.title if old is not None and new is not None and old.title != new.title else None,
        old=old.text if old is not None else None, new=new.text if new is not None else None,
        segments=paragraph_diff(old.text if old else None, new.text if new else None), position=position,
    )
