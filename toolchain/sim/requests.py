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
from typing import TYPE_CHECKING, Final

from ..notation.keycards import CardGroup, Keycards
from . import abilities, operations as ops
from .cards import DECK_SIZE, INDEX_MASK, RANK, SUIT, to_card
from .errors import IllegalRequest
from .language import NO_VARS, Ctx
from .primitives import choose_items
from .ruleset import cost_counts
from .state import Character, Player, Request, Target

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .ruleset import ActionSpec, Ruleset, TargetSpec


class RequestOption:
    """One thing a player may request: an action and its keycards (cards, a key unit or none)."""

    __slots__ = ("action", "keys", "unit")

    def __init__(self, action: ActionSpec, keys: tuple[int, ...] = (), unit: int | None = None) -> None:
        # Never changed once made: the legal requests of a hand are kept and offered again (requests._makeable).
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


PASS: Final = _Pass()  # [3] いいえ: the player passes


# -- keycards ---------------------------------------------------------------------------------


def _accepts(group: CardGroup) -> tuple[bool, ...]:
    """A table by card code (either owner): whether the group accepts the card; indexed, not called, in the loops below."""
    accepted = [group.accepts(to_card(i)) for i in range(DECK_SIZE)]
    return tuple(accepted[code & INDEX_MASK] if (code & INDEX_MASK) < DECK_SIZE else False for code in range(2 * (INDEX_MASK + 1)))


def hand_enumerator(pattern: Keycards) -> Callable[[list[int]], list[tuple[int, ...]]]:
    """Every set of hand cards that makes the pattern (for 以上, the least count), in hand order."""
    if pattern.kind == "face-down":
        return lambda hand: [(c,) for c in hand]
    group = pattern.groups[0]
    accept = _accepts(group)
    if pattern.kind in ("same-rank", "same-suit"):
        count, by = group.count, (RANK if pattern.kind == "same-rank" else SUIT)
        values: dict[object, int] = {}  # each rank (or suit) the group accepts, numbered
        slot_of = tuple(values.setdefault(by[code], len(values)) if accept[code] and by[code] is not None else -1
                        for code in range(len(accept)))
        width = len(values)

        def same(hand: list[int]) -> list[tuple[int, ...]]:
            buckets: list[list[int]] = []  # by rank or suit, in the order the hand first shows each
            bucket_of = [-1] * width  # a rank's (or suit's) bucket, once the hand has shown it
            for c in hand:
                slot = slot_of[c]
                if slot >= 0:
                    at = bucket_of[slot]
                    if at < 0:
                        bucket_of[slot] = len(buckets)
                        buckets.append([c])
                    else:
                        buckets[at].append(c)
            out: list[tuple[int, ...]] = []
            for cards in buckets:
                if len(cards) >= count:
                    _add_combinations(out, cards, count)
            return out
        return same
    if len(pattern.groups) == 1:
        count = group.count
        if count == 1:
            return lambda hand: [(c,) for c in hand if accept[c]]

        def several(hand: list[int]) -> list[tuple[int, ...]]:
            out: list[tuple[int, ...]] = []
            _add_combinations(out, [c for c in hand if accept[c]], count)
            return out
        return several
    slots = [(_accepts(g), g.count) for g in pattern.groups]
    if len(slots) == 2 and slots[0][1] == slots[1][1] == 1:
        return _pairs(slots[0][0], slots[1][0])
    return _groups(slots)


def _add_combinations(out: list[tuple[int, ...]], cards: list[int], count: int) -> None:
    """Adds to `out` every `count` of the cards, in the order itertools.combinations gives them; two (most patterns of
    several cards: `♡A-10 x2`, a pair of one rank) by two loops, without the iterator and its module lookup."""
    if count != 2:
        out.extend(itertools.combinations(cards, count))
        return
    size = len(cards)
    for i in range(size - 1):
        first = cards[i]
        for j in range(i + 1, size):
            out.append((first, cards[j]))


def _groups(slots: list[tuple[tuple[bool, ...], int]]) -> Callable[[list[int]], list[tuple[int, ...]]]:
    """Several groups (`A-K x2 & Q`): every set of distinct hand cards that fills each group, in hand order."""
    def groups(hand: list[int]) -> list[tuple[int, ...]]:
        options = [list(itertools.combinations([c for c in hand if acc[c]], n)) for acc, n in slots]
        if not all(options):
            return []  # a group no hand card makes: no way at all
        seen, out = set(), []
        for parts in itertools.product(*options):
            cards = [c for part in parts for c in part]
            key = frozenset(cards)
            if len(key) == len(cards) and key not in seen:
                seen.add(key)
                out.append(tuple(sorted(cards, key=hand.index)))
        return out
    return groups


def _pairs(first: tuple[bool, ...], second: tuple[bool, ...]) -> Callable[[list[int]], list[tuple[int, ...]]]:
    """Two groups of one card each (`A & J`): what `groups` finds for them, in its order, without the general search."""
    if not any(a and b for a, b in zip(first, second)):
        return _disjoint_pairs(first, second)

    def pairs(hand: list[int]) -> list[tuple[int, ...]]:
        ones = [c for c in hand if first[c]]
        others = [c for c in hand if second[c]] if ones else []
        if not others:
            return []
        position = {c: i for i, c in enumerate(hand)}
        seen: set[tuple[int, int]] = set()
        out: list[tuple[int, ...]] = []
        for one in ones:
            for other in others:
                if one == other:
                    continue
                pair = (one, other) if position[one] < position[other] else (other, one)
                if pair not in seen:
                    seen.add(pair)
                    out.append(pair)
        return out
    return pairs


def _split(hand: list[int], first: tuple[bool, ...], second: tuple[bool, ...]) -> tuple[list[int], list[int]]:
    """Where in the hand the cards of each of two disjoint groups are (in hand order)."""
    ones: list[int] = []
    others: list[int] = []
    for at in range(len(hand)):
        card = hand[at]
        if first[card]:
            ones.append(at)
        elif second[card]:
            others.append(at)
    return ones, others


def _disjoint_pairs(first: tuple[bool, ...], second: tuple[bool, ...]) -> Callable[[list[int]], list[tuple[int, ...]]]:
    """Two groups of one card each that no card makes both of (`♡A-K & ♢A-K`): every pair of a card of each is a
    way, none twice, so the pairs need neither a test of sameness nor a set of those found (the same order)."""
    def pairs(hand: list[int]) -> list[tuple[int, ...]]:
        ones, others = _split(hand, first, second)
        if not ones or not others:
            return []
        return [(hand[one], hand[other]) if one < other else (hand[other], hand[one]) for one in ones for other in others]
    return pairs


_ENUMERATORS: Final[dict[str, Callable[[list[int]], list[tuple[int, ...]]]]] = {}
_NO_KEYS: Final[list[tuple[tuple[int, ...], int | None]]] = [((), None)]


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
        if spec.pattern.character is not None:  # 「防壁破壊士」1体: a character of yours that is this one
            return [((), c.id) for c in player.field if c.component == spec.pattern.character]
        label = spec.pattern.label
        return [((), unit) for unit, labels in _soldier_labels(game, player.field, seen) if label in labels]
    pattern = spec.pattern_text
    if seen is not None and pattern in seen:
        return seen[pattern]
    found: list[tuple[tuple[int, ...], int | None]] = [(keys, None) for keys in _enumerator(spec)(player.hand)]
    if seen is not None:
        seen[pattern] = found
    return found


def _is_key_unit(game: Game, spec: ActionSpec, character: Character) -> bool:
    """Whether a character on the field may be the action's key unit: the character it names, or one with its label."""
    if spec.pattern.character is not None:
        return character.component == spec.pattern.character
    return spec.pattern.label in abilities.labels(game, character)


def _soldier_labels(game: Game, field: list, seen: dict | None) -> list[tuple[int, frozenset[str]]]:
    if seen is not None and _LABELS in seen:
        return seen[_LABELS]
    found = [(c.id, abilities.labels(game, c)) for c in field if c.kind == "soldier"]
    if seen is not None:
        seen[_LABELS] = found
    return found


_LABELS: Final = "\0labels"  # the key of the soldiers' labels in `seen` (no keycards pattern is empty)


# -- costs ------------------------------------------------------------------------------------


def payable(game: Game, seat: int, letters: str, keys: tuple[int, ...], unit: int | None) -> bool:
    """Whether the controller can pay every letter (Table 2.2) besides the keycards."""
    if not letters:
        return True
    counts, player = cost_counts(letters), game.state.players[seat]
    return _affordable(player, counts) and _affordable_with(game, player, counts, keys, unit)


def _affordable(player: Player, counts: tuple[int, int, int, int, int]) -> bool:
    """The letters whatever the keycards: B (charged bulwarks), L (life), S (characters)."""
    need_b, need_l, _, need_s, _ = counts
    if need_b and sum(1 for c in player.field if c.kind == "bulwark" and not c.driven) < need_b:
        return False
    if need_l and len(player.life) < need_l:
        return False
    return not (need_s and len(player.field) < need_s)


def _affordable_with(game: Game, player: Player, counts: tuple[int, int, int, int, int], keys: tuple[int, ...],
                     unit: int | None) -> bool:
    """The letters that depend on the keycards: D (the hand besides the keycards), K (a charged key unit)."""
    need_d, need_k = counts[2], counts[4]
    if need_d and len(player.hand) - sum(1 for k in keys if k in player.hand) < need_d:
        return False
    return not (need_k and not _charged_unit(game, unit))


def _charged_unit(game: Game, unit: int | None) -> bool:
    """Whether the key unit is on the field and charged (K: ドライブするキーユニット)."""
    key_unit = game.state.character(unit) if unit is not None else None
    return key_unit is not None and not key_unit.driven


def pay(game: Game, request: Request, letters: str) -> None:
    """The controller pays (Table 2.2), choosing which bulwarks, cards or characters when there is a choice."""
    state, seat = game.state, request.controller
    player = state.players[seat]
    for letter, count in _letter_counts(letters):
        before = game.graveyards() if letter in _TO_GRAVEYARD else None
        # the choices ask, in the edition's words, what the ruleset's prompts give each letter (read where a choice is)
        if letter == "B":
            bulwarks = [c for c in player.field if c.kind == "bulwark" and not c.driven]
            for bulwark in choose_items(game, seat, bulwarks, count, count, game.ruleset.prompts.costs["B"]):
                bulwark.driven = True
        elif letter == "L":
            ops.damage(state, seat, count)
        elif letter == "D":
            ops.move(game, choose_items(game, seat, list(player.hand), count, count, game.ruleset.prompts.costs["D"]), "graveyard")
        elif letter == "S":
            for character in choose_items(game, seat, list(player.field), count, count, game.ruleset.prompts.costs["S"]):
                ops.move_character(game, character, "graveyard")
        elif letter == "K":
            state.character(request.unit).driven = True  # it stays driven instead of going to the graveyard
        if before is not None:
            game.graveyard_tops(before)  # a letter's cards go to the graveyard at once
        request.paid += letter * count


def _letter_counts(letters: str) -> tuple[tuple[str, int], ...]:
    """Each letter of a cost once, in the order the cost first names it, with its count (worked out once per cost)."""
    found = _LETTER_COUNTS.get(letters)
    if found is None:
        found = _LETTER_COUNTS[letters] = tuple(
            (letter, letters.count(letter)) for letter in sorted(set(letters), key=letters.index))
    return found


_LETTER_COUNTS: Final[dict[str, tuple[tuple[str, int], ...]]] = {}  # by cost: a few dozen costs at most
_TO_GRAVEYARD: Final = "LDS"  # the letters whose cards go to a graveyard (B drives bulwarks, K the key unit)


# -- targets ----------------------------------------------------------------------------------


def target_candidates(game: Game, request: Request) -> list[Target]:
    """Everything the request's action may target, seen by its controller (never the request itself)."""
    spec = request.action.target
    if spec is None:
        return []
    you = request.controller
    kind = spec.kind
    if kind in ("player", "opponent"):
        seats = [1 - you] if kind == "opponent" or spec.player == "opponent" else ([you] if spec.player == "you" else [you, 1 - you])
        return [("player", s) for s in seats]
    ctx = Ctx(game, request, you) if spec.where is not None else None
    if kind == "request":
        return _request_targets(game, request, ctx)
    if kind == "trump":
        return _trump_targets(game, spec, you, ctx)
    return _character_targets(game, spec, you, ctx)


def any_target(game: Game, request: Request, ctx: Ctx | None = None) -> bool:
    """Whether the request's action has anything to target (target_candidates is not empty), told at the first one
    without a list or a target made: the search for the legal requests asks it of many ways of making requests.
    `ctx`: one already made for this request and its controller (the search tests every way with the same)."""
    spec = request.action.target
    if spec is None:
        return False
    kind = spec.kind
    if kind in _ALWAYS_TARGETABLE:
        return True  # a player is always there
    where = spec.where
    if where is not None and ctx is None:
        ctx = Ctx(game, request, request.controller)
    if kind == "request":
        for other in game.state.stage:
            if _may_target_request(request, other, ctx):
                return True
        return False
    players = game.state.players
    if kind == "trump":
        for seat in _seats(spec.player, request.controller):
            for card in players[seat].trump:
                if where is None or _holds(ctx, card, where):
                    return True
        return False
    every_kind = kind == "character"
    for seat in _seats(spec.player, request.controller):
        for character in players[seat].field:
            if (every_kind or character.kind == kind) and (where is None or _holds(ctx, character, where)):
                return True
    return False


def _look(asking: _Asking, entry: _Entry) -> bool:
    """_Asking.present's answer the first time a search asks it of the kind and side of the action's target (a function,
    not a method: called directly, not through the method table)."""
    bit = entry.target_bit
    asking.looked |= bit
    if _any_of_kind(asking.game.state.players, entry.target_kind_name, entry.target_seats[asking.seat],
                    entry.trump_target, entry.any_character_target):
        asking.there |= entry.target_implies  # a soldier there is a character there: not looked for again
        return True
    return False


def _character_there(players: list[Player], seats: tuple[int, ...], kind: str, ctx: Ctx,
                     where: Callable[[Ctx], bool]) -> bool:
    """any_target's answer for a target among the characters (any, or of a kind) with a `where`, the request and its
    controller those of `ctx`, the seats those its side names."""
    every_kind = kind == "character"
    for seat in seats:
        for character in players[seat].field:
            if (every_kind or character.kind == kind) and _holds(ctx, character, where):
                return True
    return False


def _request_targets(game: Game, request: Request, ctx: Ctx | None) -> list[Target]:
    """The requests on the stage the action may target."""
    return [("request", other.id) for other in game.state.stage if _may_target_request(request, other, ctx)]


def _may_target_request(request: Request, other: Request, ctx: Ctx | None) -> bool:
    """Whether the request's action may target `other`, a request on the stage (never the request itself)."""
    spec = request.action.target
    if other is request or other.id == request.id:
        return False
    if spec.cause and other is not request.cause:
        return False
    if spec.player != "any" and other.controller not in _seats(spec.player, request.controller):
        return False
    if spec.keycards:
        at_least, at_most = spec.keycards
        if len(other.keys) < at_least or (at_most is not None and len(other.keys) > at_most):
            return False
    if spec.action and other.action.id != spec.action:
        return False
    if spec.has_target and not other.targets:
        return False
    if request.action.id in other.action.untargetable_by:
        return False
    return not (spec.where and not _holds(ctx, other, spec.where))


def _trump_targets(game: Game, spec: TargetSpec, you: int, ctx: Ctx | None) -> list[Target]:
    """The trump cards (切り札) the action may target."""
    out: list[Target] = []
    for seat in _seats(spec.player, you):
        for card in game.state.players[seat].trump:
            if spec.where is None or _holds(ctx, card, spec.where):
                out.append(("trump", card))
    return out


def _character_targets(game: Game, spec: TargetSpec, you: int, ctx: Ctx | None) -> list[Target]:
    """The characters of the target's kind (any character, or soldiers, bulwarks, …) the action may target."""
    kind, players = spec.kind, game.state.players
    out: list[Target] = []
    for seat in _seats(spec.player, you):
        for character in players[seat].field:
            if (kind == "character" or character.kind == kind) and (spec.where is None or _holds(ctx, character, spec.where)):
                out.append(("character", character.id))
    return out


def _any_of_kind(players: list[Player], kind: str, seats: tuple[int, ...], trump: bool, every_kind: bool) -> bool:
    """Whether the players have a trump card (`trump`), any character (`every_kind`) or a character of the kind
    (soldiers, bulwarks, …): which of them told by the action's _Entry, not by comparing the kind's name each time."""
    if trump:
        for seat in seats:
            if players[seat].trump:
                return True
        return False
    for seat in seats:
        field = players[seat].field
        if every_kind:
            if field:
                return True
            continue
        for character in field:
            if character.kind == kind:
                return True
    return False


def _seats(player: str, you: int) -> tuple[int, ...]:
    """The seats of `you`, `opponent` or both (yours first), seen from seat `you`: tuples made once, not per test."""
    if player == "you":
        return _YOURS[you]
    if player == "opponent":
        return _OPPONENTS[you]
    return _BOTH[you]


_YOURS: Final[tuple[tuple[int, ...], ...]] = ((0,), (1,))
_OPPONENTS: Final[tuple[tuple[int, ...], ...]] = ((1,), (0,))
_BOTH: Final[tuple[tuple[int, ...], ...]] = ((0, 1), (1, 0))


def _holds(ctx: Ctx, item: object, condition: Callable[[Ctx], bool]) -> bool:
    ctx.it = item
    try:
        return condition(ctx)
    finally:
        ctx.it = None


# -- the request ------------------------------------------------------------------------------


def options(game: Game, seat: int, starts: list[int] | None = None) -> list:
    """[3]: PASS and every request the player holding the chance may make (in the order of the ruleset's actions).
    With `starts`, it is filled with where the pass and each action's ways begin among them (Decision.runs): each
    action's ways come together, found at once, so an agent need not look for them again among the options."""
    state = game.state
    if state.winner is not None or state.chance != seat:
        return []
    out: list = [PASS]
    if starts is not None:
        starts.append(0)
    plan = _plan(game.ruleset)
    asking = _asking(plan, game, seat)
    used = state.used
    main = state.turn == seat and not state.stage
    hand = _makeable(game.ruleset, plan, asking.hand, main, seat)
    entries, hand_offers = plan.main, hand.offers
    positions = hand.main if main else hand.quick
    assert positions is not None
    # Every test below is a pure function of the state: the cheap ones come first, the programs (activation,
    # labels, targets) last, so that most of the actions that cannot be requested cost little.
    for i in positions:
        entry, offers = entries[i], hand_offers[i]
        spec = entry.spec
        if entry.once and used.get((seat, spec.id)):
            continue
        if offers is None and not entry.keyless and not asking.keycards_at_hand(entry):  # the rare card or a key unit
            continue
        # payable's answer, in place for the costs that need no more than the hand's size (most of a large hand's
        # actions: none, or D alone), without a call through the method table
        if not entry.costly:
            asking.need_k = 0
        elif entry.discard_only:
            if len(asking.hand) - entry.hand_keys < entry.need_d:
                continue
            asking.need_k = 0
        elif not asking.payable(entry):
            continue
        activation = entry.activation
        if activation is not None and not activation(asking.context(spec)):  # most actions have no 起動条件
            continue
        if offers is None:
            offers = asking.offers_without_hand(entry)
        elif offers is _LATER:  # the hand's ways of a pattern of several cards, found only for an action that gets here
            offers = plan.resolve(hand_offers, asking.hand, i)
        if offers:
            before = len(out)
            asking.add(out, entry, offers)
            if starts is not None and len(out) > before:
                starts.append(before)
    asking.busy = False
    return out


def _asking(plan: _Plan, game: Game, seat: int) -> _Asking:
    """The plan's _Asking, begun for this search (the first search makes it; one begun inside another, which no
    condition asks for today, gets its own)."""
    asking = plan.asking
    if asking is None or asking.busy:
        asking = _Asking(game, seat)
        if plan.asking is None:
            plan.asking = asking
    else:
        asking.begin(game, seat)
    return asking


_ALWAYS_TARGETABLE: Final = frozenset({"player", "opponent"})  # a player is always there to target


class _Asking:
    """What `options` finds once for one player, when it is first needed: nothing it asks changes the hand or the
    field (the soldiers' labels, the abilities that waive costs, the charged bulwarks, whether a kind of character
    or trump is there to target), and the request that an activation condition or a target test sees. One is kept
    by the plan and begun afresh by every search (its probe and context kept while the game and seat are the same)."""

    __slots__ = ("busy", "game", "seat", "player", "hand", "seen", "waived", "has_soldier", "charged_bulwarks",
                 "probe_request", "ctx", "looked", "there", "need_k")

    def __init__(self, game: Game, seat: int) -> None:
        self.busy = True  # a search is using it
        self.game, self.seat = game, seat
        self.player: Player = game.state.players[seat]
        self.hand: list[int] = self.player.hand
        self.probe_request: Request | None = None  # the request the conditions see (context)
        self.ctx: Ctx | None = None
        self.seen: dict | None = None  # the soldiers' labels (key_options), kept once an action needs them
        self.waived: dict[str, str] | None = None  # found when an action of a category some ability may waive has a cost
        self.has_soldier: bool | None = None
        self.charged_bulwarks: int | None = None
        # by the plan's kinds and sides of targets, a bit each: whether it was looked for, and whether something is there
        self.looked = self.there = 0
        self.need_k = 0  # the action being asked about: its cost's K (payable), which depends on the key unit

    def begin(self, game: Game, seat: int) -> None:
        """Ready for a search of what `seat` may request in `game`."""
        self.busy = True
        ctx = self.ctx
        if ctx is not None and (ctx.game is not game or ctx.state is not game.state or ctx.you != seat or ctx.vars is not NO_VARS):
            self.ctx = None
        self.game, self.seat = game, seat
        player = self.player = game.state.players[seat]
        self.hand = player.hand
        self.clear()

    def clear(self) -> None:
        """Nothing found yet."""
        self.seen = self.waived = self.has_soldier = self.charged_bulwarks = None
        self.need_k = self.looked = self.there = 0

    def keycards_at_hand(self, entry: _Entry) -> bool:
        """For an action whose keycards are not from the hand: a rare card, a key unit (a soldier, for a label; any
        character, for a character named: key_options tells which), or none needed."""
        player = self.player
        if entry.from_rare:
            return bool(player.rare)
        if entry.soldier_unit:
            if self.has_soldier is None:  # a field of bulwarks alone has no key unit with a label
                self.has_soldier = any(c.kind == "soldier" for c in player.field)
            return self.has_soldier
        return not entry.from_unit or bool(player.field)

    def payable(self, entry: _Entry) -> bool:
        """Whether the player can pay the action's cost (after the abilities that waive some of it) as far as it does not
        depend on the key unit; K, which does, is kept in need_k for `requests`. D (the hand besides the keycards) is
        told here for every way at once: each way of a hand action is `hand_keys` cards of the hand (hand_enumerator
        finds the least count), the ways of the others none."""
        self.need_k = 0
        if not entry.costly:
            return True
        if entry.waivable:
            # An ability only takes letters away: a cost payable in full, without K (which needs a charged key unit),
            # is payable whatever is waived, and the abilities on the field need not be read (most such searches).
            if not entry.need_k and self.payable_in_full(entry):
                return True
            letters, counts = self.unwaived(entry.cost, entry.counts, entry.category)
            if not letters:
                return True
            need_b, need_l, need_d, need_s, need_k = counts
            if not self.affordable(need_b, need_l, need_s):
                return False
        else:
            need_d, need_k = entry.need_d, entry.need_k
            # most costs of the actions a hand offers are D alone (up, down, …): nothing else to read
            if entry.needs_bls and not self.affordable(entry.need_b, entry.need_l, entry.need_s):
                return False
        if need_d and len(self.hand) - entry.hand_keys < need_d:
            return False  # the hand besides the keycards is too small (every way holds the same number of cards)
        self.need_k = need_k
        return True

    def payable_in_full(self, entry: _Entry) -> bool:
        """Whether the player can pay every letter of the action's cost but K, none waived."""
        if entry.needs_bls and not self.affordable(entry.need_b, entry.need_l, entry.need_s):
            return False
        need_d = entry.need_d
        return not (need_d and len(self.hand) - entry.hand_keys < need_d)

    def offers_without_hand(self, entry: _Entry) -> list[RequestOption]:
        """The ways to request an action whose keycards are not from the hand: none needed (its one way, kept), the
        rare card or a key unit (found afresh)."""
        if entry.bare is not None:
            return entry.bare
        spec = entry.spec
        if self.seen is None:
            self.seen = {}
        return [RequestOption(spec, keys, unit) for keys, unit in key_options(self.game, spec, self.seat, self.seen)]

    def unwaived(self, letters: str, counts: tuple[int, int, int, int, int],
                 category: str | None) -> tuple[str, tuple[int, int, int, int, int]]:
        """The cost's letters and their counts, less those an ability in force waives for the action's category."""
        if self.waived is None:
            self.waived = abilities.waived(self.game, self.seat)
        if category not in self.waived:
            return letters, counts
        letters = "".join(c for c in letters if c not in self.waived[category])
        return letters, cost_counts(letters)

    def affordable(self, need_b: int, need_l: int, need_s: int) -> bool:
        """The letters whatever the keycards (_affordable): B, L, S."""
        player = self.player
        if need_b:
            charged = self.charged_bulwarks
            if charged is None:
                charged = 0
                for character in player.field:  # a loop, not a generator: compiled, no generator object per search
                    if not character.driven and character.kind == "bulwark":
                        charged += 1
                self.charged_bulwarks = charged
            if charged < need_b:
                return False
        return not ((need_l and len(player.life) < need_l) or (need_s and len(player.field) < need_s))

    def targetable(self, entry: _Entry) -> bool:
        """Whether the action, whose target has no `where`, has something to target: a player always; a character or
        a trump of a kind and side the same for every action that asks (found once); a request, by the action."""
        if entry.request_target:
            self.context(entry.spec)
            return any_target(self.game, self.probe_request)  # type: ignore[arg-type]
        return self.present(entry)

    def request_there(self, entry: _Entry) -> bool:
        """any_target's answer for an action whose target is a request on the stage, with neither `where` nor `cause`
        (counter's: a request of one or two keycards): _may_target_request's tests of what the target names, read in
        place, without the probe (no request on the stage is the probe, whose id no request has)."""
        target = entry.target
        assert target is not None
        seats, action_id = entry.target_seat_bits[self.seat], entry.spec.id
        keycards, named, has_target = target.keycards, target.action, target.has_target
        for other in self.game.state.stage:
            if not seats >> other.controller & 1:  # a bit per seat, not a tuple searched for a boxed seat
                continue
            if keycards is not None:
                at_least, at_most = keycards
                if len(other.keys) < at_least or (at_most is not None and len(other.keys) > at_most):
                    continue
            if named and other.action.id != named:
                continue
            if has_target and not other.targets:
                continue
            if action_id not in other.action.untargetable_by:
                return True
        return False

    def present(self, entry: _Entry) -> bool:
        """Whether anything of the action's target's kind and side is there, whatever its `where` says (a player
        always; a request: not asked here), found once per kind and side: what a target without `where` needs."""
        bit = entry.target_bit
        if not bit or self.there & bit:  # bits of machine integers, not a list made for every search
            return True
        return not self.looked & bit and _look(self, entry)

    def context(self, spec: ActionSpec) -> Ctx:
        """What an activation condition (起動条件, before any keycards) or a target test sees: the probe, a request of
        the action without keycards (`requests` gives it some while it tests targets, and takes them back), made
        when first asked."""
        probe = self.probe_request
        if probe is None:
            probe = self.probe_request = Request(0, spec, self.seat)
        probe.action = spec
        ctx = self.ctx
        if ctx is None:
            probe.controller = self.seat
            ctx = self.ctx = Ctx(self.game, probe, self.seat)
        return ctx

    def add(self, out: list, entry: _Entry, offers: list[RequestOption]) -> None:
        """Adds to `out` the ways of requesting the action (its cost paid as far as it does not depend on the keycards,
        its activation condition holding) that have something to target and whose keycards leave the rest payable."""
        target = entry.target
        if entry.plain_target:  # what may be targeted does not depend on the keycards
            bit = entry.target_bit
            if bit:  # present's, in place: most of these actions ask of a kind and side already looked for
                if not self.there & bit and (self.looked & bit or not _look(self, entry)):
                    return
            elif entry.request_target and not (self.request_there(entry) if entry.plain_request else self.targetable(entry)):
                return
            target = None
        if target is None and not self.need_k:  # nothing that depends on the keycards: every way
            if len(offers) == 1:
                out.append(offers[0])  # the one way of an action without keycards, or a hand's one card: no extend
            else:
                out.extend(offers)
            return
        if target is not None:
            if not self.present(entry):  # nothing of the kind at all: no keycards make a `where` hold
                return
            self.context(entry.spec)
        self.requests(out, offers, target, entry)

    def requests(self, out: list, offers: list[RequestOption], target: TargetSpec | None, entry: _Entry) -> None:
        """Adds to `out` the ways (keycards, key unit) the cost that depends on the key unit allows (_affordable_with: K, a
        charged key unit; D was told for every way by `payable`) and, when what may be targeted depends on the
        keycards, with something to target."""
        need_k = self.need_k
        game, probe = self.game, self.probe_request
        # a character to target (装備's soldier): any_target's loop, in place, over the fields its side names
        where = target.where if target is not None and entry.field_target else None
        # The ways that `where` cannot tell apart (装備's: keycards of one suit) have their targets tested once: for
        # one-card ways, their views' bits by the card (asked: tested; there: with something to target), else by a dict.
        bits = entry.view_bits if target is not None else None
        asked = there = 0
        view = target.key_view if target is not None and bits is None and len(offers) > 1 else None
        answered: dict[object, bool] | None = {} if view is not None else None
        for option in offers:
            if need_k and not _charged_unit(game, option.unit):
                continue
            if target is not None and probe is not None:
                if bits is not None:
                    bit = bits[option.keys[0]]
                    if not asked & bit:
                        asked |= bit
                        if self.way_targets(probe, option, where, entry):
                            there |= bit
                    if not there & bit:
                        continue
                elif view is not None and answered is not None:
                    seen = view(option.keys, option.unit)
                    found = answered.get(seen)
                    if found is None:
                        found = answered[seen] = self.way_targets(probe, option, where, entry)
                    if not found:
                        continue
                elif not self.way_targets(probe, option, where, entry):
                    continue
            out.append(option)
        if target is not None and probe is not None:
            probe.keys, probe.unit = (), None

    def way_targets(self, probe: Request, option: RequestOption, where: Callable[[Ctx], bool] | None, entry: _Entry) -> bool:
        """Whether the way (its keycards and key unit given to the probe) has something to target: with `where`, a
        character of the kind on the fields its side names (any_target's loop, in place), else any_target's answer."""
        probe.keys, probe.unit = option.keys, option.unit
        ctx = self.ctx
        if where is not None and ctx is not None:
            return _character_there(self.game.state.players, entry.target_seats[self.seat], entry.target_kind_name, ctx, where)
        return any_target(self.game, probe, ctx)


_LATER: Final[list[RequestOption]] = []  # a hand's ways of an action not found yet (_Plan.offers); never filled
_OPTIONS_KEPT: Final = 4096  # per action, the RequestOptions of a pattern of several cards kept (_Plan.options_of)
_HANDS_KEPT: Final = 512  # hands a Ruleset remembers (a game sees a few dozen; a few MB at most per regulation)


class _Entry:
    """What `options` reads of one action, read once per ruleset: the action, its keycards pattern (None: its
    keycards are not from the hand), once per turn, its activation condition, cost and the cost's letter counts,
    category, target and where its keycards come from; and for an action without keycards, its one way to be
    requested (a RequestOption holds nothing that changes, so one serves every game)."""

    __slots__ = ("spec", "pattern", "once", "activation", "cost", "counts", "need_b", "need_l", "need_d", "need_s", "need_k",
                 "costly", "hand_keys", "category", "waivable", "target", "target_kind", "key_from", "keyless", "from_rare", "from_unit",
                 "soldier_unit", "bare", "target_seats", "target_seat_bits", "needs_bls", "target_bit", "target_implies",
                 "target_kind_name", "trump_target", "any_character_target", "plain_target", "request_target", "plain_request",
                 "discard_only", "field_target", "view_bits")

    def __init__(self, spec: ActionSpec, waivable: frozenset[str]) -> None:
        self.spec = spec
        self.pattern: str | None = str(spec.pattern_text) if spec.key_from == "hand" else None
        self.once, self.activation, self.target, self.key_from = spec.once_per_turn, spec.activation, spec.target, spec.key_from
        self.cost, self.counts, self.category = spec.cost, spec.cost_counts, spec.category
        self.costly = bool(spec.cost)
        self.hand_keys = spec.pattern.card_count if self.pattern is not None and spec.pattern is not None else 0  # the least
        self.waivable = spec.category in waivable  # some ability of the regulation may waive some of its cost
        # where its keycards come from: none, the rare card, a key unit (a soldier with a label, or not), else the hand
        self.keyless, self.from_rare = spec.key_from is None, spec.key_from == "rare"
        self.from_unit = spec.key_from == "unit"
        self.soldier_unit = self.from_unit and spec.pattern.character is None
        self.target_kind = -1  # the position of its target's kind and side among the plan's (_Asking.present); -1: none
        # whose characters (trumps, requests) it may target, by the seat of its controller
        self.target_seats: tuple[tuple[int, ...], ...] = (
            tuple(_seats(spec.target.player, seat) for seat in (0, 1)) if spec.target is not None else ((), ()))
        self.target_seat_bits: tuple[int, ...] = tuple(sum(1 << seat for seat in seats) for seats in self.target_seats)
        self.need_b, self.need_l, self.need_d, self.need_s, self.need_k = spec.cost_counts
        self.needs_bls = bool(self.need_b or self.need_l or self.need_s)  # letters whatever the keycards (affordable)
        # a cost of D alone that no ability may waive: payable when the hand besides the keycards is large enough
        self.discard_only = bool(self.need_d) and not (self.needs_bls or self.need_k or self.waivable)
        self.target_bit = 0  # 1 << target_kind (none: 0), set with it
        self.target_implies = 0  # its bit and those of the kinds and sides its kind's being there means are there (_imply)
        target = spec.target
        self.target_kind_name: str = target.kind if target is not None else ""
        # what _any_of_kind looks for: a trump card, any character, else a character of the kind (told once, not per search)
        self.trump_target, self.any_character_target = self.target_kind_name == "trump", self.target_kind_name == "character"
        self.plain_target = target is not None and target.where is None  # a target without `where`
        self.request_target = target is not None and target.kind == "request"
        # a target among the characters on the field (any, or of a kind: any_target's last loop)
        self.field_target = target is not None and target.kind not in _ALWAYS_TARGETABLE and target.kind not in ("request", "trump")
        # a request to target named by its controller, keycards, action or target alone (request_there)
        self.plain_request = self.request_target and target is not None and target.where is None and not target.cause
        self.bare: list[RequestOption] | None = [RequestOption(spec)] if spec.key_from is None else None
        self.view_bits: tuple[int, ...] | None = None  # set by the plan for an action of one hand card (_view_bits)


def _view_bits(spec: ActionSpec, accept: tuple[bool, ...]) -> tuple[int, ...] | None:
    """For an action of one hand card (of the cards `accept` tells) whose target's `where` reads only some of the
    keycards (TargetSpec.key_view): by card code, a bit for the card's view, the same for cards `where` cannot tell
    apart (a suit's, for 装備), read by `_Asking.requests` instead of calling the view and hashing its value for every
    way of every search. None for the other actions, or when there are more views than bits of a machine integer."""
    target = spec.target
    if target is None or target.key_view is None:
        return None
    view = target.key_view
    numbered: dict[object, int] = {}  # each view the group's cards have, numbered
    slots = [numbered.setdefault(view((code,), None), len(numbered)) if accept[code] else -1 for code in range(_CODES)]
    if len(numbered) > _VIEW_BITS:
        return None
    return tuple(1 << slot if slot >= 0 else 0 for slot in slots)


def _imply(entries: list[_Entry], kinds: dict[tuple[str, str], int]) -> None:
    """Gives each action whose target is of a kind and side (`kinds`, numbered) the bits of those that something of
    its kind and side being there means are there too: the same kind or any character (a trump card: trump cards),
    on the same sides or more (yours: either's). A search that finds a soldier of yours need not look for a soldier
    of either side, or any character (policy games look for several kinds in most searches)."""
    implied = [0] * len(kinds)
    for (kind, side), index in kinds.items():
        for (other_kind, other_side), other in kinds.items():
            if _includes(other_kind, kind) and all(set(_seats(side, you)) <= set(_seats(other_side, you)) for you in (0, 1)):
                implied[index] |= 1 << other
    for entry in entries:
        if entry.target_kind >= 0:
            entry.target_implies = implied[entry.target_kind]


def _includes(kind: str, other: str) -> bool:
    """Whether something of the `other` target kind is always of `kind` too (a soldier is a character)."""
    return kind == other or (kind == "character" and other != "trump")


def _number_views(entries: list[_Entry], singles: list[tuple[int, tuple[bool, ...]]]) -> None:
    """Gives each action of one hand card (its position and the table of the cards it accepts) its views' bits."""
    for i, accept in singles:
        entries[i].view_bits = _view_bits(entries[i].spec, accept)


_VIEW_BITS: Final = 60  # views of one action's cards that fit in the bits of a machine integer


class _Plan:
    """The actions a player may request directly with what `options` reads of each, for each timing (main: every one;
    quick: their positions among them), and how a hand's ways to make their keycards are found: for the patterns of
    one card of one group (most of them), the RequestOptions each card code makes, found once; the other patterns
    by their enumerators."""

    __slots__ = ("main", "quick", "every", "of_card", "others", "group_bits", "pattern_of", "made", "pair_of", "pair_made",
                 "asking", "last")

    def __init__(self, rules: Ruleset) -> None:
        self.main: list[_Entry] = [_Entry(spec, rules.waivable_categories) for spec in rules.direct]
        position = {entry.spec.id: i for i, entry in enumerate(self.main)}
        kinds: dict[tuple[str, str], int] = {}  # the kinds and sides of targets that something on the field must be
        for entry in self.main:
            target = entry.target
            if target is not None and target.kind not in _ALWAYS_TARGETABLE and target.kind != "request":
                entry.target_kind = kinds.setdefault((target.kind, target.player), len(kinds))
                entry.target_bit = 1 << entry.target_kind
        _imply(self.main, kinds)
        self.quick: list[int] = [position[spec.id] for spec in rules.direct_quick]
        self.every: list[int] = list(range(len(self.main)))  # the positions of main's actions
        singles = [(i, _accepts(entry.spec.pattern.groups[0])) for i, entry in enumerate(self.main)
                   if entry.pattern is not None and _single(entry.spec.pattern)]
        self.of_card: tuple[tuple[tuple[int, RequestOption], ...], ...] = tuple(
            tuple((i, RequestOption(self.main[i].spec, (code,))) for i, accept in singles if accept[code])
            for code in range(2 * (INDEX_MASK + 1)))
        _number_views(self.main, singles)
        single = {i for i, _ in singles}
        others: dict[str, list[int]] = {}  # the other patterns, each once, with the actions that have it
        for i, entry in enumerate(self.main):
            if entry.pattern is not None and i not in single:
                others.setdefault(entry.pattern, []).append(i)
        # Each group of those patterns has a bit (a pattern of cards of one rank or suit, one for each rank or suit);
        # a card code's bits are those of the groups that accept it. A hand's cards light the bits of the groups they
        # could fill once and twice, which tells, before any enumerator runs, the patterns the hand cannot make (most
        # hands at [3] hold a card or two).
        bits: list[int] = [0] * (2 * (INDEX_MASK + 1))
        next_bit = 1
        self.others: list[tuple[Callable[[list[int]], list[tuple[int, ...]]], list[int], int, int, int, int]] = []
        for found in others.values():
            pattern = self.main[found[0]].spec.pattern
            once = twice = any_twice = 0  # every group once, every group twice, some rank or suit twice
            if pattern.kind in ("same-rank", "same-suit"):
                accept, by = _accepts(pattern.groups[0]), (RANK if pattern.kind == "same-rank" else SUIT)
                bit_of: dict[object, int] = {}
                for code in range(len(bits)):
                    if accept[code] and by[code] is not None:
                        if by[code] not in bit_of:
                            bit_of[by[code]], next_bit = next_bit, next_bit << 1
                        bits[code] |= bit_of[by[code]]
                for bit in bit_of.values():
                    any_twice |= bit
            for group in pattern.groups if pattern.kind == "cards" else ():
                bit, next_bit = next_bit, next_bit << 1
                accept = _accepts(group)
                for code in range(len(bits)):
                    if accept[code]:
                        bits[code] |= bit
                if group.count > 1:
                    twice |= bit
                else:
                    once |= bit
            self.others.append((_enumerator(self.main[found[0]].spec), found, pattern.card_count, once, twice, any_twice))
        self.group_bits: tuple[int, ...] = tuple(bits)
        # by position, for the actions of those patterns: the pattern's enumerator and the positions of its actions
        self.pattern_of: dict[int, tuple[Callable[[list[int]], list[tuple[int, ...]]], list[int]]] = {
            i: (other[0], other[1]) for other in self.others for i in other[1]}
        # by position, for the actions of those patterns: the RequestOptions made, by their keycards (options_of)
        self.made: list[dict[tuple[int, ...], RequestOption]] = [{} for _ in self.main]
        # by position, for a pattern of two groups of one card each that no card makes both of (`♡A-K & ♢A-K`, the
        # most resolved in policy games): its two groups, and the RequestOptions made, by the codes of the two cards
        # in hand order (a table indexed, not a dict of tuples hashed: resolve makes no tuple for a way made before)
        self.pair_of: list[tuple[tuple[bool, ...], tuple[bool, ...]] | None] = [
            _disjoint_groups(entry.spec.pattern) if i in self.pattern_of else None for i, entry in enumerate(self.main)]
        self.pair_made: list[list[RequestOption | None] | None] = [None] * len(self.main)
        self.asking: _Asking | None = None  # what `options` finds, kept from search to search
        self.last: list[_Hand | None] = [None, None]  # by seat, the hand its last search met (_makeable)

    def offers(self, hand: list[int], later: bool = False) -> list[list[RequestOption] | None]:
        """Each action's ways to be requested with the hand's cards (None for an action the hand does not make or
        whose keycards are not from the hand), by its position: in hand order, as hand_enumerator finds them. With
        `later`, the ways of a pattern of several cards that the hand may make are left for `resolve` (_LATER): most
        searches end before they would need them (the timing, a cost, once per turn)."""
        found: list[list[RequestOption] | None] = [None] * len(self.main)  # a list only for an action the hand makes
        table, group_bits = self.of_card, self.group_bits
        once = twice = 0  # the groups some card of the hand could fill, and those two could
        for card in hand:
            for i, option in table[card]:
                made = found[i]
                if made is None:
                    found[i] = [option]
                else:
                    made.append(option)
            bits = group_bits[card]
            twice |= once & bits
            once |= bits
        size = len(hand)
        for enumerate_ways, positions, least, needs_once, needs_twice, needs_any_twice in self.others:
            if (size < least or once & needs_once != needs_once or twice & needs_twice != needs_twice
                    or (needs_any_twice and not twice & needs_any_twice)):
                continue  # too few cards, or a group no card (or no two) of the hand could fill: no way at all
            if later:
                for i in positions:
                    found[i] = _LATER
                continue
            self.ways_into(found, hand, enumerate_ways, positions, True)
        return found

    def resolve(self, found: list[list[RequestOption] | None], hand: list[int], position: int) -> list[RequestOption]:
        """The ways (maybe none) of the action at `position`, which `offers` left for later: found now, with those of
        the other actions of its pattern (but for a pair of two disjoint groups: read from the table for this action
        alone, without looking its pattern up), and kept in `found`."""
        pair = self.pair_of[position]
        if pair is not None:
            ways = self.pair_options(position, hand, pair[0], pair[1])
            found[position] = ways
            return ways
        enumerate_ways, positions = self.pattern_of[position]
        self.ways_into(found, hand, enumerate_ways, positions, False)
        made = found[position]
        assert made is not None
        return made

    def ways_into(self, found: list[list[RequestOption] | None], hand: list[int],
                  enumerate_ways: Callable[[list[int]], list[tuple[int, ...]]], positions: list[int], some: bool) -> None:
        """Puts in `found` the ways of the actions at `positions` (one pattern's), as its enumerator finds them; with
        `some`, only when there is a way (else each gets a list, maybe empty)."""
        pair = self.pair_of[positions[0]]
        if pair is None:
            ways = enumerate_ways(hand)
            if ways or not some:
                for i in positions:
                    found[i] = self.options_of(i, ways)
            return
        for i in positions:
            made = self.pair_options(i, hand, pair[0], pair[1])
            if made or not some:
                found[i] = made

    def pair_options(self, position: int, hand: list[int], first: tuple[bool, ...],
                     second: tuple[bool, ...]) -> list[RequestOption]:
        """The RequestOptions of the action at `position`, of a pattern of two disjoint groups of one card: _disjoint_pairs's
        ways, in its order (each card of the first group with each of the second, in hand order), each made once. The
        hand is read again for each card of the first group rather than split into two lists (a hand of 7 holds one
        or two): no list made but the ways'."""
        kept = self.pair_made[position]
        if kept is None:
            kept = self.pair_made[position] = [None] * (_CODES * _CODES)
        spec = self.main[position].spec
        options: list[RequestOption] = []
        for one in hand:
            if not first[one]:
                continue
            after = False  # whether the card of the second group comes after `one` in the hand
            for other in hand:
                if other == one:  # `one` itself, which the second group (disjoint) does not accept
                    after = True
                    continue
                if not second[other]:
                    continue
                if after:
                    earlier, later = one, other
                else:
                    earlier, later = other, one
                at = earlier * _CODES + later
                option = kept[at]
                if option is None:
                    option = kept[at] = RequestOption(spec, (earlier, later))
                options.append(option)
        return options

    def options_of(self, position: int, ways: list[tuple[int, ...]]) -> list[RequestOption]:
        """The RequestOptions of the action at `position` with these keycards: each made once and kept by its keycards
        (a RequestOption never changes), not made again for every hand that holds the same cards of the pattern."""
        kept = self.made[position]
        if len(kept) > _OPTIONS_KEPT:
            kept.clear()
        spec = self.main[position].spec
        options: list[RequestOption] = []
        for keys in ways:
            option = kept.get(keys)
            if option is None:
                option = kept[keys] = RequestOption(spec, keys)
            options.append(option)
        return options


def _disjoint_groups(pattern: Keycards) -> tuple[tuple[bool, ...], tuple[bool, ...]] | None:
    """A pattern of two groups of one card each that no card makes both of: its groups' tables (else None)."""
    if pattern.kind != "cards" or len(pattern.groups) != 2 or any(group.count != 1 for group in pattern.groups):
        return None
    first, second = _accepts(pattern.groups[0]), _accepts(pattern.groups[1])
    if any(a and b for a, b in zip(first, second)):
        return None
    return first, second


_CODES: Final = 2 * (INDEX_MASK + 1)  # the card codes (either owner): a pair's place in _Plan.pair_made


def _single(pattern: Keycards | None) -> bool:
    """A pattern of one card of one group (`2-10`, `♡A-10`): its ways are the hand's cards the group accepts."""
    return pattern is not None and pattern.kind == "cards" and len(pattern.groups) == 1 and pattern.groups[0].count == 1


class _Hand:
    """What one hand may request with, found when first needed: for each timing the actions whose keycards it makes
    (or that need none from the hand) with their ways (RequestOptions), and those ways by the action's position."""

    __slots__ = ("cards", "quick", "main", "offers")

    def __init__(self, cards: tuple[int, ...]) -> None:
        self.cards = cards  # the hand, in order
        self.quick: list[int] | None = None  # the positions of the actions among the plan's (main)
        self.main: list[int] | None = None
        self.offers: list[list[RequestOption] | None] = []  # by position; empty until first needed


def _makeable(rules: Ruleset, plan: _Plan, hand: list[int], main: bool, seat: int) -> _Hand:
    """What the hand may request with: for the timing (main: all; else quick only) the positions in the plan of the
    actions whose keycards the hand could make (or that need none from the hand), in the ruleset's order, and each
    one's ways (RequestOptions; None for an action whose keycards are not from the hand). A pure function of the
    cards, remembered per hand by the ruleset: a hand of 7 makes few of a format's patterns. Three searches in four
    meet the hand the seat's last search met: compared card by card, it needs neither a key nor a lookup."""
    kept = plan.last[seat]
    if kept is not None and _same_cards(kept.cards, hand):
        found: _Hand = kept
    else:
        found = _hand_of(rules, hand)
        plan.last[seat] = found
    if (found.main if main else found.quick) is None:
        if not found.offers:
            found.offers = plan.offers(hand, later=True)
        offers, entries = found.offers, plan.main
        listed: list[int] = []
        for i in plan.every if main else plan.quick:
            if entries[i].pattern is None or offers[i] is not None:
                listed.append(i)
        if main:
            found.main = listed
        else:
            found.quick = listed
    return found


def _hand_of(rules: Ruleset, hand: list[int]) -> _Hand:
    """The ruleset's _Hand of these cards (made, not yet filled, when the hand is new)."""
    key = tuple(hand)
    found: _Hand | None = rules.hand_ways.get(key)
    if found is None:
        if len(rules.hand_ways) >= _HANDS_KEPT:
            rules.hand_ways.clear()
        found = rules.hand_ways[key] = _Hand(key)
    return found


def _same_cards(cards: tuple[int, ...], hand: list[int]) -> bool:
    """Whether the hand holds these cards in this order (a loop of machine integers when compiled: no copy made)."""
    if len(cards) != len(hand):
        return False
    i = 0
    for card in hand:  # the list read in place by the loop, the tuple by index: no call for either item
        if cards[i] != card:
            return False
        i += 1
    return True


def _plan(rules: Ruleset) -> _Plan:
    """The ruleset's _Plan, made when first asked."""
    plan: _Plan | None = rules.request_plan
    if plan is None:
        plan = rules.request_plan = _Plan(rules)
    return plan


def _enumerator(spec: ActionSpec) -> Callable[[list[int]], list[tuple[int, ...]]]:
    enumerate_ = _ENUMERATORS.get(spec.pattern_text)
    if enumerate_ is None:
        enumerate_ = _ENUMERATORS[spec.pattern_text] = hand_enumerator(spec.pattern)
    return enumerate_


def make(game: Game, seat: int, option: RequestOption) -> Request:
    """[5]: the keycards go onto the stage with the request, the costs are paid, the targets chosen."""
    state, spec = game.state, option.action
    request = Request(state.new_id(), spec, seat)
    request.keys, request.unit = option.keys, option.unit
    for card in option.keys:
        zone, source = ops.take(game, card)
        request.held.append(card)
        state.events.append(("moved", card, zone, source, ops.STAGE))
    state.used[(seat, spec.id)] = state.used.get((seat, spec.id), 0) + 1
    pay(game, request, abilities.cost(game, spec, seat))
    if spec.target is not None:
        choose_target(game, request)
    return request


def from_effect(game: Game, spec: ActionSpec, seat: int, keys: list, target: Target | None, pay_cost: bool) -> Request | None:
    """A request an effect makes (the `request` step): its keycards go on the stage with it, its cost is paid (or not:
    コストを支払わずに), its target is the one named or the controller's choice. None when it cannot be made: keycards
    that do not make the action's, a target it may not have (or none), a cost that cannot be paid. Timing and 起動条件
    are not checked: the effect requests it, not a player holding the chance."""
    state = game.state
    cards = tuple(k for k in keys if isinstance(k, int))
    soldiers = [k for k in keys if isinstance(k, Character) and state.character(k.id) is not None]
    unit = soldiers[0].id if soldiers else None
    if spec.key_from == "unit":
        if unit is None or cards or not _is_key_unit(game, spec, soldiers[0]):
            return None
    elif spec.key_from is not None:
        if unit is not None or not cards or not spec.pattern.matches([to_card(c) for c in cards]):
            return None
        if spec.key_from == "rare" and not all(c in state.players[seat].rare for c in cards):
            return None
    elif cards or unit is not None:
        return None  # an action without keycards is not requested with some
    request = Request(state.new_id(), spec, seat)
    request.keys, request.unit = cards, unit
    letters = abilities.cost(game, spec, seat) if pay_cost else ""
    if not payable(game, seat, letters, cards, unit):
        return None
    if spec.target is not None:
        candidates = target_candidates(game, request)
        if (target is not None and target not in candidates) or not candidates:
            return None
        if target is not None:
            request.targets = [target]
    for card in cards:
        zone, source = ops.take(game, card)
        request.held.append(card)
        state.events.append(("moved", card, zone, source, ops.STAGE))
    state.used[(seat, spec.id)] = state.used.get((seat, spec.id), 0) + 1
    pay(game, request, letters)
    if spec.target is not None and not request.targets:
        choose_target(game, request)
    return request


def choose_target(game: Game, request: Request) -> None:
    candidates = target_candidates(game, request)
    if not candidates:
        raise IllegalRequest(f"{request.action.name}: nothing to target")
    request.targets = [candidates[game.decide(request.controller, "target", game.ruleset.prompts.target, candidates)]]


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
        ops.take(game, card)
        request.keys, request.held = (card,), [card]
    if spec.target is not None:
        candidates = target_candidates(game, request)
        if not candidates:
            for card in request.held:
                ops.put(state, card, "rare")
            return None
        request.targets = [candidates[game.decide(seat, "target", game.ruleset.prompts.target, candidates)]]
    return request
