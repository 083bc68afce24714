"""Reading the action list pages back: the entries of a page, with what their headings say."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

_VOID = {"meta", "link", "br", "img", "input", "hr", "wbr", "col", "source"}


@dataclass
class PageEntry:
    anchor: str
    kind: str
    section: str = ""
    group: str | None = None
    parts: dict[str, str] = field(default_factory=dict)  # text of span.name, span.category, …

    @property
    def name(self) -> str:
        return self.parts.get("name", "")

    @property
    def heading(self) -> str:
        category = self.parts.get("category", "")
        return f"{self.name} {category}" if category else self.name


class EntryParser(HTMLParser):
    """Entries (article.entry) in document order, with their list (h2) and group (h3) headings."""

    WATCHED = ("name", "category", "marker", "keycards", "tst", "cost")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.entries: list[PageEntry] = []
        self.tags: list[str] = []  # open elements
        self.elements: list[tuple[str, dict[str, str]]] = []  # every start tag
        self._stack: list[tuple[str, str | None]] = []  # (tag, watched class)
        self._section = ""
        self._group: str | None = None
        self._heading: str | None = None
        self._text: list[str] = []
        self._entry_depth: int | None = None
        self._raw: dict[tuple[int, str], str] = {}  # (entry, part) → its text as read

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {k: v or "" for k, v in attrs}
        self.elements.append((tag, attributes))
        if tag in _VOID:
            return
        classes = attributes.get("class", "").split()
        watched = next((c for c in self.WATCHED if c in classes), None)
        self._stack.append((tag, watched))
        if tag == "article" and "entry" in classes:
            self.entries.append(PageEntry(attributes["id"], attributes["data-kind"], self._section, self._group))
            self._entry_depth = len(self._stack)
        elif tag == "section" and "group" in classes:
            self._group = None
        elif tag in ("h2", "h3") and self._entry_depth is None:
            self._heading, self._text = tag, []

    def handle_endtag(self, tag: str) -> None:
        if tag in _VOID or not self._stack:
            return
        while self._stack:
            open_tag, _ = self._stack.pop()
            if open_tag == tag:
                break
        if self._entry_depth is not None and len(self._stack) < self._entry_depth:
            self._entry_depth = None
        if tag == self._heading:
            text = "".join(self._text).strip()
            if tag == "h2":
                self._section = text
            else:
                self._group = text
            self._heading = None

    def handle_data(self, data: str) -> None:
        if self._heading:
            self._text.append(data)
        if self._entry_depth is None:
            return
        watched = next((w for _, w in reversed(self._stack) if w), None)
        if watched:
            entry = self.entries[-1]
            # The raw text, stripped only at its ends: a space before a span (「を <span>5 枚</span>」) stays.
            self._raw[(len(self.entries), watched)] = raw = self._raw.get((len(self.entries), watched), "") + data
            entry.parts[watched] = raw.strip()


def parse(html: str) -> EntryParser:
    parser = EntryParser()
    parser.feed(html)
    parser.close()
    return parser


def headings(html: str) -> list[str]:
    return [entry.heading for entry in parse(html).entries]
