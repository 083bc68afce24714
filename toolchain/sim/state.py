"""The game state of chapter 2 and 6: players' zones, characters, requests, the stage, the turn,
the chance, the pass record and the trigger buffer. Plain data with cheap `clone()`s."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .ruleset import ActionSpec

YOU, OPPONENT = 0, 1  # seat indices; "you"/"opponent" in programs are relative to a controller
SEAT_NAMES = ("P1", "P2")

FIELD = "field"  # the zone of characters (2.5); every other zone of rules.yaml holds cards


class Character:
    """A component instance on the field (2.8): one or more cards, a soldier or a bulwark."""

    __slots__ = ("id", "cards", "component", "kind", "controller", "driven", "entered", "role", "blocking", "face_down")

    def __init__(self, id_: int, cards: list[int], component: str, kind: str, controller: int, *, driven: bool = False,
                 entered: int = -1, face_down: bool = False) -> None:
        self.id = id_
        self.cards = cards  # bottom first: an equipped card lies on top (装備)
        self.component = component  # the character definition's id
        self.kind = kind  # soldier / bulwark
        self.controller = controller
        self.driven = driven
        self.entered = entered  # the turn number it came onto the field (-1: before the game)
        self.role: str | None = None  # attacker / blocker during an attack
        self.blocking: int | None = None  # the attacker a blocker blocks
        self.face_down = face_down

    def clone(self) -> Character:
        copy = Character(self.id, self.cards[:], self.component, self.kind, self.controller, driven=self.driven,
                         entered=self.entered, face_down=self.face_down)
        copy.role, copy.blocking = self.role, self.blocking
        return copy


class Former(Character):
    """Last-known information (`{was: …}`): a character as it was just before it left the field, with its size
    then, the attacker it blocked (even one that left first), and the action whose request was resolving (`by`).
    It is not on the field: the steps that act on characters find nothing to do to it."""

    __slots__ = ("size", "by")

    def __init__(self, character: Character, size: int, blocking: int | None, by: str | None) -> None:
        super().__init__(character.id, list(character.cards), character.component, character.kind, character.controller,
                         driven=character.driven, entered=character.entered, face_down=character.face_down)
        self.role, self.blocking = character.role, blocking
        self.size = size
        self.by = by

    def clone(self) -> Character:
        return self  # a record of the past: never changed, shared by the copies of a state


class Player:
    """One seat: its deck and the zones of 2.5 plus the frame zones (pack, rare card, trump). Each zone is the
    attribute named by its id in rules.yaml; `zones` are the ids of those that hold cards, in rules.yaml's order."""

    __slots__ = ("index", "deck", "zones", "life", "hand", "graveyard", "field", "fog", "pack", "pack_open", "rare", "trump",
                 "trumps_up", "locked")

    def __init__(self, index: int, deck: list[int], zones: tuple[str, ...]) -> None:
        self.index = index
        self.deck = deck  # every card this player brought (the invariant's reference)
        self.zones = zones  # the card zones the rules name (Ruleset.card_zones), shared by every copy
        self.life: list[int] = []  # the top card is the last one
        self.hand: list[int] = []
        self.graveyard: list[int] = []  # the top card is the last one
        self.field: list[Character] = []
        self.fog: list[int] = []
        self.pack: list[int] = []
        self.pack_open = False
        self.rare: list[int] = []
        self.trump: list[int] = []
        self.trumps_up: set[int] = set()  # trumps turned face up (表切札)
        self.locked: set[int] = set()  # trumps that may not turn face up this turn (クローズ)

    def zone(self, name: str) -> list[int]:
        # The attributes read directly (in rules.yaml's order): compiled, getattr by a name looks the slot up in the class
        # at every call, and operations.take asks for every zone of a card's owner.
        if name == "life":
            return self.life
        if name == "graveyard":
            return self.graveyard
        if name == "hand":
            return self.hand
        if name == "fog":
            return self.fog
        if name == "pack":
            return self.pack
        if name == "rare":
            return self.rare
        if name == "trump":
            return self.trump
        return getattr(self, name)

    def clone(self) -> Player:
        copy = Player(self.index, self.deck, self.zones)  # compiled by mypyc, a class has no __new__ that skips __init__
        copy.index, copy.deck = self.index, self.deck
        copy.life, copy.hand, copy.graveyard = self.life[:], self.hand[:], self.graveyard[:]
        copy.field = [c.clone() for c in self.field]
        copy.fog, copy.pack, copy.rare, copy.trump = self.fog[:], self.pack[:], self.rare[:], self.trump[:]
        copy.pack_open = self.pack_open
        copy.trumps_up, copy.locked = set(self.trumps_up), set(self.locked)
        return copy


# A target: ("character", id), ("player", seat), ("request", id) or ("trump", card).
Target = tuple[str, int]


class Request:
    """A request (6.2.2): an action asked for by its controller, with keycards, costs and targets."""

    __slots__ = ("id", "action", "controller", "keys", "held", "unit", "paid", "targets", "revealed", "cause", "barred")

    def __init__(self, id_: int, action: ActionSpec, controller: int) -> None:
        self.id = id_
        self.action = action
        self.controller = controller
        self.keys: tuple[int, ...] = ()  # the keycards as requested
        self.held: list[int] = []  # keycards still on the stage with the request
        self.unit: int | None = None  # the key character of a soldier-borne action (コスト K)
        self.paid = ""  # the cost letters paid
        self.targets: list[Target] = []
        self.revealed: list[int] = []  # cards turned over by the effect, not yet placed
        self.cause: Any = None  # what triggered it: a request (罠カウンター) or a card (世代交代)
        self.barred: tuple = ()  # the prohibitions in force while its effect runs (abilities.barring)

    def clone(self) -> Request:
        copy = Request(self.id, self.action, self.controller)
        copy.keys, copy.held, copy.unit, copy.paid = self.keys, self.held[:], self.unit, self.paid
        copy.targets, copy.revealed, copy.cause, copy.barred = self.targets[:], self.revealed[:], self.cause, self.barred
        return copy


class Modifier:
    """A size change until the end of the turn: scope `this` (a character), `your` (a player's soldiers) or `all`."""

    __slots__ = ("scope", "subject", "amount", "timestamp")

    def __init__(self, scope: str, subject: int | None, amount: int, timestamp: int) -> None:
        self.scope, self.subject, self.amount, self.timestamp = scope, subject, amount, timestamp


class State:
    __slots__ = ("players", "stage", "turn", "turn_number", "chance", "passed", "buffer", "modifiers", "used", "events",
                 "next_id", "winner", "resolving", "first", "known", "former", "unlinked", "deferred", "requested")

    def __init__(self, players: list[Player]) -> None:
        self.players = players
        self.stage: list[Request] = []  # bottom first
        self.turn = 0  # the turn player
        self.turn_number = 0
        self.chance: int | None = None  # None: the rule system holds the chance ([13])
        self.passed: set[int] = set()  # the pass record
        self.buffer: list[Request] = []  # the trigger buffer (6.4.1)
        self.modifiers: list[Modifier] = []
        self.used: dict[tuple[int, str], int] = {}  # requests per (player, action) this turn
        self.events: list[tuple] = []  # what happened since the last trigger check
        self.next_id = 1
        self.winner: int | None = None
        self.resolving: list[Request] = []  # requests whose effect is being carried out
        self.first = 0  # the first player (先攻)
        # Cards of the other player each seat has been shown or has looked at (見せ, 見て), beyond 2.11.1's
        # access levels; it knows them while they stay in the zone they were seen in (observation.py).
        self.known: tuple[dict[int, str], dict[int, str]] = ({}, {})
        # Last-known information (kept this turn, when the programs read it): each card that left the field, as the
        # character it was part of; and blockers whose attacker left first, with that attacker's id.
        self.former: dict[int, Former] = {}
        self.unlinked: dict[int, int] = {}
        # Steps of effects waiting for the triggers of their resolution to be handled (after_triggers), as (request,
        # its variables, the steps); and requests made by effects, waiting for their turn in the core flow (request).
        self.deferred: list[tuple[Request, dict[str, Any], Any]] = []
        self.requested: list[Request] = []

    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id

    @property
    def over(self) -> bool:
        return self.winner is not None

    def characters(self) -> list[Character]:
        """Every character on the field, the first player's first (a new list: cheaper than a generator)."""
        return [*self.players[0].field, *self.players[1].field]

    def character(self, id_: int) -> Character | None:
        for player in self.players:
            for character in player.field:
                if character.id == id_:
                    return character
        return None

    def request(self, id_: int) -> Request | None:
        return next((r for r in self.stage if r.id == id_), None)

    def clone(self) -> State:
        copy = State([])  # compiled by mypyc, a class has no __new__ that skips __init__
        copy.players = [p.clone() for p in self.players]
        copy.stage = [r.clone() for r in self.stage]
        copy.turn, copy.turn_number, copy.chance = self.turn, self.turn_number, self.chance
        copy.passed = set(self.passed)
        copy.buffer = [r.clone() for r in self.buffer]
        copy.modifiers = [Modifier(m.scope, m.subject, m.amount, m.timestamp) for m in self.modifiers]
        copy.used = dict(self.used)
        copy.events = list(self.events)
        copy.next_id, copy.winner, copy.first = self.next_id, self.winner, self.first
        copy.resolving = [r.clone() for r in self.resolving]
        copy.known = (dict(self.known[0]), dict(self.known[1]))
        copy.former, copy.unlinked = dict(self.former), dict(self.unlinked)
        copy.deferred = [(r.clone(), dict(values), steps) for r, values, steps in self.deferred]
        copy.requested = [r.clone() for r in self.requested]
        return copy
