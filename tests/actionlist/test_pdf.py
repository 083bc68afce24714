"""The PDF leaflets, read back with poppler: A5 pages, the rulebook's entries in its order, no
entry split across a page turn, the legend, the fonts, the type size, the line breaks, the tags,
nothing printed near the paper's edge; the 2-up sheets."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from . import rulebook
from .conftest import run_bp
from toolchain.imposition import NOTE_BOTTOM, NOTE_SIZE, TWO_UP_NOTE

from tests.pdfcheck import fonts, ink_near_edges, tagged_pdf_problems
from tests.repos import minimal_repository

from .pdftext import MM, Page, flow, pages, reading_order

A5 = (148 * MM, 210 * MM)
A4_LANDSCAPE = (297 * MM, 210 * MM)
# Table 2.2 コストの種類 (rulebook), as the legend prints it.
COSTS = ["B:防壁をドライブする", "L:1点ダメージを受ける", "D:手札を1枚捨てる", "S:キャラクター1体を墓地に移す", "K:キーカードをドライブする"]


def _pdf(site: Path, stem: str, two_up: bool = False) -> Path:
    return site / "pdf" / f"blackpoker-{stem}{'-2up' if two_up else ''}.pdf"


def _plain(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _check_entries(pdf: Path, expected: list[rulebook.Expected], markers: bool) -> None:
    """Every expected entry in order, each within one column or broken once between its items into
    the next column of the same page (never across a page turn: ダウン's 対象 on page 2 and its 効果 on
    page 3, the back of the 2-up sheet), and no other entry."""
    text = flow(pages(pdf))
    leads: list[tuple[int, int]] = []  # (where its section/group headings start, where the entry starts)
    cursor, section, group = 0, None, None
    for entry in expected:
        lead = ""
        if entry.section != section:
            lead += entry.section
        if entry.group and (entry.section != section or entry.group != group):
            lead += entry.group
        head = _plain((entry.marker if markers or entry.marker == "■" else "") + entry.heading)
        at = text.text.find(_plain(lead) + head, cursor)
        assert at >= 0, f"{pdf.name}: {entry.heading} is missing or out of order (after {text.text[max(0, cursor - 30):cursor]})"
        leads.append((at, at + len(_plain(lead))))
        cursor = at + len(_plain(lead) + head)
        section, group = entry.section, entry.group
    end = text.text.find("©", cursor)
    ends = [lead for lead, _ in leads[1:]] + [end if end >= 0 else len(text.text)]
    for entry, (_, start), stop in zip(expected, leads, ends):
        # A long entry may go on in the next column, between two of its items (a label `(効果)` or a note `※`
        # starts the next column), never inside an item nor between its heading and its first item.
        breaks = [i for i in range(start + 1, stop) if text.region[i] != text.region[i - 1]]
        assert len(breaks) <= 1, f"{pdf.name}: {entry.heading} is split across {sorted(set(text.region[start:stop]))} (page, column)"
        for at in breaks:
            assert text.region[at][0] == text.region[at - 1][0], \
                f"{pdf.name}: {entry.heading} goes on from page {text.region[at - 1][0]} to page {text.region[at][0]}"
            assert text.text[at] in "(※", f"{pdf.name}: {entry.heading} is split inside an item: …{text.text[at - 10:at + 10]}…"
            assert not text.text[start:at].endswith(_plain(entry.heading)), f"{pdf.name}: {entry.heading}'s heading is alone"
    frame_entries = sum(1 for e in expected if e.marker == "■")
    legend = 1 if frame_entries else 0
    assert text.text.count("■") == frame_entries + legend, f"{pdf.name}: other frame entries than expected"
    if not markers:
        assert not re.search(r"\[[1-4]\]", text.text)
    else:
        assert len(re.findall(r"\[[1-4]\]", text.text)) == len(rulebook.FORMATS) + len(expected) - frame_entries


def _is(size: tuple[float, float], expected: tuple[float, float]) -> bool:
    return abs(size[0] - expected[0]) < 0.5 and abs(size[1] - expected[1]) < 0.5


@pytest.mark.parametrize("format_name", rulebook.FORMATS)
def test_format_leaflet(site: Path, format_name: str) -> None:
    pdf = _pdf(site, rulebook.FILE_STEMS[format_name])
    doc = pages(pdf)
    assert all(_is((p.width, p.height), A5) for p in doc)
    _check_entries(pdf, rulebook.entries(format_name), markers=False)


def test_all_formats_leaflet(site: Path) -> None:
    pdf = _pdf(site, "all")
    assert all(_is((p.width, p.height), A5) for p in pages(pdf))
    _check_entries(pdf, rulebook.everything(), markers=True)


def test_leaflet_header_legend_and_page_numbers(site: Path) -> None:
    doc = pages(_pdf(site, "all"))
    first = flow(doc[:1]).text
    for text in ("BlackPoker公式ルールアクションリスト", "全フォーマット・全フレーム第8.1版2025/6/x", "(補足)記号の意味",
                 "@:トリガー-スピード-タイミング,$:コスト,★:キーカード", "(補足)コストの意味", "(補足)防壁の置き方",
                 "[1]:ライト以降のフォーマットで使えます。", "[4]:マスター以降のフォーマットで使えます。", "■:該当するフレームで使えます。",
                 *COSTS):
        assert text in first
    total = len(doc)
    for number, page in enumerate(doc, 1):
        bottom = [w[4] for w in page.words if w[1] > page.height - 11 * MM]
        assert " ".join(bottom) == f"{number} / {total}"
    running = reading_order([w for w in doc[1].words if w[3] < 11.5 * MM])  # above the columns, from page 2
    assert "全フォーマット・全フレーム" in "".join(w[4] for w in running) and running[-1][2] > doc[1].width / 2


def test_entry_lines_as_printed(site: Path) -> None:
    text = flow(pages(_pdf(site, "all"))).text
    for printed in ("[1]兵士召喚(召喚)★2〜10@直接-通常-メイン|$BL(効果)キーカードを一般兵として",
                    "[4]R・S・F(速攻魔法)★同じスートのA,10〜Kを5枚@直接-通常-クイック|$BB※このアクションはカウンターアクションの対象にならない。(対象)",
                    "[1]防壁破壊(通常魔法)★♡A〜Kと♢A〜K", "[2]リアニメイト(通常魔法)★♠A〜Kと♡A〜K",
                    "■レアドロー(パック)@直接-即時-クイック(フレーム)・レアパック・ストラテジー・エクストラ(起動条件)",
                    "2.兵士(アタッカー)と防壁(ブロッカー)の場合、次を行う。1.防壁を表にし"):
        assert printed in text


def test_fonts_are_embedded_noto_cjk(site: Path) -> None:
    for pdf in (site / "pdf").glob("blackpoker-*.pdf"):
        used = fonts(pdf)
        assert used, pdf.name
        for font in used:
            assert "Noto-Sans-CJK-JP" in font.name, font
            assert font.embedded and font.subset, font


@pytest.mark.parametrize("stem", [*rulebook.FILE_STEMS.values(), "all"])
def test_two_up(site: Path, stem: str) -> None:
    single, sheets = pages(_pdf(site, stem)), pages(_pdf(site, stem, two_up=True))
    assert len(sheets) == (len(single) + 1) // 2
    assert all(_is((s.width, s.height), A4_LANDSCAPE) for s in sheets)
    for number, sheet in enumerate(sheets):
        # The printing note sits in the gutter at the foot of every side, between the pages' numbers.
        note_top, strip = sheet.height - NOTE_BOTTOM - NOTE_SIZE[1] - 0.5 * MM, (sheet.width - NOTE_SIZE[0]) / 2
        note = [w for w in sheet.words if w[1] > note_top and strip <= w[0] and w[2] <= sheet.width - strip]
        assert "".join(w[4] for w in reading_order(note)) == TWO_UP_NOTE.replace(" ", "")
        sheet = Page(sheet.width, sheet.height, [w for w in sheet.words if w not in note])
        left, right = sheet.text(0, sheet.width / 2), sheet.text(sheet.width / 2)
        assert left == single[2 * number].text()
        assert right == (single[2 * number + 1].text() if 2 * number + 1 < len(single) else "")


def test_regulation_on_demand(tmp_path: Path) -> None:
    out = tmp_path / "pro-strategy.pdf"
    done = run_bp("actionlist", "--format", "pro", "--frame", "strategy", "--pdf", str(out))
    assert done.returncode == 0, done.stderr
    assert all(_is((p.width, p.height), A5) for p in pages(out))
    _check_entries(out, rulebook.entries("プロ", ("ストラテジー",)), markers=False)
    assert "プロ+ストラテジー" in flow(pages(out)[:1]).text
    assert [p.name for p in tmp_path.iterdir()] == ["pro-strategy.pdf"]


@pytest.mark.parametrize(("format_name", "frame_name"), rulebook.illegal_regulations()[:3])
def test_illegal_regulation_is_a_usage_error(tmp_path: Path, format_name: str, frame_name: str) -> None:
    out = tmp_path / "x.pdf"
    done = run_bp("actionlist", "--format", format_name, "--frame", frame_name, "--pdf", str(out))
    assert done.returncode == 2
    assert "table 3.1" in done.stderr and f"{format_name} + {frame_name}" in done.stderr
    assert "Traceback" not in done.stderr
    assert not out.exists()


def test_missing_glyph_fails_and_leaves_the_old_files(tmp_path_factory: pytest.TempPathFactory, tmp_path: Path) -> None:
    # The small repository of tests/fixtures/minimal: a leaflet of a few actions shows the glyph's check as well as the
    # edition's own (each run lays out its leaflets before it reads their fonts).
    repo = minimal_repository(tmp_path_factory.mktemp("repo"))
    actions = repo / "definitions" / "actions" / "1-basic.yaml"
    text = actions.read_text(encoding="utf-8")
    assert "自分のターンを終了し" in text  # エンド: an action of every format's list
    actions.write_text(text.replace("自分のターンを終了し", "自分の\ue000ターンを終了し", 1), encoding="utf-8")
    out = tmp_path / "lite.pdf"
    out.write_bytes(b"previous")
    done = run_bp("actionlist", "--format", "lite", "--pdf", str(out), root=repo)
    assert done.returncode == 1
    assert "U+E000" in done.stderr and "自分の" in done.stderr and "Traceback" not in done.stderr
    assert "lite.pdf: no glyph" in done.stderr and ".tmp" not in done.stderr  # the file asked for, not its temporary one
    assert out.read_bytes() == b"previous"
    assert [p.name for p in tmp_path.iterdir()] == ["lite.pdf"]  # no temporary file left

    tree = tmp_path / "site"
    (tree / "html").mkdir(parents=True)
    (tree / "html" / "all.html").write_text("previous", encoding="utf-8")
    (tree / ".bp-output").write_text('{"tool": "bp", "kind": "actionlist"}', encoding="utf-8")  # as bp actionlist --out left it
    done = run_bp("actionlist", "--out", str(tree), root=repo)
    assert done.returncode == 1 and "U+E000" in done.stderr
    assert [p.relative_to(tmp_path).as_posix() for p in sorted(tmp_path.rglob("*"))] == [
        "lite.pdf", "site", "site/.bp-output", "site/html", "site/html/all.html"
    ]
    assert (tree / "html" / "all.html").read_text(encoding="utf-8") == "previous"


def test_trump_images_are_printed(site: Path) -> None:
    """The leaflet prints the four trumps' イメージ with their captions, and still fits its pages."""
    doc = pages(_pdf(site, "all"))
    text = flow(doc).text
    assert text.count("(イメージ)") == 4
    for trump, label in (("スラッシュ", "<スラッシュ>"), ("激励", "<激励>"), ("交渉", "<交渉>"), ("スイッチ", "<スイッチ>")):
        start = text.index(f"■{trump}(立ち上がる兵)")
        image = text[text.index("(イメージ)", start):]
        assert label in image[:80] and trump in image[:80], image[:80]
    assert "(イメージ)" not in text[text.index("■裏切札(裏切札)"):]


def test_a_leaflet_for_each_regulation_of_table_3_1(site: Path) -> None:
    regulations = rulebook.legal_regulations()
    assert len(regulations) == 10
    for format_name, frame_name in regulations:
        stem = f"{rulebook.FILE_STEMS[format_name]}-{rulebook.FRAME_IDS[frame_name]}"
        _check_entries(_pdf(site, stem), rulebook.entries(format_name, (frame_name,)), markers=False)
        assert _pdf(site, stem, two_up=True).is_file()


def _links(pdf: Path) -> list[str]:
    from pypdf import PdfReader

    return [annotation.get_object()["/A"]["/URI"] for page in PdfReader(pdf).pages for annotation in page.get("/Annots", [])
            if "/URI" in annotation.get_object().get("/A", {})]


def test_printed_links_are_absolute_and_name_the_same_list(site: Path, site_url: str) -> None:
    base = site_url
    faq = base + "rulebook/faq.html"  # the legend's: where the rulings of the entries are
    for pdf in (site / "pdf").glob("blackpoker-*.pdf"):
        links = _links(pdf)
        if pdf.stem.endswith("-2up"):
            continue  # the 2-up draws the pages as forms: their links stay in the leaflet
        assert links, pdf.name
        assert all(link.startswith(("https://", "http://")) for link in links), (pdf.name, links)
        assert all(link.startswith(base + "actionlist/html/") or link == faq for link in links), links
    assert set(_links(_pdf(site, "pro-strategy"))) == {base + "actionlist/html/pro-strategy.html", faq}
    assert set(_links(_pdf(site, "all"))) == {base + "actionlist/html/all.html", faq}
    assert (base + "actionlist/html/pro-strategy.html").replace(" ", "") in flow(pages(_pdf(site, "pro-strategy"))[:1]).text


def test_two_up_has_title_and_bookmarks(site: Path) -> None:
    from pypdf import PdfReader

    leaflet, two_up = PdfReader(_pdf(site, "pro-strategy")), PdfReader(_pdf(site, "pro-strategy", two_up=True))
    assert two_up.metadata.title == f"{leaflet.metadata.title} (A4 2面付け)" and "プロ + ストラテジー" in two_up.metadata.title
    assert two_up.metadata.author == leaflet.metadata.author

    def marks(reader: PdfReader, outline: list) -> list[tuple[str, int]]:
        found = []
        for item in outline:
            if isinstance(item, list):
                found += marks(reader, item)
            else:
                found.append((item.title, reader.get_destination_page_number(item)))
        return found

    single, sheets = marks(leaflet, leaflet.outline), marks(two_up, two_up.outline)
    assert len(single) > 20 and [t for t, _ in sheets] == [t for t, _ in single]
    assert [page // 2 for _, page in single] == [sheet for _, sheet in sheets]  # each on the side its page is on


def test_names_in_inline_lists_do_not_break(site: Path, definitions) -> None:
    """A frame's actions run on one line, but a name is never cut at a line's end (「罠カウン/ター」)."""
    names = {action.name for action in (*definitions.actions, *definitions.frame_actions) if len(action.name) > 2}
    assert "罠カウンター" in names
    for pdf in (site / "pdf").glob("blackpoker-*.pdf"):
        if pdf.stem.endswith("-2up"):
            continue
        for page in pages(pdf):
            words = [w[4] for w in page.words]
            for word, following in zip(words, words[1:]):
                cut = [name for name in names for k in range(1, len(name))
                       if word.endswith(name[:k]) and following.startswith(name[k:]) and name not in word]
                assert not cut, f"{pdf.name}: {cut} broken between lines: {word} / {following}"


def test_text_stays_in_its_column(site: Path) -> None:
    """No word runs over the gutter or off the page: an inline list too long for a line wraps
    (マスター + エクストラ's アクションリスト ran off at 「・オー」, hiding オープン … スイッチ)."""
    margin, gap = 8 * MM, 5 * MM  # leaflet.css: @page margin left/right, column-gap
    for pdf in (site / "pdf").glob("blackpoker-*.pdf"):
        if pdf.stem.endswith("-2up"):
            continue
        for number, page in enumerate(pages(pdf), 1):
            left_end = margin + (page.width - 2 * margin - gap) / 2
            body = [w for w in page.words if 10 * MM < w[1] < page.height - 11 * MM and (number > 1 or w[1] > 25 * MM)]  # not the head
            over = [w[4] for w in body if w[2] > page.width - margin + 1 or (w[0] < left_end + gap - 1 and w[2] > left_end + 1)]
            assert not over, f"{pdf.name} page {number}: {over} out of its column"


def _leaflets(site: Path, two_up: bool = False) -> list[Path]:
    return sorted(pdf for pdf in (site / "pdf").glob("blackpoker-*.pdf") if pdf.stem.endswith("-2up") == two_up)


def test_every_pdf_is_tagged_with_lang_and_title(site: Path) -> None:
    """Leaflets and 2-up sheets alike: tagged (the text in reading order for a screen reader), /Lang ja, a title shown."""
    for pdf in _leaflets(site) + _leaflets(site, two_up=True):
        assert tagged_pdf_problems(pdf) == [], pdf.name


def test_nothing_printed_within_5_mm_of_the_edge(site: Path) -> None:
    """Home printers leave 4-5 mm of the paper unprinted: the header (3.5 mm from the top), the page
    number (3.7 mm) and the 2-up note (2.5 mm) were cut off."""
    for pdf in [*_leaflets(site)[:3], _pdf(site, "all"), *_leaflets(site, two_up=True)[:3], _pdf(site, "all", two_up=True)]:
        assert ink_near_edges(pdf) == [], pdf.name


def test_body_type_is_at_least_7_5_pt(site: Path) -> None:
    """Every character between the page's top and bottom margins (the running header and the page
    number are in them) is 7.5 pt or larger: the body was 7.0 pt, 6.0–6.6 pt in places."""
    from pdfminer.high_level import extract_pages
    from pdfminer.layout import LTChar

    def chars(item: object) -> list[LTChar]:
        if isinstance(item, LTChar):
            return [item]
        return [char for child in getattr(item, "_objs", []) for char in chars(child)]

    for pdf in (_pdf(site, "all"), _pdf(site, "mast-extra")):
        for number, page in enumerate(extract_pages(pdf), 1):
            body = [c for c in chars(page) if 12 * MM < c.y0 and c.y1 < page.height - 12 * MM and c.get_text().strip()]
            assert body, (pdf.name, number)
            small = sorted({(round(c.size, 1), c.get_text()) for c in body if c.size < 7.45})
            assert not small, f"{pdf.name} page {number}: {small[:10]}"


_ALONE = re.compile(r"^[\u3041-\u30ffー][、。，．）」』]*$")


def _lines(page: Page) -> list[list[str]]:
    """The lines of each column, top to bottom (a line: its words left to right)."""
    columns = []
    for column in (0, 1):
        lines: list[list[tuple[float, float, float, float, str]]] = []
        for word in reading_order([w for w in page.words if int(w[0] >= page.width / 2) == column]):
            if lines and abs(lines[-1][0][1] - word[1]) < 2:
                lines[-1].append(word)
            else:
                lines.append([word])
        columns.append(["".join(w[4] for w in line) for line in lines])
    return columns


def test_no_kana_alone_on_a_line(site: Path) -> None:
    """No line holds a single kana (「す。」 under 「…ターンを渡」), and no number is parted from its counter."""
    for pdf in _leaflets(site):
        for number, page in enumerate(pages(pdf), 1):
            for lines in _lines(page):
                alone = [(before, line) for before, line in zip(lines, lines[1:]) if _ALONE.match(line)]
                assert not alone, f"{pdf.name} page {number}: {alone}"
                parted = [(before, line) for before, line in zip(lines, lines[1:])
                          if re.search(r"\d$", before) and re.match(r"[枚点体回人つ]", line)]
                assert not parted, f"{pdf.name} page {number}: {parted}"
