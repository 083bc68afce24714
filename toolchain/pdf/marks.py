"""Crop marks for a print shop, drawn outside the bleed.

WeasyPrint lays a page with `bleed` out on a media box that is the bleed box, and writes /TrimBox
(the page as cut) and /BleedBox; its own `marks: crop` would be drawn inside the bleed, on the
cover's background. Here every page's media box grows by a slug, and each corner gets two marks on
the trim lines, from the bleed's edge outwards: where a print shop looks for them.
"""

from __future__ import annotations

from typing import Any

MM = 72 / 25.4
SLUG = 7 * MM  # room around the bleed for the marks
MARK = 5 * MM  # a mark's length
LINE = 0.25  # pt: a hairline, as print shops ask


def _box(value: Any) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = (float(v) for v in value)
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def crop_marks(pdf: Any) -> None:
    """Grow every page by the slug and draw its crop marks; a page without a /TrimBox (a blank page
    added between parts) gets the boxes of the page before it."""
    import pikepdf

    from .structure import artifact

    boxes: tuple[Any, Any] | None = None
    for page in pdf.pages:
        if "/TrimBox" in page.obj:
            boxes = (page.obj.TrimBox, page.obj.get("/BleedBox", page.obj.TrimBox))
        elif boxes is not None:
            page.obj.TrimBox, page.obj.BleedBox = pikepdf.Array(list(boxes[0])), pikepdf.Array(list(boxes[1]))
        else:
            continue
        tx0, ty0, tx1, ty1 = _box(page.obj.TrimBox)
        bx0, by0, bx1, by1 = _box(page.obj.BleedBox)
        mx0, my0, mx1, my1 = _box(page.obj.MediaBox)
        page.obj.MediaBox = pikepdf.Array([mx0 - SLUG, my0 - SLUG, mx1 + SLUG, my1 + SLUG])
        lines = []
        for x, outward_x in ((tx0, bx0 - tx0), (tx1, bx1 - tx1)):
            for y, outward_y in ((ty0, by0 - ty0), (ty1, by1 - ty1)):
                sx = 1 if outward_x > 0 else -1
                sy = 1 if outward_y > 0 else -1
                start_x, start_y = x + outward_x, y + outward_y  # the bleed's corner: the marks begin beyond it
                lines.append(f"{start_x:.2f} {y:.2f} m {start_x + sx * MARK:.2f} {y:.2f} l S")
                lines.append(f"{x:.2f} {start_y:.2f} m {x:.2f} {start_y + sy * MARK:.2f} l S")
        drawing = f"q {LINE} w 0 G [] 0 d\n" + "\n".join(lines) + "\nQ"
        page.contents_add(pdf.make_stream(b"q\n"), prepend=True)
        page.contents_add(pdf.make_stream(b"\nQ\n" + artifact(drawing.encode())))
