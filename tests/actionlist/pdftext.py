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
        chosen = sorted((round(w[1]), w[0], w[4]) for w in self.words if x0 <= w[0] < x1)
        return "".join(text for _, _, text in chosen)


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


def flow(doc: list[Page], top_margin: float = 10 * MM, bottom_margin: float = 11 * MM) -> Flow:
    chars: list[str] = []
    region: list[tuple[int, int]] = []
    for number, page in enumerate(doc, 1):
        body = [w for w in page.words if w[3] > top_margin and w[1] < page.height - bottom_margin]
        for _, _, _, _, text, column in sorted((int(w[0] >= page.width / 2), round(w[1]), w[0], 0, w[4], int(w[0] >= page.width / 2)) for w in body):
            for char in re.sub(r"\s+", "", text):
                chars.append(char)
                region.append((number, column))
    return Flow("".join(chars), region)
