"""Where a line of Japanese text must not break, as a typesetter keeps it: a number with its counter
(「1 枚」, 「3点」: never 「1」 at a line's end and 「枚」 on the next), and the end of a text with the
letter before it (「…渡/す。」 would leave 「す。」, a single kana, alone on the last line). On the
leaflets' short items also a word in katakana (`words`: the names of actions and zones, 「チャー/ジ」 read
as two words in a column of 30 letters); the rulebook's lines are long enough to break them.

Browsers and WeasyPrint may break between any two Japanese letters; the renderers keep each span
`kept_together` says on one line (`white-space: nowrap`), and break everywhere else as before.
"""

from __future__ import annotations

import re

CLASS = "nobr"  # the renderers' class for a span that stays on one line (white-space: nowrap)
_CLOSING = "、。，．,.!?！？)）」』】〕］]"
_JAPANESE = re.compile(r"[\u3041-\u30ff\u3400-\u9fff々]")
# A number (1, 10, 2.5) and what it counts, with or without a space: a counter is a kanji (枚, 点, 体),
# a katakana word's first letter (ターン) or つ; any other hiragana after a number is a particle (5 の, 10 と).
_COUNTED = re.compile(r"\d+(?:\.\d+)?[ \u00a0]?[\u30a1-\u30fa\u3400-\u9fff々つ]")
# A word in katakana, long sounds included (チャージ, トリガー); a longer run (a rare compound) may break.
_KATAKANA_WORD = re.compile(r"[\u30a1-\u30faー]{2,10}(?![\u30a1-\u30faー])")
# The last two letters and the closing punctuation after each.
_TAIL = re.compile(rf"[^\s{re.escape(_CLOSING)}][{re.escape(_CLOSING)}]*[^\s{re.escape(_CLOSING)}][{re.escape(_CLOSING)}]*$")


def kept_together(text: str, *, end: bool = True, words: bool = False) -> list[tuple[int, int]]:
    """The (start, end) spans of `text` that must stay on one line, in order, none overlapping.
    `end`: the text ends a block (a paragraph, an item), so its last two letters stay together;
    `words`: a word in katakana stays whole too."""
    patterns = (_COUNTED, _KATAKANA_WORD) if words else (_COUNTED,)
    spans = [match.span() for pattern in patterns for match in pattern.finditer(text)]
    tail = _TAIL.search(text) if end else None
    if tail and _JAPANESE.search(tail.group(0)):
        spans.append(tail.span())
    merged: list[tuple[int, int]] = []
    for start, stop in sorted(spans):
        if merged and start < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(stop, merged[-1][1]))
        else:
            merged.append((start, stop))
    return merged


def segments(text: str, *, end: bool = True, words: bool = False) -> list[tuple[str, bool]]:
    """`text` cut into (piece, kept on one line) in order: the pieces join to `text`."""
    out: list[tuple[str, bool]] = []
    at = 0
    for start, stop in kept_together(text, end=end, words=words):
        if start > at:
            out.append((text[at:start], False))
        out.append((text[start:stop], True))
        at = stop
    if at < len(text):
        out.append((text[at:], False))
    return out
