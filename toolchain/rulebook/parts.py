"""The rulebook PDF rendered in parts, in parallel, and each part kept until its HTML changes.

WeasyPrint lays out the 100-page book in one process in about 15 s. Every chapter begins on a
right-hand page (print.css: `main > section { break-before: right }`) and the left and right
pages have the same text width, so a chapter's layout does not depend on the pages before it:
only its page numbers do. So the print page (from the `bppdf` builder) is cut into parts —
the front matter (cover and 目次), each chapter, the index — and:

1. every chapter is laid out by itself, without page numbers, on its own process (and laid out
   again where fit.py mends a page a figure left half empty); a part whose HTML (and the files
   it uses) is unchanged is taken from the cache, not laid out again;
2. the page of every anchor is then known, so the 目次 and the index are laid out with their
   page numbers written in (instead of target-counter());
3. the page numbers and the edition line of every page's footer are laid out once as a
   separate "folio" document of empty pages and drawn over the pages;
4. the parts are joined with pikepdf: a blank page after a part of odd length (the next one
   starts on the right, as `break-before: right` makes it in one document), the named
   destinations, the outline and the tags of every part (toolchain/pdf/structure.py: the book is
   tagged for a screen reader; the page numbers drawn over the pages are artifacts), one font
   program per face instead of one per part and face (toolchain/pdf/fonts.py), and the document's
   metadata. For a print shop, the joined pages get 3 mm of bleed and crop marks (toolchain/pdf/marks.py):
   only the front matter is laid out again, with the bleed (the cover's background reaches it); the
   other parts are the A5 book's, their pages grown by the bleed (nothing on them comes within 5 mm
   of the page's edge, tests/rulebook/test_print.py, so nothing of theirs would have reached it).

Links between parts work because each part carries an invisible anchor for every id it
links to in another part, and the joined document's destinations are those of the part
that owns each id. The result has the same pages, text, links and outline as the book laid
out in one piece (tests/rulebook compares them).
"""

from __future__ import annotations

import html
import json
import re
import time
import warnings
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..i18n import _
from ..imposition import place


# Every page number is drawn by the folio document; the parts draw none.
_NO_FOLIOS = """<style>
@page :left { @bottom-left { content: none; } }
@page :right { @bottom-right { content: none; } }
nav.toc a::after { content: leader(". ") attr(data-bp-page); }
.index-pages a.page-ref::after { content: attr(data-bp-page); }
</style>
"""
# For a print shop (`bp build --print-shop`): every page 3 mm larger on each side (the bleed; the
# cover's background reaches it, print.css), the cut page as /TrimBox; the crop marks are drawn
# when the parts are joined (pdf/marks.py).
PRINT_SHOP_CLASS = "bp-print-shop"
BLEED_MM = 3
_PRINT_SHOP = f"<style>\n@page {{ bleed: {BLEED_MM}mm; }}\n</style>\n"
BLEEDING_PARTS = frozenset({"front"})  # laid out with the bleed for a print shop: the cover (print.css, cover-bleed)
_ID = re.compile(r'\bid="([^"]+)"')
_HREF = re.compile(r'href="#([^"]+)"')
_LOCAL = re.compile(r'\b(?:src|href|data)="(?![a-z][a-z0-9+.-]*:|#)([^"]+)"')
_PAGE_LINK = re.compile(r'(<a\b[^>]*\bhref="#([^"]+)")')
PLACEHOLDER = "000"  # the widest page number the 目次 is laid out with before the pages are known


class PartsError(Exception):
    """The print page does not have the structure of the bppdf theme."""


@dataclass(frozen=True)
class Part:
    name: str  # "front", a chapter's docname, "index"
    head: str  # <head>…</head> of the print page
    body: str  # the part's own markup
    owned: frozenset[str]  # the ids defined in it

    def html(self, all_ids: frozenset[str], pages: dict[str, int] | None = None, *, print_shop: bool = False) -> str:
        """The part as a document: invisible anchors for the ids it links to in other parts and,
        for the 目次 and the index, the page of every link written in (or a placeholder)."""
        linked = {html.unescape(target) for target in _HREF.findall(self.body)}
        others = sorted((linked - self.owned) & all_ids)
        anchors = "".join(f'<span id="{html.escape(name)}"></span>' for name in others)
        body = self.body
        if self.name in ("front", "index"):
            def number(match: re.Match[str]) -> str:
                page = (pages or {}).get(html.unescape(match.group(2)))
                return f'{match.group(1)} data-bp-page="{page if page is not None else PLACEHOLDER}"'

            body = _PAGE_LINK.sub(number, body)
        styles = _NO_FOLIOS + (_PRINT_SHOP if print_shop else "")
        root = f'<html lang="ja" class="{PRINT_SHOP_CLASS}">' if print_shop else '<html lang="ja">'
        return (f"<!DOCTYPE html>\n{root}\n{self.head.replace('</head>', styles + '</head>')}\n<body>\n"
                f'<div style="position: absolute; top: 0; left: 0; width: 0; height: 0">{anchors}</div>\n'
                f"{body}\n</body>\n</html>\n")

    def local_files(self) -> list[str]:
        """The files of the print page's folder this part uses (images, the stylesheet)."""
        return sorted({html.unescape(path) for path in _LOCAL.findall(self.head + self.body)})


def split(page: str) -> list[Part]:
    """The print page of the bppdf theme cut into the front matter, the chapters and the index."""
    head = re.search(r"<head>.*?</head>", page, re.S)
    main = re.search(r'(<main class="book">)(.*)(</main>)', page, re.S)
    body_start, body_end = page.find("<body>"), page.rfind("</body>")
    if not head or not main or body_start < 0 or body_end < 0:
        raise PartsError("the print page has no <head>, <body> or <main class=\"book\">: not made by the bp_print theme")
    front = page[body_start + len("<body>"):main.start()]
    index = page[main.end():body_end]
    chapters = [chunk for chunk in re.split(r'(?=<span id="document-)', main.group(2)) if chunk.strip()]
    parts = [("front", front)]
    for chunk in chapters:
        docname = re.match(r'<span id="document-([^"]+)"', chunk)
        if docname is None:
            raise PartsError("the book's text before its first chapter is not part of any chapter")
        parts.append((docname.group(1), f"{main.group(1)}\n{chunk}\n{main.group(3)}"))
    parts.append(("index", index))
    return [Part(name, head.group(0), body, frozenset(html.unescape(i) for i in _ID.findall(body))) for name, body in parts]


# -- rendering (in worker processes) -----------------------------------------------------------


@dataclass(frozen=True)
class PartJob:
    html: str
    base_url: str  # the print page's folder, for its images and stylesheet
    pdf: Path
    tagged: bool = True  # the book's text is tagged (PDF structure); the folios are drawn as artifacts
    written: bool = True  # False: laid out for its pages and anchors only, no PDF (the 目次's first layout)


@dataclass(frozen=True)
class PartResult:
    pages: int
    anchors: dict[str, int]  # id → 0-based page of the part
    mended: tuple[str, ...] = ()  # the half-empty pages fit.py mended, said in the build's log


def render_part(job: PartJob) -> PartResult:
    import weasyprint

    from ..html_parsing import parse_with_cached_patterns
    from ..pdf.fetch import LocalFetcher
    from . import fit

    parse_with_cached_patterns()
    mended: list[str] = []
    fetcher = LocalFetcher.beside(job.base_url)  # the print page's folder: its images and stylesheet, nothing else
    document = fit.lay_out(weasyprint.HTML(string=job.html, base_url=job.base_url, url_fetcher=fetcher), mended.append)
    fetcher.check()
    if job.written:
        tmp = job.pdf.with_name(job.pdf.name + ".tmp")
        document.write_pdf(tmp, pdf_tags=job.tagged)
        tmp.replace(job.pdf)
    anchors: dict[str, int] = {}
    for number, page in enumerate(document.pages):
        for name in page.anchors:
            anchors.setdefault(name, number)
    return PartResult(len(document.pages), anchors, tuple(mended))


# -- the cache of rendered parts -----------------------------------------------------------------


class PartCache:
    """Rendered parts by key (the hash of their HTML, their files and the toolchain), as
    KEY.pdf and KEY.json (pages and anchors) in one folder. `shared`: another book's cache (the
    print shop's reads the A5 book's), read only: a part it holds is taken from there, never
    written or pruned here."""

    def __init__(self, folder: Path, shared: Path | None = None) -> None:
        self.folder = folder
        self.shared = shared
        folder.mkdir(parents=True, exist_ok=True)
        self.used: set[str] = set()

    def _folder(self, key: str) -> Path:
        own = self.folder
        if self.shared is not None and not (own / f"{key}.json").is_file() and all(
                (self.shared / f"{key}.{suffix}").is_file() for suffix in ("json", "pdf")):
            return self.shared
        return own

    def pdf(self, key: str) -> Path:
        return self._folder(key) / f"{key}.pdf"

    def get(self, key: str, *, written: bool = True) -> PartResult | None:
        """The part's result, if its PDF is kept too (or, not `written`, if it was laid out only)."""
        self.used.add(key)
        try:
            data = json.loads((self._folder(key) / f"{key}.json").read_text(encoding="utf-8"))
            if written and not self.pdf(key).is_file():
                return None
            return PartResult(data["pages"], data["anchors"])
        except (OSError, ValueError, KeyError):
            return None

    def put(self, key: str, result: PartResult) -> None:
        tmp = self.folder / f"{key}.json.tmp"
        tmp.write_text(json.dumps({"pages": result.pages, "anchors": result.anchors}), encoding="utf-8")
        tmp.replace(self.folder / f"{key}.json")

    def prune(self) -> None:
        """Forget the parts this build did not use (the cache holds one book, not its history), and
        the half-written files of a build that was killed."""
        for path in self.folder.iterdir():
            if path.name.split(".")[0] not in self.used or path.name.endswith(".tmp"):
                path.unlink(missing_ok=True)


# -- the whole book --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Folio:
    """What the footer of every page says besides its number (the edition and the dates)."""

    line: str


@dataclass(frozen=True)
class BookInfo:
    title: str
    author: str
    subject: str
    date_w3c: str  # CreationDate and ModDate


@dataclass
class PdfReport:
    pages: int
    rendered: list[str]  # the parts laid out by this build
    kept: list[str]  # the parts taken from the cache


def _key(salt: str, text: str, folder: Path, files: Sequence[str]) -> str:
    import hashlib

    digest = hashlib.sha256(salt.encode())
    digest.update(text.encode())
    for name in files:
        path = folder / name
        digest.update(name.encode())
        digest.update(path.read_bytes() if path.is_file() else b"-")
    return digest.hexdigest()


class _Renderer:
    """Submits parts to the executor unless the cache has them."""

    def __init__(self, executor: Executor, cache: PartCache, folder: Path, salt: str, log: Callable[[str], None]) -> None:
        self.executor, self.cache, self.folder, self.salt, self.log = executor, cache, folder, salt, log
        self.rendered: list[str] = []
        self.kept: list[str] = []

    def submit(self, label: str, text: str, files: Sequence[str], *, tagged: bool = True,
               written: bool = True) -> Callable[[], tuple[str, PartResult]]:
        """`written`: False to learn the part's pages only (its PDF is not made)."""
        key = _key(f"{self.salt} tagged={tagged}" + ("" if written else " pages only"), text, self.folder, files)
        cached = self.cache.get(key, written=written)
        if cached is not None:
            self.kept.append(label)
            return lambda: (key, cached)
        self.rendered.append(label)
        job = PartJob(text, self.folder.as_uri() + "/", self.cache.pdf(key), tagged, written)
        started = time.perf_counter()
        future: Future[PartResult] = self.executor.submit(render_part, job)

        def progress(done: Future[PartResult]) -> None:
            if not done.cancelled() and done.exception() is None:
                self.log(_("rulebook PDF: {label} laid out: {pages} pages ({seconds:.1f} s)").format(
                    label=label, pages=done.result().pages, seconds=time.perf_counter() - started))
                for mended in done.result().mended:  # said in the language of the messages by the worker, forked from bp
                    self.log(_("rulebook PDF: {label}, {mended}").format(label=label, mended=mended))

        future.add_done_callback(progress)

        def result() -> tuple[str, PartResult]:
            done = future.result()
            self.cache.put(key, done)
            return key, done

        return result


def _padded(pages: int) -> int:
    """Pages a part takes in the book: the next part begins on a right-hand (odd) page."""
    return pages + pages % 2


def build_pdf(print_page: Path, target: Path, *, executor: Executor, cache: PartCache, salt: str, folio: Folio,
              info: BookInfo, log: Callable[[str], None] = lambda _: None, print_shop: bool = False) -> PdfReport:
    """The A5 PDF of the print page at `print_page`, written to `target`; `print_shop`: with bleed and crop marks
    (only the parts of BLEEDING_PARTS laid out with it: the others are the A5 book's, the same keys)."""
    folder = print_page.parent
    parts = split(print_page.read_text(encoding="utf-8"))
    all_ids = frozenset().union(*(part.owned for part in parts))
    renderer = _Renderer(executor, cache, folder, salt, log)
    chapters = parts[1:-1]
    front, index = parts[0], parts[-1]
    # The 目次's length first (it places the chapters; laid out only, no PDF), then the chapters, longest first: no worker
    # is left with the longest one at the end.
    probe = renderer.submit("front (layout)", front.html(all_ids, print_shop=print_shop and front.name in BLEEDING_PARTS),
                            front.local_files(), written=False)
    texts = {part.name: part.html(all_ids, print_shop=print_shop and part.name in BLEEDING_PARTS) for part in chapters}
    pending = {part.name: renderer.submit(part.name, texts[part.name], part.local_files())
               for part in sorted(chapters, key=lambda part: len(texts[part.name]), reverse=True)}
    results = {name: wait() for name, wait in pending.items()}
    front_pages = probe()[1].pages
    for _attempt in range(3):
        starts, page = {}, 1 + _padded(front_pages)
        for part in chapters:
            starts[part.name] = page
            page += _padded(results[part.name][1].pages)
        starts["index"] = page
        numbers = {
            anchor: starts[part.name] + offset
            for part in chapters
            for anchor, offset in results[part.name][1].anchors.items()
            if anchor in part.owned
        }
        numbers["book-index"] = starts["index"]
        wait_front = renderer.submit("front", front.html(all_ids, numbers, print_shop=print_shop and front.name in BLEEDING_PARTS),
                                     front.local_files())
        wait_index = renderer.submit("index", index.html(all_ids, numbers, print_shop=print_shop and index.name in BLEEDING_PARTS),
                                     index.local_files())
        results["front"], results["index"] = wait_front(), wait_index()
        if results["front"][1].pages == front_pages:
            break
        front_pages = results["front"][1].pages  # the numbers made the 目次 longer: place the chapters again
    ordered = [front, *chapters, index]
    total = sum(_padded(results[part.name][1].pages) for part in ordered[:-1]) + results["index"][1].pages
    folio_pdf = _folio(renderer, folder, total, numbered=_numbered_pages(ordered, results), folio=folio)
    _join(ordered, results, cache, folio_pdf, target, info, print_shop=print_shop)
    cache.prune()
    return PdfReport(total, renderer.rendered, renderer.kept)


def _numbered_pages(parts: list[Part], results: dict[str, tuple[str, PartResult]]) -> list[bool]:
    """Which pages of the book show a page number: not the cover, not the blank pages that
    begin the next part on the right."""
    numbered: list[bool] = []
    for part in parts:
        pages = results[part.name][1].pages
        numbered.extend([True] * pages)
        if part is not parts[-1] and pages % 2:
            numbered.append(False)
    numbered[0] = False  # the cover
    return numbered


def _folio(renderer: _Renderer, folder: Path, total: int, *, numbered: list[bool], folio: Folio) -> Path:
    """A document of empty A5 pages with the book's page numbers and footer line, to draw over its
    pages' trim boxes (a print shop's too: the A5 book's folios)."""
    line = html.escape(folio.line, quote=True)
    pages = "".join(f'<div class="folio{"" if shown else " folio-blank"}" data-line="{line}"></div>' for shown in numbered)
    text = (
        '<!DOCTYPE html>\n<html lang="ja"><head><meta charset="utf-8"><link rel="stylesheet" href="_static/print.css">\n'
        "<style>\n"
        "@page :left { @bottom-right { content: string(folio); font: 7pt 'Noto Sans CJK JP', sans-serif; color: #666; } }\n"
        "@page :right { @bottom-left { content: string(folio); font: 7pt 'Noto Sans CJK JP', sans-serif; color: #666; } }\n"
        "@page :left { @top-left { content: none; } } @page :right { @top-right { content: none; } }\n"
        "@page folio-blank { @bottom-left { content: none; } @bottom-right { content: none; } }\n"
        "div.folio { break-after: page; height: 1px; string-set: folio attr(data-line); }\n"
        "div.folio-blank { page: folio-blank; }\n"
        f"</style></head><body>{pages}</body></html>\n"
    )
    wait = renderer.submit("folios", text, ["_static/print.css"], tagged=False)
    key, result = wait()
    if result.pages != total:
        raise PartsError(f"the folio document has {result.pages} pages, the book {total}")
    return renderer.cache.pdf(key)


def _join(parts: list[Part], results: dict[str, tuple[str, PartResult]], cache: PartCache, folio_pdf: Path,
          target: Path, info: BookInfo, *, print_shop: bool = False) -> None:
    import logging

    logging.getLogger("pikepdf").setLevel(logging.WARNING)  # not its "logger bridge initialized" on the build's output
    import pikepdf

    from ..pdf.fonts import merge_subsets
    from ..pdf.marks import crop_marks
    from ..pdf.structure import TagTree, save, stable_ids

    book = pikepdf.new()
    tags = TagTree(book)
    destinations: dict[str, pikepdf.Array] = {}
    outline: list[pikepdf.OutlineItem] = []
    sources = []
    for part in parts:
        key, result = results[part.name]
        source = pikepdf.open(cache.pdf(key))
        sources.append(source)
        first = len(book.pages)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # pikepdf warns that named destinations are not copied: done below
            book.pages.extend(source.pages)
        tags.append(source, book.pages[first:])
        page_of = {page.objgen: first + number for number, page in enumerate(source.pages)}
        names = source.Root.get("/Names", {}).get("/Dests", {}).get("/Names", [])
        for name, destination in zip(names[::2], names[1::2]):
            if str(name) in part.owned:
                destinations[str(name)] = _moved(book, destination, page_of)
        with source.open_outline() as source_outline:
            outline.extend(_copy_outline(item, book, page_of) for item in source_outline.root)
        if part is not parts[-1] and len(source.pages) % 2:
            last = source.pages[-1].obj
            blank = book.add_blank_page(page_size=(float(last.MediaBox[2]), float(last.MediaBox[3])))
            for box in ("/MediaBox", "/TrimBox", "/BleedBox"):  # the same boxes (a print shop's bleed starts below 0)
                if box in last:
                    blank.obj[box] = pikepdf.Array(list(last[box]))
        if print_shop and part.name not in BLEEDING_PARTS:
            for page in book.pages[first:]:
                _add_bleed(page)
    folios = pikepdf.open(folio_pdf)
    for number, (page, folio_page, numbered) in enumerate(zip(book.pages, folios.pages, _numbered_pages(parts, results)), 1):
        if numbered:  # a name per page: the pages of a part share one resource dictionary
            place(book, page, folio_page, f"/BPFolio{number}", page.trimbox, artifact=True)
    merge_subsets(book)  # each part embeds its own subset of every face: one per face
    if print_shop:
        crop_marks(book)
    book.Root.Names = pikepdf.Dictionary(Dests=pikepdf.Dictionary(Names=pikepdf.Array(
        [item for name in sorted(destinations) for item in (pikepdf.String(name), destinations[name])])))
    with book.open_outline() as book_outline:
        book_outline.root.extend(outline)
    created = _pdf_date(info.date_w3c)
    book.docinfo = book.make_indirect(pikepdf.Dictionary(
        Author=pikepdf.String(info.author), Subject=pikepdf.String(info.subject),
        Creator=pikepdf.String("bp (BlackPoker rules toolchain)"),
        Producer=sources[0].docinfo.get("/Producer", pikepdf.String("WeasyPrint")),
        CreationDate=pikepdf.String(created), ModDate=pikepdf.String(created),
    ))
    tags.finish(info.title)
    stable_ids(book)
    save(book, target)
    for source in sources:
        source.close()
    folios.close()


def _add_bleed(page: Any) -> None:
    """An A5 page as WeasyPrint lays it out with the bleed (`@page { bleed }`): the page, /TrimBox, in
    a media box and /BleedBox BLEED_MM larger on each side, which nothing on the page reaches."""
    import pikepdf

    x0, y0, x1, y1 = (float(value) for value in page.obj.MediaBox)
    bleed = BLEED_MM * 72 / 25.4
    page.obj.TrimBox = pikepdf.Array([x0, y0, x1, y1])
    page.obj.MediaBox = pikepdf.Array([x0 - bleed, y0 - bleed, x1 + bleed, y1 + bleed])
    page.obj.BleedBox = pikepdf.Array(list(page.obj.MediaBox))


def _moved(book: Any, destination: Any, page_of: dict[tuple[int, int], int]) -> Any:
    """A destination [page /XYZ x y zoom] of a part, pointing at the same page of the book."""
    import pikepdf

    items = list(destination)
    return pikepdf.Array([book.pages[page_of[items[0].objgen]].obj, *items[1:]])


def _copy_outline(item: Any, book: Any, page_of: dict[tuple[int, int], int]) -> Any:
    import pikepdf

    destination = item.destination
    copy = pikepdf.OutlineItem(item.title, _moved(book, destination, page_of) if isinstance(destination, pikepdf.Array) else None)
    copy.is_closed = item.is_closed
    copy.children.extend(_copy_outline(child, book, page_of) for child in item.children)
    return copy


def _pdf_date(w3c: str) -> str:
    """2026-11-23T00:00:00Z → D:20261123000000Z (the PDF date format)."""
    digits = re.sub(r"[^0-9]", "", w3c)
    return f"D:{digits[:14]}Z"
