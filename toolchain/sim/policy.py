"""A weighted policy agent: plays like a cautious beginner rather than uniformly at random, so that
random games last like real ones. Seeded, and it decides only from what its player may see (2.11.1):
its own hand, the field (the face-down bulwarks' cards are not read), the number of cards in each
life, and the stage. Each decision weighs the options by a few rules of thumb and draws one.

    agents = (PolicyAgent(1), PolicyAgent(2))

The rules of thumb: on its turn it summons while it has few soldiers, places bulwarks while it has
few, attacks only with soldiers no charged soldier of the opponent outsizes, and ends the turn when
nothing is worth doing; it answers the opponent's requests against its own characters or itself
with a counter now and then, and otherwise lets requests resolve; it blocks an attacker it can
beat with a soldier, blocks a big one (or any, when its life is short) with a bulwark, discards its
lowest cards and targets the opponent's biggest soldier with harmful actions, its own with helpful ones.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import abilities
from .cards import RANK
from .requests import PASS

if TYPE_CHECKING:  # pragma: no cover
    from .agents import Decision
    from .game import Game
    from .state import Character

SUMMONS = frozenset({"soldier-summon", "hero-summon", "ace-summon", "magician-summon", "quick-summon", "rare-summon"})
ANSWERS = frozenset({"counter", "ceasefire", "retarget"})  # requests that answer a request on the stage
HELPFUL = frozenset({"up", "equip", "encourage", "return", "reanimate", "switch", "negotiate"})  # target one's own
SETUP = frozenset({"pack-open", "rare-draw", "open", "bulwark-refill", "recruit", "force"})
MANY_SOLDIERS, MANY_BULWARKS, SHORT_LIFE, LOW_LIFE, BIG_ATTACKER = 2, 2, 5, 6, 4


@dataclass(frozen=True)
class Seen:
    """What the deciding player may see, as the policy reads it (2.11.1)."""

    seat: int
    my_turn: bool
    hand: tuple[int, ...]
    mine: tuple[Character, ...]
    theirs: tuple[Character, ...]  # a bulwark's cards are never read: only that it is there, and driven or not
    my_life: int
    stage: tuple[Any, ...]


def seen(game: Game, seat: int) -> Seen:
    state = game.state
    me, them = state.players[seat], state.players[1 - seat]
    return Seen(seat, state.turn == seat, tuple(me.hand), tuple(me.field), tuple(them.field), len(me.life), tuple(state.stage))


def _soldiers(characters: tuple[Character, ...]) -> list[Character]:
    return [c for c in characters if c.kind == "soldier"]


class PolicyAgent:
    """Weighs every option by rules of thumb and draws one (seeded); never reads hidden cards."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.acting: str | None = None  # the action of the request this agent is making (its targets and costs follow)

    def choose(self, decision: Decision) -> int:
        game, view = decision.game, seen(decision.game, decision.player)
        weigh = {"request": self._request, "target": self._target, "choose": self._choose, "option": self._option}.get(decision.kind)
        weights = weigh(game, view, decision) if weigh else [1.0] * len(decision.options)
        if not any(weights):
            weights = [1.0] * len(decision.options)
        index = self.rng.choices(range(len(decision.options)), weights)[0]
        if decision.kind == "request":
            option = decision.options[index]
            self.acting = None if option is PASS else option.action.id
        return index

    # -- [3]: which request, or pass ----------------------------------------------------------------------
    def _request(self, game: Game, view: Seen, decision: Decision) -> list[float]:
        by_action: dict[str, list[int]] = {}
        for i, option in enumerate(decision.options):
            by_action.setdefault("pass" if option is PASS else option.action.id, []).append(i)
        weights = [0.0] * len(decision.options)
        costs = {option.action.id: option.action.cost for option in decision.options if option is not PASS}
        for action, indices in by_action.items():
            weight = self._action_weight(game, view, action)
            if "L" in costs.get(action, "") and view.my_life <= LOW_LIFE:
                weight *= 0.05  # L is paid with the life: a short life is kept for the game, not spent
            weight *= self._life_pressure(view, action)
            best = max(indices, key=lambda i: self._keys_value(decision.options[i], action))
            weights[best] = weight  # one way to make it: the keycards worth most for it
        return weights

    def _action_weight(self, game: Game, view: Seen, action: str) -> float:
        if view.stage:
            top = view.stage[-1]
            if top.controller == view.seat:
                return 8.0 if action == "pass" else 0.2
            against_me = any((kind == "character" and any(c.id == ref for c in view.mine)) or (kind == "player" and ref == view.seat)
                             for kind, ref in top.targets)
            if action == "pass":
                return 6.0
            if action in ANSWERS:
                return 3.0 if against_me else 0.3
            return 0.3
        if not view.my_turn:
            return {"pass": 6.0, "quick-summon": 2.0}.get(action, 0.3)
        soldiers = _soldiers(view.mine)
        bulwarks = [c for c in view.mine if c.kind == "bulwark"]
        if action in SUMMONS:
            return 6.0 if len(soldiers) < MANY_SOLDIERS else 0.4
        if action == "bulwark-placement":
            return 5.0 if len(bulwarks) < MANY_BULWARKS and len(view.hand) > 2 else 0.2
        if action == "attack":
            return 5.0 if self._attackers(game, view) else 0.2
        if action in SETUP:
            return 2.5
        if action == "end":
            return 1.0
        if action == "pass":
            return 0.2  # with an empty stage it only hands the chance round: the turn goes on
        return 0.4  # any other spell: now and then, keeping the hand for answers

    @staticmethod
    def _life_pressure(view: Seen, action: str) -> float:
        """With a short life, only what protects it is worth a request: bulwarks and answers, not new threats."""
        if view.my_life > LOW_LIFE or action in ("end", "pass", "bulwark-placement", *ANSWERS):
            return 1.0
        return 0.5

    @staticmethod
    def _keys_value(option: Any, action: str) -> int:
        """How much the keycards are worth for the action: bigger soldiers and stronger spells; bulwarks and
        discards spend the smallest cards."""
        if option is PASS:
            return 0
        total = sum(RANK[c] for c in option.keys)
        return -total if action == "bulwark-placement" else total

    # -- attacks and blocks ---------------------------------------------------------------------------------
    @staticmethod
    def _strongest_blocker(game: Game, view: Seen) -> int:
        return max((abilities.size(game, c) for c in _soldiers(view.theirs) if not c.driven), default=-1)

    def _attackers(self, game: Game, view: Seen) -> list[Character]:
        """My soldiers worth attacking with: charged, able to attack, and bigger than every charged soldier of the opponent."""
        strongest, turn = self._strongest_blocker(game, view), game.state.turn_number
        ready = [c for c in _soldiers(view.mine) if not c.driven and "attacker" in (labels := abilities.labels(game, c))
                 and (c.entered != turn or "haste" in labels)]
        return [c for c in ready if abilities.size(game, c) > strongest]

    def _choose(self, game: Game, view: Seen, decision: Decision) -> list[float]:
        prompt, options = decision.prompt, decision.options
        characters = [o for o in options if hasattr(o, "component")]
        done = [i for i, o in enumerate(options) if not hasattr(o, "component") and not isinstance(o, int)]
        if prompt == "アタッカー":
            wanted = {c.id for c in self._attackers(game, view)}
            weights = [4.0 if getattr(o, "id", None) in wanted else 0.0 for o in options]
            for i in done:
                weights[i] = 1.0 if any(weights) else 5.0
            return weights
        if prompt == "ブロッカー" and characters:
            biggest = max(characters, key=lambda c: abilities.size(game, c) if c.kind == "soldier" else 0)
            return [5.0 if o is biggest else (3.0 if i in done else 0.5) for i, o in enumerate(options)]
        if characters:  # S: the character to give up: the smallest
            smallest = min(characters, key=lambda c: abilities.size(game, c) if c.kind == "soldier" else -1)
            return [5.0 if o is smallest else 0.5 for o in options]
        cards = [o for o in options if isinstance(o, int)]
        if cards and ("捨てる" in prompt or prompt.startswith("D")):  # discard the lowest cards
            lowest = min(cards, key=lambda c: RANK[c])
            return [5.0 if o == lowest else 0.5 for o in options]
        return [1.0] * len(options)

    def _option(self, game: Game, view: Seen, decision: Decision) -> list[float]:
        labels = list(decision.options)
        if "ブロックしない" in labels:
            return [self._block_weight(game, view, label) for label in labels]
        if "もう1枚引く" in labels:  # a card more in the hand is a card less in the life
            more = len(view.hand) < 3 and view.my_life > LOW_LIFE
            return [5.0 if (label == "もう1枚引く") == more else 0.5 for label in labels]
        return [1.0] * len(labels)

    def _block_weight(self, game: Game, view: Seen, label: str) -> float:
        blocked = {c.blocking for c in view.mine if c.blocking is not None}
        attacker = next((c for c in view.theirs if c.role == "attacker" and c.id not in blocked), None)
        size = abilities.size(game, attacker) if attacker is not None else 0
        short = view.my_life <= size + SHORT_LIFE  # this hit would leave little or nothing
        mine = [abilities.size(game, c) for c in _soldiers(view.mine) if not c.driven and c.role is None]
        if label == "兵士でブロック":
            return 6.0 if any(s >= size for s in mine) else (3.0 if short else 0.3)
        if label == "防壁でブロック":
            return 5.0 if short or size >= BIG_ATTACKER else 0.5
        return 0.02 if short else 1.0

    # -- targets --------------------------------------------------------------------------------------------
    def _target(self, game: Game, view: Seen, decision: Decision) -> list[float]:
        helpful = self.acting in HELPFUL
        mine = {c.id for c in view.mine}
        sizes = {c.id: abilities.size(game, c) for c in (*view.mine, *view.theirs) if c.kind == "soldier"}
        weights = []
        for kind, ref in decision.options:
            if kind == "character":
                own = ref in mine
                weights.append((3.0 + sizes.get(ref, 0) / 4) if own == helpful else 0.3)
            elif kind == "player":
                weights.append(3.0 if (ref == view.seat) == helpful else 0.3)
            elif kind == "request":
                request = game.state.request(ref)
                weights.append(3.0 if request is not None and request.controller != view.seat else 0.3)
            else:
                weights.append(1.0)
        return weights
