"""The search page finds every definition by its name, and lands on its entry.

Sphinx's search finds words of the text (querysplit.py cuts a query as the index cut the text), but
its hits open a chapter at its top, and a name is a compound it cuts in two. So the HTML build also
writes `_static/bp-names.js`: every action, character, fog entry, frame and trump with its name, its
reading (the definition's `kana:`, or the name in kana), the other words it is searched by
(`search_terms:`, ブラックジャック for B・J), its heading and the page and anchor of its entry, from
the definitions, and every ruling with its question, landing on it in the FAQ; and the words a card is
also searched by (rules.yaml's `search_terms`: ジョーカー for Joker), which the page searches as the card. `bp-search.js`
checks a query against those names and readings (katakana as hiragana, full-width as half-width,
either tilde), so ぼうへきはかい finds 防壁破壊, and puts the entries it names at the head of
Sphinx's own list of results, each linked to the entry itself. Opened from a file, the browser
refuses the requests Sphinx makes for the results' snippets: the page then shows no snippets, says
so in Japanese, and requests nothing.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

from .. import model as m
from ..model import display
from . import source

NAMES_FILE = "bp-names.js"
SCRIPT = Path(__file__).parent / "static" / "bp-search.js"
KIND_NAMES = {"action": "アクション", "frame-action": "フレームアクション", "character": "キャラクター", "fog": "フォグ",
              "frame-fog": "フレームフォグ", "frame": "フレーム", "trump": "切札"}


def definitions_of(defs: m.Definitions) -> list[Any]:
    return [*defs.actions, *defs.frame_actions, *defs.characters, *defs.fog, *defs.frame_fog, *defs.frames, *defs.trumps]


def names(app: Sphinx) -> list[dict[str, str]]:
    """Each definition's name, reading, search words, heading, kind and where its entry is (document and anchor)."""
    defs = source.load(app.env).definitions
    labels = app.env.domains.standard_domain.labels
    found = []
    for definition in definitions_of(defs):
        shown = display.entry(defs, definition)
        if shown.anchor not in labels:
            continue  # not in the rulebook (a hidden kind): nothing to land on
        docname, anchor, _title = labels[shown.anchor]
        found.append({
            "name": shown.name, "kana": shown.kana or "", "terms": list(shown.search_terms), "title": shown.title,
            "kind": KIND_NAMES.get(shown.kind.id, shown.kind.id), "doc": docname, "anchor": anchor,
            "chapter": app.env.titles[docname].astext(),
        })
    return found + rulings(app, defs)


def rulings(app: Sphinx, defs: m.Definitions) -> list[dict[str, str]]:
    """Each ruling, found by its question (a query within it: 自身を対象), landing on it in the FAQ."""
    labels = app.env.domains.standard_domain.labels
    kind = display.item_name(defs, "ruling")
    found = []
    for ruling in defs.rulings:
        if ruling.anchor not in labels:
            continue
        docname, anchor, _title = labels[ruling.anchor]
        found.append({"name": ruling.question, "kana": "", "terms": [], "title": ruling.question, "kind": kind, "doc": docname,
                      "anchor": anchor, "chapter": app.env.titles[docname].astext()})
    return found


def other_words(defs: m.Definitions) -> dict[str, str]:
    """The words a card is also searched by (rules.yaml `search_terms` of a rank: ジョーカー), each with the card as
    the text writes it (Joker): the page searches for the card, as the action lists' search does."""
    if defs.rules is None:
        return {}
    return {term: card for card, terms in defs.rules.rank_terms.items() for term in terms}


def build_finished(app: Sphinx, exception: BaseException | None) -> None:
    if exception is not None or app.builder.name != "html":
        return
    static = Path(app.outdir, "_static")
    static.mkdir(exist_ok=True)
    data = json.dumps(names(app), ensure_ascii=True, separators=(",", ":"))
    words = json.dumps(other_words(source.load(app.env).definitions), ensure_ascii=True, separators=(",", ":"))
    (static / NAMES_FILE).write_text(f"window.BP_NAMES = {data};\nwindow.BP_WORDS = {words};\n", encoding="utf-8")
    shutil.copyfile(SCRIPT, static / SCRIPT.name)


def setup(app: Sphinx) -> None:
    app.add_js_file(NAMES_FILE)
    app.add_js_file(SCRIPT.name)
    app.connect("build-finished", build_finished)
