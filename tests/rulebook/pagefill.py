"""How full each page of the A5 rulebook is: the share of the text block (between the running
header and the footer) that its content reaches down to, measured with pdfminer.six."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

MM = 72 / 25.4
TOP_MARGIN, BOTTOM_MARGIN = 17 * MM, 16 * MM  # print.css @page


@dataclass(frozen=True)
class Page:
    number: int  # from 1
    fill: float  # 0 (empty) to 1 (down to the bottom margin)
    text: str


def page_fill(pdf: Path) -> list[Page]:
    from pdfminer.high_level import extract_pages
    from pdfminer.layout import LTComponent, LTTextContainer

    pages = []
    for number, layout in enumerate(extract_pages(str(pdf)), 1):
        top, bottom = layout.height - TOP_MARGIN, BOTTOM_MARGIN
        inside = [item for item in layout if isinstance(item, LTComponent) and item.y1 <= top + 1 and item.y0 >= bottom - 1]
        lowest = min((item.y0 for item in inside), default=top)
        text = "".join(item.get_text() for item in inside if isinstance(item, LTTextContainer))
        pages.append(Page(number, max(0.0, (top - lowest) / (top - bottom)), text))
    return pages
