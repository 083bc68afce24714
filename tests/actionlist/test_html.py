"""The web pages, read back as HTML: every entry where the rulebook puts it, the static page of
each format and of each regulation holding exactly the rulebook's entries, text escaped."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from . import rulebook
from .conftest import run_bp
from .htmlpage import headings, parse


def _read(site: Path, page: str) -> str:
    return (site / "html" / page).read_text(encoding="utf-8")


def test_all_html_has_every_entry_in_rulebook_order(site: Path) -> None:
    page = parse(_read(site, "all.html"))
    expected = rulebook.everything()
    assert [(e.section, e.group, e.heading) for e in page.entries] == [(x.section, x.group, x.heading) for x in expected]
    assert len(page.entries) == 37 + 6 + 3 + 5 + 11 + 1 + 5


def test_all_html_anchors_are_stable(site: Path) -> None:
    anchors = [e.anchor for e in parse(_read(site, "all.html")).entries]
    assert len(anchors) == len(set(anchors))
    for anchor in ("act-end", "act-damage-judgment", "act-pack-open", "char-magician", "fog-force", "frame-strategy", "trump-slash"):
        assert anchor in anchors
    prefixes = {"action": "act-", "frame-action": "act-", "character": "char-", "fog": "fog-", "frame-fog": "fog-", "frame": "frame-", "trump": "trump-"}
    assert all(e.anchor.startswith(prefixes[e.kind]) for e in parse(_read(site, "all.html")).entries)


def test_all_html_markers_are_the_first_format_or_a_square(site: Path) -> None:
    page = parse(_read(site, "all.html"))
    assert [e.parts.get("marker") for e in page.entries] == [x.marker for x in rulebook.everything()]


@pytest.mark.parametrize("format_name", rulebook.FORMATS)
def test_static_page_of_each_format(site: Path, format_name: str) -> None:
    html = _read(site, f"{rulebook.FORMAT_IDS[format_name]}.html")
    assert headings(html) == [x.heading for x in rulebook.entries(format_name)]
    actions = [e for e in parse(html).entries if e.kind == "action"]
    assert len(actions) == rulebook.ACTION_COUNTS[format_name]
    assert "<script" not in html  # needs no JavaScript
    # On screen every list has the [1]–[4] markers (they replace the format table), as all.html has them.
    assert [e.parts.get("marker") for e in parse(html).entries] == [x.marker for x in rulebook.entries(format_name)]


def _regulation_page(format_name: str, frame_name: str) -> str:
    return f"{rulebook.FORMAT_IDS[format_name]}-{rulebook.FRAME_IDS[frame_name]}.html"


@pytest.mark.parametrize(("format_name", "frame_name"), rulebook.legal_regulations())
def test_static_page_of_each_regulation(site: Path, format_name: str, frame_name: str) -> None:
    html = _read(site, _regulation_page(format_name, frame_name))
    assert headings(html) == [x.heading for x in rulebook.entries(format_name, (frame_name,))]


_SITE_LINKS = re.compile(r'\n *<nav class="pages".*?</nav>', re.S)
# What only a site of several editions prints (the editions' bar, each entry's link to it in the others), and the
# day the site was built
_SITE_ONLY = re.compile(r"<!-- bp-editions -->.*?<!-- /bp-editions -->|<!-- bp-edition-entry -->.*?<!-- /bp-edition-entry -->"
                        r"| ・ \d+年\d+月\d+日 ビルド", re.S)


def test_a_regulation_on_demand_is_the_sites_page_without_its_links(site: Path, tmp_path: Path) -> None:
    """`bp actionlist --format … --frame … --html FILE` writes the page the site has for that regulation
    (one run stands for the ten: the site's pages are checked above), less the links to the site's other lists
    and what only a site prints."""
    format_name, frame_name = rulebook.legal_regulations()[-1]
    out = tmp_path / "list.html"
    done = run_bp("actionlist", "--format", format_name, "--frame", frame_name, "--html", str(out))
    assert done.returncode == 0, done.stderr
    written = out.read_text(encoding="utf-8")
    assert headings(written) == [x.heading for x in rulebook.entries(format_name, (frame_name,))]
    page = _read(site, _regulation_page(format_name, frame_name))
    assert _SITE_LINKS.search(page) and _SITE_LINKS.sub("", _SITE_ONLY.sub("", page), count=1) == written


def test_entry_shows_the_printed_fields(site: Path) -> None:
    html = _read(site, "all.html")
    article = re.search(r'<article[^>]*id="act-royal-straight-flush".*?</article>', html, re.S).group(0)
    page = parse(article).entries[0]
    assert page.parts["tst"] == "@直接-通常-クイック"
    assert page.parts["cost"] == "$ BB"
    assert page.parts["keycards"] == "★ 同じスートの A,10〜K を 5 枚"
    words = re.sub(r'<span class="nobr">(.*?)</span>', r"\1", article)  # without the spans that keep letters together
    assert "※ このアクションはカウンターアクションの対象にならない。" in words
    assert "(対象)" not in article and ">対象<" in article  # labels get their parentheses from CSS
    assert "プレイヤー1人を対象とする。" in words
    # [4] says what the format table would (マスター only): the marker alone, no ○/× table.
    assert page.parts["marker"] == "[4]" and "format-table" not in article and "○" not in article
    frame = re.search(r'<article[^>]*id="frame-entry20".*?</article>', html, re.S).group(0)
    assert "<th scope=\"col\">ライト</th>" in frame  # a frame's ■ says nothing of formats: its table stays


def test_effect_keeps_its_numbered_and_lettered_structure(site: Path) -> None:
    html = _read(site, "all.html")
    article = re.search(r'<article[^>]*id="act-damage-judgment".*?</article>', html, re.S).group(0)
    # 1. … 2. (1. (A. B.) 2.) 3.: three levels of lists, as in the rulebook.
    assert re.search(r'<ol class="decimal">.*<ol class="decimal">.*<ol class="upper-alpha" type="A">', article, re.S)
    assert article.count("<li>") == 3 + 2 + 2


def test_details_are_folded_away(site: Path) -> None:
    html = _read(site, "all.html")
    article = re.search(r'<article[^>]*id="act-bulwark-placement".*?</article>', html, re.S).group(0)
    details = re.search(r"<details.*?</details>", article, re.S).group(0)
    text_of_details = re.sub(r"<(?!/?details|summary)[^>]+>", "", details)  # its words, without the spans that keep some together
    for text in ("ストーリー", "どの国もいきなり攻撃はしません", "「まずは、防壁を出す。話はそれからだ。」", "〜 再現の師より 〜", "導入バージョン", "v0.1", "更新バージョン", "v8.0"):
        assert text in text_of_details
    assert " open" not in details.split(">")[0]


def test_frame_entries_list_their_frames(site: Path) -> None:
    html = _read(site, "all.html")
    article = re.search(r'<article[^>]*id="act-rare-draw".*?</article>', html, re.S).group(0)
    frames = re.search(r'<ul class="bullet frames">(.*?)</ul>', article, re.S).group(1)
    assert re.findall(r"・</span>([^<]+)</li>", frames) == ["レアパック", "ストラテジー", "エクストラ"]


def test_filter_data_comes_from_table_3_1(site: Path) -> None:
    html = _read(site, "all.html")
    data = json.loads(re.search(r'<script type="application/json" id="bp-data">(.*?)</script>', html, re.S).group(1))
    names = {f["id"]: f["name"] for f in data["frames"]}
    formats = {f["id"]: f["name"] for f in data["formats"]}
    assert {names[frame]: tuple(formats[f] for f in fmts) for frame, fmts in data["regulations"].items()} == rulebook.REGULATIONS


def test_pages_fetch_nothing_from_elsewhere(site: Path) -> None:
    for page in (site / "html").glob("*.html"):
        elements = parse(page.read_text(encoding="utf-8")).elements
        for tag, attributes in elements:
            for name in ("src", "href"):
                value = attributes.get(name, "")
                assert not re.match(r"^(https?:)?//", value), f"{page.name}: <{tag} {name}={value}>"
            assert tag != "link" or attributes.get("rel") != "stylesheet"


def test_definition_text_cannot_inject_markup(repo_copy: Path, tmp_path: Path) -> None:
    actions = repo_copy / "definitions" / "actions" / "1-basic.yaml"
    text = actions.read_text(encoding="utf-8")
    text = text.replace("name: エンド", "name: 'エンド<script>alert(1)</script>'", 1)
    text = text.replace("    1. 手札が7枚を越えた場合", '    1. <img src=x onerror="alert(2)"> & 手札が7枚を越えた場合', 1)
    actions.write_text(text, encoding="utf-8")
    out = tmp_path / "list.html"
    done = run_bp("actionlist", "--format", "lite", "--html", str(out), root=repo_copy)
    assert done.returncode == 0, done.stderr
    html = out.read_text(encoding="utf-8")
    assert "<script" not in html and "<img" not in html
    assert "エンド&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "&lt;img src=x onerror=&#34;alert(2)&#34;&gt; &amp; 手札" in html
    assert parse(html).entries[0].name == "エンド<script>alert(1)</script>"


def test_the_site_holds_every_action_list(site: Path) -> None:
    """The action lists of the site (the session's `site`, as `bp build` writes them; tests/build checks
    `bp build` links them): a page, a leaflet and its 2-up per format, for everything and for each
    regulation of table 3.1."""
    regulations = [(rulebook.FORMAT_IDS[f], rulebook.FILE_STEMS[f], rulebook.FRAME_IDS[fr]) for f, fr in rulebook.legal_regulations()]
    assert len(regulations) == 10  # table 3.1
    pages = ["all.html", "lite.html", "master.html", "pro.html", "standard.html", *(f"{f}-{fr}.html" for f, _, fr in regulations)]
    assert sorted(p.name for p in (site / "html").iterdir()) == sorted(pages)
    stems = [rulebook.FILE_STEMS[f] for f in rulebook.FORMATS] + ["all"] + [f"{stem}-{fr}" for _, stem, fr in regulations]
    expected = sorted([f"blackpoker-{s}.pdf" for s in stems] + [f"blackpoker-{s}-2up.pdf" for s in stems])
    assert sorted(p.name for p in (site / "pdf").iterdir()) == expected



# The four standing-soldier trumps, their cards, their labels, and the soldiers of their images.
TRUMP_IMAGES = {"slash": ("スラッシュ", "♠2", "<スラッシュ>"), "encourage": ("激励", "♡3", "<激励>"),
                "negotiate": ("交渉", "♢3", "<交渉>"), "switch": ("スイッチ", "♣4", "<スイッチ>")}


def _svg_texts(svg: str) -> list[str]:
    return [text.replace("&lt;", "<").replace("&gt;", ">") for text in re.findall(r"<text[^>]*>([^<]*)</text>", svg)]


def test_trumps_show_their_image(site: Path) -> None:
    """5.3.4 イメージ: the trump face up in the trump zone, named; the soldier of its suit marked with
    the label the simulator gives it; the soldier of another suit not marked."""
    html = _read(site, "all.html")
    for trump_id, (name, card, label) in TRUMP_IMAGES.items():
        article = re.search(rf'<article[^>]*id="trump-{trump_id}".*?</article>', html, re.S).group(0)
        field = re.search(r'<div class="field field-image"><span class="label">イメージ</span>(.*?)</div></div>',
                          article, re.S)
        assert field, trump_id
        svg = re.search(r"<svg .*?</svg>", field.group(1), re.S).group(0)
        assert f"<title>イメージ-{name}</title>" in svg
        texts = _svg_texts(svg)
        assert "切札" in texts and "場" in texts and name in texts
        assert texts.count(label) == 1, texts  # one soldier of the suit has it, the other does not
        assert card[1:] in texts  # the trump's rank on its face: it lies face up
        assert article.index("field-ability") < article.index("field-image")
    hidden = re.search(r'<article[^>]*id="trump-hidden".*?</article>', html, re.S).group(0)
    assert "field-image" not in hidden and "<svg" not in hidden
    assert "field-image" not in _read(site, "lite.html")  # no frame, no trumps


def _marked(html: str) -> list[str]:
    return re.findall(r'<article[^>]*id="([^"]+)"(?:(?!</article>).)*class="changed"', html, re.S)


def test_changed_in_this_edition_is_marked(repo_copy: Path, site: Path) -> None:
    """The 「変更」 mark comes from `updated` having rules.yaml's edition.id (v8.1), nothing else."""
    from toolchain.actionlist.site import list_outputs
    from toolchain.model.loader import load_definitions

    today = _marked(_read(site, "all.html"))
    assert {"act-attack", "act-block"} <= set(today) and "act-end" not in today  # updated: [v8.0, v8.1] / [v8.0]
    assert "第8.1版で変更されたもの" in _read(site, "all.html")  # the legend says what the mark means
    actions = repo_copy / "definitions" / "actions" / "1-basic.yaml"
    text = actions.read_text(encoding="utf-8")
    assert text.index("id: end") < text.index("updated: [v8.0]") < text.index("id: charge")
    actions.write_text(text.replace("updated: [v8.0]", "updated: [v8.0, v8.1]", 1), encoding="utf-8")
    outputs = {o.title: o for o in list_outputs(repo_copy, load_definitions(repo_copy).definitions)}
    assert _marked(outputs["すべて"].page_html) == ["act-end", *today]
    assert _marked(outputs["ライト"].leaflet_html)[0] == "act-end"


def test_names_with_kanji_carry_their_reading_as_ruby_on_screen_only(site: Path) -> None:
    """The reading of each kanji run over it (死の槍: し over 死, やり over 槍), from the definition's kana:; the
    name's text stays the name (the reading is drawn from data-kana), and a name in kana has none."""
    html = _read(site, "all.html")
    name = re.search(r'id="act-death-spear".*?<span class="name nobr">(.*?)</span>', html, re.S)
    assert name and name[1] == '<ruby>死<rt data-kana="し"></rt></ruby>の<ruby>槍<rt data-kana="やり"></rt></ruby>'
    name = re.search(r'id="act-trap-counter".*?<span class="name nobr">(.*?)</span>', html, re.S)
    assert name and name[1] == '<ruby>罠<rt data-kana="わな"></rt></ruby>カウンター'
    assert re.search(r'id="act-up".*?<span class="name nobr">アップ</span>', html, re.S)
    page = parse(html)
    assert {e.name for e in page.entries} >= {"死の槍", "罠カウンター", "防壁破壊"}
    assert html.count("<ruby>") == 36  # one a kanji run: 34 names with kanji, 死の槍 and 剣の雨 two each
