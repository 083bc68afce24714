"""The index (索引) in あいうえお order by the entries' readings, which never show."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from toolchain.rulebook.sphinx_run import RulebookError, run_sphinx
from toolchain.sphinxext.indexorder import heading, sort_key, split_reading

from .conftest import index_start, pdf_pages

# Some entries of the rulebook's index, in the order of their readings (checked by hand):
# アクション あくしょん, オーナー おおなあ, キーカード きいかあど, 起動条件 きどうじょうけん,
# キャラクター きゃらくたあ, 切札 きりふだ, クイック くいっく, コアフロー こあふろお, 効果 こうか,
# コスト こすと, 対象 たいしょう, 対戦レギュレーション たいせん…, ダメージ だめえじ, チャージ,
# 手札 てふだ, 能力 のうりょく, 場 ば, 墓地 ぼち, ライフ らいふ.
IN_ORDER = ["アクション", "オーナー", "キーカード", "起動条件", "キャラクター", "切札 (場所)", "クイック", "コアフロー", "効果 (コア)",
            "コスト", "対象", "対戦レギュレーション", "ダメージ", "チャージ", "手札", "能力 (キャラクター)", "場", "墓地", "ライフ"]


class _IndexTable(HTMLParser):
    """genindex.html: its kana headings, and its entries (depth 1) and subentries (depth 2) in page order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.headings: list[str] = []
        self.entries: list[tuple[int, str]] = []
        self._depth = 0
        self._text: list[str] | None = None
        self._in_heading = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "h2":
            self._in_heading = True
            self.headings.append("")
        elif tag == "table" and "genindextable" in (dict(attrs).get("class") or ""):
            self._depth = 0
        elif tag == "ul":
            self._close()
            self._depth += 1
        elif tag == "li":
            self._close()
            self._text = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "h2":
            self._in_heading = False
        elif tag == "li":
            self._close()
        elif tag == "ul":
            self._close()
            self._depth -= 1

    def handle_data(self, data: str) -> None:
        if self._in_heading:
            self.headings[-1] += data.strip()
        elif self._text is not None:
            self._text.append(data)

    def _close(self) -> None:
        if self._text is not None and "".join(self._text).strip():
            self.entries.append((self._depth, " ".join("".join(self._text).split())))
        self._text = None


def _genindex(book) -> _IndexTable:
    reader = _IndexTable()
    reader.feed((book.html / "genindex.html").read_text(encoding="utf-8"))
    return reader


def _columns(book) -> list[str]:
    """The index pages' text column by column (pdftotext alone would interleave the two columns)."""
    width, height = 420, 596  # A5 in points, pdftotext's pixels at 72 dpi
    return [
        text
        for number in range(index_start(book), len(book.pages) + 1)
        for left in (0, width // 2)
        for text in pdf_pages(book.pdf, "-f", str(number), "-l", str(number), "-x", str(left), "-y", "0",
                              "-W", str(width // 2), "-H", str(height))
    ]


def _subsequence(items: list[str], wanted: list[str]) -> list[str]:
    return [item for item in items if item in wanted]


def test_the_html_index_shows_no_reading(book) -> None:
    entries = _genindex(book).entries
    assert len(entries) >= 40
    assert not [text for _depth, text in entries if "|" in text]


def test_the_html_index_is_in_reading_order_under_kana_rows(book) -> None:
    index = _genindex(book)
    assert index.headings == sorted(index.headings, key="あかさたなはまやらわ".index)
    assert {"あ", "か", "さ", "た", "な", "は", "ら"} <= set(index.headings)
    terms = [text for depth, text in index.entries if depth == 1]
    assert _subsequence(terms, IN_ORDER) == IN_ORDER


def test_the_pdf_index_shows_no_reading_and_is_in_reading_order(book) -> None:
    lines = [line.strip() for page in _columns(book) for line in page.splitlines()]
    assert not [line for line in lines if "|" in line]
    terms = [re.sub(r",[\d, ]+$", "", line) for line in lines if re.search(r",\s*\d+$", line)]
    assert _subsequence(terms, IN_ORDER) == IN_ORDER


def test_the_search_index_holds_entries_without_readings(book) -> None:
    script = (book.html / "searchindex.js").read_text(encoding="utf-8")
    assert "|" not in script.encode().decode("unicode_escape")


@pytest.mark.parametrize(("words", "ordered"), [
    (["こうか", "コアフロー", "かいふく", "がいこつ"], ["がいこつ", "かいふく", "コアフロー", "こうか"]),  # が reads as か; カ as か
    (["がき", "かき", "カギ"], ["かき", "カギ", "がき"]),  # only when the plain kana tie, unvoiced first
    (["きやく", "きゃく", "きあ"], ["きあ", "きゃく", "きやく"]),  # small kana sort with their plain kana
    (["キーカード", "きいろ", "きう"], ["キーカード", "きいろ", "きう"]),  # ー reads as the vowel before it: きいかあど
])
def test_readings_sort_in_dictionary_order(words: list[str], ordered: list[str]) -> None:
    assert sorted(words, key=sort_key) == ordered


def test_headings_are_kana_rows() -> None:
    assert [heading(word) for word in ("ガード", "ぱす", "ンー", "Ace")] == ["か", "は", "わ", "記号・英数字"]
    assert split_reading("きりふだ|切札 (場所)") == ("きりふだ", "切札 (場所)")
    assert split_reading("ライフ") == (None, "ライフ")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "conf.py").write_text('extensions = ["toolchain.sphinxext.indexorder"]\nlanguage = "ja"\n', encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(("entry", "message"), [
    (".. index:: 切札", r"index\.rst:4: WARNING: index entry '切札' has kanji: give its reading in kana, as 'よみ\|切札'"),
    (".. index:: pair: きりふだ|切札; ゲーム盤面", r"index\.rst:4: WARNING: index entry 'ゲーム盤面' has kanji"),
    (".. index:: kirifuda|切札", r"index\.rst:4: WARNING: the reading 'kirifuda' of index entry '切札' is not kana"),
])
def test_an_entry_without_a_kana_reading_fails_the_build_at_its_line(project: Path, entry: str, message: str) -> None:
    (project / "index.rst").write_text(f"索引\n====\n\n{entry}\n\n本文\n", encoding="utf-8")
    with pytest.raises(RulebookError, match=message):
        run_sphinx(project, project / "out", project / "doctrees", "html")


def test_a_kana_entry_and_an_entry_with_its_reading_build(project: Path) -> None:
    (project / "index.rst").write_text("索引\n====\n\n.. index:: ライフ\n.. index:: きりふだ|切札 (場所)\n\n本文\n", encoding="utf-8")
    run_sphinx(project, project / "out", project / "doctrees", "html")
    text = (project / "out" / "genindex.html").read_text(encoding="utf-8")
    assert "切札 (場所)" in text and "きりふだ" not in text and text.index("切札") < text.index("ライフ")
