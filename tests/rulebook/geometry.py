"""Plane geometry for the figure tests: convex quadrilaterals (text boxes, possibly rotated) and
segments (arrows, flowchart edges), with the separating-axis test for overlap."""

from __future__ import annotations

from collections.abc import Sequence

Point = tuple[float, float]
Polygon = Sequence[Point]  # convex, corners in order (a segment is a polygon of two points)


def _axes(polygon: Polygon) -> list[Point]:
    corners = list(polygon)
    edges = zip(corners, corners[1:] + corners[:1]) if len(corners) > 2 else [(corners[0], corners[1])]
    return [(-(y2 - y1), x2 - x1) for (x1, y1), (x2, y2) in edges if (x1, y1) != (x2, y2)]


def _project(polygon: Polygon, axis: Point) -> tuple[float, float]:
    dots = [x * axis[0] + y * axis[1] for x, y in polygon]
    return min(dots), max(dots)


def overlap(a: Polygon, b: Polygon) -> bool:
    """Whether two convex polygons (or segments) share a point; shrink them first for a tolerance."""
    for axis in _axes(a) + _axes(b):
        low_a, high_a = _project(a, axis)
        low_b, high_b = _project(b, axis)
        if high_a < low_b or high_b < low_a:
            return False
    return True


def shrink(polygon: Polygon, by: float) -> list[Point]:
    """The polygon pulled towards its centre by `by` units (a tolerance for anti-aliased edges)."""
    cx = sum(x for x, _ in polygon) / len(polygon)
    cy = sum(y for _, y in polygon) / len(polygon)
    out = []
    for x, y in polygon:
        dx, dy = cx - x, cy - y
        length = max((dx * dx + dy * dy) ** 0.5, 1e-9)
        step = min(by, length)
        out.append((x + dx / length * step, y + dy / length * step))
    return out
