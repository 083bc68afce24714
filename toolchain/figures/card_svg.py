"""The playing-card renderer: rank and suit, face up or down, upright, sideways or tilted.

A card is 40 × 56 user units; its indices are 11 and 10 units high, so that a figure up to 490
units wide prints them at 7 pt or more on the A5 page. A card covered by the next one of its
pile shows only what stays visible: the index in its corner (a fanned hand) or its rank alone
(a character's cards overlapping down the card).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..notation.card_notation import parse_card
from .svg import INK, RED, Svg

CARD_W = 40.0
CARD_H = 56.0
BACK = "#27457a"
DRIVE = 90.0  # degrees: a driven card lies sideways
RANK_SIZE = 11.0
SUIT_SIZE = 10.0
PIP_SIZE = 16.0
INDEX_X = 7.0  # the corner index's centre, from the card's left edge
# How much of a face shows: all of it, its corner index, its rank, or nothing (under the next card of a pile).
FULL, INDEX, RANK, BLANK = "full", "index", "rank", "blank"


@dataclass(frozen=True)
class Card:
    """One card as it lies on the table.

    face: the card in the toolchain's notation (`♠5`, `♡10`, `Joker`), or None for a card
    whose face is not shown (face down, or unknown to the reader).
    """

    face: str | None = None
    face_up: bool = True
    drive: bool = False  # sideways (ドライブ)
    tilt: float = 0.0  # extra degrees, for cards leaning towards a target (fog, stage)

    def __post_init__(self) -> None:
        if self.face is not None:
            parse_card(self.face)  # refuse a typo in a figure's data early

    @property
    def shows_face(self) -> bool:
        return self.face_up and self.face is not None

    @property
    def angle(self) -> float:
        return (DRIVE if self.drive else 0.0) + self.tilt


def parse(token: str) -> Card:
    """A card in the figures' compact notation.

    `♠5` face up, `#` face down, `#♠5` face down (a known card, e.g. a bulwark in a frame's
    preset); a trailing `/` drives it (sideways), `>` or `<` tilts it 25° right or left.
    """
    drive = tilt = 0.0
    while token and token[-1] in "/<>":
        mark, token = token[-1], token[:-1]
        if mark == "/":
            drive = True
        else:
            tilt += 25.0 if mark == ">" else -25.0
    face_up = not token.startswith("#")
    face = token.lstrip("#") or None
    return Card(face, face_up=face_up, drive=bool(drive), tilt=tilt)


def suit_colour(suit: str | None) -> str:
    return RED if suit in ("♡", "♢") else INK


def draw_card(svg: Svg, cx: float, cy: float, card: Card, *, angle: float | None = None, scale: float = 1.0,
              shows: str = FULL) -> None:
    """Draw `card` centred on (cx, cy), rotated by its own angle (or `angle`); `shows` is FULL,
    INDEX (the corner index only: the rest is under the next card), RANK (the rank only) or BLANK."""
    turn = card.angle if angle is None else angle
    w, h = CARD_W * scale, CARD_H * scale
    x, y = cx - w / 2, cy - h / 2
    transform = f"rotate({turn:g} {cx:g} {cy:g})" if turn else None
    with svg.group(transform):
        if not card.shows_face:
            _back(svg, x, y, w, h, scale)
            return
        svg.rect(x, y, w, h, fill="#fff", stroke=INK, width=1.0, rx=3.5 * scale)
        if shows == BLANK:
            return
        parsed = parse_card(card.face or "")
        if parsed.is_joker:
            _joker(svg, cx, cy, x, y, h, scale, shows)
            return
        colour = suit_colour(parsed.suit)
        svg.text(x + INDEX_X * scale, y + 9.5 * scale, parsed.rank_name, size=RANK_SIZE * scale, fill=colour, weight="bold")
        if shows == RANK:
            return
        svg.text(x + INDEX_X * scale, y + 21.5 * scale, parsed.suit or "", size=SUIT_SIZE * scale, fill=colour)
        if shows == INDEX:
            return
        svg.text(cx, cy + 6 * scale, parsed.suit or "", size=PIP_SIZE * scale, fill=colour)
        # The lower index, upside down as on a real card.
        svg.text(x + w - INDEX_X * scale, y + h - 9 * scale, parsed.rank_name, size=RANK_SIZE * scale, fill=colour,
                 weight="bold", rotate=180)


def _back(svg: Svg, x: float, y: float, w: float, h: float, scale: float) -> None:
    svg.rect(x, y, w, h, fill=BACK, stroke=INK, width=1.0, rx=3.5 * scale)
    inset = 4 * scale
    svg.rect(x + inset, y + inset, w - 2 * inset, h - 2 * inset, stroke="#c9d6ee", width=0.8, rx=2 * scale)
    cx, cy = x + w / 2, y + h / 2
    d = 9 * scale
    svg.polygon([(cx, cy - d * 1.4), (cx + d, cy), (cx, cy + d * 1.4), (cx - d, cy)], fill="#c9d6ee")


def _joker(svg: Svg, cx: float, cy: float, x: float, y: float, h: float, scale: float, shows: str) -> None:
    if shows != FULL:  # only the corner shows: a red star for an index
        svg.text(x + INDEX_X * scale, y + 9.5 * scale, "★", size=RANK_SIZE * scale, fill=RED)
        return
    svg.text(cx, y + 10 * scale, "JOKER", size=SUIT_SIZE * scale, weight="bold")
    svg.text(cx, cy + 3 * scale, "★", size=20 * scale, fill=RED)
    svg.text(cx, y + h - 10 * scale, "JOKER", size=SUIT_SIZE * scale, weight="bold", rotate=180)
