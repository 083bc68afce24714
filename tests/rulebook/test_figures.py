"""Every figure of the built rulebook, looked at in a real headless Chromium (Debian's, driven by
Playwright) and in the A5 PDF: nothing drawn outside its box, no text on another text, no arrow
or flowchart edge through a text, text readable on paper (≥ 7 pt) and on a phone, and a tap
opens the figure enlarged."""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

import pytest

from toolchain.figures.svg import measure

from .geometry import Polygon, overlap, shrink
from .htmltext import read

PAPER_MIN_PT = 7.0
PHONE_MIN_PX = 8.9  # the extension's 9 px, less rounding
TOLERANCE = 0.4  # user units: anti-aliasing, glyph boxes that merely touch

# The drawing's geometry in the SVG's own user units (the viewBox's), read from the browser's
# layout: every shape's box (with half its stroke), every text's em box (advance × font size,
# from the baseline up 0.88 em and down 0.12 em, turned with the text), and the segments of
# every connector (our arrows are <line>s; graphviz's edges are the paths of g.edge, sampled).
_GEOMETRY = """() => {
  const svg = document.documentElement;
  const root = svg.getScreenCTM().inverse();
  const corners = (el, x, y, w, h) => {
    const m = root.multiply(el.getScreenCTM());
    return [[x, y], [x + w, y], [x + w, y + h], [x, y + h]].map(([px, py]) => {
      const p = new DOMPoint(px, py).matrixTransform(m);
      return [p.x, p.y];
    });
  };
  const painted = value => value && value !== 'none' && value !== 'transparent';
  const shapes = [], texts = [], segments = [], covers = [];
  let order = 0;  // paint order
  for (const el of svg.querySelectorAll('rect, circle, ellipse, line, polyline, polygon, path, text')) {
    order += 1;
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    const b = el.getBBox();
    if (el.tagName === 'text') {
      const size = parseFloat(style.fontSize);
      const base = el.y.baseVal.length ? el.y.baseVal[0].value : 0;
      texts.push({text: el.textContent, size, order, corners: corners(el, b.x, base - 0.88 * size, b.width, size)});
      continue;
    }
    if (!painted(style.fill) && !painted(style.stroke)) continue;
    const half = painted(style.stroke) ? parseFloat(style.strokeWidth) / 2 : 0;
    shapes.push({tag: el.tagName, corners: corners(el, b.x - half, b.y - half, b.width + 2 * half, b.height + 2 * half)});
    if (el.tagName === 'rect' && painted(style.fill) && style.fill !== 'rgba(0, 0, 0, 0)' && parseFloat(style.fillOpacity) === 1) {
      covers.push({order, corners: corners(el, b.x, b.y, b.width, b.height)});  // an opaque card or box hides what lies under it
    }
    const m = root.multiply(el.getScreenCTM());
    const at = (x, y) => { const p = new DOMPoint(x, y).matrixTransform(m); return [p.x, p.y]; };
    if (el.tagName === 'line') {
      segments.push({order, points: [at(el.x1.baseVal.value, el.y1.baseVal.value), at(el.x2.baseVal.value, el.y2.baseVal.value)]});
    } else if (painted(style.stroke) && (el.tagName === 'rect' || el.tagName === 'polygon')) {
      // An outline (a card's, a zone's, a box's, a flowchart step's) is a line a text must not touch.
      const points = el.tagName === 'rect'
        ? [[b.x, b.y], [b.x + b.width, b.y], [b.x + b.width, b.y + b.height], [b.x, b.y + b.height]]
        : Array.from(el.points, p => [p.x, p.y]);
      points.forEach((p, i) => { const q = points[(i + 1) % points.length]; segments.push({order, points: [at(...p), at(...q)]}); });
    } else if (el.tagName === 'path' && el.closest('g.edge')) {
      const length = el.getTotalLength(), steps = Math.max(8, Math.ceil(length / 3));
      let last = null;
      for (let i = 0; i <= steps; i++) {
        const p = el.getPointAtLength(length * i / steps), point = at(p.x, p.y);
        if (last) segments.push({order, points: [last, point]});
        last = point;
      }
    }
  }
  const v = svg.viewBox.baseVal;
  return {viewBox: [v.x, v.y, v.width, v.height], shapes, texts, segments, covers};
}"""


@dataclass(frozen=True)
class Figure:
    page: str  # the HTML page that shows it
    svg: Path

    @property
    def name(self) -> str:
        return f"{self.page}: {self.svg.name}"


def _figures(html: Path) -> list[Figure]:
    found: dict[Path, Figure] = {}
    for page in sorted(html.glob("*.html")):
        for tag, url in read(page).links:
            if tag == "img" and url.endswith(".svg"):
                svg = (page.parent / unquote(url)).resolve()
                found.setdefault(svg, Figure(page.name, svg))
    return list(found.values())


@pytest.fixture(scope="session")
def geometry(book, browser) -> dict[str, dict]:
    """Each figure's geometry, read once per session."""
    page = browser.new_page()
    out = {}
    for figure in _figures(book.html):
        page.goto(figure.svg.as_uri())
        out[figure.name] = page.evaluate(_GEOMETRY)
    page.close()
    return out


def _text(item: dict) -> Polygon:
    return shrink([tuple(corner) for corner in item["corners"]], TOLERANCE)


def test_every_figure_is_looked_at(book, geometry) -> None:
    # 1.1, 2.1–2.9, 5.1–5.5, 6.1–6.9 at least; each drawing holds text.
    assert len(geometry) >= 24
    assert all(len(drawing["texts"]) >= 3 for drawing in geometry.values())


def test_no_drawing_exceeds_its_box(geometry) -> None:
    outside = []
    for name, drawing in geometry.items():
        x, y, w, h = drawing["viewBox"]
        for item in drawing["shapes"] + drawing["texts"]:
            xs = [px for px, _ in item["corners"]]
            ys = [py for _, py in item["corners"]]
            if min(xs) < x - TOLERANCE or max(xs) > x + w + TOLERANCE or min(ys) < y - TOLERANCE or max(ys) > y + h + TOLERANCE:
                outside.append(f"{name}: {item.get('tag') or repr(item['text'])} reaches {min(xs):.1f},{min(ys):.1f}–"
                               f"{max(xs):.1f},{max(ys):.1f} outside 0,0–{w:.1f},{h:.1f}")
    assert not outside, "\n".join(outside)


def test_no_text_overlaps_another(geometry) -> None:
    clashes = []
    for name, drawing in geometry.items():
        texts = [item for item in drawing["texts"] if item["text"].strip()]
        boxes = [_text(item) for item in texts]
        for i in range(len(texts)):
            for j in range(i + 1, len(texts)):
                if overlap(boxes[i], boxes[j]):
                    clashes.append(f"{name}: {texts[i]['text']!r} overlaps {texts[j]['text']!r}")
    assert not clashes, "\n".join(clashes)


def _inside(box: Polygon, cover: Polygon) -> bool:
    """Whether every corner of `box` lies in the convex polygon `cover` (corners in order)."""
    corners = list(cover)
    signs = set()
    for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1]):
        for px, py in box:
            cross = (x2 - x1) * (py - y1) - (y2 - y1) * (px - x1)
            if abs(cross) > 1e-6:
                signs.add(cross > 0)
    return len(signs) <= 1


def test_no_line_strikes_through_a_text(geometry) -> None:
    """No arrow, flowchart edge or outline (of a card, a zone, a box, a step) runs through a text,
    unless an opaque card or box painted over the line holds the whole text (a card on a card)."""
    struck = []
    for name, drawing in geometry.items():
        for item in drawing["texts"]:
            box = _text(item)
            for segment in drawing["segments"]:
                if not item["text"].strip() or not overlap(box, segment["points"]):
                    continue
                hidden = any(segment["order"] < cover["order"] < item["order"] and _inside(box, cover["corners"])
                             for cover in drawing["covers"])
                if not hidden:
                    struck.append(f"{name}: a line crosses {item['text']!r}")
    assert not struck, "\n".join(sorted(set(struck)))


def test_a_tap_opens_the_figure_enlarged(book) -> None:
    """Each figure's image is a link to its own SVG file (the browser then zooms it); nothing else is loaded."""
    for page in sorted(book.html.glob("*.html")):
        links = read(page).links
        for index, (tag, url) in enumerate(links):
            if tag == "img" and url.endswith(".svg"):
                assert index and links[index - 1] == ("a", url), f"{page.name}: {url} is not wrapped in a link to itself"


_SHOWN = """els => els.map(e => {
  const figure = e.closest('figure'), words = figure && figure.querySelector('details.bp-figure-words');
  const items = words ? [...words.querySelectorAll('li')] : [];
  return [e.getAttribute('src'), e.getBoundingClientRect().width, (e.closest('a.bp-figure-zoom') || {}).href || '',
          !!words && words.getBoundingClientRect().height > 0, items.length,
          Math.min(...items.map(li => parseFloat(getComputedStyle(li).fontSize))), e.getAttribute('alt')];
})"""


def test_figures_stay_readable_on_a_phone(book, browser) -> None:
    """At 390 px every figure fits the screen (kept wider, 7 of the 9 figures of core.html were cut off);
    one whose smallest text is then below 9 CSS px (7.3–7.6 px on core.html) opens enlarged on a tap (a link
    to its own SVG) and shows its words under it as a list, at a readable size: the sentences of its alt text.
    On a wide screen the drawing is shown alone."""
    from toolchain.figures.alt import sentences

    requests: list[str] = []
    small, overflowing, listed = [], [], 0
    for viewport in ({"width": 390, "height": 844}, {"width": 1280, "height": 900}):
        context = browser.new_context(viewport=viewport, device_scale_factor=1)
        page = context.new_page()
        page.on("request", lambda request: requests.append(request.url))
        for html in sorted({figure.page for figure in _figures(book.html)}):
            page.goto((book.html / html).as_uri())
            for src, width, zoom, words_shown, items, item_px, alt in page.eval_on_selector_all("img.bp-svg", _SHOWN):
                if viewport["width"] > 390:
                    assert not words_shown, f"{html}: {src}'s words are shown beside the drawing on a wide screen"
                    continue
                size = measure((book.html / unquote(src)).read_text(encoding="utf-8"))
                px = size.smallest_text * width / size.width
                if px < PHONE_MIN_PX and not zoom.endswith(src.split("/")[-1]):
                    small.append(f"{html}: {src} draws text at {px:.1f} px and does not open enlarged")
                if px < PHONE_MIN_PX and not (words_shown and items == len(sentences(alt)) > 1 and item_px >= 12):
                    small.append(f"{html}: {src} draws text at {px:.1f} px and shows no readable list of its words")
                listed += px < PHONE_MIN_PX
            if viewport["width"] == 390 and (page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
                                             or any(shown[1] > 390 for shown in page.eval_on_selector_all("img.bp-svg", _SHOWN))):
                overflowing.append(html)
        context.close()
    assert not small, "\n".join(small)
    assert listed >= 7  # core.html's diagrams and flowcharts at least
    assert not overflowing
    assert all(url.startswith("file://") for url in requests)


def _pdf_text_sizes(pdf: Path, pages: list[int]) -> Iterator[tuple[int, str, float]]:
    """(page, character, size in pt as printed) of every character on `pages` (1-based): the
    font size times the scale of the text and transformation matrices, Form XObjects included."""
    from pdfminer.converter import PDFLayoutAnalyzer
    from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
    from pdfminer.pdfpage import PDFPage

    class Sizes(PDFLayoutAnalyzer):
        found: list[tuple[str, float]] = []

        def render_char(self, matrix, font, fontsize, scaling, rise, cid, ncs, graphicstate):  # type: ignore[no-untyped-def]
            a, b, c, d = matrix[:4]
            try:
                text = font.to_unichr(cid)
            except Exception:  # noqa: BLE001 - a glyph without a Unicode mapping still has a size
                text = "?"
            self.found.append((text, fontsize * math.sqrt(abs(a * d - b * c))))
            return super().render_char(matrix, font, fontsize, scaling, rise, cid, ncs, graphicstate)

    resources = PDFResourceManager()
    device = Sizes(resources)
    interpreter = PDFPageInterpreter(resources, device)
    with pdf.open("rb") as stream:
        for number, page in enumerate(PDFPage.get_pages(stream, pagenos={page - 1 for page in pages}), 0):
            device.found = []
            interpreter.process_page(page)
            for text, size in device.found:
                yield sorted(pages)[number], text, size


def test_figure_text_is_at_least_7pt_in_the_pdf(book) -> None:
    """Measured in the PDF itself: every character on a page that shows a figure (whose caption
    reads `図 N.M`) is printed at 7 pt or more, the figures' text included."""
    pages = [number for number, text in enumerate(book.pages, 1) if re.search(r"図 \d+\.\d+", text)]
    assert len(pages) >= 20
    small: dict[tuple[int, float], str] = {}
    for number, char, size in _pdf_text_sizes(book.pdf, pages):
        if size < PAPER_MIN_PT - 0.01 and char.strip():
            small[(number, round(size, 2))] = small.get((number, round(size, 2)), "") + char
    assert not small, "\n".join(f"page {page}: {text[:30]!r} at {size} pt" for (page, size), text in sorted(small.items()))


def test_alt_text_says_what_lies_where(definitions) -> None:
    """The alt text of a table figure is made from its situation: the zones, the cards face up by their
    notation, face-down ones counted, the arrows; a diagram's alt text is its words."""
    from toolchain import figures

    scene = figures.describe("play-scene", definitions)
    assert scene.startswith("プレイ風景。") and "ライフ: 裏向きの山" in scene and "♢8(横向き)" in scene
    assert "手札: ♡4、♠9、♢K、Joker" in scene and "からあなたの場の♠5へ矢印" in scene
    assert "手札: 裏向きのカード5枚" in scene  # the opponent's hand, seen from behind
    frame = figures.describe("frame-entry20", definitions)
    assert "♠5「兵士」" in frame and "裏向きのカード1枚「防壁」" in frame
    core = figures.describe("core-image", definitions)
    assert core.startswith("コアルールのイメージ。枠「プレイヤー A」。")
    assert "「プレイヤー A」から「コアフロー (ルールシステム)」へ矢印「リクエスト」。" in core  # not its labels in file order
    assert "「コアフロー (ルールシステム)」から「プレイヤー B」へ点線の矢印「チャンス」。" in core


def test_every_diagrams_alt_text_says_each_box_and_arrow(definitions, monkeypatch) -> None:
    """A concept diagram's alt text says each box and where each arrow leads (「AからBへ矢印「label」」), as it draws
    them; never the drawing's labels in file order."""
    from toolchain import figures
    from toolchain.figures.alt import sentences
    from toolchain.figures.diagrams import DIAGRAMS
    from toolchain.figures.svg import Svg

    arrows: list[tuple] = []
    drawing = Svg.arrow
    monkeypatch.setattr(Svg, "arrow", lambda svg, *args, **how: (arrows.append(args), drawing(svg, *args, **how)))
    for name, draw in DIAGRAMS.items():
        said = figures.describe(name, definitions)
        arrows.clear()
        title = draw(definitions).title
        assert sentences(said)[0] == title
        assert sum("矢印" in sentence for sentence in sentences(said)) == len(arrows) > 0, name
    assert "「コントローラー」の" not in figures.describe("controller", definitions)
    assert "「リクエスト」(アクション定義、スピード / タイミング、コントローラー)" in figures.describe("controller", definitions)
    assert "枠「仮想的な場所」(ステージ)" in figures.describe("interrupt-model", definitions)


def test_sentences_keep_a_quoted_full_stop() -> None:
    from toolchain.figures.alt import sentences

    assert sentences("図。枠「A。B」。矢印。") == ["図", "枠「A。B」", "矢印"]


def test_a_flowcharts_alt_text_follows_the_flow() -> None:
    """A flowchart's alt text walks its steps in order with where each leads, the decisions' answers named: not
    its labels in the order the drawing lists them (「…[14] ステージに、リクエストが、存在するか?、いいえ…」)."""
    from toolchain.figures.alt import describe_flow
    from toolchain.figures.flowchart import FLOWS

    core = describe_flow(FLOWS["core"])
    assert core.startswith("コアフロー。[1] ゲーム開始、次は [2]。[2] ターンプレイヤーにチャンスを移動、次は [3]。")
    assert "[3] アクションをリクエストするか?、はいなら [4]、いいえなら [11]。" in core
    assert "[6] 誘発チェック(別の図)、リクエスト後なら [7]、" in core
    assert "[9] 勝敗判定、決着なら ゲーム終了、継続なら [6]。" in core
    steps = [int(number) for number in re.findall(r"。\[(\d+)\] ", core)]
    assert steps == sorted(steps) and len(steps) == len([n for n in FLOWS["core"].nodes if n.id.isdigit()])
