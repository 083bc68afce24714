"""A tiny SVG writer: the primitives the rulebook's figures are drawn with.

Only plain shapes, text and transforms are used (no markers, patterns or filters), so that
browsers and WeasyPrint's SVG renderer draw the figures the same way.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from html import escape

FONT = "'Noto Sans CJK JP', 'Noto Sans JP', 'Hiragino Sans', sans-serif"
INK = "#222"
MUTED = "#666"
ACCENT = "#1565c0"
RED = "#c62828"


def _num(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _attrs(**attrs: object) -> str:
    parts = []
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        text = _num(value) if isinstance(value, float) else str(value)
        parts.append(f'{name}="{escape(text)}"')
    return " ".join(parts)


class Svg:
    """An SVG document built element by element; `render()` returns the text."""

    def __init__(self, width: float, height: float, title: str) -> None:
        self.width = width
        self.height = height
        self.title = title
        self._parts: list[str] = []

    def raw(self, element: str) -> None:
        self._parts.append(element)

    def element(self, tag: str, **attrs: object) -> None:
        self._parts.append(f"<{tag} {_attrs(**attrs)}/>")

    @contextmanager
    def group(self, transform: str | None = None, **attrs: object) -> Iterator[None]:
        self._parts.append(f"<g {_attrs(transform=transform, **attrs)}>")
        yield
        self._parts.append("</g>")

    def rect(self, x: float, y: float, w: float, h: float, *, fill: str = "none", stroke: str | None = INK,
             width: float = 1.0, rx: float = 0.0, dash: str | None = None) -> None:
        self.element("rect", x=float(x), y=float(y), width=float(w), height=float(h), rx=float(rx) or None, fill=fill,
                     stroke=stroke, stroke_width=float(width) if stroke else None, stroke_dasharray=dash)

    def line(self, x1: float, y1: float, x2: float, y2: float, *, stroke: str = INK, width: float = 1.0,
             dash: str | None = None) -> None:
        self.element("line", x1=float(x1), y1=float(y1), x2=float(x2), y2=float(y2), stroke=stroke,
                     stroke_width=float(width), stroke_dasharray=dash)

    def polygon(self, points: list[tuple[float, float]], *, fill: str = INK, stroke: str | None = None) -> None:
        self.element("polygon", points=" ".join(f"{_num(x)},{_num(y)}" for x, y in points), fill=fill, stroke=stroke)

    def circle(self, cx: float, cy: float, r: float, *, fill: str = "none", stroke: str | None = INK, width: float = 1.0) -> None:
        self.element("circle", cx=float(cx), cy=float(cy), r=float(r), fill=fill, stroke=stroke,
                     stroke_width=float(width) if stroke else None)

    def text(self, x: float, y: float, text: str, *, size: float = 11, anchor: str = "middle", fill: str = INK,
             weight: str | None = None, rotate: float = 0.0) -> None:
        """Text whose baseline is centred vertically on y (dominant-baseline is not reliable everywhere)."""
        baseline = y + size * 0.36
        transform = f"rotate({_num(rotate)} {_num(x)} {_num(y)})" if rotate else None
        self._parts.append(
            f"<text {_attrs(x=float(x), y=float(baseline), font_size=float(size), text_anchor=anchor, fill=fill, font_weight=weight, font_family=FONT, transform=transform)}>"
            f"{escape(text)}</text>"
        )

    def arrow(self, x1: float, y1: float, x2: float, y2: float, *, stroke: str = INK, width: float = 1.2,
              dash: str | None = None, head: float = 7.0, both: bool = False) -> None:
        """A straight arrow from (x1, y1) to (x2, y2); the head is a filled triangle."""
        angle = math.atan2(y2 - y1, x2 - x1)
        back = head * 0.9
        self.line(x1 + (math.cos(angle) * back if both else 0), y1 + (math.sin(angle) * back if both else 0),
                  x2 - math.cos(angle) * back, y2 - math.sin(angle) * back, stroke=stroke, width=width, dash=dash)
        self._head(x2, y2, angle, head, stroke)
        if both:
            self._head(x1, y1, angle + math.pi, head, stroke)

    def _head(self, x: float, y: float, angle: float, size: float, fill: str) -> None:
        spread = math.radians(24)
        left = (x - size * math.cos(angle - spread), y - size * math.sin(angle - spread))
        right = (x - size * math.cos(angle + spread), y - size * math.sin(angle + spread))
        self.polygon([(x, y), left, right], fill=fill)

    def polyline_arrow(self, points: list[tuple[float, float]], *, stroke: str = INK, width: float = 1.2,
                       dash: str | None = None) -> None:
        """An arrow along a path of straight segments (for routing around boxes)."""
        for (x1, y1), (x2, y2) in zip(points, points[1:-1]):
            self.line(x1, y1, x2, y2, stroke=stroke, width=width, dash=dash)
        self.arrow(*points[-2], *points[-1], stroke=stroke, width=width, dash=dash)

    def render(self) -> str:
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" {_attrs(width=float(self.width), height=float(self.height))} '
            f'viewBox="0 0 {_num(self.width)} {_num(self.height)}" role="img">'
            f"<title>{escape(self.title)}</title>" + "".join(self._parts) + "</svg>"
        )


@dataclass(frozen=True)
class Size:
    """An SVG's natural size in CSS px, and its smallest text in CSS px at that size."""

    width: float
    height: float
    smallest_text: float | None


_UNIT_PX = {"": 1.0, "px": 1.0, "pt": 4 / 3, "mm": 96 / 25.4, "in": 96.0}


def _length(value: str) -> float:
    match = re.fullmatch(r"\s*([0-9.]+)\s*([a-z]*)\s*", value)
    if not match or match[2] not in _UNIT_PX:
        raise ValueError(f"not an SVG length: {value!r}")
    return float(match[1]) * _UNIT_PX[match[2]]


def measure(svg: str) -> Size:
    """The natural size of an SVG (ours or graphviz's) and its smallest font size, both in CSS px.

    Font sizes are read from the text elements' font-size attributes, in user units scaled by
    the viewBox (the figures scale no text with transforms)."""
    root = ET.fromstring(svg.encode())
    width, height = _length(root.get("width", "0")), _length(root.get("height", "0"))
    view = [float(part) for part in re.split(r"[\s,]+", root.get("viewBox", "").strip()) if part]
    px_per_unit = width / view[2] if len(view) == 4 and view[2] else 1.0
    sizes = [float(el.get("font-size", "0").removesuffix("px")) for el in root.iter() if el.tag.endswith("}text")]
    smallest = min((size for size in sizes if size > 0), default=None)
    return Size(width, height, smallest * px_per_unit if smallest else None)
