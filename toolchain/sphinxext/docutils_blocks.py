"""docutils building blocks for the rulebook: the text markup as lists, field lists, tables, links."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from docutils import nodes
from sphinx import addnodes

from .. import model as m
from ..notation.markup import Block, ListBlock, Paragraph

YES, NO = "○", "×"
_ENUMTYPES = {"decimal": "arabic", "upper-alpha": "upperalpha"}


def para(*content: str | nodes.Node, classes: Sequence[str] = ()) -> nodes.paragraph:
    node = nodes.paragraph(classes=list(classes))
    node.extend(nodes.Text(part) if isinstance(part, str) else part for part in content)
    return node


def markup(text: m.Text, first_prefix: str = "") -> list[nodes.Element]:
    """The definitions' text markup (definitions/README.md, parsed when they loaded) as paragraphs and nested lists."""
    blocks = [_block(block) for block in text.blocks]
    if first_prefix and blocks and isinstance(blocks[0], nodes.paragraph):
        blocks[0].insert(0, nodes.Text(first_prefix))
    elif first_prefix:
        blocks.insert(0, para(first_prefix))
    return blocks


def _block(block: Block) -> nodes.Element:
    if isinstance(block, Paragraph):
        return para(block.text)
    return _list(block)


def _list(block: ListBlock) -> nodes.Element:
    if block.style == "bullet":
        listing: nodes.Element = nodes.bullet_list(bullet="-", classes=["bp-bullets"])
    else:
        listing = nodes.enumerated_list(enumtype=_ENUMTYPES[block.style], prefix="", suffix=".")
    for item in block.items:
        entry = nodes.list_item()
        entry += para(item.text)
        entry.extend(_block(child) for child in item.children)
        listing += entry
    return listing


def bullets(items: Iterable[str | nodes.Node | Sequence[nodes.Node]]) -> nodes.bullet_list:
    listing = nodes.bullet_list(bullet="-", classes=["bp-bullets"])
    for item in items:
        entry = nodes.list_item()
        entry += para(*item) if isinstance(item, (list, tuple)) else para(item)
        listing += entry
    return listing


def field(name: str, *body: str | nodes.Node, item: str | None = None) -> nodes.field:
    """One item of an entry (`トリガー: 直接`): plain strings become paragraphs. `item` (rules.yaml's
    item id) classes its name and body `bp-item-<id>`, for the print stylesheet."""
    node = nodes.field(classes=[f"bp-item-{item}"] if item else [])
    node += nodes.field_name("", name)
    content = nodes.field_body()
    content.extend(para(part) if isinstance(part, str) else part for part in body)
    node += content
    return node


def field_list(fields: Iterable[nodes.field | None], classes: Sequence[str] = ()) -> nodes.field_list:
    node = nodes.field_list(classes=["bp-fields", *classes])
    node.extend(f for f in fields if f is not None)
    return node


def table(headers: Sequence[str], rows: Sequence[Sequence[str | nodes.Node]], *, title: str | None = None,
          widths: Sequence[int] | None = None, classes: Sequence[str] = ()) -> nodes.table:
    """A table with one header row; a title makes it a numbered table (Table 3.1)."""
    node = nodes.table(classes=["bp-table", *classes])
    if title:
        node += nodes.title("", title)
    group = nodes.tgroup(cols=len(headers))
    node += group
    for width in widths or [1] * len(headers):
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    head += _row(headers)
    group += head
    body = nodes.tbody()
    body.extend(_row(row) for row in rows)
    group += body
    return node


def _row(cells: Sequence[str | nodes.Node | Sequence[nodes.Node]]) -> nodes.row:
    """A row of cells: a block (a paragraph, a list) goes into its cell as it is, anything inline
    is wrapped in a paragraph — a paragraph in a paragraph would be invalid HTML (<p><p>)."""
    row = nodes.row()
    for cell in cells:
        entry = nodes.entry()
        if _is_block(cell):
            entry += cell
        elif isinstance(cell, (list, tuple)) and cell and all(_is_block(part) for part in cell):
            entry.extend(cell)
        elif isinstance(cell, (list, tuple)):
            entry += para(*cell)
        else:
            entry += para(cell)
        row += entry
    return row


def _is_block(node: object) -> bool:
    """A paragraph, a list, a table — not text, nor an inline element (docutils counts a reference as Body too)."""
    return isinstance(node, nodes.Body) and not isinstance(node, nodes.Inline)


def format_table(definitions: m.Definitions, formats: Iterable[str]) -> nodes.table:
    """The ○/× table of the formats an entry is part of (フォーマット:)."""
    present = set(formats)
    return table(
        [f.name for f in definitions.formats],
        [[YES if f.id in present else NO for f in definitions.formats]],
        classes=["bp-formats"],
    )


def ref(label: str, text: str) -> addnodes.pending_xref:
    """A link to a label (`act-end`), resolved (and checked) by Sphinx like :ref:."""
    node = addnodes.pending_xref("", refdomain="std", reftype="ref", reftarget=label, refexplicit=True, refwarn=True)
    node += nodes.inline(text, text)
    return node


def section_number_ref(label: str, text: str | None = None) -> addnodes.pending_xref:
    """A link to a section's label, written with its number and title (`2.10.3 リクエスト`, conf.py's
    numfig_format for sections) or as `text` says (`裁定 {number}`), resolved and checked by Sphinx like :numref:."""
    node = addnodes.pending_xref("", refdomain="std", reftype="numref", reftarget=label, refexplicit=text is not None,
                                 refwarn=True)
    node += nodes.inline(text or label, text or label)
    return node


def join(parts: Sequence[nodes.Node | str], separator: str = ", ") -> list[nodes.Node]:
    out: list[nodes.Node] = []
    for i, part in enumerate(parts):
        if i:
            out.append(nodes.Text(separator))
        out.append(nodes.Text(part) if isinstance(part, str) else part)
    return out
