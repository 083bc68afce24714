"""A weighted policy agent: plays like a cautious beginner rather than uniformly at random, so that
random games last like real ones. Seeded, and it decides only from what its player may see (2.11.1):
the decision's observation (its own hand, the field with the other player's face-down bulwarks as `?`,
the number of cards in its life, the stage) and the options as it sees them; it never holds the game.
Each decision weighs the options by a few rules of thumb and draws one.

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
from typing import TYPE_CHECKING

from .cards import RANK, TEXT

if TYPE_CHECKING:  # pragma: no cover
    from .agents import Decision
    from .observation import CharacterSeen, Observation, OptionSeen

SUMMONS = frozenset({"soldier-summon", "hero-summon", "ace-summon", "magician-summon", "quick-summon", "rare-summon"})
ANSWERS = frozenset({"counter", "ceasefire", "retarget"})  # requests that answer a request on the stage
HELPFUL = frozenset({"up", "equip", "encourage", "return", "reanimate", "switch", "negotiate"})  # target one's own
SETUP = frozenset({"pack-open", "rare-draw", "open", "bulwark-refill", "recruit", "force"})
MANY_SOLDIERS, MANY_BULWARKS, SHORT_LIFE, LOW_LIFE, BIG_ATTACKER = 2, 2, 5, 6, 4


RANK_OF_TEXT = {text: rank for text, rank in zip(TEXT, RANK)}


def rank(text: str) -> int:
    """A seen card's rank (table 2.1); a card it cannot see (`?`) counts as nothing."""
    return max(RANK_OF_TEXT.get(text, 0), 0)


def _soldiers(characters: tuple[CharacterSeen, ...]) -> list[CharacterSeen]:
    return [c for c in characters if c.kind == "soldier"]


def _size(character: CharacterSeen) -> int:
    return character.size if character.size is not None else 0


class PolicyAgent:
    """Weighs every option by rules of thumb and draws one (seeded); reads only the decision's observation."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.acting: str | None = None  # the action of the request this agent is making (its targets and costs follow)

    def choose(self, decision: Decision) -> int:
        weigh = {"request": self._request, "target": self._target, "choose": self._choose, "option": self._option}.get(decision.kind)
        count = len(decision)
        weights = weigh(decision.observation, decision.options, decision.prompt) if weigh else [1.0] * count
        if not any(weights):
            weights = [1.0] * count
        index = self.rng.choices(range(count), weights)[0]
        if decision.kind == "request":
            option = decision.options[index]
            self.acting = option.ref if option.kind == "action" else None
        return index

    # -- [3]: which request, or pass ----------------------------------------------------------------------
    def _request(self, view: Observation, options: tuple[OptionSeen, ...], prompt: str) -> list[float]:
        by_action: dict[str, list[int]] = {}
        for i, option in enumerate(options):
            by_action.setdefault(option.ref if option.kind == "action" else "pass", []).append(i)
        weights = [0.0] * len(options)
        costs = {option.ref: option.cost for option in options if option.kind == "action"}
        for action, indices in by_action.items():
            weight = self._action_weight(view, action)
            if "L" in costs.get(action, "") and view.you.life <= LOW_LIFE:
                weight *= 0.05  # L is paid with the life: a short life is kept for the game, not spent
            weight *= self._life_pressure(view, action)
            best = max(indices, key=lambda i: self._keys_value(options[i], action))
            weights[best] = weight  # one way to make it: the keycards worth most for it
        return weights

    def _action_weight(self, view: Observation, action: str) -> float:
        mine = view.you.field
        if view.stage:
            top = view.stage[-1]
            if top.side == "you":
                return 8.0 if action == "pass" else 0.2
            against_me = any((kind == "character" and any(c.id == ref for c in mine)) or (kind == "player" and ref == "you")
                             for kind, ref in top.refs)
            if action == "pass":
                return 6.0
            if action in ANSWERS:
                return 3.0 if against_me else 0.3
            return 0.3
        if view.turn != "you":
            return {"pass": 6.0, "quick-summon": 2.0}.get(action, 0.3)
        soldiers = _soldiers(mine)
        bulwarks = [c for c in mine if c.kind == "bulwark"]
        if action in SUMMONS:
            return 6.0 if len(soldiers) < MANY_SOLDIERS else 0.4
        if action == "bulwark-placement":
            return 5.0 if len(bulwarks) < MANY_BULWARKS and len(view.you.hand) > 2 else 0.2
        if action == "attack":
            return 5.0 if self._attackers(view) else 0.2
        if action in SETUP:
            return 2.5
        if action == "end":
            return 1.0
        if action == "pass":
            return 0.2  # with an empty stage it only hands the chance round: the turn goes on
        return 0.4  # any other spell: now and then, keeping the hand for answers

    @staticmethod
    def _life_pressure(view: Observation, action: str) -> float:
        """With a short life, only what protects it is worth a request: bulwarks and answers, not new threats."""
        if view.you.life > LOW_LIFE or action in ("end", "pass", "bulwark-placement", *ANSWERS):
            return 1.0
        return 0.5

    @staticmethod
    def _keys_value(option: OptionSeen, action: str) -> int:
        """How much the keycards are worth for the action: bigger soldiers and stronger spells; bulwarks and
        discards spend the smallest cards."""
        if option.kind != "action":
            return 0
        total = sum(rank(card) for card in option.keys)
        return -total if action == "bulwark-placement" else total

    # -- attacks and blocks ---------------------------------------------------------------------------------
    @staticmethod
    def _attackers(view: Observation) -> list[CharacterSeen]:
        """My soldiers worth attacking with: charged, able to attack, and bigger than every charged soldier of the opponent."""
        strongest = max((_size(c) for c in _soldiers(view.opponent.field) if not c.driven), default=-1)
        ready = [c for c in _soldiers(view.you.field) if not c.driven and "attacker" in (c.labels or ())
                 and (not c.new or "haste" in (c.labels or ()))]
        return [c for c in ready if _size(c) > strongest]

    def _choose(self, view: Observation, options: tuple[OptionSeen, ...], prompt: str) -> list[float]:
        characters = {c.id: c for c in (*view.you.field, *view.opponent.field)}
        chosen = [characters.get(o.ref) if o.kind == "character" else None for o in options]
        done = [i for i, o in enumerate(options) if o.kind == "label"]
        if prompt == "アタッカー":
            wanted = {c.id for c in self._attackers(view)}
            weights = [4.0 if o.kind == "character" and o.ref in wanted else 0.0 for o in options]
            for i in done:
                weights[i] = 1.0 if any(weights) else 5.0
            return weights
        present = [c for c in chosen if c is not None]
        if prompt == "ブロッカー" and present:
            biggest = max(present, key=lambda c: _size(c) if c.kind == "soldier" else 0)
            return [5.0 if c is biggest else (3.0 if i in done else 0.5) for i, c in enumerate(chosen)]
        if present:  # S: the character to give up: the smallest
            smallest = min(present, key=lambda c: _size(c) if c.kind == "soldier" else -1)
            return [5.0 if c is smallest else 0.5 for c in chosen]
        cards = [i for i, o in enumerate(options) if o.kind == "card"]
        if cards and ("捨てる" in prompt or prompt.startswith("D")):  # discard the lowest cards
            lowest = min(cards, key=lambda i: rank(options[i].ref))
            return [5.0 if i == lowest else 0.5 for i in range(len(options))]
        return [1.0] * len(options)

    def _option(self, view: Observation, options: tuple[OptionSeen, ...], prompt: str) -> list[float]:
        labels = [o.text for o in options]
        if "ブロックしない" in labels:
            return [self._block_weight(view, label) for label in labels]
        if "もう1枚引く" in labels:  # a card more in the hand is a card less in the life
            more = len(view.you.hand) < 3 and view.you.life > LOW_LIFE
            return [5.0 if (label == "もう1枚引く") == more else 0.5 for label in labels]
        return [1.0] * len(labels)

    @staticmethod
    def _block_weight(view: Observation, label: str) -> float:
        mine_field = view.you.field
        blocked = {c.blocking for c in mine_field if c.blocking is not None}
        attacker = next((c for c in view.opponent.field if c.role == "attacker" and c.id not in blocked), None)
        size = _size(attacker) if attacker is not None else 0
        short = view.you.life <= size + SHORT_LIFE  # this hit would leave little or nothing
        mine = [_size(c) for c in _soldiers(mine_field) if not c.driven and c.role is None]
        if label == "兵士でブロック":
            return 6.0 if any(s >= size for s in mine) else (3.0 if short else 0.3)
        if label == "防壁でブロック":
            return 5.0 if short or size >= BIG_ATTACKER else 0.5
        return 0.02 if short else 1.0

    # -- targets --------------------------------------------------------------------------------------------
    def _target(self, view: Observation, options: tuple[OptionSeen, ...], prompt: str) -> list[float]:
        helpful = self.acting in HELPFUL
        mine = {c.id for c in view.you.field}
        sizes = {c.id: _size(c) for c in (*view.you.field, *view.opponent.field) if c.kind == "soldier"}
        stage = {request.id: request for request in view.stage}
        weights = []
        for option in options:
            if option.kind == "character":
                own = option.ref in mine
                weights.append((3.0 + sizes.get(option.ref, 0) / 4) if own == helpful else 0.3)
            elif option.kind == "player":
                weights.append(3.0 if (option.ref == "you") == helpful else 0.3)
            elif option.kind == "request":
                request = stage.get(option.ref)
                weights.append(3.0 if request is not None and request.side != "you" else 0.3)
            else:
                weights.append(1.0)
        return weights
