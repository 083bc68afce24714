"""What the search box of all.html matches, folded the way actionlist.js folds a query.

An entry is found by its name, the reading of its name (the definition's `kana:`, or the name in kana), its
category, keycards, trigger-speed-timing, cost and the text of its items as printed (the questions of
its rulings too, 関連する裁定) — not by
the details folded away on screen, nor by the format table or the list of frames (「ライト」
would match almost every entry). A suit also answers to its name in rules.yaml (♡: ハート).

Folding, here and in actionlist.js (`fold`), must stay the same: NFKC (full-width letters,
half-width kana), lower case, no white space, every tilde as 〜 (`A~10` finds `A〜10`), and
katakana as hiragana (`きる` finds キル), and no voicing marks (゛゜): a reading typed with or
without rendaku finds the name (うらきりふだ and うらぎりふだ both find 裏切札).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from markupsafe import Markup

from ..notation.kana import hiragana

_SPACE = re.compile(r"\s+")
_TILDES = re.compile("[~〜]")  # after NFKC, ～ (U+FF5E) is ~
_VOICING_MARKS = re.compile("[\u3099\u309a]")  # combining ゛ ゜ once a kana is decomposed (NFD)


def fold(text: str) -> str:
    text = _SPACE.sub("", unicodedata.normalize("NFKC", text).lower())
    text = _TILDES.sub("〜", text)
    return unicodedata.normalize("NFC", _VOICING_MARKS.sub("", unicodedata.normalize("NFD", hiragana(text))))


def search_text(texts: Iterable[str | Markup | None], suits: Iterable[tuple[str, str]]) -> str:
    """The folded text an entry is found by: `texts` (plain or HTML), and the name of each suit they print."""
    plain = " ".join(Markup(text).striptags() if isinstance(text, Markup) else text for text in texts if text)
    named = [name for symbol, name in suits if symbol in plain]
    return fold(" ".join([plain, *named]))
