"""Readings of names (kana): which names need one, whether a reading is kana, and how it lines up with the name.

A definition's `kana:` is its name's reading in hiragana (definitions/README.md, "Names and their
readings"). A name written in kana alone reads as it is written: its reading is derived (katakana
as hiragana), never typed. A name with kanji needs `kana:`. A name in kana and Latin letters or
digits (B・J, エントリー20) may have one.

The reading must say the kana of the name as they are written (エース召喚 → えーすしょうかん): the
name is cut into kana runs and the runs between them (kanji, letters, digits), and each run between
is given its part of the reading (`furigana`), which the lists print as ruby.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from ..diagnostics import shorten
from ..i18n import _

_KATAKANA = re.compile("[\u30a1-\u30f6]")
_HIRAGANA_READING = re.compile(r"^[\u3041-\u3096ー]+$")
_KANA_CHARACTER = "[\u3041-\u3096\u30a1-\u30faー]"
_KANA_NAME = re.compile(rf"^(?:{_KANA_CHARACTER}|[・ ])+$")
_SEPARATORS = re.compile("[・ ]")  # not read: B・J, a space
_RUNS = re.compile(rf"({_KANA_CHARACTER}+)")
MAX_RUNS = 64  # a real name has at most three; a longer one is not cut (and so not read)


def hiragana(text: str) -> str:
    """Katakana as hiragana (`エース` → `えーす`); everything else as it is."""
    return _KATAKANA.sub(lambda m: chr(ord(m.group(0)) - 0x60), text)


def has_kanji(text: str) -> bool:
    # compared character by character: as a regular expression, the ranges cost every bp check 10 ms to compile
    return any("\u3400" <= c <= "\u9fff" or "\uf900" <= c <= "\ufaff" or c in "々〆" for c in text)


def is_kana_name(name: str) -> bool:
    """A name written in kana alone (katakana or hiragana, ー, ・): it reads as it is written."""
    return bool(_KANA_NAME.match(name))


def derived_reading(name: str) -> str | None:
    """The reading of a name in kana alone (`クローズ` → `くろーず`); None for any other name."""
    return _SEPARATORS.sub("", hiragana(name)) if is_kana_name(name) else None


def name_reading(name: str, kana: str | None) -> str | None:
    """The reading of a name: its `kana:`, or the name itself when it is in kana alone; None when unknown (B・J)."""
    return kana if kana else derived_reading(name)


def kana_problem(name: str, kana: str | None) -> str | None:
    """Why a name's `kana:` is wrong or missing, or None (BP034)."""
    quoted_name = shorten(name)
    if kana is None:
        return _("name '{name}' has kanji: give its reading in hiragana as kana:").format(name=quoted_name) if has_kanji(name) else None
    if is_kana_name(name):
        return _("name '{name}' is written in kana and reads as it is written: leave kana: out").format(name=quoted_name)
    if not _HIRAGANA_READING.match(kana):
        wrong = sorted({c for c in kana if not _HIRAGANA_READING.match(c)})
        return _("kana '{kana}' is not a reading in hiragana (ぁ〜ゖ and ー): {wrong}").format(kana=shorten(kana), wrong=shorten(" ".join(wrong)))
    if furigana(name, kana) is None:
        kana_parts = shorten("、".join(part for part in _RUNS.findall(name)))
        return _("kana '{kana}' does not read name '{name}': it must say {parts} as written (in hiragana)").format(
            kana=shorten(kana), name=quoted_name, parts=kana_parts)
    return None


@lru_cache(maxsize=None)
def furigana(name: str, kana: str) -> tuple[tuple[str, str | None], ...] | None:
    """The name cut into (text, reading) parts: kana runs have no reading (None), the runs between them
    their part of `kana` (死の槍, しのやり → (死, し), (の, None), (槍, やり)); None when `kana` does not
    read the name's kana runs as written. Each run between takes the shortest part that lets the rest match."""
    runs = [run for run in _RUNS.split(unicodedata.normalize("NFC", name)) if run]
    if len(runs) > MAX_RUNS:
        return None
    failed: set[tuple[int, int]] = set()  # (run, position) pairs known not to match: each tried once, never exponential

    def parts_from(index: int, at: int) -> list[tuple[str, str | None]] | None:
        if index == len(runs):
            return [] if at == len(kana) else None
        if (index, at) in failed:
            return None
        run = runs[index]
        if _RUNS.fullmatch(run):
            said = hiragana(run)
            rest = parts_from(index + 1, at + len(said)) if kana.startswith(said, at) else None
            found = None if rest is None else [(run, None), *rest]
        else:
            found = next(([(run, kana[at:end]), *rest] for end in range(at + 1, len(kana) + 1)
                          if (rest := parts_from(index + 1, end)) is not None), None)
        if found is None:
            failed.add((index, at))
        return found

    found = parts_from(0, 0)
    return tuple(found) if found is not None else None
