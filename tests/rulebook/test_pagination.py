"""The A5 PDF's page breaks: a table's caption opens the page its table begins on, a row is never
split, a header never breaks inside a word, a step of the 2.10 example stays with its figure,
every page is at least half filled but where a chapter ends, no heading is left at the foot of a page."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from PIL import Image
from pypdf import PdfReader

from . import pagefill, seed
from .htmltext import read


class _Tables(HTMLParser):
    """The print page's numbered tables: caption text and header cells."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tables: list[tuple[str, list[str]]] = []
        self._where: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.tables.append(("", []))
        elif tag == "caption":
            self._where = "caption"
        elif tag == "th" and self.tables:
            self.tables[-1][1].append("")
            self._where = "th"

    def handle_endtag(self, tag: str) -> None:
        if tag in ("caption", "th"):
            self._where = None

    def handle_data(self, data: str) -> None:
        if self._where == "caption":
            caption, headers = self.tables[-1]
            self.tables[-1] = (caption + data, headers)
        elif self._where == "th":
            self.tables[-1][1][-1] += data


def _tables(book) -> list[tuple[str, list[str]]]:
    reader = _Tables()
    reader.feed(book.print_html.read_text(encoding="utf-8"))
    return [(" ".join(caption.split()), [h.strip() for h in headers]) for caption, headers in reader.tables if caption.strip()]


def test_every_caption_is_on_the_page_its_table_begins(book) -> None:
    tables = _tables(book)
    assert len(tables) >= 4  # 2.1, 2.2, 3.1, 8.1
    pages = [seed.normalize(page) for page in book.pages]
    for caption, headers in tables:
        where = [number for number, text in enumerate(pages, 1) if seed.normalize(caption) in text]
        assert where, caption
        page = pages[where[-1] - 1]
        after = page[page.index(seed.normalize(caption)):]
        assert all(seed.normalize(header) in after for header in headers if header), (caption, where[-1])


def test_no_header_breaks_inside_a_word(book) -> None:
    """「バージョン」 on one line, never 「バー/ジョン」 (pdftotext puts each line of a cell on its own line)."""
    for caption, headers in _tables(book):
        for header in headers:
            if len(header) > 1:
                lines = [line.strip() for page in book.pages for line in page.splitlines()]
                broken = [i for i in range(len(lines) - 1) if lines[i] and lines[i + 1] and lines[i] + lines[i + 1] == header]
                assert not broken, (caption, header)


def test_the_steps_of_the_example_keep_their_figures(book) -> None:
    """2.10's example: steps 1–3, each on the page of its figure (図 2.x)."""
    steps = ["プレイヤーAがアクションを積む", "プレイヤーBがアクションを積む", "アクションを実行(解決)"]
    for step in steps:
        page = next(text for text in book.pages if step in text)
        after = page[page.index(step):]
        assert re.search(r"図 2\.\d+", after), step


def _part_starts(book) -> list[int]:
    """The pages the outline's top entries open on: the 目次, every chapter, the 索引."""
    reader = PdfReader(book.pdf)
    return sorted(reader.get_destination_page_number(entry) + 1 for entry in reader.outline if not isinstance(entry, list))


def test_every_page_is_at_least_half_filled(book) -> None:
    """Half-empty pages only where a part of the book ends. The exceptions: the cover; the last
    page of the 目次, of every chapter and of the 索引 (the next part opens a right-hand page, or
    the book ends) and the blank page that may follow it before the next part."""
    fills = pagefill.fills(book.pages_rasterised(book.pdf, pagefill.DPI))
    starts = _part_starts(book)
    assert len(starts) == 11, starts  # 目次, 9 chapters (the 8 of the seed and 裁定 (FAQ)), 索引
    exempt = {1}
    for start in [*starts[1:], len(fills) + 1]:
        page = start - 1
        while fills[page - 1] == 0.0:
            exempt.add(page)
            page -= 1
        exempt.add(page)
    short = [(page, f"{fill:.0%}") for page, fill in enumerate(fills, 1) if fill < pagefill.MIN_FILL and page not in exempt]
    assert not short, short
    assert len(exempt) < len(fills) / 5


def test_the_fill_of_a_page_is_its_lowest_ink_in_the_text_block() -> None:
    """The measure, on drawn pages: blank, a line at 40 % of the text block, the folio below it alone."""
    per_mm = pagefill.DPI / 25.4
    size = (round(148 * per_mm), round(210 * pagefill.DPI / 25.4))
    top, height = pagefill.TOP_MM * per_mm, (210 - pagefill.TOP_MM - pagefill.BOTTOM_MM) * per_mm
    blank = Image.new("L", size, 255)
    assert pagefill.fill(blank) == 0.0
    line = blank.copy()
    line.paste(0, (20, round(top + 0.4 * height) - 2, 120, round(top + 0.4 * height)))
    assert abs(pagefill.fill(line) - 0.4) < 0.02
    folio = blank.copy()
    folio.paste(0, (20, size[1] - round(10 * per_mm), 40, size[1] - round(8 * per_mm)))
    assert pagefill.fill(folio) == 0.0


class _ContentsItems(HTMLParser):
    """The text of every item of the print page's contents boxes (4.3.1's 目次 lists every entry's name)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.items: list[str] = []
        self._depth = 0  # of <div>s, inside a contents box
        self._item: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "div" and (self._depth or "bp-contents" in (dict(attrs).get("class") or "")):
            self._depth += 1
        elif tag == "a" and self._depth:
            self._item = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "div" and self._depth:
            self._depth -= 1
        elif tag == "a" and self._item is not None:
            self.items.append("".join(self._item))
            self._item = None

    def handle_data(self, data: str) -> None:
        if self._item is not None:
            self._item.append(data)


def _headings(book) -> set[str]:
    """The print page's headings below the chapters' (h2–h6) and its rubrics (誘発即時解決), spacing
    removed — but for the names that a contents box lists too: a page may end with a box's item."""
    text = book.print_html.read_text(encoding="utf-8")
    rubrics = [re.sub(r"<[^>]+>", "", rubric) for rubric in re.findall(r'<p class="rubric"[^>]*>(.*?)</p>', text, re.S)]
    contents = _ContentsItems()
    contents.feed(text)
    headings = [title for level, title in read(book.print_html).headings if level > 1] + rubrics
    return {seed.normalize(title) for title in headings} - {seed.normalize(item) for item in contents.items}


def _last_lines(page: str) -> list[str]:
    """A page's text without its folio (the page number and the edition line), spacing removed."""
    lines = [seed.normalize(line) for line in page.splitlines()]
    return [line for line in lines if line and not line.isdigit() and "ビルド" not in line]


def orphaned_headings(pages: list[str], headings: set[str]) -> list[tuple[int, str]]:
    """(page, heading) of every page whose text ends with a heading (on one line or two)."""
    found = []
    for number, page in enumerate(pages, 1):
        lines = _last_lines(page)
        ends = {lines[-1], "".join(lines[-2:])} if lines else set()
        found.extend((number, heading) for heading in sorted(ends & headings))
    return found


def test_no_heading_ends_a_page(book) -> None:
    headings = _headings(book)
    assert {"6.4.1誘発チェック", "誘発即時解決"} <= headings
    assert not orphaned_headings(book.pages, headings)


def test_the_orphaned_heading_check_fires() -> None:
    pages = ["本文\n6.4.1 誘発チェック\n\n90\n\nBlackPoker 公式ルール 第8.1版・2026年11月23日 ビルド\n", "本文\n通常:アクション毎\nに処理\n12\n"]
    assert orphaned_headings(pages, {"6.4.1誘発チェック", "通常:アクション毎に処理"}) == [(1, "6.4.1誘発チェック"), (2, "通常:アクション毎に処理")]
    assert orphaned_headings(["6.4.1 誘発チェック\n本文\n"], {"6.4.1誘発チェック"}) == []


TAIL_ITEMS = ("導入バージョン", "更新バージョン")  # an entry's last two items (4.3, 5.3)


def tail_pages(pages: list[str]) -> list[int]:
    """The pages whose text begins, under the running header, with an entry's last items: its tail alone."""
    found = []
    for number, page in enumerate(pages, 1):
        lines = [line for line in page.splitlines() if line.strip()]
        if len(lines) > 1 and lines[1].startswith(TAIL_ITEMS):
            found.append(number)
    return found


def test_no_page_begins_with_an_entrys_tail(book) -> None:
    """An entry's last lines stay with it (7 pages of chapters 4–5 began with 導入/更新バージョン alone)."""
    assert not tail_pages(book.pages)


def test_the_entry_tail_check_fires() -> None:
    pages = ["4.3 フォーマット定義\n導入バージョン:\nv0.2\n更新バージョン:\nv8.0\n", "4.3 フォーマット定義\nアップ (基本)\n導入バージョン:\n"]
    assert tail_pages(pages) == [1]
