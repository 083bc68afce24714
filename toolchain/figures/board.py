"""Game situations drawn as a table seen from above: each player's zones, their cards, the stage.

A situation is data (`Situation`, `Side`, `Pile`): which cards lie in which zone, face up or
down, upright or sideways. `render` lays the zones out the same way in every figure, so the
figures of chapters 1, 2 and 5 look like one table:

    opponent (turned 180°):  hand / graveyard field life / fog
    you:                     fog / life field graveyard / hand          | stage (right)

Where each zone lies is the edition's data (rules.yaml `zones[].figure`, read into `ZoneLook`s):
the zones a frame adds (pack, rare card, trump) get a column left of the life. A figure draws
only the zones it names (by default every zone that no frame adds); unused rows are left out.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from .card_svg import BLANK, CARD_H, CARD_W, FULL, INDEX, RANK, Card, draw_card, parse
from .svg import ACCENT, INK, MUTED, Svg

SLOT = 46.0  # the least width of one pile's place in a zone (a card and a gap)
GAP = 6.0  # between two piles of a zone
PAD = 5.0  # between zones, and around the table
INSET = 3.0  # inside a zone, left and right of its piles (each pile keeps half a gap too)
LABEL_BAND = 17.0  # the zone's name, above its cards
NAME_BAND = 20.0  # room for a player's name
TEXT_SIZE = 10.0  # zone names and captions: 7.1 pt or more when the widest figure (490 units) fits the A5 page
NAME_SIZE = 11.0
CAPTION_LINE = 14.0  # 1.4 lines: the em boxes of two lines never touch
CAPTION_GAP = 4.0  # between a card and its caption
STAGE_TILT = 20.0
STAGE = "stage"
FIELD = "field"  # the zone of characters: as wide as the figure's field_slots, the columns either side of it alike
MAX_LEAN = 30.0  # degrees a card may lean towards its target
OVERLAP = 15.0  # how far each card of a character shows below the one it covers
FAN_STEP = 16.0  # how far apart the cards of a hand are fanned
FAN_TURN = 3.0  # degrees each card of a hand turns from the next
STACK_STEP = 1.5  # how far the cards of a squared pile peek out


@dataclass(frozen=True)
class ZoneLook:
    """How a zone is drawn (rules.yaml `zones[].figure`): its name, its row from the centre of the table
    outwards and its column left to right as its owner sees it, how its cards lie, and what a frame's layout
    shows in it."""

    name: str
    row: int = 0
    column: int = 0
    pile: str = "overlap"  # "stack" (squared), "fan" (a hand), "overlap" (side by side)
    start: str | None = None  # the piles of a frame's layout (配置図), in the notation of `piles`
    common: bool = True  # every frame has it: drawn when a figure does not name its zones


Looks = Mapping[str, ZoneLook]  # zone id (and STAGE) → how it is drawn


def common_zones(looks: Looks) -> tuple[str, ...]:
    """The zones every frame has, from the centre of the table outwards, left to right."""
    return tuple(sorted((zone for zone, look in looks.items() if look.common and zone != STAGE),
                        key=lambda zone: (looks[zone].row, looks[zone].column)))


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
    zones: tuple[str, ...] = ()  # the zones drawn, common and frame zones alike (none named: the common ones)
    field_slots: int = 5


Box = tuple[float, float, float, float]
Key = tuple[str, str, int]  # (side, zone, index) of a pile; side is "you", "opponent" or "stage"


@dataclass(frozen=True)
class Placed:
    """One card of a pile as drawn: its offset from the pile's centre, its angle, how much of it shows."""

    dx: float
    dy: float
    angle: float
    card: Card
    shows: str


def placements(item: Pile, turned: bool, lean: float | None) -> list[Placed]:
    """How the cards of a pile lie around its centre; the later cards lie on the earlier ones."""
    extra = 180.0 if turned else 0.0
    towards = -1.0 if turned else 1.0
    count = len(item.cards)
    out = []
    for i, card in enumerate(item.cards):
        last = i == count - 1
        if item.style == "fan":
            offset = i - (count - 1) / 2
            out.append(Placed(offset * FAN_STEP * towards, 0.0, card.angle + extra + offset * FAN_TURN, card,
                              FULL if last else INDEX))
        elif item.style == "stack":  # the top card last, the ones below peeking out down and right
            step = (count - 1 - i) * STACK_STEP
            out.append(Placed(step, step, card.angle + extra, card, FULL if last else BLANK))
        else:
            # One character: each later card overlaps the one before, shifted down the card
            # (across the table when the character is driven).
            shift = i * OVERLAP * towards
            sideways = bool(item.cards) and item.cards[0].drive
            out.append(Placed(-shift if sideways else 0.0, 0.0 if sideways else shift,
                              card.angle + extra + (lean or 0.0), card, FULL if last else RANK))
    return out


def _corners(cx: float, cy: float, w: float, h: float, angle: float) -> list[tuple[float, float]]:
    turn = math.radians(angle)
    cos, sin = math.cos(turn), math.sin(turn)
    half = ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2))
    return [(cx + x * cos - y * sin, cy + x * sin + y * cos) for x, y in half]


def extent(item: Pile, turned: bool, leans: tuple[float | None, ...] = (None,)) -> tuple[float, float, float, float]:
    """How far a pile's cards reach from its centre: (left, up, right, down), for every lean in `leans`."""
    points = [corner for lean in leans for placed in placements(item, turned, lean)
              for corner in _corners(placed.dx, placed.dy, CARD_W, CARD_H, placed.angle)]
    if not points:
        return CARD_W / 2, CARD_H / 2, CARD_W / 2, CARD_H / 2  # an empty place keeps a card's room
    return (-min(x for x, _ in points), -min(y for _, y in points), max(x for x, _ in points), max(y for _, y in points))


def _caption_lines(item: Pile) -> list[str]:
    return item.caption.split("\n") if item.caption else []


def text_width(text: str, size: float) -> float:
    """A generous estimate of a line's width: full-width characters one em, the others 0.6 em."""
    return sum(size if unicodedata.east_asian_width(char) in "WFA" else size * 0.6 for char in text)


@dataclass
class Layout:
    """Where every zone and pile of a situation lands."""

    width: float = 0.0
    height: float = 0.0
    zones: dict[tuple[str, str], Box] = field(default_factory=dict)
    piles: dict[Key, tuple[float, float]] = field(default_factory=dict)
    captions: dict[Key, list[tuple[float, float, str]]] = field(default_factory=dict)  # (x, y, line) of each caption line
    names: dict[str, tuple[float, float]] = field(default_factory=dict)
    leaning: set[Key] = field(default_factory=set)


def _leans_of(situation: Situation) -> set[Key]:
    return {arrow.source for arrow in situation.arrows if arrow.lean}


def _sides(situation: Situation) -> list[tuple[str, Side]]:
    return [(key, side) for key, side in (("opponent", situation.opponent), ("you", situation.you)) if side is not None]


def _pile_widths(side_key: str, side: Side, zone: str, leaning: set[Key]) -> list[float]:
    turned = side_key == "opponent"
    widths = []
    for index, item in enumerate(side.zones.get(zone, ())):
        leans = (-MAX_LEAN, MAX_LEAN) if (side_key, zone, index) in leaning else (None,)
        left, _, right, _ = extent(item, turned, leans)
        captions = max((text_width(line, TEXT_SIZE) for line in _caption_lines(item)), default=0.0)
        widths.append(max(SLOT, left + right + GAP, captions + GAP))
    return widths


def _columns(situation: Situation, looks: Looks, leaning: set[Key]) -> dict[int, tuple[float, float]]:
    """x and width of each column, as its owner sees it: wide enough for every zone's piles and name."""
    widths: dict[int, float] = {}
    for zone in situation.zones:
        column = looks[zone].column
        content = max((sum(_pile_widths(key, side, zone, leaning)) for key, side in _sides(situation)), default=SLOT)
        if zone == FIELD:
            content = max(content, situation.field_slots * SLOT)
        label = text_width(looks[zone].name, TEXT_SIZE) + 10  # the name starts 5 units in
        widths[column] = max(widths.get(column, 0.0), content + 2 * INSET, label)
    # The columns either side of the field's (the life, the graveyard) are alike, so that the turned side lines up with ours.
    middle = looks[FIELD].column if FIELD in looks else None
    flanks = [column for column in widths if middle is not None and abs(column - middle) == 1]
    for column in flanks:
        widths[column] = max(widths[other] for other in flanks)
    columns: dict[int, tuple[float, float]] = {}
    x = PAD
    for column in sorted(widths):
        columns[column] = (x, widths[column])
        x += widths[column] + PAD
    return columns


@dataclass(frozen=True)
class _Row:
    up: float  # the highest card above the piles' centre line
    down: float
    captions: float  # the height of the caption block, gap included

    @property
    def height(self) -> float:
        return LABEL_BAND + self.up + self.down + self.captions + PAD


def _rows(situation: Situation, looks: Looks, key: str, side: Side, leaning: set[Key]) -> dict[int, _Row]:
    rows: dict[int, _Row] = {}
    for row in sorted({looks[zone].row for zone in situation.zones}):
        up = down = CARD_H / 2
        lines = 0
        for zone in (zone for zone in situation.zones if looks[zone].row == row):
            for index, item in enumerate(side.zones.get(zone, ())):
                leans = (-MAX_LEAN, MAX_LEAN) if (key, zone, index) in leaning else (None,)
                _, top, _, bottom = extent(item, key == "opponent", leans)
                up, down = max(up, top), max(down, bottom)
                lines = max(lines, len(_caption_lines(item)))
        rows[row] = _Row(up, down, CAPTION_GAP + lines * CAPTION_LINE if lines else 0.0)
    return rows


def drawn(situation: Situation, looks: Looks) -> Situation:
    """The situation with the zones it draws named: its own, else the common ones."""
    return situation if situation.zones else replace(situation, zones=common_zones(looks))


def layout(situation: Situation, looks: Looks) -> Layout:
    situation = drawn(situation, looks)
    leaning = _leans_of(situation) | {(STAGE, STAGE, index) for index in range(len(situation.stage or ()))}
    columns = _columns(situation, looks, leaning)
    board_width = max(x + w for x, w in columns.values()) + PAD
    out = Layout(leaning=leaning)
    y = PAD
    for key, side in _sides(situation):
        turned = key == "opponent"
        rows = _rows(situation, looks, key, side, leaning)
        order = sorted(rows, reverse=turned)  # the opponent's rows from the edge of the table inwards
        if side.name and turned:
            out.names[key] = (PAD, y + NAME_BAND / 2)
            y += NAME_BAND
        tops = {}
        for row in order:
            tops[row] = y
            y += rows[row].height
        if side.name and not turned:
            out.names[key] = (PAD, y + NAME_BAND / 2 - 2)
            y += NAME_BAND
        for zone in situation.zones:
            row = rows[looks[zone].row]
            cx, cw = columns[looks[zone].column]
            top = tops[looks[zone].row]
            box = (board_width - cx - cw if turned else cx, top, cw, row.height - PAD)
            out.zones[(key, zone)] = box
            _place_piles(out, key, zone, side, box, row, turned, leaning)
    out.width, out.height = board_width, y
    _align_aimed_fog(situation, out)
    if situation.stage is not None:
        _place_stage(situation, out)
    _clear_captions(situation, out)
    return out


def _place_piles(out: Layout, key: str, zone: str, side: Side, box: Box, row: _Row, turned: bool, leaning: set[Key]) -> None:
    """The piles of one zone, side by side in the middle of it; the captions under them (above, turned)."""
    x, top, w, _ = box
    widths = _pile_widths(key, side, zone, leaning)
    # A turned side is seen from across the table: its first pile is on our right.
    start = x + w / 2 + (sum(widths) / 2 if turned else -sum(widths) / 2)
    cy = top + LABEL_BAND + row.captions + row.up if turned else top + LABEL_BAND + row.up
    for index, (item, width) in enumerate(zip(side.zones.get(zone, ()), widths)):
        cx = start - width / 2 if turned else start + width / 2
        start += -width if turned else width
        pile_key = (key, zone, index)
        out.piles[pile_key] = (cx, cy)
        lines = _caption_lines(item)
        if turned:
            first = cy - row.up - CAPTION_GAP - (len(lines) - 0.5) * CAPTION_LINE
        else:
            first = cy + row.down + CAPTION_GAP + CAPTION_LINE / 2
        out.captions[pile_key] = [(cx, first + n * CAPTION_LINE, line) for n, line in enumerate(lines)]


def _align_aimed_fog(situation: Situation, out: Layout) -> None:
    """A fog card that leans towards a card of the field stands beside it, not in the middle of
    the fog: your cards just left of their target, the opponent's just right of it, so that an
    arrow from the far side passes beside your fog cards, not through them."""
    targets = {arrow.source: arrow.target for arrow in situation.arrows if arrow.lean and arrow.target[0] != STAGE}
    for key, side in _sides(situation):
        items = side.zones.get("fog", ())
        if not any((key, "fog", index) in targets for index in range(len(items))):
            continue
        x, _, w, _ = out.zones[(key, "fog")]
        widths = _pile_widths(key, side, "fog", out.leaning)
        order = sorted(range(len(items)), key=lambda index: out.piles[(key, "fog", index)][0])  # left to right as drawn
        left = x + INSET
        for rank, index in enumerate(order):
            width = widths[index]
            lowest = left + width / 2
            highest = x + w - INSET - sum(widths[other] for other in order[rank + 1:]) - width / 2
            old_x, cy = out.piles[(key, "fog", index)]
            target = targets.get((key, "fog", index))
            wanted = out.piles[target][0] + (width / 2 if key == "opponent" else -width / 2) if target else lowest
            new_x = min(max(wanted, lowest), highest)
            out.piles[(key, "fog", index)] = (new_x, cy)
            captions = out.captions[(key, "fog", index)]
            out.captions[(key, "fog", index)] = [(x_ + new_x - old_x, y_, line) for x_, y_, line in captions]
            left = new_x + width / 2


def _clear_captions(situation: Situation, out: Layout) -> None:
    """A caption that an arrow from its own card would strike through moves aside, away from the target."""
    for arrow in situation.arrows:
        captions = out.captions.get(arrow.source)
        if not captions or _on_stage_both(arrow):
            continue
        start, end = _arrow_ends(out, arrow)
        if end[0] == start[0] and end[1] == start[1]:
            continue
        away = -1.0 if end[0] >= start[0] else 1.0
        shift = 0.0
        for x, y, line in captions:
            half = text_width(line, TEXT_SIZE) / 2
            # Where the arrow runs over the caption's height, and how far the caption must move to clear it.
            xs = [_x_on(start, end, y + dy) for dy in (-TEXT_SIZE / 2 - 2, TEXT_SIZE / 2 + 2)]
            xs = [value for value in xs if value is not None]
            if not xs:
                continue
            if away < 0:
                shift = min(shift, min(xs) - CAPTION_GAP - (x + half))
            else:
                shift = max(shift, max(xs) + CAPTION_GAP - (x - half))
        if shift:
            out.captions[arrow.source] = [(x + shift, y, line) for x, y, line in captions]


def _x_on(start: tuple[float, float], end: tuple[float, float], y: float) -> float | None:
    """The x of the segment start–end at height y, or None if the segment does not reach that height."""
    (x1, y1), (x2, y2) = start, end
    if y1 == y2 or not min(y1, y2) <= y <= max(y1, y2):
        return None
    return x1 + (x2 - x1) * (y - y1) / (y2 - y1)


def _on_stage_both(arrow: Arrow) -> bool:
    return arrow.source[0] == STAGE and arrow.target[0] == STAGE


def _place_stage(situation: Situation, out: Layout) -> None:
    """The stage, right of the table: its requests in a column, the last one on top, each named below."""
    requests = situation.stage or ()
    sizes = [extent(item, False, (-MAX_LEAN, MAX_LEAN)) for item in requests]
    blocks = [top + bottom + CAPTION_GAP + len(_caption_lines(item)) * CAPTION_LINE for item, (_, top, _, bottom) in
              zip(requests, sizes)]
    width = max([SLOT + 2 * INSET, text_width("ステージ", TEXT_SIZE) + 2 * INSET,
                 *(left + right + 2 * INSET for left, _, right, _ in sizes),
                 *(text_width(line, TEXT_SIZE) + 2 * INSET for item in requests for line in _caption_lines(item))])
    height = LABEL_BAND + sum(blocks) + GAP * max(len(blocks) - 1, 0) + PAD
    height = max(height, CARD_H + LABEL_BAND + PAD)
    top = max(PAD, (out.height - height) / 2)
    left = out.width
    out.zones[("stage", STAGE)] = (left, top, width, height)
    bottom = top + height - PAD
    for index, (item, (_, up, _, down), block) in enumerate(zip(requests, sizes, blocks)):
        cy = bottom - block + up
        key = (STAGE, STAGE, index)
        out.piles[key] = (left + width / 2, cy)
        out.captions[key] = [(left + width / 2, cy + down + CAPTION_GAP + (n + 0.5) * CAPTION_LINE, line)
                             for n, line in enumerate(_caption_lines(item))]
        bottom -= block + GAP
    out.width += width + PAD
    out.height = max(out.height, top + height + PAD)


def render(situation: Situation, looks: Looks) -> str:
    """The situation as SVG. `looks` says how each zone (and the stage) is drawn and named."""
    situation = drawn(situation, looks)
    lay = layout(situation, looks)
    svg = Svg(lay.width, lay.height, situation.title)
    for (_, zone), (x, y, w, h) in lay.zones.items():
        svg.rect(x, y, w, h, fill="#eef3fb" if zone == STAGE else "#f6f6f2", stroke="#a0a0a0", width=0.8, rx=6, dash="4 3")
        svg.text(x + 5, y + LABEL_BAND / 2, looks[zone].name, size=TEXT_SIZE, anchor="start", fill=MUTED)
    for key, (x, y) in lay.names.items():
        side = situation.opponent if key == "opponent" else situation.you
        svg.text(x, y, side.name or "" if side else "", size=NAME_SIZE, anchor="start", weight="bold")
    leans = {arrow.source: _lean(lay, arrow) for arrow in situation.arrows if arrow.lean}
    for key, side in _sides(situation):
        for zone in situation.zones:
            for index, item in enumerate(side.zones.get(zone, ())):
                _draw_pile(svg, lay, (key, zone, index), item, key == "opponent", leans.get((key, zone, index)))
    for index, item in enumerate(situation.stage or ()):
        # Keycards on the stage always lean (2.11.5), towards their target when they have one.
        _draw_pile(svg, lay, (STAGE, STAGE, index), item, False, leans.get((STAGE, STAGE, index), STAGE_TILT))
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


def _draw_pile(svg: Svg, lay: Layout, key: Key, item: Pile, turned: bool, lean: float | None) -> None:
    cx, cy = lay.piles[key]
    for placed in placements(item, turned, lean):
        draw_card(svg, cx + placed.dx, cy + placed.dy, placed.card, angle=placed.angle, shows=placed.shows)
    for x, y, line in lay.captions.get(key, ()):
        svg.text(x, y, line, size=TEXT_SIZE, fill=INK)
    if item.badge:
        bx, by = cx - CARD_W / 2 - 5, cy - CARD_H / 2 + 2
        svg.circle(bx, by, 8, fill=ACCENT, stroke=None)
        svg.text(bx, by, item.badge, size=TEXT_SIZE, fill="#fff", weight="bold")


def _arrow_ends(lay: Layout, arrow: Arrow) -> tuple[tuple[float, float], tuple[float, float]]:
    """From the edge of one card to the edge of the other, not centre to centre; shifted sideways by its offset."""
    (x1, y1), (x2, y2) = lay.piles[arrow.source], lay.piles[arrow.target]
    sx, sy = _edge_point(x1, y1, x2, y2, 0.8)
    ex, ey = _edge_point(x2, y2, x1, y1, 1.0)
    if arrow.offset:
        length = max(math.hypot(ex - sx, ey - sy), 1.0)
        nx, ny = -(ey - sy) / length * arrow.offset, (ex - sx) / length * arrow.offset
        sx, sy, ex, ey = sx + nx, sy + ny, ex + nx, ey + ny
    return (sx, sy), (ex, ey)


def _draw_arrow(svg: Svg, lay: Layout, arrow: Arrow) -> None:
    style = {"stroke": ACCENT, "width": 1.4, "dash": "5 3"}
    if _on_stage_both(arrow):
        # One request answering another just below it: round the right of both cards, clear of
        # the caption under the first.
        (x1, y1), (x2, y2) = lay.piles[arrow.source], lay.piles[arrow.target]
        side = max(x1, x2) + CARD_W / 2 + 10
        svg.polyline_arrow([(x1 + CARD_W / 2 + 2, y1), (side, y1), (side, y2), (x2 + CARD_W / 2 + 4, y2)], **style)
        return
    (sx, sy), (ex, ey) = _arrow_ends(lay, arrow)
    svg.arrow(sx, sy, ex, ey, **style)
    if arrow.label:
        mx, my = (sx + ex) / 2, (sy + ey) / 2
        if abs(ex - sx) > abs(ey - sy):
            below = arrow.offset > 0 if ex > sx else arrow.offset < 0  # the side the offset moved the arrow to
            svg.text(mx, my + (10 if below else -10), arrow.label, size=TEXT_SIZE, fill=ACCENT)
        else:
            svg.text(mx + 6, my, arrow.label, size=TEXT_SIZE, anchor="start", fill=ACCENT)


def _edge_point(x: float, y: float, towards_x: float, towards_y: float, margin: float) -> tuple[float, float]:
    """Where the line from a card's centre towards a point leaves the card's upright box (plus a margin)."""
    dx, dy = towards_x - x, towards_y - y
    half_w, half_h = CARD_W / 2 * margin + 3, CARD_H / 2 * margin + 3
    scale = min(half_w / abs(dx) if dx else math.inf, half_h / abs(dy) if dy else math.inf)
    return x + dx * scale, y + dy * scale
