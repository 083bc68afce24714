"""The index (索引) in あいうえお order, by the readings of its entries.

An index entry whose text has kanji names its reading before a bar:

    .. index:: きりふだ|切札 (場所)
    .. index:: pair: そくじこうか|即時効果; つうじょうこうか|通常効果
    :index:`効果 <こうか|効果>`

An entry in kana is read as it is written (katakana and hiragana alike). When a page is read,
the readings are taken out of its entries, so the pages, the HTML index, the search index and
the PDF show the text alone, and kept in the environment; the HTML index (genindex) and the
PDF's 索引 (toolchain.rulebook.pdf_builder) are ordered by them and headed by the kana rows (あ か さ …).
A kanji entry without a reading, or a reading that is not kana, is an error at its line.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from itertools import groupby
from typing import Any, ClassVar

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.transforms import SphinxTransform
from sphinx.util import logging

from ..notation.kana import has_kanji, hiragana, is_kana_name
from . import domain

logger = logging.getLogger(__name__)

READING_MARK = "|"
SYMBOLS = "記号・英数字"
_QUALIFIED = re.compile(r"^(.*) ([(][^()]*[)])$")  # 切札 (場所): Sphinx groups these under 切札
_SMALL = str.maketrans("ぁぃぅぇぉっゃゅょゎゕゖ", "あいうえおつやゆよわかけ")
_VOWELS = {kana: vowel for vowel, row in zip("あいうえお", ("あかさたなはまやらわ", "いきしちにひみり", "うくすつぬふむゆる",
                                                        "えけせてねへめれ", "おこそとのほもよろを"), strict=True) for kana in row}
_ROWS = ("あいうえお", "かきくけこ", "さしすせそ", "たちつてと", "なにぬねの", "はひふへほ", "まみむめも", "やゆよ", "らりるれろ", "わをん")

Entry = tuple[str, tuple[list[Any], list[tuple[str, list[Any]]], Any]]  # Sphinx's (term, (links, subentries, key))


def split_reading(text: str) -> tuple[str | None, str]:
    """`きりふだ|切札 (場所)` → ("きりふだ", "切札 (場所)"); text without a bar has no reading."""
    reading, mark, term = text.partition(READING_MARK)
    return (reading.strip(), term.strip()) if mark else (None, text.strip())


def base_term(term: str) -> str:
    """`切札 (場所)` → `切札`: the qualifier in brackets is not read."""
    match = _QUALIFIED.match(term)
    return match[1] if match else term


def reading_problem(reading: str | None, term: str) -> str | None:
    """Why an entry cannot be put in order, or None."""
    if reading is None:
        return f"index entry '{term}' has kanji: give its reading in kana, as 'よみ{READING_MARK}{term}'" \
            if has_kanji(term) else None
    if not is_kana_name(reading):
        return f"the reading '{reading}' of index entry '{term}' is not kana"
    return None


def sort_key(reading: str) -> tuple[str, str]:
    """Dictionary order: voiced and small kana sort with their plain kana (か が, つ っ) and only then
    apart; a long mark ー reads as the vowel before it (キャラクター → きやらくたあ)."""
    plain = unicodedata.normalize("NFD", hiragana(reading).lower())
    plain = "".join(c for c in plain if c not in "\u3099\u309a").translate(_SMALL)
    spelled: list[str] = []
    for char in plain:
        if char in "ー-" and spelled:
            char = _VOWELS.get(spelled[-1], spelled[-1])
        if char not in " ・":
            spelled.append(char)
    return "".join(spelled), unicodedata.normalize("NFC", hiragana(reading))


def heading(reading: str) -> str:
    """The kana row an entry is listed under (か for が and カ), or 記号・英数字."""
    first = sort_key(reading)[0][:1]
    return next((row[0] for row in _ROWS if first and first in row), SYMBOLS)


# -- reading: the readings out of the entries, into the environment ------------------------------


def _readings(env: BuildEnvironment) -> dict[str, dict[str, str]]:
    """Page → term → reading (the domain's data: cleared and merged there)."""
    return domain.data(env)["readings"]


class TakeReadings(SphinxTransform):
    """Before the index domain collects the entries (SphinxDomains, priority 850)."""

    default_priority: ClassVar[int] = 840

    def apply(self, **kwargs: Any) -> None:
        readings = _readings(self.env).setdefault(self.env.docname, {})
        for node in self.document.findall(addnodes.index):
            node["entries"] = [self._entry(node, readings, *entry) for entry in node["entries"]]

    @staticmethod
    def _entry(node: nodes.Element, readings: dict[str, str], kind: str, value: str, target: str, main: str,
               key: str | None) -> tuple[str, str, str, str, str | None]:
        terms: list[str] = []
        for part in value.split(";"):
            reading, term = split_reading(part)
            problem = reading_problem(reading, base_term(term))
            if problem:
                logger.warning(problem, location=node, type="index")
            elif reading:
                readings[base_term(term)] = reading
            terms.append(term)
        return kind, "; ".join(terms), target, main, key


def reading_of(env: BuildEnvironment, term: str) -> str:
    """An entry's reading: as given on any page, else its text (kana, or a name in letters)."""
    base = base_term(term)
    for readings in _readings(env).values():
        if base in readings:
            return readings[base] + term[len(base):]
    return term


# -- writing: the index in reading order ------------------------------------------------------------


def in_reading_order(env: BuildEnvironment, index: Iterable[tuple[str, Sequence[Entry]]]) -> list[tuple[str, list[Entry]]]:
    """Sphinx's index (grouped by first character, sorted by text) regrouped by kana row and
    sorted by reading, the subentries too."""
    entries = [entry for _letter, group in index for entry in group]

    def key(term: str) -> tuple[bool, tuple[str, str], str]:
        reading = reading_of(env, term)
        return heading(reading) != SYMBOLS, sort_key(reading), term

    ordered: list[Entry] = []
    for term, (links, subentries, category) in sorted(entries, key=lambda entry: key(entry[0])):
        ordered.append((term, (links, sorted(subentries, key=lambda sub: key(sub[0])), category)))
    return [(row, list(group)) for row, group in groupby(ordered, key=lambda entry: heading(reading_of(env, entry[0])))]


def genindex_context(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    if pagename == "genindex" and "genindexentries" in context:
        index = in_reading_order(app.env, context["genindexentries"])
        context["genindexentries"] = index
        context["genindexcounts"] = [sum(1 + len(subentries) for _term, (_links, subentries, _key) in group) for _row, group in index]


def setup(app: Sphinx) -> dict[str, Any]:
    domain.setup(app)
    app.add_transform(TakeReadings)
    app.connect("html-page-context", genindex_context)
    return {"version": "1", "env_version": 1, "parallel_read_safe": True, "parallel_write_safe": True}
