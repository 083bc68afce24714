"""What a figure shows, in words: the alt text of the rulebook's figures, made from the data they are
drawn from (a screen reader reads it where a sighted reader looks at the drawing; the caption, read
anyway, only names the figure).

A table (board.py's `Situation`): each player's zones in the order they are drawn, the cards in
each (face up by their notation, face down counted, a card turned sideways said so, a caption in
「」), the stage's requests and the arrows between cards. A flowchart: each step in order with where it
leads (a decision's answers named), from the flow the engine walks. A diagram: its words in the order
they are drawn.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from html import unescape

from ..model.coreflow import Flow, Node
from .board import Arrow, Pile, Situation, Side

_SIDES = {"you": "自分", "opponent": "相手", "stage": "ステージ"}
_TEXT = re.compile(r"<text\b[^>]*>(.*?)</text>", re.S)
_TAG = re.compile(r"<[^>]+>")


def _pile(pile: Pile) -> str:
    """A pile in words: its face-up cards (one character's joined by +, a hand's by 、), its face-down
    ones counted (a squared pile is drawn as at most four cards: said as a pile, uncounted)."""
    shown = [card for card in pile.cards if card.face_up and card.face]
    hidden = len(pile.cards) - len(shown)
    words = []
    if shown:
        words.append(("、" if pile.style == "fan" else "+").join(f"{card.face}(横向き)" if card.drive else card.face
                                                                  for card in shown if card.face))
    if hidden and pile.style == "stack":
        words.append("裏向きの山")
    elif hidden:
        words.append(f"裏向きのカード{hidden}枚" + ("(横向き)" if any(card.drive for card in pile.cards if not card.face_up) else ""))
    if not pile.cards:
        words.append("空き")
    text = "と".join(words)
    if pile.caption:
        text += f"「{pile.caption.replace(chr(10), ' ')}」"
    if pile.badge:
        text += f"({pile.badge})"
    return text


def _side(side: Side, zones: tuple[str, ...], zone_names: Mapping[str, str]) -> str:
    parts = []
    for zone in zones:
        piles = side.zones.get(zone)
        if piles is None:
            continue
        name = zone_names.get(zone, zone)
        parts.append(f"{name}: {'、'.join(_pile(pile) for pile in piles) if piles else 'なし'}")
    return " / ".join(parts)


def _place(situation: Situation, key: tuple[str, str, int], zone_names: Mapping[str, str]) -> str:
    side_key, zone, index = key
    if side_key == "stage":
        piles = situation.stage or ()
        where = zone_names.get("stage", _SIDES["stage"])
    else:
        side = situation.you if side_key == "you" else situation.opponent
        piles = side.zones.get(zone, ()) if side else ()
        where = f"{_who(side, side_key)}の{zone_names.get(zone, zone)}"
    return f"{where}の{_pile(piles[index])}" if index < len(piles) else where


def _who(side: Side | None, key: str) -> str:
    return side.name if side is not None and side.name else _SIDES[key]


def _arrow(situation: Situation, arrow: Arrow, zone_names: Mapping[str, str]) -> str:
    label = f"「{arrow.label}」" if arrow.label else ""
    return f"{_place(situation, arrow.source, zone_names)}から{_place(situation, arrow.target, zone_names)}へ矢印{label}"


def describe_situation(situation: Situation, zone_names: Mapping[str, str]) -> str:
    """`situation` in words: what lies where, as the figure draws it."""
    sentences = [situation.title]
    for key, side in (("opponent", situation.opponent), ("you", situation.you)):
        if side is not None:
            sentences.append(f"{_who(side, key)}: {_side(side, situation.zones, zone_names)}" if situation.opponent else
                             _side(side, situation.zones, zone_names))
    if situation.stage is not None:
        requests = "、".join(_pile(pile) for pile in situation.stage) or "なし"
        sentences.append(f"{zone_names.get('stage', _SIDES['stage'])}(下から): {requests}")
    sentences.extend(_arrow(situation, arrow, zone_names) for arrow in situation.arrows)
    return "。".join(sentence for sentence in sentences if sentence) + "。"


def describe_svg(svg: str, title: str = "") -> str:
    """A diagram's or a flowchart's words, in the order it draws them (each once)."""
    words: list[str] = []
    for match in _TEXT.finditer(svg):
        word = unescape(_TAG.sub("", match.group(1))).strip()
        if word and word not in words:
            words.append(word)
    return "。".join(part for part in (title, "、".join(words)) if part) + "。"


def _numbered(node: Node) -> bool:
    """A step of the rulebook's numbering (6, 6-5-2), named by its number; a flow's ends by their words."""
    return node.id.replace("-", "").isdigit()


def _step(node: Node) -> str:
    return f"[{node.id}]" if _numbered(node) else node.label


def describe_flow(flow: Flow) -> str:
    """A flowchart as its steps in order, each with where it leads: 「[3] アクションをリクエストするか?、はいなら [4]、
    いいえなら [11]」; a step drawn in another figure says so. Read from the same flow graphviz lays out."""
    sentences = [flow.title]
    for node in flow.nodes:
        text = f"[{node.id}] {node.label}" if _numbered(node) else node.label
        if node.kind == "call":
            text += "(別の図)"
        leads = [f"{edge.label}なら {_step(flow.node(edge.target))}" if edge.label else f"次は {_step(flow.node(edge.target))}"
                 for edge in flow.edges if edge.source == node.id]
        sentences.append("、".join([text, *leads]))
    return "。".join(sentences) + "。"


def sentences(text: str) -> list[str]:
    """An alt text cut into its sentences (at each 。 outside 「」): the figure's words as a list, for a
    screen too narrow to read the drawing's labels."""
    said, current, depth = [], "", 0
    for char in text:
        depth += {"「": 1, "」": -1}.get(char, 0)
        if char == "。" and depth <= 0:
            if current.strip():
                said.append(current.strip())
            current = ""
        else:
            current += char
    if current.strip():
        said.append(current.strip())
    return said
