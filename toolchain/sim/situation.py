"""Build a game from a situation written in the notation (notation.py), for examples, figures and tests.

A side's zone is a list of cards (`♠5 ♡9`, a life top first) or a number of cards (filler: cards
of the deck the example does not mention, low numbers first). The example's `you` is seat 0.
Zones not given are empty, except the life: 10 filler cards, so that nobody loses by accident.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..i18n import _
from ..notation.card_notation import full_deck
from .cards import TEXT, deck_from, parse as parse_card_code
from .agents import RandomAgent
from .errors import ProgramError, UnknownAction
from .game import Game
from .notation import SIDES, character_text, tokens
from .ruleset import Ruleset
from .state import FIELD, Character, Modifier, Player, Request, State, Target

if TYPE_CHECKING:  # pragma: no cover
    from .agents import Agent
    from .engine import Engine

DEFAULT_LIFE = 10
_SIDE_FLAGS = ("pack_opened", "size_bonus")  # what a side says besides its zones (schema/examples.schema.json)
_FILLER_ORDER = [f"{suit}{rank}" for suit in "♣♢♡♠" for rank in range(2, 11)] + [
    f"{suit}{rank}" for rank in ("A", "J", "Q", "K") for suit in "♣♢♡♠"] + ["Joker", "Joker2"]
_CARD = re.compile(r"(?:[♠♡♢♣](?:10|[2-9]|[AJQK])|Joker2?)")
_REQUEST = re.compile(r"^\s*(?:(?P<who>you|opponent)\s*:\s*)?(?P<name>[^★→]*?)\s*(?:★\s*(?P<keys>[^→]*?))?\s*(?:→\s*(?P<target>.+?))?\s*$")


def mentioned(data: Any) -> set[str]:
    """Every card text written anywhere in an example (kept out of the filler)."""
    if isinstance(data, Mapping):
        return set().union(*(mentioned(v) for v in data.values())) if data else set()
    if isinstance(data, (list, tuple)):
        return set().union(*(mentioned(v) for v in data)) if data else set()
    return set(_CARD.findall(data)) if isinstance(data, str) else set()


def from_situation(engine: Engine, given: Mapping[str, Any], *, regulation: tuple[str, str] | None = None,
                   agents: Sequence[Agent | None] | None = (None, None)) -> Game:
    """A game in the situation `given` (`{"you": {"hand": "♠5"}, "stage": [...]}`), waiting at [3]
    with the chance at the turn player; a situation the rules do not allow raises ProgramError. The regulation is by
    default the widest: the highest format of the last frame (マスター + エクストラ), where every action is played.
    A seat whose agent is None (the default) is played by a seeded RandomAgent.
    `agents=None`: every decision public (decision() / apply() / undo()), as Game.new(agents=None)."""
    if regulation is None:
        defs = engine.definitions
        regulation = defs.widest_regulation(frame.id for frame in defs.frames)
        if regulation is None:
            raise ProgramError((), _("table 3.1 allows no regulation to play the situation in"))
    # A seat without an agent gets a seeded random one: a choice inside an effect is answered, never crashed on.
    seated = [agent if agent is not None else RandomAgent(seat) for seat, agent in enumerate(agents or ())]
    builder = Builder(engine.ruleset(*regulation), mentioned(given), seated)
    game = builder.build(given, ("given",))
    game.public.enabled = agents is None
    return game


class Builder:
    """Turns `given` into a Game waiting at [3] with the chance at `chance`; `reserved` are the card
    texts the filler must not use (every card the example mentions)."""

    def __init__(self, rules: Ruleset, reserved: set[str], agents: list, requested: list[str] | None = None) -> None:
        self.rules = rules
        self.reserved = reserved
        self.requested = [] if requested is None else requested  # the ids of the actions parse_request read, in order
        self.filler: dict[int, set[str]] = {0: set(), 1: set()}  # filler already dealt, per seat
        self.game = Game(rules, State([Player(seat, deck_from(seat, full_deck()), rules.card_zones) for seat in (0, 1)]), agents,
                         seed=0)
        self.timestamp = 0
        self.placed: set[int] = set()  # every card the situation has put somewhere: a deck holds one of each
        self.played_in = ""  # the regulation played and why that one, for a refusal about the regulation (examples.played_in)

    def fail(self, path: tuple, message: str) -> ProgramError:
        return ProgramError(path, message)

    def build(self, given: Mapping[str, Any], path: tuple) -> Game:
        self.shape(given, path)
        state = self.game.state
        state.turn_number = 1
        state.turn = SIDES.index(given.get("turn", "you"))
        for seat, name in enumerate(SIDES):
            self.side(seat, given.get(name) or {}, path + (name,))
        for seat, name in enumerate(SIDES):
            self.blockers(seat, given.get(name) or {}, path + (name,))
        for i, text in enumerate(given.get("stage") or []):
            state.stage.append(self.stage_request(text, path + ("stage", i)))
        state.chance = state.turn
        self.game.node = "3"
        return self.game

    def shape(self, given: Any, path: tuple) -> None:
        """A situation written by hand elsewhere than an example (a transcript, the playtest page) is refused,
        not crashed on, when it is not shaped as the examples' schema shapes one."""
        if not isinstance(given, Mapping):
            raise self.fail(path, _("a situation is a mapping: {{you: {{hand: ♠5}}, opponent: {{…}}, stage: […]}}").format())
        for name in SIDES:
            if not isinstance(given.get(name) or {}, Mapping):
                raise self.fail(path + (name,), _("'{name}:' is a mapping of zones ({{hand: ♠5 ♡9, field: ♢3}})").format(name=name))
        if not isinstance(given.get("stage") or [], list):
            raise self.fail(path + ("stage",), _("'stage:' is a list of requests"))
        if given.get("turn", "you") not in SIDES:
            raise self.fail(path + ("turn",), _("'turn:' is one of {sides}").format(sides=", ".join(SIDES)))

    # -- cards ------------------------------------------------------------------------------
    def card(self, seat: int, text: str, path: tuple) -> int:
        try:
            return parse_card_code(seat, text)
        except ValueError as exc:
            raise self.fail(path, str(exc)) from exc

    def placed_card(self, seat: int, text: str, path: tuple) -> int:
        """A card the situation puts somewhere; refused when it is already somewhere else (a deck holds one
        of each; its second Joker is `Joker2`): the game would hold one card twice and play on that."""
        card = self.card(seat, text, path)
        if card in self.placed:
            hint = _(" (a deck's second Joker is Joker2)") if text == "Joker" else ""
            raise self.fail(path, _("{card} appears twice under '{side}:': a deck holds one of each card").format(
                card=text, side=SIDES[seat]) + hint)
        self.placed.add(card)
        return card

    def cards(self, seat: int, value: Any, path: tuple) -> list[int]:
        if isinstance(value, int) and not isinstance(value, bool):
            filler = [t for t in _FILLER_ORDER if t not in self.reserved and t not in self.filler[seat]][:value]
            self.filler[seat].update(filler)
            return [self.placed_card(seat, t, path) for t in filler]
        if value is None:
            return []
        return [self.placed_card(seat, t, path) for t in str(value).split()]

    def side(self, seat: int, side: dict, path: tuple) -> None:
        player = self.game.state.players[seat]
        unknown = [key for key in side if key not in player.zones and key != FIELD and key not in _SIDE_FLAGS]
        if unknown:
            raise self.fail(path + (unknown[0],), _("no zone '{zone}': a side holds {zones}").format(zone=unknown[0], zones=", ".join((*player.zones, FIELD))))
        for zone in player.zones:
            if zone == "life":
                player.life = self.cards(seat, side.get(zone, DEFAULT_LIFE), path + (zone,))[::-1]  # written top first
            elif zone == "trump":
                self.trumps(seat, side.get(zone), path + (zone,))
            else:
                player.zone(zone).extend(self.cards(seat, side.get(zone), path + (zone,)))
        player.pack_open = bool(side.get("pack_opened", False))
        for token in self.tokens(side.get(FIELD), path + (FIELD,)):
            player.field.append(self.character(seat, token, path + (FIELD,)))
        if side.get("size_bonus"):
            self.modify("your", seat, int(side["size_bonus"]))

    def trumps(self, seat: int, value: Any, path: tuple) -> None:
        """The trump zone: cards with their flags, `♠2(up)` face up, `♡3(locked)` kept face down (クローズ)."""
        player = self.game.state.players[seat]
        for token in self.tokens(value, path):
            body, flags = _split_flags(token)
            card = self.placed_card(seat, body, path)
            player.trump.append(card)
            if "up" in flags:
                player.trumps_up.add(card)
            if "locked" in flags:
                player.locked.add(card)

    def tokens(self, value: Any, path: tuple) -> list[str]:
        """The cards and characters of a zone, refusing text the notation does not read (`♢5(`, `[♣7`):
        the loose tokenizer would drop it and the example would run on something else."""
        text = str(value or "")
        found = tokens(text)
        if "".join("".join(found).split()) != "".join(text.split()):
            raise self.fail(path, _("'{text}' has text that is not a card or character: check its parentheses and brackets").format(text=text))
        for token in found:
            if token.count("(") != token.count(")") or token.count("[") != token.count("]") or token.count("(") > 1:
                raise self.fail(path, _("'{token}' has unbalanced parentheses or brackets").format(token=token))
        return found

    def character(self, seat: int, token: str, path: tuple) -> Character:
        body, flags = _split_flags(token)
        bulwark = body.startswith("[")
        cards = [self.placed_card(seat, t, path) for t in body.strip("[]").split("+")]
        component = self.rules.component_for(cards, "bulwark" if bulwark else "soldier")
        if component is None:
            raise self.fail(path, _("no character of {rules} is made of {cards}").format(rules=self.rules.name, cards=body))
        state = self.game.state
        character = Character(state.new_id(), cards, component, "bulwark" if bulwark else "soldier", seat,
                              driven="driven" in flags, entered=state.turn_number if "new" in flags else -1, face_down=bulwark)
        if "attacker" in flags:
            character.role = "attacker"
        for flag in flags:
            if re.fullmatch(r"[+-]\d+", flag):
                self.modify("this", character.id, int(flag))
            elif flag not in ("driven", "new", "attacker") and not flag.startswith("blocks "):
                raise self.fail(path, _("unknown flag '{flag}' (driven, new, attacker, blocks ♠9, +3, -2)").format(flag=flag))
        return character

    def modify(self, scope: str, subject: int, amount: int) -> None:
        self.timestamp += 1
        self.game.state.modifiers.append(Modifier(scope, subject, amount, self.timestamp))

    def blockers(self, seat: int, side: dict, path: tuple) -> None:
        """`blocks ♠9`: the blocker of the attacker ♠9 on the other side (resolved once both fields exist)."""
        state = self.game.state
        for token, character in zip(self.tokens(side.get("field"), path + ("field",)), state.players[seat].field):
            _body, flags = _split_flags(token)
            for flag in flags:
                if flag.startswith("blocks "):
                    attacker = self.find_character(1 - seat, flag[len("blocks "):].strip(), path + ("field",))
                    character.role, character.blocking = "blocker", attacker.id

    def find_character(self, seat: int, text: str, path: tuple) -> Character:
        for character in self.game.state.players[seat].field:
            if character_text(character) in (text, f"[{text}]"):
                return character
        raise self.fail(path, _("{side} has no character {character} on the field").format(side=SIDES[seat], character=text))

    # -- requests ---------------------------------------------------------------------------
    def action(self, name: str, path: tuple):  # -> ActionSpec
        for spec in self.rules.compiled.actions.values():
            if name in (spec.name, spec.id):
                return spec
        slip = next((typed for typed in _MARK_SLIPS if typed in name), None)
        if slip is not None:  # `アップ ☆♢5`: the mark mistyped, so the whole text was read as the action's name
            raise self.fail(path, _("no action is called '{name}': '{typed}' is no mark of a request; write {mark} "
                                    "([you|opponent:] name ★keycards → target)").format(
                                        name=name, typed=slip, mark=_MARK_SLIPS[slip]))
        raise UnknownAction(path, name)

    def parse_request(self, text: str, path: tuple, default_action=None, default_who: str = "you"):
        match = _REQUEST.match(text)
        if not match:
            raise self.fail(path, _("'{text}' is not a request: [you|opponent:] name ★keycards → target").format(text=text))
        name = (match.group("name") or "").strip()
        spec = self.action(name, path) if name else default_action
        if spec is None:
            raise self.fail(path, _("'{text}' names no action").format(text=text))
        self.requested.append(spec.id)
        seat = SIDES.index(match.group("who") or default_who)
        keys = (match.group("keys") or "").split()
        return spec, seat, keys, (match.group("target") or "").strip() or None

    def stage_request(self, text: str, path: tuple) -> Request:
        spec, seat, keys, target = self.parse_request(text, path)
        state = self.game.state
        request = Request(state.new_id(), spec, seat)
        if spec.key_from == "unit":  # `★♠9`: the key soldier, on the field
            request.keys, request.unit = self.keycards(spec, seat, keys, path)
        else:
            request.keys = tuple(self.placed_card(seat, k, path) for k in keys)
        request.held = list(request.keys)
        if target:
            request.targets = [self.target(target, path)]
        return request

    def target(self, text: str, path: tuple) -> Target:
        """`you`, `opponent` (players), `you:♢3` (a character, a trump), `opponent:アップ` (a request on the stage)."""
        if text in SIDES:
            return ("player", SIDES.index(text))
        who, _colon, body = text.rpartition(":")
        seats = [SIDES.index(who)] if who in SIDES else [0, 1]
        state = self.game.state
        found: list[Target] = []
        for seat in seats:
            for character in state.players[seat].field:
                if character_text(character) in (body, f"[{body}]"):
                    found.append(("character", character.id))
            for card in state.players[seat].trump:
                if TEXT[card] == body:
                    found.append(("trump", card))
            for request in state.stage:
                if request.controller == seat and body in (request.action.name, request.action.id):
                    found.append(("request", request.id))
        if not found:  # `→ 相手`: say what may be named here
            raise self.fail(path, _("the target '{text}' names nothing: a target is {targets}").format(
                text=text, targets=", ".join(self.targets_here())))
        if len(found) != 1:
            raise self.fail(path, _("the target '{text}' names more than one thing").format(text=text))
        return found[0]

    def targets_here(self) -> list[str]:
        """How a target may be written in this situation: the players, then each character, trump and request."""
        state = self.game.state
        found = list(SIDES)
        for seat, side in enumerate(SIDES):
            player = state.players[seat]
            found += [f"{side}:{character_text(character)}" for character in player.field]
            found += [f"{side}:{TEXT[card]}" for card in player.trump]
            found += [f"{side}:{request.action.name}" for request in state.stage if request.controller == seat]
        return found

    def keycards(self, spec, seat: int, keys: list[str], path: tuple) -> tuple[tuple[int, ...], int | None]:
        if spec.key_from == "unit":
            if len(keys) != 1:
                raise self.fail(path, _("a soldier-borne action names its key soldier: ★♠5"))
            return (), self.find_character(seat, keys[0], path).id
        return tuple(self.card(seat, k, path) for k in keys), None


# What a request's marks (★ before the keycards, → before the target) are mistyped as: the mark meant.
_MARK_SLIPS = {"☆": "★", "✩": "★", "⭐": "★", "＊": "★", "*": "★", "->": "→", "=>": "→", "⇒": "→", "＞": "→", ">": "→"}


def _split_flags(token: str) -> tuple[str, list[str]]:
    if token.endswith(")") and "(" in token:
        body, _paren, flags = token[:-1].partition("(")
        return body, [f.strip() for f in flags.split(",") if f.strip()]
    return token, []
