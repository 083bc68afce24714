"""Standing abilities (6.3) and what they change: sizes, labels and costs, recomputed from
scratch whenever they are asked for (6.4.2), scope by scope: all → your → this, and by
timestamp inside a scope."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import RANK, SUIT, same_card
from .state import Character

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .ruleset import ActionSpec

SCOPE_ORDER = {"all": 0, "your": 1, "this": 2}


def base_size(game: Game, character: Character) -> int:
    spec = game.ruleset.characters[character.component]
    if spec.size == "rank-sum":
        return sum(RANK[c] for c in character.cards)
    return spec.size or 0


def size(game: Game, character: Character) -> int:
    """2.8.2: the number on the cards, changed by the modifiers that apply to this character."""
    total = base_size(game, character)
    modifiers = game.state.modifiers
    if not modifiers:
        return total
    applicable = [
        m for m in modifiers
        if m.scope == "all"
        or (m.scope == "your" and m.subject == character.controller and character.kind == "soldier")
        or (m.scope == "this" and m.subject == character.id)
    ]
    applicable.sort(key=lambda m: (SCOPE_ORDER[m.scope], m.timestamp))
    for modifier in applicable:
        total += modifier.amount
    return total


def labels(game: Game, character: Character) -> frozenset[str]:
    """The character's labels: its definition's (with their conditions), then those its controller's open trumps grant."""
    spec = game.ruleset.characters[character.component]
    found = set(spec.labels)
    for label, condition in spec.conditional_labels:
        if condition(game, character):
            found.add(label)
    if character.kind == "soldier":
        for trump in open_trumps(game, character.controller):
            suits = {SUIT[c] for c in character.cards}
            if trump.grants and suits == {trump.suit}:
                found.add(trump.grants)
    return frozenset(found)


def open_trumps(game: Game, seat: int) -> list:
    """The trump definitions a player's face-up trumps are (♠2 is スラッシュ, …)."""
    player = game.state.players[seat]
    if not player.trumps_up:
        return []
    return [spec for card in player.trumps_up for spec in game.ruleset.trumps if spec.card is not None and same_card(spec.card, card)]


def has_open_trump(game: Game, seat: int, trump_id: str) -> bool:
    return any(spec.id == trump_id for spec in open_trumps(game, seat))


def waived(game: Game, seat: int) -> dict[str, str]:
    """{category: cost letters} that the abilities on the field take away from a player's requests (魔力増加)."""
    found: dict[str, str] = {}
    specs = game.ruleset.characters
    for character in game.state.characters():
        for ability in specs[character.component].abilities:
            if ability.scope == "all" or (ability.scope == "your" and character.controller == seat):
                found[ability.waive_category] = found.get(ability.waive_category, "") + ability.waive_letters
    return found


def cost(game: Game, action: ActionSpec, seat: int) -> str:
    """The cost letters a player pays for an action, after the abilities on the field."""
    letters = action.cost
    if letters:
        gone = waived(game, seat).get(action.category, "")
        letters = "".join(c for c in letters if c not in gone)
    return letters
