"""toolchain.rulebook.fit on small documents: a figure that leaves a page half empty lets the text
after it flow into the space, or moves up to the paragraph that refers to it; what would cross a
heading stays where it is."""

from __future__ import annotations

import pytest
import weasyprint

from toolchain.rulebook import fit, relayout

_STYLE = """<style>
@page { size: 100mm 100mm; margin: 10mm; }
body { margin: 0; font: 10pt/15pt sans-serif; }
p, h2, dl, dd { margin: 0; }
h2 { font-size: 10pt; break-after: avoid; }
dt { break-after: avoid; }  /* as print.css has it: an item's name stays with its value */
/* An entry's items as print.css lays them out: name and value side by side, one line that never breaks. */
dl.field-list { font-size: 0; }
dl.field-list > dt, dl.field-list > dd { display: inline-block; vertical-align: top; font-size: 10pt; }
dl.field-list > dt { width: 20%; }
dl.field-list > dd { width: 80%; }
figure { margin: 0; break-inside: avoid; }
figure div { background: #888; }
</style>"""


def _figure(height_mm: int = 72) -> str:
    """A figure that never breaks, its caption below it (5.3 mm)."""
    return f'<figure id="fig"><div style="height: {height_mm}mm"></div><figcaption>図 1 配置</figcaption></figure>'


def _lines(count: int) -> str:
    """Paragraphs of one line of 15 pt (5.3 mm) each: 行1, 行2, …"""
    return "".join(f"<p>行{n}</p>" for n in range(1, count + 1))


def _lay_out(body: str) -> tuple[weasyprint.HTML, list[str], list[float]]:
    source = weasyprint.HTML(string=f"<!DOCTYPE html><html><head>{_STYLE}</head><body>{body}</body></html>")
    done: list[str] = []
    document = fit.lay_out(source, done.append)
    layout = fit.read_layout(document)
    return source, done, [layout.fill(page) for page in range(len(document.pages))]


def _order(source: weasyprint.HTML) -> list[str]:
    """The body's blocks in order: their text, the figure as FIG."""
    body = source.etree_element.find("body")
    in_figures = {element for figure in body.iter("figure") for element in figure.iter() if element is not figure}
    return ["FIG" if element.tag == "figure" else "".join(element.itertext())
            for element in body.iter() if element.tag in ("p", "h2", "figure") and element not in in_figures]


def test_the_text_after_a_figure_flows_before_it() -> None:
    source, done, fills = _lay_out(f"<h2>見出し</h2>{_lines(2)}{_figure()}{_lines(6)}<h2>次の節</h2><p>本文</p>")
    assert done == ["page 1: 6 block(s) after 図 1 moved before it"]
    assert fills[0] >= fit.MIN_FILL
    assert _order(source) == ["見出し", "行1", "行2", "行1", "行2", "行3", "行4", "行5", "行6", "FIG", "次の節", "本文"]


def test_a_figure_moves_up_to_the_paragraph_that_refers_to_it() -> None:
    refers = '<p>図を参照 (<a href="#fig">図 1</a>)</p>'
    source, done, fills = _lay_out(f"<h2>章</h2>{refers}{_lines(5)}{_figure(50)}<section><h2>次の節</h2>{_lines(6)}</section>")
    assert done == ["page 1: 図 1 moved up after the paragraph that refers to it"]
    assert fills[0] >= fit.MIN_FILL
    assert _order(source)[:4] == ["章", "図を参照 (図 1)", "FIG", "行1"]


def test_nothing_crosses_a_heading() -> None:
    """The figure is followed by a heading: the text of the next section never moves before it."""
    source, done, fills = _lay_out(f"{_lines(2)}{_figure()}<h2>次の節</h2>{_lines(6)}")
    assert done == []
    assert fills[0] < fit.MIN_FILL
    assert _order(source)[:4] == ["行1", "行2", "FIG", "次の節"]


def _terms(count: int, **attributes: str) -> str:
    """A list of terms: each item a term and its description (two lines, 10.6 mm)."""
    attrs = "".join(f' {name}="{value}"' for name, value in attributes.items())
    return f"<dl{attrs}>" + "".join(f"<dt>項{n}</dt><dd>説明{n}</dd>" for n in range(1, count + 1)) + "</dl>"


def test_the_items_of_a_list_of_terms_move_as_far_as_they_fit() -> None:
    """Six of eight items fit before the figure: they move in a copy of the list, which keeps its id."""
    source, done, fills = _lay_out(f"{_lines(1)}{_figure()}{_terms(8, id='terms', **{'class': 'steps'})}")
    assert done == ["page 1: 6 block(s) after 図 1 moved before it"]
    assert fills[0] >= fit.MIN_FILL
    lists = list(source.etree_element.iter("dl"))
    assert [[dt.text for dt in dl.iter("dt")] for dl in lists] == [[f"項{n}" for n in range(1, 7)], ["項7", "項8"]]
    assert [(dl.get("id"), dl.get("class")) for dl in lists] == [(None, "steps"), ("terms", "steps")]
    body = list(source.etree_element.find("body"))
    assert [element.tag for element in body] == ["p", "dl", "figure", "dl"]


def test_an_entrys_items_come_before_its_figure_item() -> None:
    """A frame's 配置図 is its entry's first item: the items after it may come first, the heading stays with them."""
    entry = (f"<h2>エクストラ</h2><dl class='field-list'><dt>配置図</dt><dd>{_figure(60)}</dd>"
             + "".join(f"<dt>項{n}</dt><dd>説明{n}</dd>" for n in range(1, 4)) + "</dl>")
    source, done, fills = _lay_out(f"{_lines(5)}{entry}")
    assert done == ["page 1: 3 block(s) after 図 1 moved before it"]
    assert fills[0] >= fit.MIN_FILL
    terms = [dt.text for dt in source.etree_element.iter("dt")]
    assert terms == ["項1", "項2", "項3", "配置図"]


_RUNNING_HEADER = "<style>@page { @top-center { content: string(section); font-size: 8pt; } } h2 { string-set: section content(); }</style>"


def test_the_part_is_laid_out_again_from_the_mended_page_as_a_full_layout_would() -> None:
    """The pages before the mended one are kept from the last layout (relayout.py); the document
    is the same as the mended tree laid out from its first page, running headers included."""
    body = f"<h2>一</h2>{_lines(14)}<h2>二</h2>{_lines(14)}<h2>三</h2>{_lines(2)}{_figure()}{_lines(6)}<h2>四</h2>{_lines(20)}"
    source = weasyprint.HTML(string=f"<!DOCTYPE html><html><head>{_STYLE}{_RUNNING_HEADER}</head><body>{body}</body></html>")
    layouts = relayout.Layouts(source)
    first = layouts.render()
    mend = fit.mend_once(first, source.etree_element)
    assert mend is not None
    assert (mend.message, mend.first_changed) == ("page 3: 6 block(s) after 図 1 moved before it", 1)  # from the page before
    again = layouts.render(from_page=mend.first_changed)
    assert again.pages[0]._page_box.children[0].children == first.pages[0]._page_box.children[0].children  # kept
    full = source.render()
    assert len(again.pages) == len(full.pages) == 6
    assert again.write_pdf() == full.write_pdf()


def test_the_pages_after_the_mend_are_kept_where_they_begin_as_before() -> None:
    """The pages after the mended ones that begin where they began in the last layout are kept
    (relayout.py, `through_page`; here from the forced break on): fewer pages are laid out, and
    the document is still the same as the mended tree laid out from its first page."""
    import weasyprint.layout.page as page_module

    body = (f"<h2>一</h2>{_lines(14)}<h2>二</h2>{_lines(14)}<h2>三</h2>{_lines(2)}{_figure()}{_lines(12)}"
            f"<h2 style='break-before: page'>四</h2>{_lines(30)}<h2>五</h2>{_lines(30)}")
    source = weasyprint.HTML(string=f"<!DOCTYPE html><html><head>{_STYLE}{_RUNNING_HEADER}</head><body>{body}</body></html>")
    layouts = relayout.Layouts(source)
    first = layouts.render()
    mend = fit.mend_once(first, source.etree_element)
    assert mend is not None and mend.last_changed < len(first.pages) - 1
    made: list[int] = []
    original = page_module.make_page

    def counting(*args: object, **kwargs: object) -> object:
        made.append(1)
        return original(*args, **kwargs)

    page_module.make_page = counting
    try:
        again = layouts.render(from_page=mend.first_changed, through_page=mend.last_changed)
    finally:
        page_module.make_page = original
    full = source.render()
    assert len(again.pages) == len(full.pages) == len(first.pages)
    assert len(made) < len(again.pages) - mend.first_changed  # not every page from the mended one on
    assert again.write_pdf() == full.write_pdf()


def test_what_was_mended_is_said_in_the_language_of_the_messages(monkeypatch: pytest.MonkeyPatch) -> None:
    """The build's log says it (bp serve, bp build): in Japanese in a Japanese run."""
    from toolchain import i18n

    for name in ("_explicit", "_setting", "_settled", "_catalogue"):
        monkeypatch.setattr(i18n, name, None)
    i18n.choose("ja")
    _source, done, _fills = _lay_out(f"<h2>見出し</h2>{_lines(2)}{_figure()}{_lines(6)}<h2>次の節</h2><p>本文</p>")
    assert done == ["1 ページ: 図 1 の後ろの 6 ブロックをその前へ移しました"]
    refers = '<p>図を参照 (<a href="#fig">図 1</a>)</p>'
    _source, done, _fills = _lay_out(f"<h2>章</h2>{refers}{_lines(5)}{_figure(50)}<section><h2>次の節</h2>{_lines(6)}</section>")
    assert done == ["1 ページ: 図 1 をそれを参照する段落の直後へ移しました"]
