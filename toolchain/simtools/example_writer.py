"""A position of a game written as an example (definitions/README.md, "examples"): what one player knows
of the game now as `given:`, and the next request played on it as `request:`, `choices:` and `expect:`.

    given = position(game, seat)                  # the situation notation, seen by `seat` ("you")
    draft = ExampleDraft(engine, game, seat)      # the position as a game of its own, `you` to request
    draft.decision(); draft.apply(index)          # the request, then every choice inside it
    draft.done; draft.example(name)               # name, regulation, given, request, choices, expect

The position holds only what the player may know (2.11.1). What it cannot see (the other player's hand,
face-down bulwarks and trumps, rare card and pack, the cards of every life and of an unopened pack) is
written with stand-ins: the cards of that player's deck the viewer has not seen, in the deck's order,
given out in the order the places are written. So the example plays what the player saw, its lives and
packs hold the number of cards they held, and whoever reads it learns no card the player could not see.
The other player's graveyard is its top card (墓地の中身 is private); a life of 10 or more cards of the
other player is written with 10 (its count is private).

The draft plays the request as the example runner does: the request, then both players pass until it
has left the stage (no responses); the choices asked on the way are the example's `choices`, and
`expect` is every part of the situation that changed.
"""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING, Any

from ..i18n import _
from ..sim.agents import Decision, engine_options
from ..sim.cards import TEXT, owner_of
from ..sim.errors import ProgramError
from ..sim import Game
from ..sim.notation import SIDES, character_text, keycards_text, side, target_text, trump_text, view
from ..sim.observation import PUBLIC_LIFE_BELOW
from ..sim.requests import PASS, RequestOption
from ..sim.situation import from_situation
from ..sim.state import FIELD, Character, Request

if TYPE_CHECKING:  # pragma: no cover
    from ..sim import Engine


def _seen_cards(game: Game, owner: int, viewer: int) -> set[int]:
    """The cards of `owner` that `viewer` sees where they lie now."""
    state, player = game.state, game.state.players[owner]
    own = owner == viewer
    seen = set(player.fog) | {card for request in state.stage for card in request.held if owner_of(card) == owner}
    for character in player.field:
        if own or not character.face_down:
            seen.update(character.cards)
    if own:
        seen.update(player.hand, player.graveyard, player.rare, player.trump)
        if player.pack_open:
            seen.update(player.pack)
    else:
        seen.update(player.graveyard[-1:])
        seen.update(player.trumps_up)
        seen.update(card for card in state.known[viewer] if card in player.hand)
    return seen


class _Writer:
    """One player's position: the cards it sees, and a stand-in for every card it does not."""

    def __init__(self, game: Game, viewer: int, shuffle: Random | None = None) -> None:
        self.game, self.viewer = game, viewer
        self.seen = {seat: _seen_cards(game, seat, viewer) for seat in (0, 1)}
        self.pool = {seat: [card for card in game.state.players[seat].deck if card not in self.seen[seat]] for seat in (0, 1)}
        if shuffle is not None:  # stand-ins dealt at random: a game played on from them draws what nobody knew
            for pool in self.pool.values():
                shuffle.shuffle(pool)
        self.stand_in: dict[int, str] = {}  # a hidden card → the text written for it
        self.hidden: list[str] = []  # the zones written with stand-ins (`opponent.hand`), for the example's comment

    def _stand_in(self, owner: int, card: int | None) -> str:
        if card is not None and card in self.stand_in:
            return self.stand_in[card]
        text = TEXT[self.pool[owner].pop(0)] if self.pool[owner] else "?"
        if card is not None:
            self.stand_in[card] = text
        return text

    def cards(self, owner: int, cards: list[int], *, ordered: bool = False) -> list[str]:
        """The cards as written: those seen as they are (sorted, unless their order is seen), then a stand-in for
        each of the others (which card lies where, the viewer does not know, and the stand-ins do not say)."""
        seen = [TEXT[card] for card in cards if card in self.seen[owner]]
        hidden = [card for card in cards if card not in self.seen[owner]]
        if ordered and not hidden:
            return seen
        return sorted(seen) + [self._stand_in(owner, card) for card in hidden]

    def character(self, character: Character) -> str:
        """A character with its flags; one the viewer cannot see, with stand-ins for its cards."""
        token = character_text(character, self.game, flags=True)
        if all(card in self.seen[character.controller] for card in character.cards):
            return token
        written = "+".join(self._stand_in(character.controller, card) for card in character.cards)
        return (f"[{written}]" if character.kind == "bulwark" else written) + token[len(character_text(character)):]

    def trump(self, card: int) -> str:
        token, owner = trump_text(self.game.state, card), owner_of(card)
        return token if card in self.seen[owner] else self._stand_in(owner, card) + token[len(TEXT[card]):]

    def target(self, target: tuple[str, int]) -> str:
        return target_text(self.game, target, self.viewer, character=lambda found: self.character(found).split("(")[0],
                           card=lambda card: self.trump(card).split("(")[0])

    def request(self, request: Request) -> str:
        text = f"{side(request.controller, self.viewer)}: {request.action.name}{keycards_text(self.game, request.keys, request.unit)}"
        if request.targets:
            text += " → " + ", ".join(self.target(t) for t in request.targets)
        return text

    def side(self, seat: int) -> dict[str, Any]:
        state, player = self.game.state, self.game.state.players[seat]
        own = seat == self.viewer
        life = player.life[::-1]  # written top first

        def lives() -> list[str]:
            if own or len(life) < PUBLIC_LIFE_BELOW:
                return self.cards(seat, life, ordered=True)
            return [self._stand_in(seat, None) for _ in range(PUBLIC_LIFE_BELOW)]  # its count is private

        def trump() -> list[str]:
            seen = sorted(self.trump(card) for card in player.trump if card in self.seen[seat])
            return seen + [self.trump(card) for card in player.trump if card not in self.seen[seat]]

        def cards_of(zone: str) -> list[str]:
            if zone == "life":
                return lives()
            if zone == "graveyard":  # the other player's: its top card (墓地の中身 is private)
                return self.cards(seat, player.graveyard if own else player.graveyard[-1:], ordered=True)
            if zone == "trump":
                return trump()
            if zone == FIELD:
                return [self.character(character) for character in player.field]
            return self.cards(seat, player.zone(zone))

        written: dict[str, Any] = {}
        for zone in (*player.zones, FIELD):  # the rules' zones (Ruleset.card_zones), then the characters
            left = len(self.pool[seat])
            cards = cards_of(zone)
            if zone == "life" or cards:
                written[zone] = " ".join(cards)
            if len(self.pool[seat]) < left:
                self.hidden.append(f"{SIDES[0] if own else SIDES[1]}.{zone}")
        if player.pack_open:
            written["pack_opened"] = True
        bonus = sum(m.amount for m in state.modifiers if m.scope == "your" and m.subject == seat)
        if bonus:
            written["size_bonus"] = bonus
        return written


def position(game: Game, seat: int, shuffle: Random | None = None) -> dict[str, Any]:
    """The game's situation as `seat` knows it, in the examples' notation (`given:`), `seat` as `you`;
    with `shuffle`, the stand-ins for what it cannot see are dealt in a random order, not the deck's."""
    return _position(game, seat, shuffle)[0]


def _position(game: Game, seat: int, shuffle: Random | None = None) -> tuple[dict[str, Any], list[str]]:
    writer = _Writer(game, seat, shuffle)
    state = game.state
    given: dict[str, Any] = {"turn": side(state.turn, seat), "you": writer.side(seat), "opponent": writer.side(1 - seat)}
    if state.stage:
        given["stage"] = [writer.request(request) for request in state.stage]
    return given, writer.hidden


class ExampleDraft:
    """The position of `seat` in `game` as a game of its own, where `you` requests next: every decision of the
    request is offered (decision() / apply()), the passes after it are made, and then it is an example."""

    def __init__(self, engine: Engine, game: Game, seat: int) -> None:
        """ProgramError: a position the notation cannot write (or the rules do not allow)."""
        self.given, self.hidden = _position(game, seat)  # hidden: the zones written with stand-ins
        self.regulation = game.regulation
        if any("(gone)" in request for request in self.given.get("stage", ())):
            raise ProgramError(("given", "stage"), _("a request on the stage has lost its target: the notation cannot write it"))
        self.game = from_situation(engine, self.given, regulation=self.regulation, agents=None)
        self.game.state.chance = 0  # the example's request is made now, by `you` (as the example runner does)
        self.game.public.asked = None
        self.before = view(self.game)
        self.made: Request | None = None
        self.target: str | None = None  # the request's one target, as `→` names it when it was made
        self.taken: list[tuple[str, str, Any]] = []  # the choices asked inside the request: (kind, as written, option)
        self.game.recorder = self._recorded
        self.game.observer = self._observed

    # -- playing it ---------------------------------------------------------------------------
    def _recorded(self, decision: Decision, index: int) -> None:
        if decision.kind != "request" and not decision.forced:  # a choice of one is made by itself
            self.taken.append((decision.kind, _choice(decision, index), engine_options(decision)[index]))

    def _observed(self, kind: str, data: Any) -> None:
        if kind == "request" and self.made is None:
            self.made = data
            # Told when the request's run is over: it waits on the stage (unless instant), its target still there.
            if len(data.targets) == 1 and "(gone)" not in (named := target_text(self.game, data.targets[0], 0)):
                self.target = named

    @property
    def done(self) -> bool:
        """The request has left the stage (or the game is over): the example is complete."""
        game, made = self.game, self.made
        if made is None:
            return False
        return game.over or (game.due is None and all(request.id != made.id for request in game.state.stage))

    def decision(self) -> Decision | None:
        """The decision due: first the request (`you`, at [3]), then the choices inside it; None when done."""
        self._pass_while_waiting()
        return None if self.done else self.game.decision()

    def apply(self, index: int) -> None:
        due = self.decision()
        if due is None:
            raise ValueError(_("the example is complete"))
        if self.made is None and due.kind == "request" and not isinstance(engine_options(due)[index], RequestOption):
            raise ValueError(_("the example's request is an action, not a pass"))
        self.game.apply(index)
        self._pass_while_waiting()

    def _pass_while_waiting(self) -> None:
        """At [3] with the request still on the stage, the player holding the chance passes (no responses)."""
        game = self.game
        while self.made is not None and not self.done and game.due is None:
            game.apply(PASS)

    @property
    def action_id(self) -> str | None:
        """The action the example belongs under (its request's)."""
        return self.made.action.id if self.made is not None else None

    # -- the example --------------------------------------------------------------------------
    def example(self, name: str, targeted: bool = True) -> dict[str, Any]:
        """The example (name, regulation, given, request, choices, expect) once done. `targeted`: the request's
        one target is written after `→` (else it is among the choices, where it was asked)."""
        game, made = self.game, self.made
        if made is None or not self.done:
            raise ValueError(_("the example's request has not left the stage yet"))
        # The example's own action needs no name, unless nothing else would be written.
        request = keycards_text(game, made.keys, made.unit).strip() or made.action.name
        choices = list(self.taken)
        if targeted and self.target is not None:
            request += f" → {self.target}"
            first = next((i for i, (kind, _, option) in enumerate(choices) if kind == "target" and option == made.targets[0]), None)
            if first is not None:
                del choices[first]
        written: dict[str, Any] = {"name": name, "regulation": " + ".join(self.regulation), "given": self.given, "request": request}
        if choices:
            written["choices"] = [text for _, text, _ in choices]
        written["expect"] = expectation(self.before, view(game))
        return written


def _choice(decision: Decision, index: int) -> str:
    """The option taken as an example's `choices` names it."""
    text = decision.text(index)
    return f"{decision.prompt}:{text}" if decision.graveyard_top() else text


def expectation(before: dict[str, str], after: dict[str, str]) -> dict[str, Any]:
    """`expect:`, what changed between two views (notation.view), as an example writes it."""
    expect: dict[str, Any] = {}
    for key, value in after.items():
        if before.get(key) == value:
            continue
        if key in ("turn", "winner"):
            expect[key] = value
        elif key == "stage":
            expect["stage"] = [part for part in value.split(" / ") if part]
        else:
            name, zone = key.split(".", 1)
            written: Any = value
            if zone == "pack_opened":
                written = value == "true"
            elif zone == "size_bonus":
                written = int(value)
            expect.setdefault(name, {})[zone] = written
    return expect
