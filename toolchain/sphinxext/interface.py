"""The HTML rulebook's interface in Japanese.

Sphinx translates its own words (language = "ja"), but Furo writes most of its interface in
English, some of it as literal text in its templates that no message catalog reaches ("Skip to
content", the theme toggle, the icons' titles). After each HTML build, those words are replaced in
the written pages, as text between tags or as the value of an attribute only, never inside the
rulebook's own text. The credit line "Made with Sphinx and @pradyunsg's Furo" becomes a Japanese one.
The same pass gives the sidebar's heading its level (a11y.py).
"""

from __future__ import annotations

import re
from pathlib import Path

from sphinx.application import Sphinx

from .a11y import with_heading_levels

JAPANESE: dict[str, str] = {
    "Skip to content": "本文へ移動",
    "Toggle site navigation sidebar": "目次の表示を切り替え",
    "Toggle table of contents sidebar": "このページの見出しの表示を切り替え",
    "Toggle Light / Dark / Auto color theme": "ライト・ダーク・自動の表示を切り替え",
    "Back to top": "ページの先頭へ",
    "Next": "次へ",
    "Previous": "前へ",
    "Home": "ホーム",
    "On this page": "このページの内容",
    "Menu": "メニュー",
    "Contents": "目次",
    "Expand": "展開",
    "Light mode": "ライトモード",
    "Dark mode": "ダークモード",
    "Auto light/dark, in light mode": "自動(ライト)",
    "Auto light/dark, in dark mode": "自動(ダーク)",
    "Link to this heading": "この見出しへのリンク",
    "Link to this image": "この図へのリンク",
    "Link to this table": "この表へのリンク",
    "Link to this definition": "この定義へのリンク",
    "Link to this code": "このコードへのリンク",
    "Please activate JavaScript to enable the search functionality.": "検索には JavaScript を有効にしてください。",
}
_WORDS = "|".join(re.escape(word) for word in sorted(JAPANESE, key=len, reverse=True))
_TEXT = re.compile(rf"(>\s*)({_WORDS})(\s*<)")
_ATTRIBUTE = re.compile(rf'((?:aria-label|title|placeholder|alt)=")({_WORDS})(")')
_COPYRIGHT = re.compile(r"(<div class=\"copyright\">\s*)Copyright (&#169;|©)\s*")
_CREDIT = re.compile(r"Made with <a href=\"https://www\.sphinx-doc\.org/\">Sphinx</a> and .*?(<a href=\"https://github\.com/pradyunsg/furo\">Furo</a>)",
                     re.S)


def in_japanese(page: str) -> str:
    """A written page with Furo's English interface in Japanese."""
    page = _COPYRIGHT.sub(r"\1\2 ", page)
    page = _CREDIT.sub(r'<a href="https://www.sphinx-doc.org/">Sphinx</a> と \1 で作成', page)
    page = _TEXT.sub(lambda match: match[1] + JAPANESE[match[2]] + match[3], page)
    return _ATTRIBUTE.sub(lambda match: match[1] + JAPANESE[match[2]] + match[3], page)


def build_finished(app: Sphinx, exception: BaseException | None) -> None:
    if exception is not None or app.builder.name != "html":
        return
    for path in Path(app.outdir).glob("*.html"):
        text = path.read_text(encoding="utf-8")
        translated = with_heading_levels(in_japanese(text))
        if translated != text:
            path.write_text(translated, encoding="utf-8")


def setup(app: Sphinx) -> None:
    app.connect("build-finished", build_finished)
