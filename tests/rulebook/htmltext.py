"""Small readers of the built HTML: headings with their numbers, ids, links, captions."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: list[str] = []
        self.links: list[tuple[str, str]] = []  # (tag, url) of href/src/data attributes
        self.headings: list[tuple[int, str]] = []  # (level, text)
        self.captions: list[str] = []
        self._heading: tuple[int, list[str]] | None = None
        self._caption: list[str] | None = None
        self._skip = 0  # inside a permalink (¶)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.append(values["id"] or "")
        for name in ("href", "src", "data"):
            if values.get(name):
                self.links.append((tag, values[name] or ""))
        if re.fullmatch(r"h[1-6]", tag):
            self._heading = (int(tag[1]), [])
        if tag in ("figcaption", "caption"):
            self._caption = []
        if tag == "a" and "headerlink" in (values.get("class") or ""):
            self._skip += 1

    def handle_endtag(self, tag: str) -> None:
        if re.fullmatch(r"h[1-6]", tag) and self._heading:
            self.headings.append((self._heading[0], "".join(self._heading[1]).strip()))
            self._heading = None
        if tag in ("figcaption", "caption") and self._caption is not None:
            self.captions.append("".join(self._caption).strip())
            self._caption = None
        if tag == "a" and self._skip:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if self._skip:
            return
        if self._heading:
            self._heading[1].append(data)
        if self._caption is not None:
            self._caption.append(data)


def read(path: Path) -> _Reader:
    reader = _Reader()
    reader.feed(path.read_text(encoding="utf-8"))
    return reader


_NUMBER = re.compile(r"^(第\d+章|\d+(?:\.\d+)+)\s*(.*)$")


def numbered_headings(path: Path) -> list[tuple[str, str]]:
    """(number, title) of every heading with a section number: `第2章`, `2.10.4`."""
    found = []
    for _, text in read(path).headings:
        match = _NUMBER.match(text)
        if match:
            found.append((match.group(1), match.group(2).strip()))
    return found


class _Paragraphs(HTMLParser):
    """Every <p> opened while another is open, as written in the source: a browser closes the
    outer one there and splits the text (HTML allows no paragraph inside a paragraph)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open = 0
        self.nested: list[tuple[int, int]] = []  # (line, column)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "p":
            if self.open:
                self.nested.append(self.getpos())
            self.open += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "p" and self.open:
            self.open -= 1


def nested_paragraphs(text: str) -> list[tuple[int, int]]:
    reader = _Paragraphs()
    reader.feed(text)
    return reader.nested
