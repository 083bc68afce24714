"""The text of a PDF as poppler's pdftotext reads it, word by word with its place: which page,
which column, so that tests can follow the entries through the pages and columns."""

from __future__ import annotations

import html
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

MM = 72 / 25.4
_PAGE = re.compile(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', re.S)
_WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>')


@dataclass(frozen=True)
class Page:
    width: float
    height: float
    words: list[tuple[float, float, float, float, str]]  # xMin, yMin, xMax, yMax, text

    def text(self, x0: float = 0, x1: float | None = None) -> str:
        """The words whose left edge lies in [x0, x1), in reading order, without white space."""
        x1 = self.width if x1 is None else x1
        return "".join(w[4] for w in reading_order([w for w in self.words if x0 <= w[0] < x1]))


Word = tuple[float, float, float, float, str]


def reading_order(words: list[Word]) -> list[Word]:
    """Line by line, left to right. A word joins a line when its vertical centre lies within the
    line's first word: a larger glyph on the line (the enlarged ♢) rises above it, on the same baseline."""
    lines: list[list[Word]] = []
    for word in sorted(words, key=lambda w: (w[1], w[0])):
        centre = (word[1] + word[3]) / 2
        line = next((line for line in lines if line[0][1] <= centre <= line[0][3]), None)
        if line is None:
            lines.append([word])
        else:
            line.append(word)
    lines.sort(key=lambda line: line[0][1])
    return [word for line in lines for word in sorted(line, key=lambda w: w[0])]


def pages(pdf: Path) -> list[Page]:
    out = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return [
        Page(float(w), float(h), [(float(a), float(b), float(c), float(d), html.unescape(t)) for a, b, c, d, t in _WORD.findall(body)])
        for w, h, body in _PAGE.findall(out)
    ]


@dataclass(frozen=True)
class Flow:
    """The body text of a two-column document in reading order (page, column, line), the
    running header and the page number left out; `region[i]` is (page, column) of `text[i]`."""

    text: str
    region: list[tuple[int, int]]


def _column(word: Word, across: list[Word], middle: float) -> int:
    """0 or 1 by where the word begins; 0 on a line that runs across the middle (the first page's head, whose edition
    line reaches into the right half on a site's leaflet, which prints the build's day): it is read before the columns."""
    centre = (word[1] + word[3]) / 2
    if any(line[1] <= centre <= line[3] for line in across):
        return 0
    return int(word[0] >= middle)


def flow(doc: list[Page], top_margin: float = 11.5 * MM, bottom_margin: float = 11 * MM) -> Flow:
    chars: list[str] = []
    region: list[tuple[int, int]] = []
    for number, page in enumerate(doc, 1):
        body = [w for w in page.words if w[3] > top_margin and w[1] < page.height - bottom_margin]
        middle = page.width / 2
        across = [w for w in body if w[0] < middle < w[2]]  # no word of a column crosses the gutter
        for column in (0, 1):
            in_column = [w for w in body if _column(w, across, middle) == column]
            for word in reading_order(in_column):
                for char in re.sub(r"\s+", "", word[4]):
                    chars.append(char)
                    region.append((number, column))
    return Flow("".join(chars), region)
