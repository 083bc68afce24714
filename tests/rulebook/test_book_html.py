"""The HTML rulebook: the seed's chapters and sections in order, every definition once, the
figures and tables numbered, links that resolve, no request to another host, a Japanese search."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from urllib.parse import unquote, urlsplit

from . import seed
from .htmltext import nested_paragraphs, numbered_headings, read

# The spans that keep a number with its counter or a paragraph's last letters on one line
# (notation/linebreaks.py) hold text only: the page's text is read without them.
_KEPT = re.compile(r'<span class="nobr">([^<]*)</span>')


def _read(page: Path) -> str:
    return _KEPT.sub(r"\1", page.read_text(encoding="utf-8"))

# The chapter pages, in the order of the toctree.
CHAPTERS = ["preface", "common", "regulation", "format", "frame", "core", "appendix", "history", "faq"]


def test_the_site_has_its_front_page(book) -> None:
    assert (book.html / "index.html").is_file()
    assert (book.html / "genindex.html").is_file()


def test_every_chapter_and_section_of_the_seed_in_order(book) -> None:
    found = [heading for chapter in CHAPTERS for heading in numbered_headings(book.html / f"{chapter}.html")]
    written = [(number, seed.normalize(title)) for number, title in found]
    expected = [(number, seed.normalize(title)) for number, title in seed.HEADINGS]
    additions = [title for _, title in written if title not in {t for _, t in expected}]
    assert set(additions) <= {seed.normalize(t) for t in seed.ADDED_HEADINGS}, f"headings the seed does not have: {additions}"
    kept = [heading for heading in written if heading[1] not in additions]
    assert kept == expected


def test_the_print_page_has_the_same_headings(book) -> None:
    """The PDF's single page numbers its chapters and sections like the HTML pages."""
    html_pages = [heading for chapter in CHAPTERS for heading in numbered_headings(book.html / f"{chapter}.html")]
    assert numbered_headings(book.print_html) == html_pages


def _anchors(definitions) -> set[str]:
    d = definitions
    return {
        *(a.anchor for a in (*d.actions, *d.frame_actions)),
        *(c.anchor for c in d.characters),
        *(f.anchor for f in (*d.fog, *d.frame_fog)),
        *(f.anchor for f in d.frames),
        *(t.anchor for t in d.trumps),
    }


def test_every_definition_is_rendered_exactly_once(book, definitions) -> None:
    ids = [id_ for page in book.html.glob("*.html") for id_ in read(page).ids]
    rendered = [id_ for id_ in ids if re.match(r"^(act|char|fog|frame|trump)-", id_) and not id_.startswith("frame-actions")]
    anchors = _anchors(definitions)
    assert sorted(id_ for id_ in rendered if id_ in anchors) == sorted(anchors)
    assert len([i for i in rendered if i in anchors]) == len(anchors), "a definition is rendered twice"


def test_the_lists_have_their_counts(book, definitions) -> None:
    """37 actions, 6 characters, 3 fog, 5 frames, 11 frame actions, 1 frame fog, 5 trumps."""
    text = _read(book.html / "format.html")
    assert len(re.findall(r'<section class="bp-action" id="act-', text)) == len(definitions.actions) == 37
    assert len(re.findall(r'<section class="bp-character" id="char-', text)) == 6
    assert len(re.findall(r'<section class="bp-fog" id="fog-', text)) == 3
    frames = _read(book.html / "frame.html")
    assert len(re.findall(r'<section class="bp-frame" id="frame-', frames)) == 5
    assert len(re.findall(r'<section class="bp-action" id="act-', frames)) == 11
    assert len(re.findall(r'<section class="bp-trump" id="trump-', frames)) == 5


def test_every_figure_and_table_is_numbered_with_its_caption(book) -> None:
    captions = {seed.normalize(c) for c in read(book.print_html).captions}
    for number, caption in seed.FIGURES.items():
        assert seed.normalize(f"図 {number} {caption}") in captions, f"図 {number} {caption}"
    for number, caption in seed.TABLES.items():
        assert seed.normalize(f"表 {number} {caption}") in captions, f"表 {number} {caption}"


def test_figures_and_tables_are_numbered_in_japanese_in_the_html_and_the_pdf(book) -> None:
    """図 2.1 and 表 2.1, not "Fig. 2.1" and "Table 2.1": in every caption, in the references made to
    them (「(表 2.1)」), and in the PDF, whose text is laid out from the same pages."""
    english = re.compile(r"\b(?:Fig\.|Table|Listing) \d+(?:\.\d+)*")
    for page in sorted(book.html.glob("*.html")):
        text = page.read_text(encoding="utf-8")
        assert not english.findall(text), page.name
    captions = [c for c in read(book.print_html).captions if re.match(r"\S+ \d+\.\d+ ", c)]
    assert len(captions) >= len(seed.FIGURES) + len(seed.TABLES)  # and the toolchain's own (表 8.1)
    assert {c.split()[0] for c in captions} == {"図", "表"}
    common = (book.html / "common.html").read_text(encoding="utf-8")
    assert re.search(r'<span class="std std-numref">表 2\.1</span>', common)  # :numref:`table-rank`
    pdf = "\n".join(book.pages)
    assert not english.findall(pdf)
    assert "図 6.6" in pdf and "表 3.1" in pdf


def test_figures_are_drawn_not_placeholders(book) -> None:
    """Every figure holds an SVG drawn by the toolchain or graphviz, with cards or steps in it."""
    images = [url for page in book.html.glob("*.html") for tag, url in read(page).links if tag in ("img", "object")]
    svgs = [book.html / unquote(url) for url in images if url.endswith(".svg")]
    assert len({svg.name for svg in svgs}) >= len(seed.FIGURES)
    for svg in svgs:
        text = svg.read_text(encoding="utf-8")
        assert text.count("<text") >= 5 and ("<rect" in text or "<polygon" in text), svg.name


def test_chapters_are_numbered_as_the_rulebook_does(book) -> None:
    headings = numbered_headings(book.html / "common.html")
    assert headings[0] == ("第2章", "共通ルール")
    assert ("2.10.4", "アクションの解決") in headings


def _resolves(page: Path, url: str, ids: Callable[[Path], set[str]]) -> bool:
    parts = urlsplit(url)
    target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
    if not target.exists():
        return False
    if parts.fragment and target.suffix == ".html":
        return unquote(parts.fragment) in ids(target)
    return True


def test_internal_links_resolve(book) -> None:
    # Each page is parsed once, for its links and for its ids (thousands of links land on a dozen pages).
    parsed = cache(read)
    ids = cache(lambda target: set(parsed(target).ids))
    broken = []
    for page in sorted(path.resolve() for path in book.html.glob("*.html")):
        for tag, url in parsed(page).links:
            if re.match(r"^[a-z]+:", url) or url.startswith("//"):
                continue  # links to other sites (none is loaded: see below)
            if "/actionlist/" in url:
                continue  # the action lists are another build step's output
            if not _resolves(page, url, ids):
                broken.append(f"{page.name}: {url}")
    assert not broken


def test_the_print_page_links_resolve(book) -> None:
    reader = read(book.print_html)
    ids = set(reader.ids)
    fragments = [url[1:] for _, url in reader.links if url.startswith("#")]
    assert fragments and not [f for f in fragments if unquote(f) not in ids]
    assert len(ids) == len(reader.ids), "ids must be unique on the print page"


def test_no_external_requests(book) -> None:
    """Nothing the pages load comes from another host: no fonts, scripts or styles from a CDN."""
    loaded = re.compile(r"""(?:<(?:script|img|link|iframe|source)[^>]*(?:src|href)=["']|url\(\s*["']?|@import\s+["'])(?:https?:)?//""")
    offenders = [
        f"{path.relative_to(book.html)}: {match.group(0)}"
        for path in book.html.rglob("*")
        if path.suffix in (".html", ".css", ".js")
        for match in loaded.finditer(path.read_text(encoding="utf-8", errors="replace"))
    ]
    assert not offenders


def test_search_index_holds_japanese_words(book) -> None:
    """Sphinx's Japanese splitter indexes the words of the rules (and of the generated lists)."""
    script = _read(book.html / "searchindex.js")
    terms = json.loads(script[script.index("(") + 1 : script.rindex(")")])["terms"]
    for word in ("ライフ", "墓地", "ステージ", "防壁"):
        assert word in terms
    assert "lang=\"ja\"" in _read(book.html / "index.html")


def test_cover_data_comes_from_the_definitions(book, definitions) -> None:
    edition = definitions.rules.edition
    front = _read(book.html / "index.html")
    for key in ("title", "name", "author", "release"):
        assert edition[key] in front


def test_definition_text_is_rendered_not_copied(book, definitions, repo_root: Path) -> None:
    """Descriptions the definitions hold (formats, zones, access levels) reach the book through the
    directives, and no chapter source types them again."""
    prose = "".join(path.read_text(encoding="utf-8") for path in (repo_root / "docs").glob("*.rst"))
    html = "".join(_read(book.html / f"{name}.html") for name in CHAPTERS)
    texts = [f.description for f in definitions.formats]
    texts += [zone.description for zone in definitions.rules.zones if zone.description]
    texts += [level.description for level in definitions.rules.access_levels]
    for text in texts:
        assert text in html, text
        assert text not in prose, text


def test_trumps_show_their_image_unnumbered(book) -> None:
    """5.3.4: each standing-soldier trump prints イメージ (after 能力) as a picture the simulator built,
    without a caption or figure number, as the rulebook does; 裏切札 has none."""
    html = _read(book.html / "frame.html")
    for trump_id, name, label in (("slash", "スラッシュ", "<スラッシュ>"), ("encourage", "激励", "<激励>"),
                                  ("negotiate", "交渉", "<交渉>"), ("switch", "スイッチ", "<スイッチ>")):
        section = re.search(rf'<section class="bp-trump" id="trump-{trump_id}">.*?</section>', html, re.S).group(0)
        items = re.findall(r"<dt[^>]*>([^<]+)<span", section)
        assert items == ["フレーム", "キーカード", "能力", "イメージ", "導入バージョン", "更新バージョン"]
        image = re.search(rf'<img src="(_images/bp-trump-{trump_id}-[0-9a-f]+\.svg)" alt="イメージ-{name}。[^"]*{name}[^"]*"', section)  # what it shows, from its situation
        assert image, trump_id
        assert "caption-number" not in section and "<figcaption" not in section
        svg = (book.html / image.group(1)).read_text(encoding="utf-8")
        texts = [t.replace("&lt;", "<").replace("&gt;", ">") for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg)]
        assert name in texts and texts.count(label) == 1, texts
    hidden = re.search(r'<section class="bp-trump" id="trump-hidden">.*?</section>', html, re.S).group(0)
    assert "イメージ" not in hidden and "<img" not in hidden
    # The figures of chapter 5 stay the rulebook's five layouts.
    assert sorted(set(re.findall(r"図 5\.(\d+)", html))) == ["1", "2", "3", "4", "5"]


def test_readings_are_printed_as_notes_where_the_text_is_silent(book) -> None:
    """The toolchain's readings (definitions/README.md "Readings") are ※ notes (解釈) under the entry they
    concern, and the core flow's under its flowchart (6.4)."""
    characters = _read(book.html / "format.html")
    magician = re.search(r'<section class="bp-character" id="char-magician">.*?</section>', characters, re.S).group(0)
    items = re.findall(r"<dt[^>]*>([^<]+)<span", magician)
    assert items.index("解釈") == items.index("能力") + 1
    assert "※魔力増加は" in magician and "解釈: 魔術士をコントロールしているプレイヤー" in magician
    frames = _read(book.html / "frame.html")
    for anchor in ("frame-pack", "frame-rare-pack", "act-trap-counter"):
        section = re.search(rf'<section class="bp-[a-z-]+" id="{anchor}">.*?</section>', frames, re.S).group(0)
        assert "<dt" in section and "解釈" in section and "理由: " in section, anchor
    # the flowchart's alt text says its words too, and so does the list of them under it (for a phone)
    core = re.sub(r'\salt="[^"]*"|<details class="bp-figure-words">.*?</details>', "", _read(book.html / "core.html"), flags=re.S)
    flow = core.index('id="fig-core-flow"')
    note = core.index("※[4] パス記録のリセットは")
    assert flow < note < core.index("[1] ゲーム開始", flow)
    # The engine's reading (reset when a request goes on the stage and after every resolution), from the data.
    assert "6-10-5・6-10-7" in core[note:core.index("[1] ゲーム開始", flow)]
    example = core.index("合計 +5 の修正が加わります")
    assert example < core.index("※6.4.2 互いに矛盾しない場合は", example) < core.index("互いに矛盾する場合", example)


def test_no_paragraph_inside_a_paragraph(book) -> None:
    """A table cell's paragraph is not wrapped in another (table 8.1's cells once were: <td><p><p>)."""
    pages = [*sorted(book.html.glob("*.html")), book.print_html]
    assert len(pages) > 5
    nested = {page.name: found for page in pages if (found := nested_paragraphs(page.read_text(encoding="utf-8")))}
    assert not nested, nested


def test_the_nested_paragraph_check_fires() -> None:
    assert nested_paragraphs("<table><tr><td><p><p>v8.1</p></p></td></tr></table>") == [(1, 18)]
    assert nested_paragraphs("<p>a</p><div><p>b</p></div>") == []
