"""The pieces on their own: markup to HTML, the selection of a format and frame, the glyph check."""

from __future__ import annotations

import subprocess
import sys

import pytest

from toolchain.actionlist.glyphs import visible_text
from toolchain.actionlist.markup_html import to_html
from toolchain.actionlist.selection import ALL, NONE, SelectionError, select
from toolchain.model.notations import markup_text

from .conftest import ROOT


def test_markup_nests_and_escapes() -> None:
    html = to_html(markup_text("前文 <b>\n1. 一\n   A. <i>甲</i>\n   B. 乙\n2. 二\n- 点 & 線"))
    assert str(html) == (
        "<p>前文 &lt;b&gt;</p>"
        '<ol class="decimal"><li>一<ol class="upper-alpha" type="A"><li>&lt;i&gt;甲&lt;/i&gt;</li><li>乙</li></ol></li><li>二</li></ol>'
        '<ul class="bullet"><li><span class="bullet-mark" aria-hidden="true">・</span>点 &amp; 線</li></ul>'
    )
    assert str(to_html(None)) == ""


def test_selection_by_id_and_name(definitions) -> None:
    assert select(definitions, "プロ", "ストラテジー") == select(definitions, "pro", "strategy")
    assert select(definitions, "pro", "strategy").title() == "プロ + ストラテジー"
    assert select(definitions, "lite").frame_choice == NONE and select(definitions).frame_choice == ALL
    assert [f.id for f in select(definitions, "standard", ALL).frames] == ["pack", "rare-pack"]
    assert select(definitions, None, "エントリー 20").frames[0].id == "entry20"  # the rulebook writes a space


@pytest.mark.parametrize(("format_key", "frame_key", "message"), [
    ("lite", "strategy", "table 3.1"),
    ("novice", None, "no format 'novice'"),
    ("pro", "deck", "no frame 'deck'"),
])
def test_selection_errors(definitions, format_key: str, frame_key: str | None, message: str) -> None:
    with pytest.raises(SelectionError, match=message):
        select(definitions, format_key, frame_key)


def test_visible_text_leaves_out_styles_and_scripts() -> None:
    assert visible_text("<html><head><title>T</title><style>p{}</style></head><body><p>a</p><script>x</script> <p>b</p></body></html>") == "a b"


def test_bp_check_does_not_load_the_pdf_renderer() -> None:
    code = "import sys; from toolchain import cli; print(*(m in sys.modules for m in ('weasyprint', 'jinja2', 'pypdf')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True).stdout
    assert out.split() == ["False", "False", "False"]


def test_red_suits_are_marked_once_and_escaped() -> None:
    from markupsafe import Markup

    from toolchain.actionlist.suits import text_html

    html = text_html("♡ A〜10 と ♢ <K> ♠ ♣")
    assert str(html) == ('<span class="suit-red">♡</span> A〜10 と <span class="suit-red suit-diamond">♢</span> &lt;K&gt; ♠ ♣')
    assert text_html(html) is html  # already rendered: not marked twice
    assert str(text_html(Markup("<b>♡</b>"))) == "<b>♡</b>"
    assert "suit-red" in str(to_html(markup_text("1. ♡ を捨てる")))


def test_leaflet_prints_the_public_address_given(definitions) -> None:
    from toolchain.actionlist.qrcode import public_url
    from toolchain.actionlist.site import list_outputs

    assert public_url("https://example.org/bp", "pro-strategy.html") == "https://example.org/bp/actionlist/html/pro-strategy.html"
    outputs = {o.title: o for o in list_outputs(ROOT, definitions, base_url="https://example.org/bp/")}
    html = outputs["プロ + ストラテジー"].leaflet_html
    assert 'href="https://example.org/bp/actionlist/html/pro-strategy.html"' in html
    assert "<svg" in html.split('class="qr"')[1][:200]  # the QR code, inline
    default = {o.title: o for o in list_outputs(ROOT, definitions)}["すべて"].leaflet_html
    assert definitions.rules.edition["url"] + "actionlist/html/all.html" in default


def test_bp_build_refuses_a_relative_base_url(tmp_path) -> None:
    from .conftest import run_bp

    done = run_bp("build", "--out", str(tmp_path / "site"), "--base-url", "../site/")
    assert done.returncode == 2 and "absolute" in done.stderr
    assert not (tmp_path / "site").exists()


def test_search_folding_drops_voicing_marks_and_script() -> None:
    from toolchain.actionlist.search import fold

    assert fold("ウラキリフダ") == fold("うらぎりふだ") == "うらきりふた"
    assert fold("ﾎﾞｳﾍｷ") == fold("ぼうへき")  # half-width kana with a separate ゛
    assert fold("ポーン") == fold("ホーン") == "ほーん"  # ゜ goes too: one rule for both marks
