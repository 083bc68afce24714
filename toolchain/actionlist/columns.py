"""Multi-column boxes that fill their columns one after the other, laid out once per page, not twice.

WeasyPrint (66) lays every column of a page out twice: a first pass measures whether the content
fits and where columns would balance, then the columns are laid out for real. With `column-fill: auto`
on the last run of columns (nothing spans the columns after it) and no float, footnote or running
element inside the columns, the measure cannot change the outcome: the columns take the page's
whole height whether the content fits or not. The leaflet's two columns are such a box, and the
measuring pass cost about as much as the real one (0.1 s per page).

`lay_columns_out_once()` makes WeasyPrint skip that pass for exactly those boxes: while a multi-column box
is laid out, the measuring calls on its columns (told from the real ones by WeasyPrint's own
arguments: adjoining margins as a list, never None) report that nothing fitted, which sends
WeasyPrint straight to its "overflows: use the whole height" branch, the one whose outcome the
measure would have led to anyway. Any other box (the rulebook's balanced index) and any other
WeasyPrint are laid out as before, so the shortcut is installed for the whole process.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any
from weakref import WeakKeyDictionary

# The versions whose column layout this was read from and tested on: another may measure differently.
SUPPORTED_MAJOR_VERSIONS = ("66",)

_state = threading.local()  # the multi-column boxes being laid out by this thread: innermost last
_install_lock = threading.Lock()
_traces: WeakKeyDictionary[Any, bool] = WeakKeyDictionary()


def _fills_without_measure(box: Any, skip_stack: dict[int, Any] | None) -> bool:
    """Whether the first pass over `box`'s columns cannot change how they are laid out."""
    if box.style["column_fill"] != "auto":
        return False
    skip = next(iter(skip_stack)) if skip_stack else 0
    children = box.children[skip:]
    spans = [child.style["column_span"] == "all" for child in children]
    # Spanning blocks, then one run of columns to the end: a run followed by a spanning block is balanced.
    if any(spanning and not previous for spanning, previous in zip(spans[1:], spans)):
        return False
    return not any(_leaves_traces(child) for child, spanning in zip(children, spans) if not spanning)


def _leaves_traces(child: Any) -> bool:
    """Whether laying `child` out changes WeasyPrint's state beyond the boxes it returns: a float's excluded
    shape, a footnote, a running element. (Positioned boxes, such as the lists' outside markers, go to lists
    that the measuring pass throws away.) Computed once per box of the document."""
    known = _traces.get(child)
    if known is None:
        known = _traces[child] = any(
            box.is_floated() or box.is_footnote() or box.is_running() or getattr(box, "footnote", None) is not None
            for box in child.descendants())
    return known


def _skipping(column_box: Any, adjoining_margins: Any) -> bool:
    boxes: list[bool] = getattr(_state, "skipping", [])
    return bool(boxes) and boxes[-1] and column_box.is_column and adjoining_margins is not None


# WeasyPrint's own functions, kept when the shortcut is installed (the tests lay documents out with them too).
ORIGINAL: dict[str, Callable[..., Any]] = {}


def _columns_laid_out_once(context: Any, box: Any, bottom_space: float, skip_stack: Any, *args: Any) -> Any:
    stack: list[bool] = _state.__dict__.setdefault("skipping", [])
    stack.append(_fills_without_measure(box, skip_stack))
    try:
        return ORIGINAL["columns_layout"](context, box, bottom_space, skip_stack, *args)
    finally:
        stack.pop()


def _block_box_unless_measuring(context: Any, box: Any, bottom_space: float, skip_stack: Any, containing_block: Any,
                                page_is_empty: bool, absolute_boxes: Any, fixed_boxes: Any, adjoining_margins: Any,
                                *args: Any, **kwargs: Any) -> Any:
    if _skipping(box, adjoining_margins):
        return None, None, {"break": "any", "page": None}, [], False, None  # nothing fitted: use the whole height
    return ORIGINAL["block_box_layout"](context, box, bottom_space, skip_stack, containing_block, page_is_empty,
                                        absolute_boxes, fixed_boxes, adjoining_margins, *args, **kwargs)


def supported(version: str) -> bool:
    return version.split(".")[0] in SUPPORTED_MAJOR_VERSIONS


def lay_columns_out_once() -> None:
    """Install the shortcut (once per process) on a supported WeasyPrint; nothing on any other."""
    import weasyprint
    from weasyprint.layout import block

    if not supported(weasyprint.__version__):
        return
    with _install_lock:
        if not ORIGINAL:
            ORIGINAL.update(columns_layout=block.columns_layout, block_box_layout=block.block_box_layout)
            block.columns_layout = _columns_laid_out_once
            block.block_box_layout = _block_box_unless_measuring
