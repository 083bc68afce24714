"""The playing-card renderer: rank and suit, face up or down, upright, sideways or tilted."""

from __future__ import annotations

from dataclasses import dataclass

from ..notation.cards import parse_card
from .svg import INK, RED, Svg

CARD_W = 40.0
CARD_H = 56.0
BACK = "#27457a"
DRIVE = 90.0  # degrees: a driven card lies sideways


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


def draw_card(svg: Svg, cx: float, cy: float, card: Card, *, angle: float | None = None, scale: float = 1.0) -> None:
    """Draw `card` centred on (cx, cy), rotated by its own angle (or `angle`)."""
    turn = card.angle if angle is None else angle
    w, h = CARD_W * scale, CARD_H * scale
    x, y = cx - w / 2, cy - h / 2
    transform = f"rotate({turn:g} {cx:g} {cy:g})" if turn else None
    with svg.group(transform):
        if not card.shows_face:
            _back(svg, x, y, w, h, scale)
            return
        svg.rect(x, y, w, h, fill="#fff", stroke=INK, width=1.0, rx=3.5 * scale)
        parsed = parse_card(card.face or "")
        if parsed.is_joker:
            _joker(svg, cx, cy, x, y, scale)
            return
        colour = suit_colour(parsed.suit)
        svg.text(x + 8 * scale, y + 9 * scale, parsed.rank_name, size=10 * scale, fill=colour, weight="bold")
        svg.text(x + 8 * scale, y + 19 * scale, parsed.suit or "", size=8.5 * scale, fill=colour)
        svg.text(cx, cy + 4 * scale, parsed.suit or "", size=22 * scale, fill=colour)
        # The lower index, upside down as on a real card.
        svg.text(x + w - 8 * scale, y + h - 9 * scale, parsed.rank_name, size=10 * scale, fill=colour, weight="bold", rotate=180)


def _back(svg: Svg, x: float, y: float, w: float, h: float, scale: float) -> None:
    svg.rect(x, y, w, h, fill=BACK, stroke=INK, width=1.0, rx=3.5 * scale)
    inset = 4 * scale
    svg.rect(x + inset, y + inset, w - 2 * inset, h - 2 * inset, stroke="#c9d6ee", width=0.8, rx=2 * scale)
    cx, cy = x + w / 2, y + h / 2
    d = 9 * scale
    svg.polygon([(cx, cy - d * 1.4), (cx + d, cy), (cx, cy + d * 1.4), (cx - d, cy)], fill="#c9d6ee")


def _joker(svg: Svg, cx: float, cy: float, x: float, y: float, scale: float) -> None:
    for i, letter in enumerate("JOKER"):
        svg.text(x + 7 * scale, y + (8 + i * 8.5) * scale, letter, size=7.5 * scale, weight="bold")
    svg.text(cx + 3 * scale, cy + 6 * scale, "★", size=20 * scale, fill=RED)
