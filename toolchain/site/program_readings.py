"""What the program does, read in controlled Japanese (model/effect_reading.py), beside each entry's printed
effect on the pages `bp serve` serves: the editors' preview. Put into a page as it is served, never into the
built files, so the published site and the printed books stay as the rulebook prints them.

An entry of the action lists or the rulebook is the element whose id is its anchor (act-…, fog-…, char-…,
trump-…); its printed effect is its first field `effect`, `ability` or `abilities` (a `div.field` in the action
lists, a `dd` of the rulebook's field lists), after which the reading goes, in the same form.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping

from .. import model as m
from ..model.effect_reading import Reader, entry_reading, patterns

_ANY_ID = re.compile(rb'\sid="([^"]+)"')
_PRINTED = re.compile(rb'<(div|dd) class="(?:field field-|bp-item-)(?:effect|ability|abilities)[" ]')
_DIV = re.compile(rb"<div[\s>]|</div>")
_STYLE = "white-space:pre-wrap;margin:0;padding:.3em .5em;font:inherit;background:#eef5fb;border-left:3px solid #4a7fb0"


def readings(definitions: m.Definitions) -> dict[str, list[str]]:
    """Every action's, fog entry's, character's and trump's reading, by its anchor."""
    reader = Reader(definitions)
    every = (*definitions.actions, *definitions.frame_actions, *definitions.fog, *definitions.frame_fog,
             *definitions.characters, *definitions.trumps)
    return {item.anchor: lines for item in every if (lines := entry_reading(reader, item))}


def heading() -> str:
    """The reading's label on a page (effect_reading.yaml: it is the rulebook's language, whatever bp speaks)."""
    return str(patterns()["page"]["heading"])


def with_readings(page: bytes, by_anchor: Mapping[str, list[str]]) -> bytes:
    """`page` with each entry's reading after its printed effect; a page without entries unchanged."""
    if not by_anchor:
        return page
    ids = [(match.start(), match.group(1).decode("utf-8", "replace")) for match in _ANY_ID.finditer(page)]
    entries = [(at, anchor) for at, anchor in ids if anchor in by_anchor]
    bounds = [at for at, anchor in ids if anchor in by_anchor] + [len(page)]
    insertions: list[tuple[int, bytes]] = []
    for (start, anchor), end in zip(entries, bounds[1:]):
        printed = _PRINTED.search(page, start, end)
        if printed is None:
            continue
        closed = _closing(page, printed.end(), printed.group(1))
        if closed is not None and closed <= end:
            insertions.append((closed, _block(printed.group(1), by_anchor[anchor])))
    for at, block in reversed(insertions):
        page = page[:at] + block + page[at:]
    return page


def _closing(page: bytes, after: int, tag: bytes) -> int | None:
    """Where the element opened just before `after` ends (past its closing tag)."""
    if tag == b"dd":
        at = page.find(b"</dd>", after)
        return None if at < 0 else at + len(b"</dd>")
    depth = 1
    for match in _DIV.finditer(page, after):
        depth += -1 if match.group(0) == b"</div>" else 1
        if depth == 0:
            return match.end()
    return None


def _block(tag: bytes, lines: list[str]) -> bytes:
    label, text = html.escape(heading()), html.escape("\n".join(lines))
    pre = f'<pre class="bp-program-reading" style="{_STYLE}">{text}</pre>'
    if tag == b"dd":
        block = f'<dt class="bp-item-program-reading">{label}</dt><dd class="bp-item-program-reading">{pre}</dd>'
    else:
        block = f'<div class="field field-program-reading"><span class="label">{label}</span><div class="body">{pre}</div></div>'
    return block.encode()
