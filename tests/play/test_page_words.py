"""bp play's page takes its words from bp's catalogue (play/page_words.py): index.html and play.js write none of their
own, and every word they ask for is there, in English and in Japanese."""

from __future__ import annotations

import json
import re

import pytest

from toolchain import i18n
from toolchain.play import page_words
from toolchain.play.server import STATIC

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
COMMENT = re.compile(r"//[^\n]*|<!--.*?-->", re.DOTALL)


def test_the_page_files_write_no_japanese_word() -> None:
    for name in ("index.html", "play.js"):
        text = COMMENT.sub("", (STATIC / name).read_text(encoding="utf-8"))
        assert JAPANESE.findall(text) == [], name


def test_every_word_the_page_asks_for_is_in_the_catalogue() -> None:
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    script = (STATIC / "play.js").read_text(encoding="utf-8")
    asked = set(re.findall(r"\{\{(\w+)\}\}", html)) - {"lang", "script_words"}
    assert asked and asked <= set(page_words.PAGE) and set(page_words.PAGE) <= asked
    called = set(re.findall(r'word\("(\w+)"', script))
    assert called and called <= set(page_words.SCRIPT) and set(page_words.SCRIPT) <= called


@pytest.mark.parametrize(("language", "undo", "cards"), [("en", "Undo", "3 cards"), ("ja", "元に戻す", "3 枚")])
def test_the_page_is_sent_in_bps_language(language: str, undo: str, cards: str) -> None:
    with i18n.speaking_unless_chosen(language):
        page = page_words.page(STATIC / "index.html").decode("utf-8")
    assert f'<html lang="{language}">' in page and f'title="{undo} (U)">{undo}</button>' in page
    assert "{{" not in page
    words = json.loads(re.search(r'<script type="application/json" id="words">(.*?)</script>', page, re.DOTALL).group(1))
    assert words["cards"].format(count=3) == cards
