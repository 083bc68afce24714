"""What the search box of all.html matches, folded the way actionlist.js folds a query.

An entry is found by its name, the reading of its name (the definition's `kana:`, or the name in kana),
the other words it is searched by (`search_terms:`, ブラックジャック for B・J), its category, keycards,
trigger-speed-timing, cost and the text of its items as printed (the questions of its rulings too,
関連する裁定) — not by the details folded away on screen, nor by the format table or the list of
frames (「ライト」 would match almost every entry). A word of the rules stands for another
(rules.yaml): a suit for its name (♡: ハート), a card for its other words (Joker: ジョーカー).

The heading's values are searched as printed, with their marks (`$ BL`, `★ ♡ A〜10`: view.MARKS), and the page
reads what the lists print with a space inside as one word: a card (♡ 3), a value after its mark ($ BL).

A query that names a card (♡3, ♡ 3, H3, ハートの3, ♥3, ジョーカー) also finds every entry whose keycards
that card can be one of (`cards`, from the keycards notation: アップ ♡A〜10, 一般兵 2〜10, 激励 ♡3);
`card_words` gives the page the words a card is typed with.

Folding, here and in actionlist.js (`fold`), must stay the same: NFKC (full-width letters,
half-width kana), lower case, no white space and no middle dots (`BJ` finds `B・J`), every tilde
and dash as 〜 (`A-10` and `A~10` find `A〜10`), katakana as hiragana (`きる` finds キル), and no
voicing marks (゛゜): a reading typed with or without rendaku finds the name (うらきりふだ and
うらぎりふだ both find 裏切札).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Any

from markupsafe import Markup

from .. import model as m
from ..model.notations import KeycardsText
from ..notation.card_notation import JOKER, SUIT_LETTERS, SUIT_SHAPES, SUIT_WORDS, full_deck
from ..notation.kana import hiragana

_DROPPED = re.compile(r"[\s・]+")  # after NFKC, ･ (half-width) is ・
_RANGE_MARKS = re.compile("[~〜\\-‐‒–—―−]")  # after NFKC, ～ is ~, － is -, ‑ is ‐; ー (a long vowel) stays
_VOICING_MARKS = re.compile("[\u3099\u309a]")  # combining ゛ ゜ once a kana is decomposed (NFD)


def fold(text: str) -> str:
    text = _DROPPED.sub("", unicodedata.normalize("NFKC", text).lower())
    text = _RANGE_MARKS.sub("〜", text)
    return unicodedata.normalize("NFC", _VOICING_MARKS.sub("", unicodedata.normalize("NFD", hiragana(text))))


def search_text(texts: Iterable[str | Markup | None], words: Iterable[tuple[str, str]]) -> str:
    """The folded text an entry is found by: `texts` (plain or HTML), and for each (word, other) of `words`
    whose word they print, the other word (♡ → ハート)."""
    plain = " ".join(Markup(text).striptags() if isinstance(text, Markup) else text for text in texts if text)
    named = [other for word, other in words if word in plain]
    return fold(" ".join([plain, *named]))


def other_words(defs: m.Definitions) -> list[tuple[str, str]]:
    """The words of rules.yaml that stand for another: each suit's name, each card's search terms."""
    if defs.rules is None:
        return []
    return [*defs.rules.suits, *((card, term) for card, terms in defs.rules.rank_terms.items() for term in terms)]


def cards(keycards: KeycardsText | None) -> tuple[str, ...]:
    """The cards (♡3, Joker) that can be one of the keycards, in deck order; none for keycards that do not parse."""
    if not keycards or keycards.error is not None:
        return ()
    pattern = keycards.pattern
    return tuple(dict.fromkeys(str(card) for card in full_deck() if pattern.can_include(card)))


def names(texts: Iterable[str | None]) -> str:
    """An entry's name, reading and search terms, folded, one word each: what an empty search suggests from."""
    return " ".join(dict.fromkeys(fold(text) for text in texts if text))


def card_words(defs: m.Definitions) -> dict[str, Any]:
    """How the page reads a card typed in the search box: each suit with the words it is typed as (its
    rules.yaml name, ハート; its letter, H; its other shapes, ♥), and each rank (table 2.1) with its
    words; a rank without a suit (Joker) is a card by itself."""
    if defs.rules is None:
        return {"suits": [], "ranks": []}
    spelled = [*SUIT_WORDS.items(), *SUIT_LETTERS.items(), *SUIT_SHAPES.items()]
    suits = [{"symbol": symbol, "words": list(dict.fromkeys([symbol, name, *(w for w, s in spelled if s == symbol)]))}
             for symbol, name in defs.rules.suits]
    ranks = [{"card": card, "words": [card, *defs.rules.rank_terms.get(card, ())], "suited": card != JOKER}
             for card, _ in defs.rules.ranks]
    return {"suits": suits, "ranks": ranks}
