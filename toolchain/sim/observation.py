"""What one player sees (2.11.1 公開レベル): the zones as their access levels in rules.yaml allow.

    observe(game, seat)   # an Observation: plain, comparable data, seen from `seat` ("you")

Each zone's access levels (rules.yaml `zones[].access`) say who may know what; the engine shows each
zone of rules.yaml so (a test checks that every one is seen):

- life: 10 枚未満のライフ枚数 is public, ライフの枚数 private (its owner knows it), ライフの中身 hidden
  (nobody, the owner included, knows the order or the cards);
- graveyard: 墓地の一番上のカード public, 墓地の中身 private;
- field, fog, trump: 表裏を変えずに見えるカード public, 伏せてあるカード private;
- hand: 手札の枚数 public, 手札の中身 private;
- pack: 開封済み・未開封 public, 開封後のパックの中身 private, 未開封のパックの中身 hidden;
- rare: レアカードの枚数 public, レアカードの中身 private.

Beyond the access levels, a player knows the other's cards it has been shown (見せ: `move` with
`show`) or has looked at (見て: `choose` with `look`) while they stay in the zone they were seen in
(`known`).

What a decision offers is written for the deciding player the same way (`seen_option_text`): a
face-down card of the other player is `?`, so an agent cannot tell the cards apart by their names.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Final

from . import abilities
from .cards import TEXT, owner_of
from .notation import SIDES, option_text, side
from .requests import PASS, RequestOption
from .state import Character, Request

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

HIDDEN: Final = "?"
PUBLIC_LIFE_BELOW: Final = 10  # 10 枚未満のライフ枚数 is public; from 10 on the other player sees only "10 or more"

@dataclass(frozen=True)
class CharacterSeen:
    id: int
    text: str  # `♠5+♠9`, `[♣7]`, or `[?]` for a face-down card of the other player
    kind: str
    driven: bool
    size: int | None  # None when the card is not seen
    role: str | None
    blocking: int | None = None  # the id of the attacker it blocks
    new: bool = False  # came onto the field this turn
    labels: tuple[str, ...] | None = None  # its labels (attacker, haste, …); None when the card is not seen


@dataclass(frozen=True)
class SideSeen:
    side: str  # you / opponent
    life: int | None  # None: 10 or more cards, of the other player
    hand: tuple[str, ...] | int  # your cards (sorted), or how many the other player holds
    graveyard: tuple[str, ...]  # yours in order (the top last), or the other player's top card
    field: tuple[CharacterSeen, ...]
    fog: tuple[str, ...]
    pack_opened: bool
    pack: tuple[str, ...] | int  # your opened pack (sorted), else how many cards it holds
    rare: tuple[str, ...] | int
    trump: tuple[str, ...]  # face up as `♠2(up)`; face down: the card to its owner, `?` to the other
    known: tuple[str, ...]  # the other player's hidden cards this player was shown or looked at, as `hand:♠K`


SEEN_TEN_OR_MORE: Final = "10+"  # how the notation writes a life of which only "10 or more" is seen
_NOT_ZONES: Final = ("side", "known")  # what a SideSeen says besides its zones (and pack_opened)


def seen_zones(seen: SideSeen) -> dict[str, str | int]:
    """What a player sees of a side, zone by zone (its fields: the zone ids of rules.yaml, and pack_opened) as the
    situation notation writes it: the cards seen (`♠5 ♡9`; `?` and `[?]` for a face-down card of the other player;
    the field without flags), or a number when only how many is seen; a life seen only as 10 or more is `10+`."""
    return {item.name: _seen_text(getattr(seen, item.name)) for item in fields(seen) if item.name not in _NOT_ZONES}


def _seen_text(value: object) -> str | int:
    if value is None:  # the only field that may be None: a life of 10 or more, of the other player
        return SEEN_TEN_OR_MORE
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int):
        return value
    if isinstance(value, tuple):
        return " ".join(part.text if isinstance(part, CharacterSeen) else str(part) for part in value)
    return str(value)


@dataclass(frozen=True)
class RequestSeen:
    side: str
    action: str
    cards: tuple[str, ...]  # the keycards on the stage (face up)
    targets: tuple[str, ...]
    id: int = 0  # the request's id, as target options name it
    action_id: str = ""
    refs: tuple[tuple[str, Any], ...] = ()  # the targets as (kind, public reference): ("character", id), ("player", side), …


@dataclass(frozen=True)
class Observation:
    """One player's view of the game: everything the rules let `seat` know, nothing more."""

    seat: int
    turn: str  # you / opponent
    turn_number: int
    chance: str | None  # None: the rule system holds it
    passed: tuple[str, ...]
    you: SideSeen
    opponent: SideSeen
    stage: tuple[RequestSeen, ...]
    winner: str | None


def observe(game: Game, seat: int) -> Observation:
    state = game.state
    return Observation(
        seat=seat,
        turn=side(state.turn, seat),
        turn_number=state.turn_number,
        chance=None if state.chance is None else side(state.chance, seat),
        passed=tuple(sorted(side(s, seat) for s in state.passed)),
        you=_side(game, seat, seat),
        opponent=_side(game, 1 - seat, seat),
        stage=tuple(_request(game, request, seat) for request in state.stage),
        winner=None if state.winner is None else side(state.winner, seat),
    )


def _side(game: Game, owner: int, viewer: int) -> SideSeen:
    player = game.state.players[owner]
    own = owner == viewer
    life = len(player.life)
    return SideSeen(
        side=SIDES[0] if own else SIDES[1],
        life=life if own or life < PUBLIC_LIFE_BELOW else None,
        hand=_sorted(player.hand) if own else len(player.hand),
        graveyard=tuple(TEXT[c] for c in player.graveyard) if own else tuple(TEXT[c] for c in player.graveyard[-1:]),
        field=tuple(_character(game, character, viewer) for character in player.field),
        fog=tuple(TEXT[c] for c in player.fog),
        pack_opened=player.pack_open,
        pack=_sorted(player.pack) if own and player.pack_open else len(player.pack),
        rare=_sorted(player.rare) if own else len(player.rare),
        trump=tuple(sorted(_trump(player, card, own) for card in player.trump)),
        known=() if own else _known(game, owner, viewer),
    )


def _known(game: Game, owner: int, viewer: int) -> tuple[str, ...]:
    player, known = game.state.players[owner], game.state.known[viewer]
    return tuple(sorted(f"{zone}:{TEXT[card]}" for card, zone in known.items()
                        if owner_of(card) == owner and card in player.zone(zone)))


def _sorted(cards: list[int]) -> tuple[str, ...]:
    return tuple(sorted(TEXT[c] for c in cards))


def _trump(player: Any, card: int, own: bool) -> str:
    if card in player.trumps_up:
        return f"{TEXT[card]}(up)"
    return TEXT[card] if own else HIDDEN


def _seen(character: Character, viewer: int) -> bool:
    return not character.face_down or character.controller == viewer


def _character_text(character: Character, viewer: int) -> str:
    if _seen(character, viewer):
        body = "+".join(TEXT[c] for c in character.cards)
    else:
        body = HIDDEN
    return f"[{body}]" if character.kind == "bulwark" else body


def _character(game: Game, character: Character, viewer: int) -> CharacterSeen:
    seen = _seen(character, viewer)
    return CharacterSeen(
        id=character.id,
        text=_character_text(character, viewer),
        kind=character.kind,
        driven=character.driven,
        size=abilities.size(game, character) if seen else None,
        role=character.role,
        blocking=character.blocking,
        new=character.entered == game.state.turn_number,
        labels=tuple(sorted(abilities.labels(game, character))) if seen else None,
    )


def _target(game: Game, target: tuple[str, int], viewer: int) -> str:
    kind, value = target
    if kind == "character":
        found = game.state.character(value)
        return f"{side(found.controller, viewer)}:{_character_text(found, viewer)}" if found else "(gone)"
    if kind == "trump":
        owner = owner_of(value)
        player = game.state.players[owner]
        return f"{side(owner, viewer)}:{_trump(player, value, owner == viewer)}"
    return option_text(game, target, viewer)


def _request(game: Game, request: Request, viewer: int) -> RequestSeen:
    return RequestSeen(
        side=side(request.controller, viewer),
        action=request.action.name,
        cards=tuple(TEXT[c] for c in request.held),
        targets=tuple(_target(game, target, viewer) for target in request.targets),
        id=request.id,
        action_id=request.action.id,
        refs=tuple(_ref(game, target, viewer) for target in request.targets),
    )


def _ref(game: Game, target: tuple[str, int], viewer: int) -> tuple[str, Any]:
    """A target as the viewer may name it: characters and requests by id, players by side, cards by their seen text."""
    kind, value = target
    if kind == "player":
        return kind, side(value, viewer)
    if kind == "trump":
        return kind, _target(game, target, viewer).split(":", 1)[-1]
    return kind, value


def seen_option_text(game: Game, option: Any, viewer: int, targets: bool = False) -> str:
    """An option as the deciding player sees it: option_text, with the other player's face-down cards as `?`."""
    if option is PASS or isinstance(option, RequestOption):
        return option_text(game, option, viewer, targets)
    if isinstance(option, tuple):
        return _target(game, option, viewer)
    if isinstance(option, Character):
        text = _character_text(option, viewer)
        return f"{side(option.controller, viewer)}:{text}" if targets else text
    if isinstance(option, int) and owner_of(option) != viewer:
        player = game.state.players[owner_of(option)]
        if option in player.trump and option not in player.trumps_up:
            return f"{side(owner_of(option), viewer)}:{HIDDEN}" if targets else HIDDEN
    return option_text(game, option, viewer, targets)


@dataclass(frozen=True)
class OptionSeen:
    """One option of a decision as the deciding player sees it (what an agent reads; it answers with the index).

    text    as the notation writes it for that player (`アップ ★♡3`, `opponent:[?]`, `パス`, `決定`)
    kind    pass, action (a request at [3]), character, player, request (on the stage or in the buffer),
            trump, card, label
    ref     what it names, as the observation names it: an action id, a character's or a request's id,
            a side (you / opponent), a card's or a label's text (`?` for a card the player cannot see)
    cost    a request's cost letters (Table 2.2) as printed, before abilities
    keys    a request's keycards (its own cards, so seen)
    unit    a soldier-borne request's key character (its id)
    """

    text: str
    kind: str
    ref: Any = None
    cost: str = ""
    keys: tuple[str, ...] = ()
    unit: int | None = None


def seen_option(game: Game, option: Any, viewer: int, targets: bool = False) -> OptionSeen:
    """An engine option (a RequestOption, a target, a character, a card, a label) as `viewer` sees it."""
    text = seen_option_text(game, option, viewer, targets)
    if option is PASS:
        return OptionSeen(text, "pass")
    if isinstance(option, RequestOption):
        return OptionSeen(text, "action", option.action.id, option.action.cost, tuple(TEXT[c] for c in option.keys), option.unit)
    if isinstance(option, tuple):
        kind, ref = _ref(game, option, viewer)
        return OptionSeen(text, kind, ref)
    if isinstance(option, Character):
        return OptionSeen(text, "character", option.id)
    if isinstance(option, Request):
        return OptionSeen(text, "request", option.id)
    if isinstance(option, int):
        return OptionSeen(text, "card", text.split(":", 1)[-1])
    return OptionSeen(text, "label", text)
