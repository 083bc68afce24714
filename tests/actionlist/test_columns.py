"""The leaflet's columns laid out once (toolchain/actionlist/columns.py): the same pages as WeasyPrint's own
two passes, and the shortcut taken only where the measure cannot matter."""

from __future__ import annotations

from typing import Any

import pytest

from toolchain.actionlist import columns

weasyprint = pytest.importorskip("weasyprint")
from weasyprint.layout import block

pytestmark = pytest.mark.skipif(not columns.supported(weasyprint.__version__), reason="the shortcut is off on this WeasyPrint")

# Two columns on small pages, an entry of a heading and a numbered list, as the leaflet has them.
ENTRY = "<article><h4>名前 {n}</h4><ol><li>効果の一行目、長めに書いて折り返す。</li><li>二行目。</li></ol></article>"
STYLE = """
@page { size: 90mm 70mm; margin: 5mm; }
body { margin: 0; columns: 2; column-gap: 3mm; column-fill: %(fill)s; font-size: 7pt; }
header { column-span: all; }
article { border-bottom: .4pt solid; }
h4 { margin: 0; break-after: avoid; }
li { break-inside: avoid; }
%(extra)s
"""


def _document(fill: str = "auto", extra_css: str = "", entries: int = 14, after: str = "") -> str:
    body = "".join(ENTRY.format(n=n) for n in range(entries))
    return (f"<html><head><style>{STYLE % {'fill': fill, 'extra': extra_css}}</style></head>"
            f"<body><header><h1>見出し</h1></header>{body}{after}</body></html>")


def _geometry(html: str) -> list[list[tuple[Any, ...]]]:
    """Every box of every page: its kind, place, size and text."""
    document = weasyprint.HTML(string=html).render()
    return [[(type(box).__name__, round(box.position_x, 3), round(box.position_y, 3), round(box.width, 3),
              round(box.height, 3), getattr(box, "text", ""))
             for box in page._page_box.descendants()]
            for page in document.pages]


@pytest.fixture()
def weasyprint_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """WeasyPrint's own column layout for this test, whatever an earlier test installed."""
    for name in ("columns_layout", "block_box_layout"):  # put back as they were after the test
        monkeypatch.setattr(block, name, columns.ORIGINAL.get(name, getattr(block, name)))
    monkeypatch.setattr(columns, "ORIGINAL", {})


def _skipped(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """The shortcut installed; the list fills with the measuring calls it answered."""
    columns.lay_columns_out_once()
    answered: list[bool] = []
    skipping = columns._skipping

    def counting(column_box: Any, adjoining_margins: Any) -> bool:
        skipped = skipping(column_box, adjoining_margins)
        if skipped:
            answered.append(True)
        return skipped

    monkeypatch.setattr(columns, "_skipping", counting)
    return answered


@pytest.mark.parametrize(("label", "html", "takes_shortcut"), [
    ("filled columns over several pages", _document(), True),
    ("the last page half empty", _document(entries=9), True),
    ("balanced columns", _document(fill="balance"), False),
    ("a float in every entry", _document(extra_css="h4 { float: right; }"), False),
    ("a block spanning the columns after them", _document(after="<footer style='column-span: all'>終</footer>"), False),
])
def test_columns_laid_out_once_as_weasyprint_lays_them(weasyprint_alone: None, monkeypatch: pytest.MonkeyPatch,
                                                      label: str, html: str, takes_shortcut: bool) -> None:
    expected = _geometry(html)
    assert len(expected) > 1, f"{label}: the document should take more than one page"
    skipped = _skipped(monkeypatch)
    assert _geometry(html) == expected, label
    assert bool(skipped) is takes_shortcut, label


def test_other_weasyprint_versions_are_left_alone() -> None:
    assert columns.supported("66.0")
    assert not columns.supported("67.0")
    assert not columns.supported("6.6")
