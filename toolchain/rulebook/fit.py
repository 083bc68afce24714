"""Pages that are filled: the print page laid out again where a figure left a page half empty.

A figure never breaks (print.css), so one that does not fit in what is left of a page moves to
the next one, and with it the heading or item name that must not stay behind: the page before
ends half empty. A print typesetter lets the text that follows flow into that space and puts
the figure at the top of the next page. WeasyPrint has no page floats, so this module does it
on the layout: it finds the first page under half filled whose next page begins with such a
figure, moves the figure in the document (one of two moves below), lays the document out again
and repeats until no page is left to mend.

1. Text after: the blocks that follow the figure in its section — paragraphs, notes, lists,
   the items of a list of terms, the other items of an entry (a frame's 配置図 is its first
   item) — come before it, as many as fit in the space left. A heading, a section, a rubric or
   another figure ends what may move: a figure never leaves its section.
2. Figure up: when nothing follows it, the figure moves up to just after the paragraph that
   refers to it (Fig. 6.1 after 「…(Fig. 6.1)」), and the paragraphs between flow after it —
   if the figure fits there.

Both keep the rulebook's reading order as a printed book has it: a figure comes after the text
that refers to it, at most a page later. A page that ends a chapter is never mended: the
next chapter begins on a page of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any
from xml.etree.ElementTree import Element

from ..i18n import _
from .relayout import Layouts

MIN_FILL = 0.5  # the least part of a page's text block that is filled
MAX_PASSES = 8  # each mends one page and lays the part out again; chapter 6 needs 5
_SLACK = 12.0  # px (3 mm) kept free when text is moved up: margins collapse differently there
_ENDS_A_RUN = {"h1", "h2", "h3", "h4", "h5", "h6", "section", "figure"}
_CARRIED = {"h1", "h2", "h3", "h4", "h5", "h6", "dt"}  # moves with the figure (break-after: avoid)


@dataclass(frozen=True)
class Span:
    """Where an element's boxes are on one page (CSS px from the page's top, margins included)."""

    page: int
    top: float
    bottom: float


@dataclass
class Layout:
    """The boxes of a laid-out document that the mending needs: each page's text block and
    lowest content, and every element's extent on every page."""

    tops: list[float]
    heights: list[float]
    lowest: list[float]
    truncated: list[float]  # the top margin a page's first block lost at the page's top (it has it elsewhere)
    spans: dict[Element, list[Span]]
    leaves: list[list[Element]]  # per page, the elements of its text and images in order

    def fill(self, page: int) -> float:
        return (self.lowest[page] - self.tops[page]) / self.heights[page]

    def free(self, page: int) -> float:
        return self.tops[page] + self.heights[page] - self.lowest[page]

    def height(self, elements: list[Element]) -> float:
        """The height the elements take, summed over the pages they are on."""
        total = 0.0
        spans = [span for element in elements for span in self.spans.get(element, [])]
        for page in {span.page for span in spans}:
            on_page = [span for span in spans if span.page == page]
            total += max(span.bottom for span in on_page) - min(span.top for span in on_page)
        return total

    def top(self, element: Element, page: int) -> float | None:
        tops = [span.top for span in self.spans.get(element, []) if span.page == page]
        return min(tops) if tops else None


def read_layout(document: Any) -> Layout:
    from weasyprint.formatting_structure import boxes

    layout = Layout([], [], [], [], {}, [])
    for number, page in enumerate(document.pages):
        page_box = page._page_box
        top = page_box.content_box_y()
        layout.tops.append(top)
        layout.heights.append(page_box.height)
        lowest, leaves, truncated = top, [], 0.0
        for box in page_box.children[0].descendants():  # the root box; the others are margin boxes
            element = getattr(box, "element", None)
            if element is None or not isinstance(box.element_tag, str) or "::" in box.element_tag:
                continue
            span = Span(number, box.position_y, box.position_y + box.margin_height())
            if box.position_y <= top and box.margin_top == 0:
                truncated = max(truncated, _px(box.style["margin_top"]))
            layout.spans.setdefault(element, []).append(span)
            if isinstance(box, (boxes.TextBox, boxes.ReplacedBox)):
                lowest = max(lowest, box.position_y + box.margin_height())
                if not leaves or leaves[-1] is not element:
                    leaves.append(element)
        layout.lowest.append(lowest)
        layout.truncated.append(truncated)
        layout.leaves.append(leaves)
    return layout


def _px(length: Any) -> float:
    return float(length.value) if getattr(length, "unit", None) == "px" else 0.0


class Tree:
    """The document's elements with their parents (ElementTree keeps none)."""

    def __init__(self, root: Element) -> None:
        self.parents = {child: parent for parent in root.iter() for child in parent}

    def ancestors(self, element: Element) -> Iterator[Element]:
        while element in self.parents:
            element = self.parents[element]
            yield element

    def lineage(self, element: Element) -> list[Element]:
        return [element, *self.ancestors(element)]


def _pushed_figure(layout: Layout, tree: Tree, page: int) -> Element | None:
    """The figure the page begins with, after nothing but the headings and item names it carried along."""
    for leaf in layout.leaves[page]:
        lineage = tree.lineage(leaf)
        figure = next((element for element in lineage if element.tag == "figure"), None)
        if figure is not None:
            return figure
        if not any(element.tag in _CARRIED for element in lineage):
            return None
    return None


def _unit(figure: Element, tree: Tree) -> tuple[Element, list[Element]]:
    """The container the figure moves in and the elements that move as the figure: itself, or
    the item (name and value) of an entry whose value it is."""
    parent = tree.parents[figure]
    if parent.tag == "dd" and len(parent) == 1:
        dl = tree.parents[parent]
        index = list(dl).index(parent)
        name = dl[index - 1] if index and dl[index - 1].tag == "dt" else None
        return dl, [name, parent] if name is not None else [parent]
    return parent, [figure]


def _items(dl: Element, start: int = 0) -> list[list[Element]]:
    """The items of a list of terms from `start`: each term with its descriptions."""
    items: list[list[Element]] = []
    for child in list(dl)[start:]:
        if child.tag == "dt" or not items:
            items.append([child])
        else:
            items[-1].append(child)
    return items


def _is_heading(element: Element) -> bool:
    return element.tag in _ENDS_A_RUN or "rubric" in (element.get("class") or "").split()


def _following(container: Element, unit: list[Element]) -> list[tuple[Element | None, list[Element]]]:
    """What may move before the figure, in order: (None, siblings) to move whole, or (a list of
    terms, its items) to move item by item."""
    children = list(container)
    after = children[children.index(unit[-1]) + 1:]
    out: list[tuple[Element | None, list[Element]]] = []
    if container.tag == "dl":
        for item in _items(container, children.index(unit[-1]) + 1):
            if any(element.find(".//figure") is not None for element in item):
                break
            out.append((None, item))
        return out
    for sibling in after:
        if _is_heading(sibling) or sibling.find(".//figure") is not None:
            break
        if sibling.tag == "dl":
            out.extend((sibling, item) for item in _items(sibling))
        else:
            out.append((None, [sibling]))
    return out


@dataclass(frozen=True)
class Move:
    """What a mend did, and where: the element the moved blocks now follow, or their container
    when they are its first children."""

    message: str
    changed_from: Element
    changed: list[Element]  # every element whose place or style the move may change, as they were laid out


def _text_after(layout: Layout, tree: Tree, page: int, figure: Element) -> Move | None:
    container, unit = _unit(figure, tree)
    tops = [top for element in unit if (top := layout.top(element, page + 1)) is not None]
    if not tops:
        return None
    unit_top = min(tops)
    carried = unit_top - layout.tops[page + 1] + layout.truncated[page + 1]  # the headings that move with it
    room = layout.free(page) - carried - _SLACK
    chosen: list[tuple[Element | None, list[Element]]] = []
    for source, elements in _following(container, unit):
        height = layout.height(elements)
        if height > room:
            break
        room -= height
        chosen.append((source, elements))
    if not chosen:
        return None
    children = list(container)
    at = children.index(unit[0])
    changed_from = container[at - 1] if at else container
    last = max(children.index(element if source is None else source) for source, elements in chosen for element in elements)
    _move_before(container, unit[0], chosen)
    # From the block before the figure to the one after the last that moved (its preceding
    # sibling changes); the whole container when lists were split or joined (its children's
    # indices after the move are no longer those of the last layout).
    changed = children[max(0, at - 1): last + 2] if len(container) == len(children) else [container]
    return Move(_("{count} block(s) after {figure} moved before it").format(count=len(chosen), figure=_name(figure)),
                changed_from, changed)


def _move_before(container: Element, anchor: Element, chosen: list[tuple[Element | None, list[Element]]]) -> None:
    """Move the chosen blocks, in order, before `anchor`. Items of a list of terms go into a copy
    of their list (without its id); the list itself moves when all its items do."""
    moved: list[Element] = []
    copies: dict[Element, Element] = {}  # copy → the list it was made of
    for source, elements in chosen:
        if source is None:
            for element in elements:
                container.remove(element)
            moved.extend(elements)
            continue
        for element in elements:
            source.remove(element)
        if not moved or copies.get(moved[-1]) is not source:
            copy = Element(source.tag, {name: value for name, value in source.attrib.items() if name != "id"})
            copies[copy] = source
            moved.append(copy)
        moved[-1].extend(elements)
    for copy, source in copies.items():
        if len(source) == 0:
            source.extend(list(copy))
            container.remove(source)
            moved[moved.index(copy)] = source
    at = list(container).index(anchor)
    for offset, element in enumerate(moved):
        container.insert(at + offset, element)


def _figure_up(layout: Layout, tree: Tree, page: int, figure: Element) -> Move | None:
    container, unit = _unit(figure, tree)
    if unit != [figure] or not figure.get("id"):
        return None
    children = list(container)
    target = "#" + figure.get("id", "")
    refers = [i for i, child in enumerate(children[: children.index(figure)])
              if any(link.get("href") == target for link in child.iter("a"))]
    if not refers:
        return None
    between = children[refers[-1] + 1: children.index(figure)]
    if not between or any(_is_heading(element) for element in between):
        return None
    if any(span.page != page for element in between for span in layout.spans.get(element, [])):
        return None
    if layout.height([figure]) > layout.free(page) + layout.height(between) - _SLACK:
        return None
    container.remove(figure)
    container.insert(refers[-1] + 1, figure)
    changed = children[refers[-1]: children.index(figure) + 2]  # to the block after the figure's old place
    return Move(_("{figure} moved up after the paragraph that refers to it").format(figure=_name(figure)), children[refers[-1]],
                changed)


def _name(figure: Element) -> str:
    """Fig. 6.6, as its caption numbers it (or its id)."""
    caption = figure.find(".//figcaption")
    words = "".join(caption.itertext()).split() if caption is not None else []
    return " ".join(words[:2]) if len(words) >= 2 else figure.get("id", _("a figure"))


@dataclass(frozen=True)
class Mend:
    message: str  # what was done, for the build's log
    first_changed: int  # the first page whose layout may change: those before it are kept
    last_changed: int  # the last page of the last layout whose content changed (relayout.py: from
    # the page after, a page the new layout begins where the last one did is kept)


def mend_once(document: Any, root: Element) -> Mend | None:
    """Move one figure of the first page that needs it; what was done, or None."""
    layout = read_layout(document)
    tree = Tree(root)
    for page in range(len(layout.tops) - 1):
        if layout.fill(page) >= MIN_FILL:
            continue
        figure = _pushed_figure(layout, tree, page + 1)
        if figure is None:
            continue
        move = _text_after(layout, tree, page, figure) or _figure_up(layout, tree, page, figure)
        if move:
            # Laid out again from the page before the one where the change begins: a heading that
            # went on with the figure (break-after: avoid) may now end that page. When the element
            # is not laid out, the whole part is laid out again.
            pages = [span.page for span in layout.spans.get(move.changed_from, [])]
            first = max(0, min(page, *pages) - 1) if pages else 0
            changed = [span.page for element in move.changed for inner in element.iter()
                       for span in layout.spans.get(inner, [])]
            return Mend(_("page {page}: {move}").format(page=page + 1, move=move.message), first, max(page + 1, *changed))
    return None


def lay_out(source: Any, log: Callable[[str], None] = lambda message: None) -> Any:
    """The document of a weasyprint.HTML laid out with its half-empty pages mended."""
    layouts = Layouts(source)
    document = layouts.render()
    for _attempt in range(MAX_PASSES):
        mend = mend_once(document, source.etree_element)
        if mend is None:
            break
        log(mend.message)
        document = layouts.render(from_page=mend.first_changed, through_page=mend.last_changed)
    return document
