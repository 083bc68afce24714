"""Game situations drawn as a table seen from above: each player's zones, their cards, the stage.

A situation is data (`Situation`, `Side`, `Pile`): which cards lie in which zone, face up or
down, upright or sideways. `render` lays the zones out the same way in every figure, so the
figures of chapters 1, 2 and 5 look like one table:

    opponent (turned 180°):  hand / graveyard field life / fog
    you:                     fog / life field graveyard / hand          | stage (right)

Zones a frame adds (pack, rare card, trump) get a column left of the life. A figure draws
only the zones it names; unused rows are left out.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from .cards import CARD_H, CARD_W, Card, draw_card, parse
from .svg import ACCENT, INK, MUTED, Svg

SLOT = 66.0  # width of one pile's place in a zone
ROW = 100.0  # height of one row of zones
PAD = 10.0
NAME_BAND = 20.0  # room for a player's name
CAPTION_LINE = 11.0
STAGE_STEP = CARD_H + 16  # the stage lists its requests without overlap, so that each stays legible
STAGE_TILT = 20.0
STAGE_CAPTION = 58.0  # room right of a stage card for its caption
LABEL_SIZE = 10.5
CAPTION_SIZE = 9.5
COMMON_ZONES = ("fog", "life", "field", "graveyard", "hand")
STAGE = "stage"
# The row of each zone, counted from the centre of the table outwards.
ZONE_ROW = {"fog": 0, "life": 1, "field": 1, "graveyard": 1, "hand": 2, "trump": 0, "pack": 1, "rare": 2}
# The column of each zone, left to right as its owner sees it.
ZONE_COLUMN = {"trump": "frame", "pack": "frame", "rare": "frame", "life": "life", "graveyard": "graveyard",
               "fog": "field", "field": "field", "hand": "field"}
MAX_LEAN = 40.0  # degrees a card may lean towards its target
OVERLAP = 12.0  # how far each card of a character shows below the one it covers


@dataclass(frozen=True)
class Pile:
    """Cards that lie together: one character, a squared pile (life, graveyard) or a hand."""

    cards: tuple[Card, ...]
    caption: str | None = None  # may hold a line break
    style: str = "overlap"  # "overlap" (an equipped soldier), "stack" (a squared pile), "fan" (a hand)
    badge: str | None = None  # a mark next to the pile, e.g. 1 for an order


def pile(token: str, caption: str | None = None, *, badge: str | None = None) -> Pile:
    """`♣3+♣7/` (cards of one character, joined by +) in the notation of cards.parse; `_` is an empty place."""
    cards = () if token == "_" else tuple(parse(part) for part in token.split("+"))
    return Pile(cards, caption, badge=badge)


def piles(text: str) -> tuple[Pile, ...]:
    """Space-separated piles; `token:caption` puts a caption under the pile (`|` breaks its line)."""
    result = []
    for word in text.split():
        token, _, caption = word.partition(":")
        result.append(pile(token, caption.replace("|", "\n") or None))
    return tuple(result)


def face_down_stack(count: int, caption: str | None = None) -> Pile:
    """A squared face-down pile (life, pack); drawn as at most four offset cards."""
    return Pile(tuple(Card(None, face_up=False) for _ in range(min(count, 4))), caption, style="stack")


def hand(count: int = 0, cards: str = "") -> Pile:
    """A hand: known cards face up, or `count` cards seen from behind."""
    shown = tuple(parse(token) for token in cards.split()) if cards else tuple(Card(None, face_up=False) for _ in range(count))
    return Pile(shown, style="fan")


@dataclass(frozen=True)
class Side:
    """One player's zones: zone id → piles, left to right as the player sees them."""

    zones: Mapping[str, tuple[Pile, ...]]
    name: str | None = None  # e.g. プレイヤー A


@dataclass(frozen=True)
class Arrow:
    """An arrow between two piles, each named (side, zone, index); side is "you", "opponent" or "stage".

    `lean`: the source card leans towards the target, as fog and stage cards are placed (2.11.4–5).
    """

    source: tuple[str, str, int]
    target: tuple[str, str, int]
    label: str | None = None
    lean: bool = False
    offset: float = 0.0  # shift sideways, e.g. to draw a pair of arrows between the same cards


@dataclass(frozen=True)
class Situation:
    title: str
    you: Side
    opponent: Side | None = None
    stage: tuple[Pile, ...] | None = None  # requests, bottom first; None: no stage drawn
    arrows: tuple[Arrow, ...] = ()
    zones: tuple[str, ...] = COMMON_ZONES  # the zones drawn, common and frame zones alike
    field_slots: int = 5


Box = tuple[float, float, float, float]


@dataclass
class Layout:
    """Where every zone and pile of a situation lands."""

    width: float = 0.0
    height: float = 0.0
    zones: dict[tuple[str, str], Box] = field(default_factory=dict)
    piles: dict[tuple[str, str, int], tuple[float, float]] = field(default_factory=dict)
    names: dict[str, tuple[float, float]] = field(default_factory=dict)


def _columns(situation: Situation) -> dict[str, tuple[float, float]]:
    """x and width of each column of one side, as its owner sees it."""
    narrow = SLOT + 2 * PAD
    wanted = {ZONE_COLUMN[zone] for zone in situation.zones}
    widths = {"frame": narrow, "life": narrow, "field": situation.field_slots * SLOT + 2 * PAD, "graveyard": narrow}
    columns: dict[str, tuple[float, float]] = {}
    x = PAD
    for name in ("frame", "life", "field", "graveyard"):
        if name in wanted:
            columns[name] = (x, widths[name])
            x += widths[name] + PAD
    return columns


def row_height(situation: Situation) -> float:
    """Rows grow with the longest caption under a card."""
    sides = [side for side in (situation.you, situation.opponent) if side is not None]
    items = [item for side in sides for zone in side.zones.values() for item in zone]
    lines = max((len(item.caption.split("\n")) for item in items if item.caption), default=1)
    overlap = max((OVERLAP / 2 * (len(item.cards) - 1) for item in items if item.style == "overlap"), default=0.0)
    return ROW + CAPTION_LINE * (lines - 1) + overlap


def layout(situation: Situation) -> Layout:
    columns = _columns(situation)
    board_width = max(x + w for x, w in columns.values()) + PAD
    rows = sorted({ZONE_ROW[zone] for zone in situation.zones})
    row = row_height(situation)
    out = Layout()
    y = 0.0
    sides = [("opponent", situation.opponent), ("you", situation.you)]
    for key, side in sides:
        if side is None:
            continue
        turned = key == "opponent"
        band = NAME_BAND if side.name else 0.0
        top = y + (band if turned else 0.0)
        order = list(reversed(rows)) if turned else rows
        for zone in situation.zones:
            cx, cw = columns[ZONE_COLUMN[zone]]
            row_y = top + order.index(ZONE_ROW[zone]) * row
            box = (cx, row_y + PAD / 2, cw, row - PAD)
            if turned:  # turned, not reflected: the opponent's left is our right
                box = (board_width - cx - cw, *box[1:])
            out.zones[(key, zone)] = box
            for index, centre in enumerate(_pile_centres(box, len(side.zones.get(zone, ())), turned)):
                out.piles[(key, zone, index)] = centre
        if side.name:
            out.names[key] = (PAD, y + band / 2 + 2 if turned else top + len(rows) * row + band / 2 - 2)
        y = top + len(rows) * row + (0.0 if turned else band)
    out.width = board_width
    out.height = y
    if situation.stage is not None:
        _place_stage(situation, out)
    return out


def _place_stage(situation: Situation, out: Layout) -> None:
    """The stage, right of the table: its requests in a column, the last one on top, each named on its right."""
    width = SLOT + STAGE_CAPTION + 2 * PAD
    count = max(len(situation.stage or ()), 1)
    height = min(out.height - PAD, 24 + count * STAGE_STEP + PAD)
    top = (out.height - height) / 2
    left = out.width
    out.zones[("stage", STAGE)] = (left, top, width, height)
    for index in range(len(situation.stage or ())):
        cy = top + height - PAD - STAGE_STEP / 2 - index * STAGE_STEP
        out.piles[("stage", STAGE, index)] = (left + PAD + SLOT / 2, cy)
    out.width += width + PAD


def _pile_centres(box: Box, count: int, turned: bool) -> list[tuple[float, float]]:
    x, y, w, h = box
    if count == 0:
        return []
    # Cards sit below the zone's name; a turned side's captions go above its cards.
    cy = y + h - 8 - CARD_H / 2 if turned else y + 19 + CARD_H / 2
    start = x + w / 2 - (count - 1) * SLOT / 2
    centres = [(start + i * SLOT, cy) for i in range(count)]
    return list(reversed(centres)) if turned else centres


def render(situation: Situation, zone_names: Mapping[str, str]) -> str:
    """The situation as SVG. `zone_names` maps zone ids (and "stage") to their Japanese names."""
    lay = layout(situation)
    svg = Svg(lay.width, lay.height, situation.title)
    for (_, zone), (x, y, w, h) in lay.zones.items():
        svg.rect(x, y, w, h, fill="#eef3fb" if zone == STAGE else "#f6f6f2", stroke="#a0a0a0", width=0.8, rx=6, dash="4 3")
        svg.text(x + 5, y + 9, zone_names.get(zone, zone), size=LABEL_SIZE, anchor="start", fill=MUTED)
    for key, (x, y) in lay.names.items():
        side = situation.opponent if key == "opponent" else situation.you
        svg.text(x, y, side.name or "", size=11, anchor="start", weight="bold")
    leans = {arrow.source: _lean(lay, arrow) for arrow in situation.arrows if arrow.lean}
    for key, side in (("opponent", situation.opponent), ("you", situation.you)):
        if side is None:
            continue
        for zone in situation.zones:
            for index, item in enumerate(side.zones.get(zone, ())):
                _draw_pile(svg, *lay.piles[(key, zone, index)], item, key == "opponent", leans.get((key, zone, index)))
    for index, item in enumerate(situation.stage or ()):
        cx, cy = lay.piles[("stage", STAGE, index)]
        # Keycards on the stage always lean (2.11.5), towards their target when they have one.
        _draw_pile(svg, cx, cy, replace(item, caption=None), False, leans.get(("stage", STAGE, index), STAGE_TILT))
        for n, line in enumerate((item.caption or "").split("\n")):
            svg.text(cx + CARD_H / 2 + 8, cy + (n - 0.5) * CAPTION_LINE, line, size=CAPTION_SIZE, anchor="start")
    for arrow in situation.arrows:
        _draw_arrow(svg, lay, arrow)
    return svg.render()


def _lean(lay: Layout, arrow: Arrow) -> float:
    """The angle that points a card's long side at its target, within ±MAX_LEAN."""
    (x1, y1), (x2, y2) = lay.piles[arrow.source], lay.piles[arrow.target]
    angle = math.degrees(math.atan2(x2 - x1, y1 - y2))  # 0 = straight up
    if angle > 90:
        angle -= 180
    elif angle < -90:
        angle += 180
    return max(-MAX_LEAN, min(MAX_LEAN, angle))


def _draw_pile(svg: Svg, cx: float, cy: float, item: Pile, turned: bool, lean: float | None) -> None:
    extra = 180.0 if turned else 0.0
    count = len(item.cards)
    if item.style == "fan":
        spread = min(14.0, (SLOT * 3) / max(count, 1))
        for i, card in enumerate(item.cards):
            offset = i - (count - 1) / 2
            draw_card(svg, cx + offset * spread * (-1 if turned else 1), cy, card, angle=card.angle + extra + offset * 4)
    elif item.style == "stack":
        for i, card in enumerate(item.cards):
            draw_card(svg, cx - i * 1.5, cy - i * 1.5, card, angle=card.angle + extra)
    else:
        # One character: each later card overlaps the one before, shifted down the card
        # (across the table when the character is driven).
        shift = OVERLAP * (-1 if turned else 1)
        sideways = bool(item.cards) and item.cards[0].drive
        for i, card in enumerate(item.cards):
            offset = (i - (count - 1) / 2) * shift
            angle = card.angle + extra + (lean if lean is not None else 0.0)
            draw_card(svg, cx - offset if sideways else cx, cy if sideways else cy + offset, card, angle=angle)
    if item.caption:
        lines = item.caption.split("\n")
        reach = CARD_H / 2 + 9 + (OVERLAP / 2 * (count - 1) if item.style == "overlap" else 0.0)
        for n, line in enumerate(lines):
            y = cy + reach + n * CAPTION_LINE if not turned else cy - reach - (len(lines) - 1 - n) * CAPTION_LINE
            svg.text(cx, y, line, size=CAPTION_SIZE, fill=INK)
    if item.badge:
        bx, by = cx - CARD_W / 2 - 5, cy - CARD_H / 2 + 2
        svg.circle(bx, by, 8, fill=ACCENT, stroke=None)
        svg.text(bx, by, item.badge, size=10, fill="#fff", weight="bold")


def _draw_arrow(svg: Svg, lay: Layout, arrow: Arrow) -> None:
    (x1, y1), (x2, y2) = lay.piles[arrow.source], lay.piles[arrow.target]
    # From the edge of one card to the edge of the other, not centre to centre.
    sx, sy = _edge_point(x1, y1, x2, y2, 0.8)
    ex, ey = _edge_point(x2, y2, x1, y1, 1.0)
    ny = 0.0
    if arrow.offset:
        length = max(math.hypot(ex - sx, ey - sy), 1.0)
        nx, ny = -(ey - sy) / length * arrow.offset, (ex - sx) / length * arrow.offset
        sx, sy, ex, ey = sx + nx, sy + ny, ex + nx, ey + ny
    svg.arrow(sx, sy, ex, ey, stroke=ACCENT, width=1.4, dash="5 3")
    if arrow.label:
        mx, my = (sx + ex) / 2, (sy + ey) / 2
        if abs(ex - sx) > abs(ey - sy):
            svg.text(mx, my + (9 if ny > 0 else -9), arrow.label, size=CAPTION_SIZE, fill=ACCENT)
        else:
            svg.text(mx + 6, my, arrow.label, size=CAPTION_SIZE, anchor="start", fill=ACCENT)


def _edge_point(x: float, y: float, towards_x: float, towards_y: float, margin: float) -> tuple[float, float]:
    """Where the line from a card's centre towards a point leaves the card's upright box (plus a margin)."""
    dx, dy = towards_x - x, towards_y - y
    half_w, half_h = CARD_W / 2 * margin + 3, CARD_H / 2 * margin + 3
    scale = min(half_w / abs(dx) if dx else math.inf, half_h / abs(dy) if dy else math.inf)
    return x + dx * scale, y + dy * scale
