"""Requests (2.10.3, 6.2.2): which actions a player may request now, and making one: keycards
out, costs paid by the controller, targets chosen.

A request may be made when (2.10.1, 6.2.1): the player holds the chance; the timing allows
it (main: own turn and an empty stage; quick: any time); the activation condition holds
(once per turn, …); keycards that make the action's keycards pattern are at hand; the costs
can be paid; and, if it has a target, one can be chosen (an action never targets itself).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..notation.keycards import CardGroup, Keycards
from . import abilities, operations as ops
from .cards import DECK_SIZE, INDEX_MASK, RANK, SUIT, to_card
from .errors import IllegalRequest
from .language import Ctx
from .primitives import choose_items
from .state import Request, Target

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .ruleset import ActionSpec


class RequestOption:
    """One thing a player may request: an action and its keycards (cards, a key unit or none)."""

    __slots__ = ("action", "keys", "unit")

    def __init__(self, action: ActionSpec, keys: tuple[int, ...] = (), unit: int | None = None) -> None:
        self.action, self.keys, self.unit = action, keys, unit

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RequestOption) and (self.action.id, self.keys, self.unit) == (other.action.id, other.keys, other.unit)

    def __hash__(self) -> int:
        return hash((self.action.id, self.keys, self.unit))

    def __repr__(self) -> str:
        return f"RequestOption({self.action.id}, {self.keys}, {self.unit})"


class _Pass:
    def __repr__(self) -> str:
        return "PASS"


PASS = _Pass()  # [3] いいえ: the player passes


# -- keycards ---------------------------------------------------------------------------------


def _accepts(group: CardGroup) -> Callable[[int], bool]:
    """A test by table: the card indices (0–53, either owner) the group accepts."""
    table = frozenset(i for i in range(DECK_SIZE) if group.accepts(to_card(i)))
    return lambda c: (c & INDEX_MASK) in table


def hand_enumerator(pattern: Keycards) -> Callable[[list[int]], list[tuple[int, ...]]]:
    """Every set of hand cards that makes the pattern (for 以上, the least count), in hand order."""
    if pattern.kind == "face-down":
        return lambda hand: [(c,) for c in hand]
    group = pattern.groups[0]
    accept = _accepts(group)
    if pattern.kind in ("same-rank", "same-suit"):
        count, by = group.count, (RANK if pattern.kind == "same-rank" else SUIT)

        def same(hand: list[int]) -> list[tuple[int, ...]]:
            buckets: dict = {}
            for c in hand:
                if accept(c) and by[c] is not None:
                    buckets.setdefault(by[c], []).append(c)
            return [combo for cards in buckets.values() if len(cards) >= count for combo in itertools.combinations(cards, count)]
        return same
    if len(pattern.groups) == 1:
        count = group.count
        if count == 1:
            return lambda hand: [(c,) for c in hand if accept(c)]
        return lambda hand: list(itertools.combinations([c for c in hand if accept(c)], count))
    slots = [(_accepts(g), g.count) for g in pattern.groups]

    def groups(hand: list[int]) -> list[tuple[int, ...]]:
        options = [list(itertools.combinations([c for c in hand if acc(c)], n)) for acc, n in slots]
        seen, out = set(), []
        for parts in itertools.product(*options):
            cards = [c for part in parts for c in part]
            key = frozenset(cards)
            if len(key) == len(cards) and key not in seen:
                seen.add(key)
                out.append(tuple(sorted(cards, key=hand.index)))
        return out
    return groups


_ENUMERATORS: dict[str, Callable[[list[int]], list[tuple[int, ...]]]] = {}
_NO_KEYS = [((), None)]


def key_options(game: Game, spec: ActionSpec, seat: int,
                seen: dict[str, list[tuple[tuple[int, ...], int | None]]] | None = None) -> list[tuple[tuple[int, ...], int | None]]:
    """(keycards, key unit) pairs a player could request the action with. `seen` keeps what was found
    for each keycards pattern (and the soldiers' labels) while the hand and the field do not change."""
    player = game.state.players[seat]
    if spec.key_from is None:
        return _NO_KEYS
    if spec.key_from == "rare":
        return [((c,), None) for c in player.rare]
    if spec.key_from == "unit":
        label = spec.pattern.label
        return [((), unit) for unit, labels in _soldier_labels(game, player.field, seen) if label in labels]
    pattern = spec.action.keycards
    if seen is not None and pattern in seen:
        return seen[pattern]
    enumerate_ = _ENUMERATORS.get(pattern)
    if enumerate_ is None:
        enumerate_ = _ENUMERATORS[pattern] = hand_enumerator(spec.pattern)
    found = [(keys, None) for keys in enumerate_(player.hand)]
    if seen is not None:
        seen[pattern] = found
    return found


def _soldier_labels(game: Game, field: list, seen: dict | None) -> list[tuple[int, frozenset[str]]]:
    if seen is not None and _LABELS in seen:
        return seen[_LABELS]
    found = [(c.id, abilities.labels(game, c)) for c in field if c.kind == "soldier"]
    if seen is not None:
        seen[_LABELS] = found
    return found


_LABELS = "\0labels"  # the key of the soldiers' labels in `seen` (no keycards pattern is empty)


# -- costs ------------------------------------------------------------------------------------


def payable(game: Game, seat: int, letters: str, keys: tuple[int, ...], unit: int | None) -> bool:
    """Whether the controller can pay every letter (Table 2.2) besides the keycards."""
    if not letters:
        return True
    player = game.state.players[seat]
    need_b, need_l, need_d, need_s = letters.count("B"), letters.count("L"), letters.count("D"), letters.count("S")
    if need_b and sum(1 for c in player.field if c.kind == "bulwark" and not c.driven) < need_b:
        return False
    if need_l and len(player.life) < need_l:
        return False
    if need_d and len(player.hand) - sum(1 for k in keys if k in player.hand) < need_d:
        return False
    if need_s and len(player.field) < need_s:
        return False
    if "K" in letters:
        key_unit = game.state.character(unit) if unit is not None else None
        if key_unit is None or key_unit.driven:
            return False
    return True


def pay(game: Game, request: Request, letters: str) -> None:
    """The controller pays (Table 2.2), choosing which bulwarks, cards or characters when there is a choice."""
    state, seat = game.state, request.controller
    player = state.players[seat]
    for letter in sorted(set(letters), key=letters.index):
        count = letters.count(letter)
        before = game.graveyards()
        if letter == "B":
            bulwarks = [c for c in player.field if c.kind == "bulwark" and not c.driven]
            for bulwark in choose_items(game, seat, bulwarks, count, count, "B: ドライブする防壁"):
                bulwark.driven = True
        elif letter == "L":
            ops.damage(state, seat, count)
        elif letter == "D":
            ops.move(state, choose_items(game, seat, list(player.hand), count, count, "D: 捨てる手札"), "graveyard")
        elif letter == "S":
            for character in choose_items(game, seat, list(player.field), count, count, "S: 墓地に移すキャラクター"):
                ops.move_character(state, character, "graveyard")
        elif letter == "K":
            state.character(request.unit).driven = True  # it stays driven instead of going to the graveyard
        game.graveyard_tops(before)  # a letter's cards go to the graveyard at once
        request.paid += letter * count


# -- targets ----------------------------------------------------------------------------------


def target_candidates(game: Game, request: Request, first: bool = False) -> list[Target]:
    """Everything the request's action may target, seen by its controller (never the request itself);
    with `first`, stop at the first one (is there any?)."""
    spec = request.action.target
    if spec is None:
        return []
    state, you = game.state, request.controller
    kind = spec.kind
    if kind in ("player", "opponent"):
        seats = [1 - you] if kind == "opponent" or spec.player == "opponent" else ([you] if spec.player == "you" else [you, 1 - you])
        return [("player", s) for s in seats]
    ctx = Ctx(game, request, you)
    out: list[Target] = []
    if kind == "request":
        for other in state.stage:
            if other is request or other.id == request.id:
                continue
            if spec.cause and other is not request.cause:
                continue
            if spec.keycards and not (spec.keycards[0] <= len(other.keys) <= spec.keycards[1]):
                continue
            if spec.action and other.action.id != spec.action:
                continue
            if spec.has_target and not other.targets:
                continue
            if request.action.id in other.action.untargetable_by:
                continue
            if spec.where and not _holds(ctx, other, spec.where):
                continue
            out.append(("request", other.id))
            if first:
                break
        return out
    if kind == "trump":
        for seat in _seats(spec.player, you):
            for card in state.players[seat].trumps:
                if spec.where is None or _holds(ctx, card, spec.where):
                    out.append(("trump", card))
                    if first:
                        return out
        return out
    for seat in _seats(spec.player, you):
        for character in state.players[seat].field:
            if kind != "character" and character.kind != kind:
                continue
            if spec.where is None or _holds(ctx, character, spec.where):
                out.append(("character", character.id))
                if first:
                    return out
    return out


def _seats(player: str, you: int) -> tuple[int, ...]:
    return (you,) if player == "you" else ((1 - you,) if player == "opponent" else (you, 1 - you))


def _holds(ctx: Ctx, item: object, condition: Callable[[Ctx], bool]) -> bool:
    ctx.it = item
    try:
        return condition(ctx)
    finally:
        ctx.it = None


# -- the request ------------------------------------------------------------------------------


def options(game: Game, seat: int) -> list:
    """[3]: PASS and every request the player holding the chance may make."""
    state = game.state
    if state.over or state.chance != seat:
        return []
    out: list = [PASS]
    main = state.turn == seat and not state.stage
    used = state.used
    waived = abilities.waived(game, seat)
    probe = Request(0, None, seat)  # type: ignore[arg-type]
    ctx = Ctx(game, probe, seat)
    seen: dict = {}  # nothing below changes the hand or the field
    for spec in game.ruleset.direct:
        if spec.timing == "main" and not main:
            continue
        if spec.once_per_turn and used.get((seat, spec.id)):
            continue
        probe.action, probe.keys, probe.unit = spec, (), None
        if spec.activation is not None and not spec.activation(ctx):
            continue
        keys_and_units = key_options(game, spec, seat, seen)
        if not keys_and_units:
            continue
        letters = spec.cost
        if letters and spec.category in waived:
            letters = "".join(c for c in letters if c not in waived[spec.category])
        for keys, unit in keys_and_units:
            if letters and not payable(game, seat, letters, keys, unit):
                continue
            if spec.target is not None:
                probe.keys, probe.unit = keys, unit
                if not target_candidates(game, probe, first=True):
                    continue
            out.append(RequestOption(spec, keys, unit))
    return out


def make(game: Game, seat: int, option: RequestOption) -> Request:
    """[5]: the keycards go onto the stage with the request, the costs are paid, the targets chosen."""
    state, spec = game.state, option.action
    request = Request(state.new_id(), spec, seat)
    request.keys, request.unit = option.keys, option.unit
    for card in option.keys:
        zone, source = ops.take(state, card)
        request.held.append(card)
        state.events.append(("moved", card, zone, source, ops.STAGE))
    state.used[(seat, spec.id)] = state.used.get((seat, spec.id), 0) + 1
    pay(game, request, abilities.cost(game, spec, seat))
    if spec.target is not None:
        choose_target(game, request)
    return request


def choose_target(game: Game, request: Request) -> None:
    candidates = target_candidates(game, request)
    if not candidates:
        raise IllegalRequest(f"{request.action.name}: nothing to target")
    request.targets = [candidates[game.decide(request.controller, "target", "対象", candidates)]]


def triggered(game: Game, spec: ActionSpec, seat: int, cause: object) -> Request | None:
    """6.4.1: a triggered request; its controller is the owner of the action. None if it cannot be made."""
    state = game.state
    request = Request(state.new_id(), spec, seat)
    request.cause = cause
    if spec.key_from == "rare":
        rare = state.players[seat].rare
        if not rare:
            return None
        card = rare[0]
        ops.take(state, card)
        request.keys, request.held = (card,), [card]
    if spec.target is not None:
        candidates = target_candidates(game, request)
        if not candidates:
            for card in request.held:
                ops.put(state, card, "rare")
            return None
        request.targets = [candidates[game.decide(seat, "target", "対象", candidates)]]
    return request
