"""A missing glyph fails the build: every character of the leaflet's text must be drawn by a
glyph of a font embedded in the PDF.

WeasyPrint writes a ToUnicode map for each embedded font: the glyphs it drew and the text they
stand for. A character that no font has (Pango draws a box, or nothing) is in no map, and a
character drawn as `.notdef` maps from glyph 0; both are reported with the text around them.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from ..ownfiles import shown_name

_BFCHAR = re.compile(r"beginbfchar(.*?)endbfchar", re.S)
_BFRANGE = re.compile(r"beginbfrange(.*?)endbfrange", re.S)
_HEX = re.compile(r"<([0-9A-Fa-f]*)>")


class MissingGlyphError(Exception):
    """Characters of the text that the embedded fonts do not draw."""


def check_pdf(pdf: Path, html: str, document: Any = None) -> None:
    """Fail when a character of `html`'s text is drawn by no glyph of the PDF at `pdf`: read from the file,
    or from `document` (the same PDF, opened with pikepdf) when given, without reading it again."""
    covered, notdef = embedded_characters(pdf, document)
    text = visible_text(html)
    missing = sorted({c for c in text if not c.isspace() and (c not in covered or c in notdef)})
    if missing:
        from ..i18n import _

        described = "; ".join(_("U+{code:04X} {character!r} in “{around}”").format(code=ord(c), character=c, around=_around(text, c))
                              for c in missing)
        raise MissingGlyphError(_("{pdf}: no glyph in the embedded fonts for {described} (fonts-noto-cjk installed?)").format(
            pdf=shown_name(pdf), described=described))


def embedded_characters(pdf: Path, document: Any = None) -> tuple[set[str], set[str]]:
    """The characters the PDF's fonts draw, and those drawn with glyph 0 (.notdef). Read with pikepdf
    (qpdf, in C++), which the PDF's other steps have loaded already."""
    import pikepdf

    if document is None:
        with pikepdf.open(pdf) as opened:
            return embedded_characters(pdf, opened)
    covered: set[str] = set()
    notdef: set[str] = set()
    seen: set[tuple[int, int]] = set()
    for page in document.pages:
        resources = page.obj.get("/Resources")
        fonts = resources.get("/Font") if resources is not None else None
        for name in (fonts.keys() if fonts is not None else ()):
            font = fonts[name]
            if font.objgen in seen or "/ToUnicode" not in font:
                continue
            if font.is_indirect:  # shared by the pages: read once (a direct font has no number: (0, 0))
                seen.add(font.objgen)
            for glyph, text in _to_unicode(font).items():
                (notdef if glyph == 0 else covered).update(text)
    return covered, notdef


def _to_unicode(font: Any) -> dict[int, str]:
    cmap = font["/ToUnicode"].read_bytes().decode("latin-1")
    mapping: dict[int, str] = {}
    for block in _BFCHAR.findall(cmap):
        values = _HEX.findall(block)
        for source, target in zip(values[::2], values[1::2]):
            mapping[int(source, 16)] = _utf16(target)
    for block in _BFRANGE.findall(cmap):
        for line in block.strip().splitlines():
            values = _HEX.findall(line)
            if len(values) < 3:
                continue
            low, high = int(values[0], 16), int(values[1], 16)
            if "[" in line:  # one destination per glyph
                for offset, target in enumerate(values[2:]):
                    mapping[low + offset] = _utf16(target)
            else:  # consecutive code points
                start = _utf16(values[2])
                for offset in range(high - low + 1):
                    mapping[low + offset] = start[:-1] + chr(ord(start[-1]) + offset)
    return mapping


def _utf16(hex_text: str) -> str:
    return bytes.fromhex(hex_text).decode("utf-16-be", errors="replace")


class _TextOf(HTMLParser):
    """The text a reader sees: the body, without style and script."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip = 0
        self._in_body = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "body":
            self._in_body = True
        elif tag in ("style", "script"):
            self._skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script") and self._skip:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if self._in_body and not self._skip:
            self.parts.append(data)


def visible_text(html: str) -> str:
    parser = _TextOf()
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split())


def _around(text: str, char: str, width: int = 12) -> str:
    at = text.index(char)
    return text[max(0, at - width): at + width + 1]
