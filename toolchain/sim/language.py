"""The expressions of the effect language: numbers, conditions, players and item selectors.

A program is compiled once into closures `f(ctx)`, so that a random game runs plain Python
calls. Items are cards (ints), characters and requests; which player `you` is, is the
controller of the request being made or resolved. definitions/README.md documents the language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..notation.cards import RANK_VALUES, SUITS
from . import abilities
from .cards import RANK, SUIT, owner_of, same_card
from .errors import ProgramError
from .state import Character, Request

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

Path = tuple[str | int, ...]
Number = Callable[["Ctx"], int]
Cond = Callable[["Ctx"], bool]
Items = Callable[["Ctx"], list]
PlayerRef = Callable[["Ctx"], int]


class Ctx:
    """What a compiled expression sees: the game, the request, its controller, variables and `it`."""

    __slots__ = ("game", "state", "request", "you", "vars", "it")

    def __init__(self, game: Game, request: Request, you: int) -> None:
        self.game = game
        self.state = game.state
        self.request = request
        self.you = you
        self.vars: dict[str, Any] = {}
        self.it: Any = None


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


def _characters(items: list) -> list[Character]:
    return [item for item in items if isinstance(item, Character)]


# -- the words a program may use ---------------------------------------------------------------

ITEM_WORDS = ("key", "target", "revealed", "trigger", "it")
PLAYER_WORDS = ("you", "opponent", "turn-player", "target")
COMPARISONS = {"le": int.__le__, "lt": int.__lt__, "ge": int.__ge__, "gt": int.__gt__, "eq": int.__eq__, "ne": int.__ne__}
NUMBER_OPS = ("rank", "size", "count", "add", "sub", "neg", "min", "max", "mod")
ITEM_OPS = ("zone", "characters", "cards_of", "of", "union", "filter")
PLAYER_OPS = ("owner", "controller")
ZONES = ("life", "hand", "graveyard", "fog", "pack", "rare", "trumps")
CARD_FILTER_KEYS = ("suit", "ranks", "max_rank", "face", "locked")
CHARACTER_KEYS = ("player", "type", "label", "state", "role", "blocking", "where")


class Compiler:
    """Compiles one program; `vars` records the kind of each variable for static checks."""

    def __init__(self, known: dict[str, set[str]]) -> None:
        self.known = known  # ids the program may name: actions, characters, labels, trumps
        self.vars: dict[str, str] = {}

    # -- helpers ----------------------------------------------------------------------------
    @staticmethod
    def fail(path: Path, message: str) -> ProgramError:
        return ProgramError(path, message)

    def single(self, node: Any, path: Path, allowed: tuple[str, ...]) -> tuple[str, Any]:
        if not isinstance(node, dict) or len(node) != 1:
            raise self.fail(path, f"expected a mapping with one of {', '.join(allowed)}")
        key, value = next(iter(node.items()))
        if key not in allowed:
            raise self.fail(path, f"unknown operation '{key}' (one of {', '.join(allowed)})")
        return key, value

    def variable(self, node: str, path: Path, kind: str) -> Callable[[Ctx], Any]:
        name = node[1:]
        if name not in self.vars:
            raise self.fail(path, f"variable '${name}' is not set before it is used")
        if self.vars[name] != kind:
            raise self.fail(path, f"variable '${name}' holds {self.vars[name]}, not {kind}")
        return lambda ctx: ctx.vars.get(name, [] if kind == "items" else 0)

    def declare(self, name: Any, kind: str, path: Path) -> str:
        if not isinstance(name, str) or not name.isidentifier():
            raise self.fail(path, f"'{name}' is not a variable name (letters, digits and _)")
        if self.vars.get(name, kind) != kind:
            raise self.fail(path, f"variable '${name}' already holds {self.vars[name]}")
        self.vars[name] = kind
        return name

    def value(self, node: Any, path: Path) -> tuple[str, Callable[[Ctx], Any]]:
        """Any value, with its kind: number, items or player (for `set`)."""
        if isinstance(node, bool):
            raise self.fail(path, "true/false is not a value")
        if isinstance(node, int) or (isinstance(node, dict) and len(node) == 1 and next(iter(node)) in (*NUMBER_OPS,)):
            return "number", self.number(node, path)
        if isinstance(node, str) and node.startswith("$"):
            name = node[1:]
            if name not in self.vars:
                raise self.fail(path, f"variable '${name}' is not set before it is used")
            return self.vars[name], self.variable(node, path, self.vars[name])
        if node in PLAYER_WORDS[:3] or (isinstance(node, dict) and len(node) == 1 and next(iter(node)) in PLAYER_OPS):
            return "player", self.player(node, path)
        return "items", self.items(node, path)

    # -- numbers ----------------------------------------------------------------------------
    def number(self, node: Any, path: Path) -> Number:
        if isinstance(node, int) and not isinstance(node, bool):
            return lambda ctx, n=node: n
        if isinstance(node, str) and node.startswith("$"):
            return self.variable(node, path, "number")
        op, arg = self.single(node, path, NUMBER_OPS)
        here = path + (op,)
        if op == "rank":
            items = self.items(arg, here)
            return lambda ctx: sum(RANK[c] for c in cards_of(items(ctx)))
        if op == "size":
            items = self.items(arg, here)
            return lambda ctx: sum(abilities.size(ctx.game, c) for c in _characters(items(ctx)))
        if op == "count":
            items = self.items(arg, here)
            return lambda ctx: len(items(ctx))
        if op == "neg":
            inner = self.number(arg, here)
            return lambda ctx: -inner(ctx)
        if not isinstance(arg, list) or not arg:
            raise self.fail(here, f"'{op}' takes a list of numbers")
        parts = [self.number(a, here + (i,)) for i, a in enumerate(arg)]
        if op == "add":
            return lambda ctx: sum(p(ctx) for p in parts)
        if op == "min":
            return lambda ctx: min(p(ctx) for p in parts)
        if op == "max":
            return lambda ctx: max(p(ctx) for p in parts)
        if len(parts) != 2:
            raise self.fail(here, f"'{op}' takes two numbers")
        a, b = parts
        if op == "sub":
            return lambda ctx: a(ctx) - b(ctx)
        return lambda ctx: (a(ctx) % d) if (d := b(ctx)) else 1  # mod; nothing divides by 0

    # -- players ----------------------------------------------------------------------------
    def player(self, node: Any, path: Path) -> PlayerRef:
        if node == "you":
            return lambda ctx: ctx.you
        if node == "opponent":
            return lambda ctx: 1 - ctx.you
        if node == "turn-player":
            return lambda ctx: ctx.state.turn
        if node == "target":
            def target_player(ctx: Ctx) -> int:
                for kind, value in ctx.request.targets:
                    if kind == "player":
                        return value
                return -1
            return target_player
        if isinstance(node, str) and node.startswith("$"):
            return self.variable(node, path, "player")
        op, arg = self.single(node, path, PLAYER_OPS)
        items = self.items(arg, path + (op,))
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
        ops = (*COMPARISONS, "and", "or", "not", "exists", "soldier", "bulwark", "charged", "driven", "entered_this_turn",
               "has_label", "shares_rank", "shares_card", "same_suit", "face_up", "is_turn_player", "has_open_trump")
        op, arg = self.single(node, path, ops)
        here = path + (op,)
        if op in COMPARISONS:
            if not isinstance(arg, list) or len(arg) != 2:
                raise self.fail(here, f"'{op}' compares two numbers: [a, b]")
            a, b, compare = self.number(arg[0], here + (0,)), self.number(arg[1], here + (1,)), COMPARISONS[op]
            return lambda ctx: compare(a(ctx), b(ctx))
        if op in ("and", "or"):
            if not isinstance(arg, list) or not arg:
                raise self.fail(here, f"'{op}' takes a list of conditions")
            parts = [self.cond(c, here + (i,)) for i, c in enumerate(arg)]
            if op == "and":
                return lambda ctx: all(p(ctx) for p in parts)
            return lambda ctx: any(p(ctx) for p in parts)
        if op == "not":
            inner = self.cond(arg, here)
            return lambda ctx: not inner(ctx)
        if op == "exists":
            items = self.items(arg, here)
            return lambda ctx: bool(items(ctx))
        if op in ("soldier", "bulwark", "charged", "driven", "entered_this_turn"):
            items = self.items(arg, here)
            test = _CHARACTER_TESTS[op]

            def every(ctx: Ctx) -> bool:
                found = _characters(items(ctx))
                return bool(found) and all(test(ctx, c) for c in found)
            return every
        if op == "has_label":
            if not isinstance(arg, list) or len(arg) != 2:
                raise self.fail(here, "has_label takes [items, label]")
            items, label = self.items(arg[0], here + (0,)), self.known_id(arg[1], "labels", here + (1,))
            return lambda ctx: any(label in abilities.labels(ctx.game, c) for c in _characters(items(ctx)))
        if op in ("shares_rank", "shares_card", "same_suit"):
            if not isinstance(arg, list) or len(arg) != 2:
                raise self.fail(here, f"{op} takes two item lists: [a, b]")
            a, b = self.items(arg[0], here + (0,)), self.items(arg[1], here + (1,))
            if op == "shares_rank":
                return lambda ctx: bool({RANK[c] for c in cards_of(a(ctx))} & {RANK[c] for c in cards_of(b(ctx))})
            if op == "shares_card":
                return lambda ctx: any(same_card(x, y) for x in cards_of(a(ctx)) for y in cards_of(b(ctx)))

            def same_suit(ctx: Ctx) -> bool:
                suits = {SUIT[c] for c in cards_of(a(ctx)) + cards_of(b(ctx))}
                return len(suits) == 1 and None not in suits
            return same_suit
        if op == "face_up":
            items = self.items(arg, here)
            return lambda ctx: bool(found := items(ctx)) and all(_face_up(ctx, item) for item in found)
        if op == "is_turn_player":
            who = self.player(arg, here)
            return lambda ctx: ctx.state.turn == who(ctx)
        trump = self.known_id(arg, "trumps", here)  # has_open_trump
        return lambda ctx: abilities.has_open_trump(ctx.game, ctx.you, trump)

    def known_id(self, value: Any, space: str, path: Path) -> str:
        if value not in self.known.get(space, set()):
            raise self.fail(path, f"'{value}' is not one of the {space} of the definitions")
        return value

    # -- items ------------------------------------------------------------------------------
    def items(self, node: Any, path: Path) -> Items:
        if isinstance(node, str):
            if node.startswith("$"):
                return self.variable(node, path, "items")
            if node not in ITEM_WORDS:
                raise self.fail(path, f"'{node}' names no items (one of {', '.join(ITEM_WORDS)}, $variable or a selector)")
            return _WORDS[node]
        if not isinstance(node, dict) or not node:
            raise self.fail(path, "expected items: key, target, revealed, trigger, $variable or a selector")
        if "zone" in node:
            return self.zone(node, path)
        if "of" in node:
            return self.filtered_cards(node, path)
        op, arg = self.single(node, path, ITEM_OPS)
        here = path + (op,)
        if op == "characters":
            return self.characters(arg if arg is not None else {}, here)
        if op == "cards_of":
            inner = self.items(arg, here)
            return lambda ctx: cards_of(inner(ctx))
        if op == "union":
            if not isinstance(arg, list) or not arg:
                raise self.fail(here, "union takes a list of items")
            parts = [self.items(a, here + (i,)) for i, a in enumerate(arg)]
            return lambda ctx: [x for p in parts for x in p(ctx)]
        # filter: {items, where}
        if not isinstance(arg, dict) or set(arg) != {"items", "where"}:
            raise self.fail(here, "filter takes {items: ..., where: condition}")
        inner, where = self.items(arg["items"], here + ("items",)), self.cond(arg["where"], here + ("where",))
        return lambda ctx: _where(ctx, inner(ctx), where)

    def card_filter(self, node: dict, path: Path) -> Callable[[Ctx, int], bool] | None:
        tests: list[Callable[[Ctx, int], bool]] = []
        if "suit" in node:
            suit = node["suit"]
            if suit not in SUITS:
                raise self.fail(path + ("suit",), f"'{suit}' is not a suit (♠ ♡ ♢ ♣)")
            tests.append(lambda ctx, c, s=suit: SUIT[c] == s)
        if "ranks" in node:
            ranks = node["ranks"]
            if not isinstance(ranks, list) or any(str(r) not in RANK_VALUES for r in ranks):
                raise self.fail(path + ("ranks",), "ranks is a list of A, 2–10, J, Q, K, Joker")
            values = frozenset(RANK_VALUES[str(r)] for r in ranks)
            tests.append(lambda ctx, c: RANK[c] in values)
        if "max_rank" in node:
            limit = self.number(node["max_rank"], path + ("max_rank",))
            tests.append(lambda ctx, c: RANK[c] <= limit(ctx))
        if "face" in node:
            if node["face"] not in ("up", "down"):
                raise self.fail(path + ("face",), "face is up or down")
            up = node["face"] == "up"
            tests.append(lambda ctx, c: _face_up(ctx, c) is up)
        if "locked" in node:
            locked = bool(node["locked"])
            tests.append(lambda ctx, c: (c in ctx.state.players[owner_of(c)].locked) is locked)
        if not tests:
            return None
        return lambda ctx, c: all(t(ctx, c) for t in tests)

    def zone(self, node: dict, path: Path) -> Items:
        extra = set(node) - {"zone", "player", "top", *CARD_FILTER_KEYS}
        if extra:
            raise self.fail(path + (sorted(extra)[0],), f"unknown key '{sorted(extra)[0]}' in a zone selector")
        name = node["zone"]
        if name not in ZONES:
            raise self.fail(path + ("zone",), f"'{name}' is not a zone ({', '.join(ZONES)})")
        who = self.player(node.get("player", "you"), path + ("player",))
        top = self.number(node["top"], path + ("top",)) if "top" in node else None
        test = self.card_filter(node, path)

        def select(ctx: Ctx) -> list:
            seat = who(ctx)
            if seat < 0:
                return []
            cards = ctx.state.players[seat].zone(name)
            if top is not None:  # the top is the end of the list; listed top first
                n = top(ctx)
                cards = cards[::-1][:max(0, n)]
            else:
                cards = list(cards)
            return [c for c in cards if test(ctx, c)] if test else cards
        return select

    def filtered_cards(self, node: dict, path: Path) -> Items:
        extra = set(node) - {"of", *CARD_FILTER_KEYS}
        if extra:
            raise self.fail(path + (sorted(extra)[0],), f"unknown key '{sorted(extra)[0]}' in a card filter")
        inner = self.items(node["of"], path + ("of",))
        test = self.card_filter(node, path)
        if test is None:
            return lambda ctx: cards_of(inner(ctx))
        return lambda ctx: [c for c in cards_of(inner(ctx)) if test(ctx, c)]

    def characters(self, node: Any, path: Path) -> Items:
        if not isinstance(node, dict):
            raise self.fail(path, "characters takes a mapping of filters (player, type, label, state, role, blocking, where)")
        extra = set(node) - set(CHARACTER_KEYS)
        if extra:
            raise self.fail(path + (sorted(extra)[0],), f"unknown key '{sorted(extra)[0]}' in a characters selector")
        tests: list[Callable[[Ctx, Character], bool]] = []
        who = node.get("player", "any")
        if who != "any":
            seat = self.player(who, path + ("player",))
            tests.append(lambda ctx, c: c.controller == seat(ctx))
        if "type" in node:
            if node["type"] not in ("soldier", "bulwark"):
                raise self.fail(path + ("type",), "type is soldier or bulwark")
            kind = node["type"]
            tests.append(lambda ctx, c: c.kind == kind)
        if "label" in node:
            label = self.known_id(node["label"], "labels", path + ("label",))
            tests.append(lambda ctx, c: label in abilities.labels(ctx.game, c))
        if "state" in node:
            if node["state"] not in ("charged", "driven"):
                raise self.fail(path + ("state",), "state is charged or driven")
            driven = node["state"] == "driven"
            tests.append(lambda ctx, c: c.driven is driven)
        if "role" in node:
            if node["role"] not in ("attacker", "blocker", "none"):
                raise self.fail(path + ("role",), "role is attacker, blocker or none")
            role = None if node["role"] == "none" else node["role"]
            tests.append(lambda ctx, c: c.role == role)
        if "blocking" in node:
            attackers = self.items(node["blocking"], path + ("blocking",))
            tests.append(lambda ctx, c: c.blocking is not None and any(a.id == c.blocking for a in _characters(attackers(ctx))))
        if "where" in node:
            where = self.cond(node["where"], path + ("where",))

            def test_where(ctx: Ctx, c: Character) -> bool:
                saved, ctx.it = ctx.it, c
                try:
                    return where(ctx)
                finally:
                    ctx.it = saved
            tests.append(test_where)
        return lambda ctx: [c for c in ctx.state.characters() if all(t(ctx, c) for t in tests)]


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


def _face_up(ctx: Ctx, item: Any) -> bool:
    if isinstance(item, Character):
        return not item.face_down
    if isinstance(item, int):
        player = ctx.state.players[owner_of(item)]
        if item in player.trumps:
            return item in player.trumps_up
        if item in player.pack:
            return player.pack_open
        return item not in player.life and item not in player.rare
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
        if kind == "character":
            found = state.character(value)
        elif kind == "request":
            found = state.request(value)
        elif kind == "trump":
            found = value if value in state.players[owner_of(value)].trumps else None
        else:
            continue
        if found is not None:
            out.append(found)
    return out


def _trigger(ctx: Ctx) -> list:
    cause = ctx.request.cause
    return [] if cause is None else [cause]


_WORDS: dict[str, Items] = {
    "key": _key,
    "target": _target,
    "revealed": lambda ctx: list(ctx.request.revealed),
    "trigger": _trigger,
    "it": lambda ctx: [] if ctx.it is None else [ctx.it],
}

_CHARACTER_TESTS: dict[str, Callable[[Ctx, Character], bool]] = {
    "soldier": lambda ctx, c: c.kind == "soldier",
    "bulwark": lambda ctx, c: c.kind == "bulwark",
    "charged": lambda ctx, c: not c.driven,
    "driven": lambda ctx, c: c.driven,
    "entered_this_turn": lambda ctx, c: c.entered == ctx.state.turn_number,
}
