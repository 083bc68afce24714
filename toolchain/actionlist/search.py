"""What the search box of all.html matches, folded the way actionlist.js folds a query.

An entry is found by its name, the reading of its name (kana; kanji names read by pykakasi), its
category, keycards, trigger-speed-timing, cost and the text of its items as printed — not by
the details folded away on screen, nor by the format table or the list of frames (「ライト」
would match almost every entry). A suit also answers to its name in rules.yaml (♡: ハート).

Folding, here and in actionlist.js (`fold`), must stay the same: NFKC (full-width letters,
half-width kana), lower case, no white space, every tilde as 〜 (`A~10` finds `A〜10`), and
katakana as hiragana (`きる` finds キル).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache

from markupsafe import Markup

_SPACE = re.compile(r"\s+")
_TILDES = re.compile("[~〜]")  # after NFKC, ～ (U+FF5E) is ~
_KATAKANA = re.compile("[\u30a1-\u30f6]")
_KANJI = re.compile(r"[\u3400-\u9fff\uf900-\ufaff々]")


def fold(text: str) -> str:
    text = _SPACE.sub("", unicodedata.normalize("NFKC", text).lower())
    text = _TILDES.sub("〜", text)
    return _KATAKANA.sub(lambda m: chr(ord(m.group(0)) - 0x60), text)


@lru_cache(maxsize=1)
def _kakasi():  # type: ignore[no-untyped-def]
    import pykakasi  # its dictionary takes a moment to load: only when a list is rendered

    return pykakasi.kakasi()


@lru_cache(maxsize=None)
def reading(name: str) -> str:
    """The name in hiragana (`兵士召喚` → `へいししょうかん`); the empty string for a name without kanji,
    which is found as it is written. A dictionary's reading, not the rulebook's: used only to find."""
    if not _KANJI.search(name):
        return ""
    return "".join(part["hira"] for part in _kakasi().convert(name))


def search_text(texts: Iterable[str | Markup | None], suits: Iterable[tuple[str, str]]) -> str:
    """The folded text an entry is found by: `texts` (plain or HTML), and the name of each suit they print."""
    plain = " ".join(Markup(text).striptags() if isinstance(text, Markup) else text for text in texts if text)
    named = [name for symbol, name in suits if symbol in plain]
    return fold(" ".join([plain, *named]))
