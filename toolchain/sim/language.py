"""The expressions of the effect language: numbers, conditions, players and item selectors.

A program is compiled once into closures `f(ctx)`, so that a random game runs plain Python
calls. Items are cards (ints), characters and requests; which player `you` is, is the
controller of the request being made or resolved. The language is stated in model/effect_language.py
(definitions/README.md shows it); each family's table of forms here is checked against it.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Final

from ..i18n import _
from ..model import effect_language as lang
from ..notation.card_notation import RANK_VALUES
from . import abilities
from .cards import FACE, RANK, SUIT, holds, owner_of
from .errors import ProgramError
from .state import FIELD, Character, Former, Player, Request, State

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

Path = tuple[str | int, ...]
Number = Callable[["Ctx"], int]
Cond = Callable[["Ctx"], bool]
Items = Callable[["Ctx"], list]
PlayerRef = Callable[["Ctx"], int]


NO_VARS: Final[dict[str, Any]] = {}  # the variables of a context that has set none: shared, never written (Ctx.set)


class Ctx:
    """What a compiled expression sees: the game, the request, its controller, variables and `it`."""

    __slots__ = ("game", "state", "request", "you", "vars", "it")

    def __init__(self, game: Game, request: Request, you: int) -> None:
        self.game = game
        self.state: State = game.state
        self.request: Request = request
        self.you: int = you
        # Most contexts only test a condition and set no variable: they share one empty dictionary instead of making
        # (and freeing) their own. Variables are set through `set`, which makes the context its own first.
        self.vars: dict[str, Any] = NO_VARS
        self.it: Any = None

    def set(self, name: str, value: Any) -> None:
        if self.vars is NO_VARS:
            self.vars = {}
        self.vars[name] = value


def cards_of(items: list) -> list[int]:
    """The cards of items: a character's cards, a request's keycards, a card itself."""
    out: list[int] = []
    for item in items:
        if isinstance(item, int):
            out.append(item)
        elif isinstance(item, Character):
            out.extend(item.cards)
        elif isinstance(item, Request):
            out.extend(item.keys)
    return out


def _cards_suit(items: list, suit: str | None) -> str | None:
    """The one suit of every card of the items (cards_of's: a card, a character's cards, a request's keycards) and of
    `suit` ("": no card yet), read in place: "" when there is no card, None when they are of several suits or a Joker
    is among them."""
    for item in items:
        if suit is None:
            return None
        suit = _item_suit(item, suit)
    return suit


def _item_suit(item: object, suit: str) -> str | None:
    """_cards_suit of one item."""
    if isinstance(item, int):
        return _same_suit_as(item, suit)
    if isinstance(item, Character):
        return _list_suit(item.cards, suit)
    if isinstance(item, Request):
        return _keys_suit(item.keys, suit)
    return suit


# One loop for a list and one for a tuple of cards: compiled, a loop over either kind is an iterator object and a
# boxed card at every step, a loop over one kind reads the cards in place.
def _list_suit(cards: list[int], suit: str | None) -> str | None:
    for card in cards:
        if suit is None:
            return None
        suit = _same_suit_as(card, suit)
    return suit


def _keys_suit(cards: tuple[int, ...], suit: str | None) -> str | None:
    for card in cards:
        if suit is None:
            return None
        suit = _same_suit_as(card, suit)
    return suit


# Which items one side of a condition names, for the conditions that read the words `it` and `key` in place (without
# calling their compiled items for a list of one item, or a copy of the keycards): 装備's target test reads both for
# every way of the request, and larger hands and fields make more of them.
_OTHER_ITEMS: Final = 0
_IT: Final = 1
_KEY: Final = 2


def _word_of(node: object) -> int:
    return _IT if node == "it" else _KEY if node == "key" else _OTHER_ITEMS


def _side_suit(ctx: Ctx, word: int, items: Items, suit: str | None) -> str | None:
    """_cards_suit of one side of same_suit (`word`: what it names, _word_of), and of `suit`."""
    if suit is None:
        return None
    if word == _IT:
        it = ctx.it
        return suit if it is None else _item_suit(it, suit)
    if word == _KEY:  # as _key reads it: the key unit, else the keycards
        request = ctx.request
        if request.unit is not None:
            unit = ctx.state.character(request.unit)
            return suit if unit is None else _item_suit(unit, suit)
        return _keys_suit(request.keys, suit)
    return _cards_suit(items(ctx), suit)


def _some_card(ctx: Ctx, word: int, items: Items, test: Callable[[Ctx, int], bool]) -> bool:
    """Whether a card of the items passes `test` (exists of `of:`), stopping at the first; `it` read in place."""
    if word == _IT:
        it = ctx.it
        return it is not None and _item_has(ctx, it, test)
    for item in items(ctx):
        if _item_has(ctx, item, test):
            return True
    return False


def _item_has(ctx: Ctx, item: object, test: Callable[[Ctx, int], bool]) -> bool:
    """Whether a card of the item (cards_of's) passes `test`."""
    if isinstance(item, int):
        return test(ctx, item)
    if isinstance(item, Character):
        for card in item.cards:
            if test(ctx, card):
                return True
    elif isinstance(item, Request):
        for key in item.keys:
            if test(ctx, key):
                return True
    return False


def _same_suit_as(card: int, suit: str) -> str | None:
    """The card's suit if it is `suit` (any, for ""), else None (another suit, or a Joker)."""
    found = SUIT[card]
    if found is None or (suit and found != suit):
        return None
    return found


def _one_suit_for_all(ctx: Ctx, items: list) -> bool:
    """Whether some suit is one every item counts as: a card its own, a character the suits abilities.suits
    gives it (its cards' and those its abilities add), a request its keycards'."""
    common: set[str | None] | None = None  # None: a card without a suit, which no other shares
    for item in items:
        if isinstance(item, Character):
            suits: set[str | None] = set(abilities.suits(ctx.game, item))
        elif isinstance(item, int):
            suits = {SUIT[item]}
        else:
            cards = cards_of([item])
            suits = {SUIT[c] for c in cards} if cards else set()
            if len(suits) != 1:
                return False
        common = suits if common is None else common & suits
        if not common:
            return False
    return bool(common) and None not in common


def _characters(items: list) -> list[Character]:
    return [item for item in items if isinstance(item, Character)]


# -- the words and forms a program may use (stated in model/effect_language.py) ------------------

ITEM_WORDS: Final = lang.ITEMS_FAMILY.word_names
PLAYER_WORDS: Final = lang.PLAYERS.word_names
_PLAYER_ONLY_WORDS: Final = tuple(word for word in PLAYER_WORDS if word not in ITEM_WORDS)  # `target` is items in `set`
LAST_KNOWN: Final = "last-known"  # what a program may read that the engine records only when asked (known["reads"])
# How the programs are compiled (known[ENGINE]): with the examples' records (sim.Tally), with the prohibitions' checks.
ENGINE, INSTRUMENT, PROHIBITS = "engine", "instrument", "prohibits"
COMPARISONS: Final = {"le": int.__le__, "lt": int.__lt__, "ge": int.__ge__, "gt": int.__gt__, "eq": int.__eq__, "ne": int.__ne__}


def form_of(node: dict, family: lang.Family) -> str:
    """The form a mapping is (the schema has made sure it is exactly one of the family's)."""
    return next(key for key in node if key in family.form_names)


class CharacterFilter:
    """The tests of a `characters:` form. The plain ones (player, type, character, state, role) are read from each
    character in place, in one loop: compiled, a closure per test cost a Python call per character and test, and the
    fields of a long game are large. The player is worked out once per selection, when a character is there to test
    (nothing a selection tests changes it); the other tests (blocking, label, where) follow, in that order."""

    def __init__(self, seat: PlayerRef | None, kind: str | None, component: str | None, driven: int, by_role: bool,
                 role: str | None, rest: Callable[[Ctx, Character], bool] | None) -> None:
        self.seat = seat
        self.kind = kind
        self.component = component
        self.driven = driven  # 1 driven, 0 charged, -1 either
        self.by_role = by_role
        self.role = role
        self.rest = rest

    def _passes(self, ctx: Ctx, c: Character, wanted: int) -> bool:
        if self.seat is not None and c.controller != wanted:
            return False
        if self.kind is not None and c.kind != self.kind:
            return False
        if self.component is not None and c.component != self.component:
            return False
        if self.driven >= 0 and c.driven is not (self.driven == 1):
            return False
        if self.by_role and c.role != self.role:
            return False
        rest = self.rest
        return rest is None or rest(ctx, c)

    def _wanted(self, ctx: Ctx) -> int:
        seat = self.seat
        return seat(ctx) if seat is not None else -1

    def select(self, ctx: Ctx) -> list:
        """Every character that passes, the first player's first."""
        out: list = []
        wanted, known = -1, False
        for player in ctx.state.players:
            for c in player.field:
                if not known:
                    wanted, known = self._wanted(ctx), True
                if self._passes(ctx, c, wanted):
                    out.append(c)
        return out

    def exists(self, ctx: Ctx) -> bool:
        """Whether a character passes (exists)."""
        wanted, known = -1, False
        for player in ctx.state.players:
            for c in player.field:
                if not known:
                    wanted, known = self._wanted(ctx), True
                if self._passes(ctx, c, wanted):
                    return True
        return False


class Compiler:
    """Compiles one program; `vars` records the kind of each variable for static checks.

    The program has passed schema/effect.schema.json (bp check leaves out an action that does not),
    so every form, option and value has its stated shape here; what remains to check is what a
    schema cannot see: variables set before use and of the right kind, and ids the definitions have.
    """

    def __init__(self, known: dict[str, set[str]]) -> None:
        self.known = known  # ids the program may name: actions, characters, labels, trumps
        self.vars: dict[str, str] = {}

    # -- helpers ----------------------------------------------------------------------------
    @staticmethod
    def fail(path: Path, message: str) -> ProgramError:
        return ProgramError(path, message)

    def variable(self, node: str, path: Path, kind: str) -> Callable[[Ctx], Any]:
        name = node[1:]
        if name not in self.vars:
            raise self.fail(path, _("variable '${name}' is not set before it is used").format(name=name))
        if self.vars[name] != kind:
            raise self.fail(path, _("variable '${name}' holds {held}, not {kind}").format(name=name, held=self.vars[name], kind=kind))
        return lambda ctx: ctx.vars.get(name, [] if kind == "items" else 0)

    def declare(self, name: str, kind: str, path: Path) -> str:
        if self.vars.get(name, kind) != kind:
            raise self.fail(path, _("variable '${name}' already holds {held}").format(name=name, held=self.vars[name]))
        self.vars[name] = kind
        return name

    def value(self, node: Any, path: Path) -> tuple[str, Callable[[Ctx], Any]]:
        """Any value, with its kind: number, items or player (for `set`)."""
        if isinstance(node, int) or (isinstance(node, dict) and next(iter(node)) in lang.NUMBERS.form_names):
            return "number", self.number(node, path)
        if isinstance(node, str) and node.startswith("$"):
            name = node[1:]
            if name not in self.vars:
                raise self.fail(path, _("variable '${name}' is not set before it is used").format(name=name))
            return self.vars[name], self.variable(node, path, self.vars[name])
        if node in _PLAYER_ONLY_WORDS or (isinstance(node, dict) and next(iter(node)) in lang.PLAYERS.form_names):
            return "player", self.player(node, path)
        return "items", self.items(node, path)

    def known_id(self, value: str, space: str, path: Path) -> str:
        if value not in self.known.get(space, set()):
            close = difflib.get_close_matches(str(value), sorted(self.known.get(space, ())), n=1, cutoff=0.6)
            hint = _("; did you mean '{name}'?").format(name=close[0]) if close else ""
            raise self.fail(path, _("'{value}' is not one of the {space} of the definitions").format(value=value, space=space) + hint)
        return value

    def card_zone(self, value: str, path: Path) -> str:
        """A zone of rules.yaml that holds cards: any but the field, whose characters `{characters: …}` selects."""
        if value == FIELD:
            raise self.fail(path, _("the {field} holds characters, not cards: select them with {{characters: …}}").format(field=FIELD))
        return self.known_id(value, "zones", path)

    # -- numbers ----------------------------------------------------------------------------
    def number(self, node: Any, path: Path) -> Number:
        if isinstance(node, int):
            value: int = node
            return lambda ctx: value
        if isinstance(node, str):
            return self.variable(node, path, "number")
        op = form_of(node, lang.NUMBERS)
        return getattr(self, NUMBER_FORMS[op])(op, node[op], path + (op,))

    def _rank(self, op: str, arg: Any, here: Path) -> Number:
        items = self.items(arg, here)
        return lambda ctx: sum(RANK[c] for c in cards_of(items(ctx)))

    def _size(self, op: str, arg: Any, here: Path) -> Number:
        items = self.items(arg, here)
        return lambda ctx: sum(abilities.size(ctx.game, c) for c in _characters(items(ctx)))

    def _count(self, op: str, arg: Any, here: Path) -> Number:
        size = self._zone_size(arg, here)
        if size is not None:
            return size
        items = self.items(arg, here)
        return lambda ctx: len(items(ctx))

    def _whole_zone(self, node: Any, here: Path) -> tuple[Callable[[Player], list], PlayerRef] | None:
        """A whole zone of a player ({zone, player}), as the reader of the zone and whose it is; None for any other
        selection. What count and exists ask of it needs no copy of it."""
        if not (isinstance(node, dict) and "zone" in node and set(node) <= {"zone", "player"}):
            return None
        self.items(node, here)  # the same checks as any use of the zone
        return _zone_reader(node["zone"]), self.player(node.get("player", "you"), here + ("player",))

    def _zone_size(self, node: Any, here: Path) -> Number | None:
        """How many cards a whole zone holds (count of {zone, player})."""
        whole = self._whole_zone(node, here)
        if whole is None:
            return None
        read, who = whole
        if who is _PLAYER_WORDS["you"]:  # the common case, without a call for the seat
            return lambda ctx: len(read(ctx.state.players[ctx.you]))

        def size(ctx: Ctx) -> int:
            seat = who(ctx)
            return len(read(ctx.state.players[seat])) if seat >= 0 else 0
        return size

    def _neg(self, op: str, arg: Any, here: Path) -> Number:
        inner = self.number(arg, here)
        return lambda ctx: -inner(ctx)

    def _numbers(self, arg: list, here: Path) -> list[Number]:
        return [self.number(a, here + (i,)) for i, a in enumerate(arg)]

    def _fold(self, op: str, arg: list, here: Path) -> Number:
        parts = self._numbers(arg, here)
        if op == "add":
            return lambda ctx: sum(p(ctx) for p in parts)
        if op == "min":
            return lambda ctx: min(p(ctx) for p in parts)
        return lambda ctx: max(p(ctx) for p in parts)

    def _sub(self, op: str, arg: list, here: Path) -> Number:
        a, b = self._numbers(arg, here)
        return lambda ctx: a(ctx) - b(ctx)

    def _mod(self, op: str, arg: list, here: Path) -> Number:
        a, b = self._numbers(arg, here)
        return lambda ctx: (a(ctx) % d) if (d := b(ctx)) else 1  # nothing divides by 0

    # -- players ----------------------------------------------------------------------------
    def player(self, node: Any, path: Path) -> PlayerRef:
        if isinstance(node, str):
            return self.variable(node, path, "player") if node.startswith("$") else _PLAYER_WORDS[node]
        op = form_of(node, lang.PLAYERS)
        return getattr(self, PLAYER_FORMS[op])(op, node[op], path + (op,))

    def _whose(self, op: str, arg: Any, here: Path) -> PlayerRef:
        items = self.items(arg, here)
        by_controller = op == "controller"

        def whose(ctx: Ctx) -> int:
            found = items(ctx)
            if not found:
                return -1
            first = found[0]
            if isinstance(first, Request) or (by_controller and isinstance(first, Character)):
                return first.controller
            if isinstance(first, Character):
                return owner_of(first.cards[0])  # a character's cards all come from its owner's deck
            return owner_of(first)
        return whose

    # -- conditions -------------------------------------------------------------------------
    def cond(self, node: Any, path: Path) -> Cond:
        op = form_of(node, lang.CONDITIONS)
        return getattr(self, CONDITION_FORMS[op])(op, node[op], path + (op,))

    def _compare(self, op: str, arg: list, here: Path) -> Cond:
        a, b = self.number(arg[0], here + (0,)), self.number(arg[1], here + (1,))
        # The comparison chosen once, as the program is compiled: compiled by mypyc, `a(ctx) <= b(ctx)` compares two
        # machine integers, where calling int.__le__ went through Python's calling convention at every test.
        if op == "le":
            return lambda ctx: a(ctx) <= b(ctx)
        if op == "lt":
            return lambda ctx: a(ctx) < b(ctx)
        if op == "ge":
            return lambda ctx: a(ctx) >= b(ctx)
        if op == "gt":
            return lambda ctx: a(ctx) > b(ctx)
        if op == "eq":
            return lambda ctx: a(ctx) == b(ctx)
        if op == "ne":
            return lambda ctx: a(ctx) != b(ctx)
        compare = COMPARISONS[op]
        return lambda ctx: compare(a(ctx), b(ctx))

    def _all_or_any(self, op: str, arg: list, here: Path) -> Cond:
        parts = [self.cond(c, here + (i,)) for i, c in enumerate(arg)]
        if len(parts) == 2:  # the common case, without a generator (every condition gives a bool)
            first, second = parts
            if op == "and":
                return lambda ctx: first(ctx) and second(ctx)
            return lambda ctx: first(ctx) or second(ctx)
        if op == "and":
            def every(ctx: Ctx) -> bool:
                for part in parts:
                    if not part(ctx):
                        return False
                return True
            return every

        def some(ctx: Ctx) -> bool:
            for part in parts:
                if part(ctx):
                    return True
            return False
        return some

    def _not(self, op: str, arg: Any, here: Path) -> Cond:
        inner = self.cond(arg, here)
        return lambda ctx: not inner(ctx)

    def _exists(self, op: str, arg: Any, here: Path) -> Cond:
        whole = self._whole_zone(arg, here)
        if whole is not None:
            read, who = whole
            if who is _PLAYER_WORDS["you"]:
                return lambda ctx: len(read(ctx.state.players[ctx.you])) > 0

            def some(ctx: Ctx) -> bool:
                seat = who(ctx)
                return seat >= 0 and len(read(ctx.state.players[seat])) > 0
            return some
        form = form_of(arg, lang.ITEMS_FAMILY) if isinstance(arg, dict) else None
        if form == "characters":
            found = self.character_filter(arg, here)
            if found is not None:
                return found.exists  # stops at the first character that passes, without a list
        elif form == "of" and "suit" not in arg:  # (a suit is tested on what a character counts as: _filtered_cards)
            test = self.card_filter(arg, here)
            if test is not None:
                inner, word = self.items(arg["of"], here + ("of",)), _word_of(arg["of"])
                return lambda ctx: _some_card(ctx, word, inner, test)  # stops at the first card, without a list
        items = self.items(arg, here)
        return lambda ctx: bool(items(ctx))

    def _character_test(self, op: str, arg: Any, here: Path) -> Cond:
        items = self.items(arg, here)
        test = _CHARACTER_TESTS[op]

        def every(ctx: Ctx) -> bool:
            found = _characters(items(ctx))
            return bool(found) and all(test(ctx, c) for c in found)
        return every

    def _has_label(self, op: str, arg: list, here: Path) -> Cond:
        items, label = self.items(arg[0], here + (0,)), self.known_id(arg[1], "labels", here + (1,))
        return lambda ctx: any(label in abilities.labels(ctx.game, c) for c in _characters(items(ctx)))

    def _is_character(self, op: str, arg: list, here: Path) -> Cond:
        items, component = self.items(arg[0], here + (0,)), self.known_id(arg[1], "characters", here + (1,))
        return lambda ctx: any(c.component == component for c in _characters(items(ctx)))

    def _shared(self, op: str, arg: list, here: Path) -> Cond:
        a, b = self.items(arg[0], here + (0,)), self.items(arg[1], here + (1,))
        if op == "shares_rank":
            return lambda ctx: bool({RANK[c] for c in cards_of(a(ctx))} & {RANK[c] for c in cards_of(b(ctx))})
        if op == "shares_card":
            def shares_card(ctx: Ctx) -> bool:
                first = cards_of(a(ctx))
                if not first:
                    return False
                faces = {FACE[y] for y in cards_of(b(ctx))}  # same_card, against every card of b at once
                return any(FACE[x] in faces for x in first)
            return shares_card

        first_word, second_word = _word_of(arg[0]), _word_of(arg[1])

        def same_suit(ctx: Ctx) -> bool:
            if _side_suit(ctx, second_word, b, _side_suit(ctx, first_word, a, "")):
                return True  # every card of one suit: no list or set made (装備's target tests ask this)
            if not ctx.game.ruleset.suit_abilities:
                return False  # then every item counts as the suits of its cards alone, which are not one
            return _one_suit_for_all(ctx, a(ctx) + b(ctx))  # a character may count as more suits than its cards show
        return same_suit

    def _all_face_up(self, op: str, arg: Any, here: Path) -> Cond:
        top_of_zone = self._zone_top(arg, here)
        if top_of_zone is not None:
            return top_of_zone
        items = self.items(arg, here)

        def all_face_up(ctx: Ctx) -> bool:
            found = items(ctx)
            for item in found:
                if not _face_up(ctx, item):
                    return False
            return bool(found)
        return all_face_up

    def _zone_top(self, node: Any, here: Path) -> Cond | None:
        """face_up of a zone's cards or its top ones ({zone, player, top}, no other test), read in place: a card of
        its owner's zone is face up as that zone shows it (_face_up_in), without looking for the zone it is in."""
        if not (isinstance(node, dict) and "zone" in node and set(node) <= {"zone", "player", "top"}):
            return None
        self.items(node, here)  # the same checks as any use of the zone
        read, who = _zone_reader(node["zone"]), self.player(node.get("player", "you"), here + ("player",))
        top = self.number(node["top"], here + ("top",)) if "top" in node else None

        def all_face_up(ctx: Ctx) -> bool:
            seat = who(ctx)
            if seat < 0:
                return False
            player = ctx.state.players[seat]
            cards = read(player)
            size = len(cards)
            n = size if top is None else min(top(ctx), size)  # the top is the end of the list
            if n <= 0:
                return False
            for i in range(size - n, size):
                card = cards[i]
                if not (_face_up_in(player, cards, card) if owner_of(card) == seat else _face_up(ctx, card)):
                    return False
            return True
        return all_face_up

    def _is_turn_player(self, op: str, arg: Any, here: Path) -> Cond:
        who = self.player(arg, here)
        return lambda ctx: ctx.state.turn == who(ctx)

    def _has_role(self, op: str, arg: list, here: Path) -> Cond:
        items, role = self.items(arg[0], here + (0,)), (None if arg[1] == "none" else arg[1])
        return lambda ctx: any(c.role == role for c in _characters(items(ctx)))

    def _has_open_trump(self, op: str, arg: str, here: Path) -> Cond:
        trump = self.known_id(arg, "trumps", here)
        # Most of the time no trump of the player is face up: that is answered without the search.
        return lambda ctx: bool(ctx.state.players[ctx.you].trumps_up) and abilities.has_open_trump(ctx.game, ctx.you, trump)

    # -- items ------------------------------------------------------------------------------
    def items(self, node: Any, path: Path) -> Items:
        if isinstance(node, str):
            return self.variable(node, path, "items") if node.startswith("$") else _ITEM_WORDS[node]
        op = form_of(node, lang.ITEMS_FAMILY)
        return getattr(self, ITEM_FORMS[op])(op, node, path)

    def card_filter(self, node: dict, path: Path) -> Callable[[Ctx, int], bool] | None:
        tests: list[Callable[[Ctx, int], bool]] = []
        if "suit" in node:
            suit = node["suit"]
            tests.append(lambda ctx, c: SUIT[c] == suit)
        if "ranks" in node:
            values = frozenset(RANK_VALUES[str(r)] for r in node["ranks"])
            tests.append(lambda ctx, c: RANK[c] in values)
        if "max_rank" in node:
            limit = self.number(node["max_rank"], path + ("max_rank",))
            tests.append(lambda ctx, c: RANK[c] <= limit(ctx))
        if "face" in node:
            up = node["face"] == "up"
            tests.append(lambda ctx, c: _face_up(ctx, c) is up)
        if "locked" in node:
            locked = bool(node["locked"])
            tests.append(lambda ctx, c: (c in ctx.state.players[owner_of(c)].locked) is locked)
        return _all_of(tests) if tests else None

    def _zone(self, op: str, node: dict, path: Path) -> Items:
        name = self.card_zone(node["zone"], path + ("zone",))
        who = self.player(node.get("player", "you"), path + ("player",))
        top = self.number(node["top"], path + ("top",)) if "top" in node else None
        test = self.card_filter(node, path)
        read = _zone_reader(name)

        def select(ctx: Ctx) -> list:
            seat = who(ctx)
            if seat < 0:
                return []
            cards = read(ctx.state.players[seat])
            if top is not None:  # the top is the end of the list; listed top first
                n = top(ctx)
                cards = cards[-n:][::-1] if n > 0 else []
            else:
                cards = list(cards)
            return [c for c in cards if test(ctx, c)] if test else cards
        return select

    def _filtered_cards(self, op: str, node: dict, path: Path) -> Items:
        inner = self.items(node["of"], path + ("of",))
        test = self.card_filter(node, path)
        if test is None:
            return lambda ctx: cards_of(inner(ctx))
        if "suit" not in node:
            return lambda ctx: [c for c in cards_of(inner(ctx)) if test(ctx, c)]
        # The cards of a character that counts as the suit (「♡兵士としても扱う」) are of it, whatever they show.
        suit, others = node["suit"], self.card_filter({k: v for k, v in node.items() if k != "suit"}, path)

        def select(ctx: Ctx) -> list[int]:
            out: list[int] = []
            for item in inner(ctx):
                if isinstance(item, Character) and suit in abilities.suits(ctx.game, item):
                    out += [c for c in item.cards if others is None or others(ctx, c)]
                else:
                    out += [c for c in cards_of([item]) if test(ctx, c)]
            return out
        return select

    def _select_characters(self, op: str, node: dict, path: Path) -> Items:
        found = self.character_filter(node, path)
        if found is None:
            return lambda ctx: ctx.state.characters()  # a new list every time
        return found.select

    def character_filter(self, node: dict, path: Path) -> CharacterFilter | None:
        """The tests of a `characters:` form (None: it has none, every character is selected)."""
        node, path = node["characters"], path + ("characters",)
        who = node.get("player", "any")
        seat = self.player(who, path + ("player",)) if who != "any" else None
        kind: str | None = node["type"] if "type" in node else None
        label = self.known_id(node["label"], "labels", path + ("label",)) if "label" in node else None
        component = self.known_id(node["character"], "characters", path + ("character",)) if "character" in node else None
        driven = (1 if node["state"] == "driven" else 0) if "state" in node else -1  # -1: either
        by_role = "role" in node
        role = None if not by_role or node["role"] == "none" else node["role"]
        tests: list[Callable[[Ctx, Character], bool]] = []  # the others, after the plain ones
        if "blocking" in node:
            attackers = self.items(node["blocking"], path + ("blocking",))
            tests.append(lambda ctx, c: c.blocking is not None and any(a.id == c.blocking for a in _characters(attackers(ctx))))
        if label is not None:  # after the cheap tests: labels are worked out from the abilities on the field (pure tests, any order)
            tests.append(lambda ctx, c: label in abilities.labels(ctx.game, c))
        if "where" in node:
            where = self.cond(node["where"], path + ("where",))

            def test_where(ctx: Ctx, c: Character) -> bool:
                saved, ctx.it = ctx.it, c
                try:
                    return where(ctx)
                finally:
                    ctx.it = saved
            tests.append(test_where)
        if seat is None and kind is None and component is None and driven < 0 and not by_role and not tests:
            return None
        return CharacterFilter(seat, kind, component, driven, by_role, role, _all_of(tests) if tests else None)

    def _last_known(self, op: str, node: dict, path: Path) -> Items:
        """The items a last-known form reads; the engine remembers characters that leave the field only when one is used."""
        self.known.setdefault("reads", set()).add(LAST_KNOWN)
        return self.items(node[op], path + (op,))

    def _was(self, op: str, node: dict, path: Path) -> Items:
        inner = self._last_known(op, node, path)

        def was(ctx: Ctx) -> list:
            out: list = []
            for item in inner(ctx):
                found = item if isinstance(item, Former) else ctx.state.former.get(item) if isinstance(item, int) else None
                if found is not None and found not in out:
                    out.append(found)
            return out
        return was

    def _blocked_by(self, op: str, node: dict, path: Path) -> Items:
        inner = self._last_known(op, node, path)

        def blocked_by(ctx: Ctx) -> list:
            state, out = ctx.state, []
            for blocker in _characters(inner(ctx)):
                attacker_id = blocker.blocking if blocker.blocking is not None else state.unlinked.get(blocker.id)
                if attacker_id is None:
                    continue
                attacker = state.character(attacker_id) or next((f for f in state.former.values() if f.id == attacker_id), None)
                if attacker is not None and attacker not in out:
                    out.append(attacker)
            return out
        return blocked_by

    def _cards_of(self, op: str, node: dict, path: Path) -> Items:
        inner = self.items(node[op], path + (op,))
        return lambda ctx: cards_of(inner(ctx))

    def _union(self, op: str, node: dict, path: Path) -> Items:
        parts = [self.items(a, path + (op, i)) for i, a in enumerate(node[op])]
        return lambda ctx: [x for p in parts for x in p(ctx)]

    def _filter(self, op: str, node: dict, path: Path) -> Items:
        arg, here = node[op], path + (op,)
        inner, where = self.items(arg["items"], here + ("items",)), self.cond(arg["where"], here + ("where",))
        return lambda ctx: _where(ctx, inner(ctx), where)


# Each family's forms: the Compiler method that compiles the form, by name. Tables of names, not of the methods
# themselves: a class compiled by mypyc has no class-body namespace to take its methods from while it is built.
NUMBER_FORMS: dict[str, str] = {
    "rank": "_rank", "size": "_size", "count": "_count", "neg": "_neg",
    "add": "_fold", "min": "_fold", "max": "_fold", "sub": "_sub", "mod": "_mod",
}
PLAYER_FORMS: dict[str, str] = {"owner": "_whose", "controller": "_whose"}
CONDITION_FORMS: dict[str, str] = {
    **dict.fromkeys(COMPARISONS, "_compare"), "and": "_all_or_any", "or": "_all_or_any", "not": "_not", "exists": "_exists",
    "soldier": "_character_test", "bulwark": "_character_test", "charged": "_character_test", "driven": "_character_test",
    "entered_this_turn": "_character_test", "face_up": "_all_face_up", "has_label": "_has_label",
    "is_character": "_is_character", "has_role": "_has_role",
    "shares_rank": "_shared", "shares_card": "_shared", "same_suit": "_shared",
    "is_turn_player": "_is_turn_player", "has_open_trump": "_has_open_trump",
}
ITEM_FORMS: dict[str, str] = {
    "zone": "_zone", "of": "_filtered_cards", "characters": "_select_characters", "cards_of": "_cards_of",
    "union": "_union", "filter": "_filter", "was": "_was", "blocked_by": "_blocked_by",
}


# The forms that read a set of cards through one property of each card and nothing else of them: a comparison of the
# suits (ranks, faces) of the items as sets. Two sets of keycards with the same set of that property are alike to them.
_CARD_READERS: Final[dict[str, tuple]] = {"same_suit": SUIT, "shares_rank": RANK, "shares_card": FACE}


def key_view(node: Any) -> Callable[[tuple[int, ...], int | None], object] | None:
    """How much of a request's keycards a compiled condition can tell apart, for a search that asks it of many ways of
    making one request (keycards or a key unit; nothing else of the request differs): a function of the way's keycards
    and key unit whose values are equal for ways the condition answers alike (a constant when it never names `key`);
    None when it may read anything of them. Conservative: `key` anywhere but as an argument of a form of
    _CARD_READERS gives None."""
    readers: set[str] = set()
    if not _key_reads(node, None, readers):
        return None
    if not readers:
        return _same_for_every_way
    tables = [_CARD_READERS[form] for form in sorted(readers)]
    if len(tables) == 1:
        table = tables[0]

        def view(keys: tuple[int, ...], unit: int | None) -> object:
            if unit is None and len(keys) == 1:
                return table[keys[0]]  # most ways: one card, its suit (rank, face) itself, no set made
            # A key unit is read as its character, not its cards: the unit itself tells the way apart.
            return (_SEVERAL, unit, frozenset([table[card] for card in keys]))
        return view
    return lambda keys, unit: (_SEVERAL, unit, tuple(frozenset([table[card] for card in keys]) for table in tables))


_SEVERAL: Final = "\0several"  # marks the view of several keycards or a key unit, never equal to one card's


def _same_for_every_way(keys: tuple[int, ...], unit: int | None) -> object:
    return None


def _key_reads(node: Any, reader: str | None, readers: set[str]) -> bool:
    """Adds to `readers` the forms of _CARD_READERS that `key` is an argument of inside `node` (`reader`: the form whose
    argument list `node` is); False where `key` stands anywhere else."""
    if isinstance(node, str):
        if node != "key":
            return True
        if reader is None:
            return False
        readers.add(reader)
        return True
    if isinstance(node, list):
        for arg in node:
            if not _key_reads(arg, reader, readers):
                return False
        return True
    if isinstance(node, dict):
        for form, arg in node.items():
            if form == "key":
                return False
            inner = form if form in _CARD_READERS and isinstance(arg, list) else None
            if not _key_reads(arg, inner, readers):
                return False
    return True


def _all_of(tests: list[Callable[[Ctx, Any], bool]]) -> Callable[[Ctx, Any], bool]:
    """Whether an item passes every test, in order (the common one or two without a generator)."""
    if len(tests) == 1:
        return tests[0]
    if len(tests) == 2:
        first, second = tests
        return lambda ctx, item: first(ctx, item) and second(ctx, item)

    def every(ctx: Ctx, item: Any) -> bool:
        for test in tests:
            if not test(ctx, item):
                return False
        return True
    return every


def _where(ctx: Ctx, items: list, where: Cond) -> list:
    saved, out = ctx.it, []
    try:
        for item in items:
            ctx.it = item
            if where(ctx):
                out.append(item)
    finally:
        ctx.it = saved
    return out


def _zone_reader(name: str) -> Callable[[Player], list]:
    """The zone of a player by its id (Player holds each zone as the attribute of that name): looked up once."""
    return attrgetter(name)


def _face_up_in(player: Player, zone: list, card: int) -> bool:
    """Whether a card of the player's `zone` (its owner's) is face up: as _face_up, the zone known."""
    if zone is player.trump:
        return card in player.trumps_up
    if zone is player.pack:
        return player.pack_open
    return zone is not player.life and zone is not player.rare


def _face_up(ctx: Ctx, item: Any) -> bool:
    if isinstance(item, Character):
        return not item.face_down
    if isinstance(item, int):
        player = ctx.state.players[owner_of(item)]
        if holds(player.hand, item):  # most cards tested (keycards): the hand is small, the life is not
            return True
        if holds(player.trump, item):
            return item in player.trumps_up
        if holds(player.pack, item):
            return player.pack_open
        return not holds(player.rare, item) and not holds(player.life, item)
    return True


def _key(ctx: Ctx) -> list:
    request = ctx.request
    if request.unit is not None:
        unit = ctx.state.character(request.unit)
        return [unit] if unit else []
    return list(request.keys)


def _target(ctx: Ctx) -> list:
    """The request's targets that are still there (2.10.4: gone or split means not there)."""
    state, out = ctx.state, []
    for kind, value in ctx.request.targets:
        found: Any
        if kind == "character":
            found = state.character(value)
        elif kind == "request":
            found = state.request(value)
        elif kind == "trump":
            found = value if value in state.players[owner_of(value)].trump else None
        else:
            continue
        if found is not None:
            out.append(found)
    return out


def _trigger(ctx: Ctx) -> list:
    cause = ctx.request.cause
    return [] if cause is None else [cause]


_ITEM_WORDS: dict[str, Items] = {
    "key": _key,
    "target": _target,
    "revealed": lambda ctx: list(ctx.request.revealed),
    "trigger": _trigger,
    "it": lambda ctx: [] if ctx.it is None else [ctx.it],
}

def _target_player(ctx: Ctx) -> int:
    for kind, value in ctx.request.targets:
        if kind == "player":
            return value
    return -1


_PLAYER_WORDS: dict[str, PlayerRef] = {
    "you": lambda ctx: ctx.you,
    "opponent": lambda ctx: 1 - ctx.you,
    "turn-player": lambda ctx: ctx.state.turn,
    "target": _target_player,
}

_CHARACTER_TESTS: dict[str, Callable[[Ctx, Character], bool]] = {
    "soldier": lambda ctx, c: c.kind == "soldier",
    "bulwark": lambda ctx, c: c.kind == "bulwark",
    "charged": lambda ctx, c: not c.driven,
    "driven": lambda ctx, c: c.driven,
    "entered_this_turn": lambda ctx, c: c.entered == ctx.state.turn_number,
}
