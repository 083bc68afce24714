"""The tag tree (PDF structure) of a PDF assembled from others with pikepdf, and the metadata that
makes a tagged PDF one a screen reader reads: /Lang, the title shown, PDF/UA's identification.

WeasyPrint tags what it lays out (`pdf_tags`): a /StructTreeRoot with one /Document element, a
parent tree keyed by each page's /StructParents (then one key per link annotation), marked content
numbered per page (MCID). Joining parts (the rulebook) and drawing pages onto sheets (the 2-up
leaflets and the booklet) keep it:

- `TagTree.append`: a part's tags after those of the parts before it, its keys moved past theirs;
- `TagTree.append_forms`: the tags of pages drawn as form XObjects onto other pages; their marked
  content is then in the forms' streams, so every MCID becomes a marked-content reference naming
  the sheet and the form (ISO 32000-1, 14.7.4.3), and each form gets its page's parent-tree key.
  The sheets and forms are copies of objects of the pages' PDF, so that the references name them
  there and qpdf's copy of the tree points them at the copies.

What is drawn besides the parts' content (page numbers over the pages, a printing note) is marked
as an artifact (`artifact`): not read aloud, not part of the text.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

LANG = "ja"


@dataclass(frozen=True)
class Placed:
    """A page of one PDF drawn as a form onto a sheet of another: the sheet and the form as objects of
    the page's PDF that the other's were copied from (`sheet`, `drawn`), and the form as copied (`form`)."""

    sheet: Any
    drawn: Any
    form: Any


def artifact(content: bytes) -> bytes:
    """Content drawn for the printed page only (page numbers, a printing note), as an artifact."""
    return b"/Artifact BMC\n" + content + b"\nEMC\n"


def _kids(element: Any) -> list[Any]:
    import pikepdf

    kids = element.get("/K")
    if kids is None:
        return []
    return list(kids) if isinstance(kids, pikepdf.Array) else [kids]


def _documents(source: Any) -> list[Any]:
    """The top elements of a PDF's tag tree (WeasyPrint: one /Document)."""
    root = source.Root.get("/StructTreeRoot")
    return [] if root is None else _kids(root)


def _parent_tree(source: Any) -> list[tuple[int, Any]]:
    """The parent tree's (key, value) pairs: a flat /Nums (WeasyPrint) or a tree of /Kids."""
    root = source.Root.get("/StructTreeRoot")
    pairs: list[tuple[int, Any]] = []

    def walk(node: Any) -> None:
        nums = node.get("/Nums")
        if nums is not None:
            pairs.extend((int(nums[i]), nums[i + 1]) for i in range(0, len(nums), 2))
        for kid in node.get("/Kids", []):
            walk(kid)

    if root is not None and "/ParentTree" in root:
        walk(root.ParentTree)
    return pairs


def _copy(pdf: Any, value: Any) -> Any:
    """`value` of another PDF in `pdf`: its indirect objects copied (once per source, as qpdf keeps
    track), its direct arrays and dictionaries rebuilt around them."""
    import pikepdf

    if not isinstance(value, pikepdf.Object) or value.is_indirect:
        return pdf.copy_foreign(value) if isinstance(value, pikepdf.Object) else value
    if isinstance(value, pikepdf.Array):
        return pikepdf.Array([_copy(pdf, item) for item in value])
    if isinstance(value, pikepdf.Dictionary):
        return pikepdf.Dictionary({key: _copy(pdf, item) for key, item in value.items()})
    return value


def _elements(element: Any) -> Iterator[tuple[Any, list[Any]]]:
    """Every structure element under (and with) `element` with its kids, in reading order (a stack,
    not recursion: the book has thousands, nested deep)."""
    import pikepdf

    stack = [element]
    while stack:
        current = stack.pop()
        kids = _kids(current)
        yield current, kids
        stack.extend(reversed([kid for kid in kids if isinstance(kid, pikepdf.Dictionary) and "/S" in kid]))


def stable_ids(pdf: Any) -> None:
    """WeasyPrint names a table header's element by its box's address in memory (`id()`), which the
    cells' /Headers repeat: the same page would give other bytes in every process, and an incremental
    build would differ from a clean one. The names become H1, H2, ... in reading order."""
    import pikepdf

    root = pdf.Root.get("/StructTreeRoot")
    if root is None:
        return
    names: dict[str, pikepdf.String] = {}
    elements = [element for top in _kids(root) if isinstance(top, pikepdf.Dictionary) for element, _ in _elements(top)]
    for element in elements:
        if "/ID" in element:
            element.ID = names.setdefault(str(element.ID), pikepdf.String(f"H{len(names) + 1}"))
    for element in elements:
        attributes = element.get("/A")
        for owner in (attributes if isinstance(attributes, pikepdf.Array) else [attributes]):
            if isinstance(owner, pikepdf.Dictionary) and "/Headers" in owner:
                owner.Headers = pikepdf.Array([names.get(str(header), header) for header in owner.Headers])


class TagTree:
    """The tag tree of `pdf`, made of the trees of the PDFs its pages come from."""

    def __init__(self, pdf: Any) -> None:
        import pikepdf

        self.pdf = pdf
        self.document = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.StructElem, S=pikepdf.Name.Document,
                                                             K=pikepdf.Array()))
        self.nums: list[Any] = []
        self.next_key = 0

    def _adopt(self, kid: Any) -> None:
        kid.P = self.document
        self.document.K.append(kid)

    def append(self, source: Any, pages: Sequence[Any]) -> None:
        """The tags of `source`, whose pages are `pages` of this PDF (appended already)."""

        offset = self.next_key
        for page in pages:
            if "/StructParents" in page.obj:
                page.obj.StructParents = int(page.obj.StructParents) + offset
            for annotation in page.obj.get("/Annots", []):
                if "/StructParent" in annotation:
                    annotation.StructParent = int(annotation.StructParent) + offset
        for key, value in _parent_tree(source):
            self.nums.extend([key + offset, _copy(self.pdf, value)])
            self.next_key = max(self.next_key, key + offset + 1)
        for document in _documents(source):
            for kid in _kids(document):
                self._adopt(_copy(self.pdf, kid))

    def append_forms(self, source: Any, placed: dict[int, Placed]) -> None:
        """The tags of `source`, whose pages (by 0-based number) are drawn as forms onto this PDF's
        sheets (`placed`). Links are not carried (a form has no annotations)."""
        import pikepdf

        numbers = {page.objgen: number for number, page in enumerate(source.pages)}
        keys = {int(page.obj.StructParents): number for number, page in enumerate(source.pages) if "/StructParents" in page.obj}
        mcr, objr = pikepdf.Name.MCR, "/OBJR"
        # In the source (which is not saved): every marked-content reference names the sheet and the
        # form its page is drawn as, by the source's objects this PDF's were copied from (qpdf copies
        # an object once and maps every later reference to that copy), and nothing names a page of
        # the source, so that copying the tree copies no page and leaves nothing to mend after it.
        for document in _documents(source):
            stack = [document]
            while stack:
                element = stack.pop()
                old_kids = _kids(element)
                owner = element.get("/Pg")
                where = None
                if owner is not None:
                    page = numbers.get(owner.objgen)
                    where = None if page is None else placed.get(page)
                    del element["/Pg"]
                kids = pikepdf.Array()
                nested = []
                for kid in old_kids:
                    if isinstance(kid, int):
                        if where is not None:
                            kids.append(pikepdf.Dictionary(Type=mcr, MCID=int(kid), Pg=where.sheet, Stm=where.drawn))
                        continue
                    if isinstance(kid, pikepdf.Dictionary):
                        kind = kid.get("/Type")
                        if kind == objr:
                            continue
                        if kind == "/MCR":
                            on = placed.get(numbers.get(kid.Pg.objgen, -1)) if "/Pg" in kid else where
                            if on is not None:
                                kids.append(pikepdf.Dictionary(Type=mcr, MCID=int(kid.MCID), Pg=on.sheet, Stm=on.drawn))
                            continue
                        if "/S" in kid:
                            nested.append(kid)
                    kids.append(kid)
                element.K = kids
                stack.extend(reversed(nested))
        offset = self.next_key
        for key, value in _parent_tree(source):
            if key in keys and keys[key] in placed:
                self.nums.extend([key + offset, _copy(self.pdf, value)])
                self.next_key = max(self.next_key, key + offset + 1)
                placed[keys[key]].form.StructParents = key + offset
        for document in _documents(source):
            for kid in _kids(document):
                self._adopt(_copy(self.pdf, kid))

    def finish(self, title: str) -> None:
        """Write the tree, and what a tagged PDF declares: marked, its language, its title shown."""
        import pikepdf

        root = self.pdf.make_indirect(pikepdf.Dictionary(
            Type=pikepdf.Name.StructTreeRoot, K=pikepdf.Array([self.document]),
            ParentTree=self.pdf.make_indirect(pikepdf.Dictionary(Nums=pikepdf.Array(self.nums))),
            ParentTreeNextKey=self.next_key,
        ))
        self.document.P = root
        self.pdf.Root.StructTreeRoot = root
        declare(self.pdf, title)


def declare(pdf: Any, title: str) -> None:
    """A tagged PDF's declarations: marked content, /Lang, the title in the metadata and shown as
    the window's title, and PDF/UA-1 identification in the XMP metadata."""
    import pikepdf

    pdf.Root.MarkInfo = pikepdf.Dictionary(Marked=True)
    pdf.Root.Lang = pikepdf.String(LANG)
    preferences = pdf.Root.get("/ViewerPreferences", pikepdf.Dictionary())
    preferences.DisplayDocTitle = True
    pdf.Root.ViewerPreferences = preferences
    pdf.docinfo["/Title"] = pikepdf.String(title)
    with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
        meta["dc:title"] = title
        meta["pdfuaid:part"] = "1"
        meta["dc:language"] = [LANG]


def save(pdf: Any, target: Path) -> None:
    """Write `pdf` whole, then rename it into place: the same input gives the same bytes, and the
    tag tree's thousands of small objects go into compressed object streams (half the file)."""
    import pikepdf

    tmp = target.with_name(target.name + ".tmp")
    pdf.save(tmp, deterministic_id=True, object_stream_mode=pikepdf.ObjectStreamMode.generate)
    tmp.replace(target)
