"""Upstream's trump files: extra.yaml (第六版, 第七版: `abiList`) and v5-extra.yaml (`list`), one entry per card of the
trump table, in its order (♠A … ♣K).

An entry's fields, as the import reads them (importer.py `_trump_file`):

- `suit` (s, h, d, c) and `num` (A, 2 … K): the trump's keycards, ♠A;
- `name` and `ability`: the trump's name and its ability's text; `output: ●` marks the entries upstream prints (an
  entry without it is a trump upstream did not publish, left out with a warning; one without a name an empty card);
  `beta: ●` (a trump upstream was still trying) is kept for the export;
- `acts` and `chars` (extra.yaml): the trump's own actions and characters, as act.yaml writes them but without ids;
  v5-extra.yaml writes them flat in the entry: actName … actEffect, then actName1 …, actName2 …, and charName ….
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

# upstream's suit letters, as the card notation writes them
SUITS = {"s": "♠", "h": "♡", "d": "♢", "c": "♣"}
PRINTED = "●"  # `output`: upstream prints the entry
FLAT_SUFFIXES = ("", "1", "2", "3", "4", "5", "6", "7", "8", "9")  # v5-extra.yaml's actName, actName1 … (charName alike)


def keycards(suit: str, number: str) -> str | None:
    """`s`, `A` → ♠A; None for a suit upstream does not write."""
    symbol = SUITS.get(suit.strip().lower())
    return f"{symbol}{number.strip()}" if symbol and number.strip() else None


def card(keycards: str) -> tuple[str, str] | None:
    """♠A → (`s`, `A`): the suit letter and number of a trump's card, as the trump files write them; None for a trump
    on no one card (裏切札: any card face down), which the trump table has no place for."""
    letters = {symbol: letter for letter, symbol in SUITS.items()}
    if not re.fullmatch(r"[♠♡♢♣](?:[A2-9JQK]|10)", keycards):
        return None
    return letters[keycards[0]], keycards[1:]


def trump_id(suit: str, number: str) -> str:
    """The id of a trump the target edition does not have: its card (`trump-sa`, `trump-h10`)."""
    return f"trump-{suit.strip().lower()}{number.strip().lower()}"


def parts(data: dict[str, Any], nested: str, prefix: str) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """The trump's actions (`nested` acts, `prefix` act) or characters (chars, char), each as (path below the entry,
    suffix): extra.yaml's nested list, else v5-extra.yaml's flat fields whose name (actName1) is written."""
    listed = data.get(nested)
    if isinstance(listed, list):
        for index, item in enumerate(listed):
            if isinstance(item, dict) and str(item.get(f"{prefix}Name") or "").strip():
                yield (nested, index), ""
        return
    for suffix in FLAT_SUFFIXES:
        if str(data.get(f"{prefix}Name{suffix}") or "").strip():
            yield (), suffix
