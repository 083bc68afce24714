"""Standing abilities (6.3) of characters and open trumps, and what they change: sizes, labels and
costs, recomputed from scratch whenever they are asked for (6.4.2), scope by scope: all → your →
this, and by timestamp inside a scope; and what they stop effects from doing (barring)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..notation.card_notation import SUITS
from .cards import RANK, SUIT
from .state import Character, Former

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .language import Ctx
    from .ruleset import AbilitySpec, ActionSpec

SCOPE_ORDER: Final = {"all": 0, "your": 1, "this": 2}
TRUMP_TIMESTAMP: Final = 0  # an open trump's label (5.3.4) is a your-scope grant older than every character's ability

# (game, character id, what) being computed: an ability whose `where` asks for a size or a label while it is
# being applied sees the value without the abilities, instead of recursing for ever.
_COMPUTING: Final[set[tuple[int, int, str]]] = set()


def base_size(game: Game, character: Character) -> int:
    fixed = game.ruleset.fixed_sizes.get(character.component)  # a number on the definition: not read through it
    if fixed is not None:
        return fixed
    total = 0  # "rank-sum": the ranks of its cards
    for card in character.cards:
        total += RANK[card]
    return total


def _by_order(change: tuple[Any, ...]) -> tuple[Any, ...]:
    """6.4.2's order of a change: its scope's, then its timestamp (a module function: a lambda made an object per call)."""
    return change[:2]


def _in_scope(scope: str, owner: Character, character: Character) -> bool:
    """6.4.2: all = every character; your = the ability's controller's; this = the ability's own character."""
    if scope == "all":
        return True
    if scope == "your":
        return character.controller == owner.controller
    return character.id == owner.id


def standing(game: Game, character: Character, what: str) -> list[tuple[int, int, AbilitySpec]]:
    """The abilities on the field that change the character's size or labels, as (scope order, timestamp,
    ability), in the order 6.4.2 applies them: all → your → this, older before newer inside a scope (the
    timestamp of a character's ability is when the character came onto the field)."""
    if not game.ruleset.changing_abilities:
        return []
    key = (id(game), character.id, what)
    if key in _COMPUTING:
        return []
    _COMPUTING.add(key)
    try:
        changing = game.ruleset.changing_by_character
        found = [
            (SCOPE_ORDER[ability.scope], owner.id, ability)
            for owner in game.state.characters() if owner.component in changing
            for ability in changing[owner.component]
            if _in_scope(ability.scope, owner, character)
            and (ability.where is None or ability.where(game, owner.controller, character))
        ]
        for seat in range(len(game.state.players) if game.ruleset.trumps_change_characters else 0):
            # an open trump's ability: its owner's, older than every character's
            for trump in open_trumps(game, seat):
                found += [
                    (SCOPE_ORDER[ability.scope], TRUMP_TIMESTAMP, ability) for ability in trump.abilities
                    if ability.changes_characters and (ability.scope == "all" or character.controller == seat)
                    and (ability.where is None or ability.where(game, seat, character))
                ]
    finally:
        _COMPUTING.discard(key)
    found.sort(key=_by_order)
    return found


def size(game: Game, character: Character) -> int:
    """2.8.2: the number on the cards, changed by what applies to this character now, recomputed from scratch
    in 6.4.2's order: the size changes of effects (modify_size, until the end of the turn) and of standing
    abilities (add or set), all → your → this, by timestamp inside a scope. A character that has left the field
    (last-known information) has the size it had then."""
    if isinstance(character, Former):
        return character.size
    total = base_size(game, character)
    modifiers = game.state.modifiers
    if not modifiers and not game.ruleset.changing_abilities:
        return total  # nothing can change it: most sizes asked for
    changes: list[tuple[int, int, int | None, int]] = [
        (SCOPE_ORDER[m.scope], m.timestamp, None, m.amount)
        for m in modifiers
        if m.scope == "all"
        or (m.scope == "your" and m.subject == character.controller and character.kind == "soldier")
        or (m.scope == "this" and m.subject == character.id)
    ]
    if game.ruleset.changing_abilities:
        changes += [(order, stamp, ability.size_set, ability.size_add or 0) for order, stamp, ability in standing(game, character, "size")
                    if ability.size_set is not None or ability.size_add is not None]
    if not changes:
        return total
    changes.sort(key=_by_order)
    for _, _, value, amount in changes:
        total = value if value is not None else total + amount
    return total


def labels(game: Game, character: Character) -> frozenset[str]:
    """The character's labels: its definition's (with their conditions), then, in 6.4.2's order, what the
    abilities grant and remove (an open trump's label is a your-scope grant, 5.3.4)."""
    spec = game.ruleset.characters[character.component]
    found = spec.labels  # most characters' labels, unchanged: no set is built for them
    if spec.conditional_labels:
        held = [label for label, condition in spec.conditional_labels if condition(game, character)]
        if held:
            found = found | frozenset(held)
    changing = game.ruleset.changing_abilities
    granting = character.kind == "soldier" and bool(game.state.players[character.controller].trumps_up)
    if not changing and not granting:
        return found  # no ability, no open trump: most labels asked for
    changes: list[tuple[int, int, frozenset[str], frozenset[str]]] = []
    if granting:
        for trump in open_trumps(game, character.controller):  # 5.3.4: your soldiers of its suit
            if trump.grants and trump.suit is not None and trump.suit in suits(game, character):
                changes.append((SCOPE_ORDER["your"], TRUMP_TIMESTAMP, frozenset((trump.grants,)), frozenset()))
    if changing:
        changes += [(order, stamp, ability.grant, ability.remove) for order, stamp, ability in standing(game, character, "labels")
                    if ability.grant or ability.remove]
    if not changes:
        return found
    changes.sort(key=_by_order)
    for _, _, grant, remove in changes:
        found = (found | grant) - remove
    return found


def suits(game: Game, character: Character) -> frozenset[str]:
    """The suits a character counts as: the one suit of its cards (none when they are of several, or a Joker), and
    the suits the standing abilities add (「♡兵士としても♢兵士としても扱う」). Every suit test of a character asks this."""
    cards = character.cards
    suit = SUIT[cards[0]] if cards else None
    for card in cards:
        if SUIT[card] != suit:
            suit = None
            break
    # most characters are of one suit and have no ability that adds one: a set kept for each suit, not one made per ask
    found = _NO_SUITS if suit is None else _ONE_SUIT[suit]
    if not game.ruleset.suit_abilities:
        return found
    for _order, _stamp, ability in standing(game, character, "suits"):
        found |= ability.suits
    return found


_NO_SUITS: Final[frozenset[str]] = frozenset()
_ONE_SUIT: Final[dict[str, frozenset[str]]] = {suit: frozenset((suit,)) for suit in SUITS}


def open_trumps(game: Game, seat: int) -> list:
    """The trump definitions a player's face-up trumps are (♠2 is スラッシュ, …)."""
    player = game.state.players[seat]
    if not player.trumps_up:
        return []
    by_code = game.ruleset.trumps_by_code
    return [spec for card in player.trumps_up for spec in by_code[card]]


def has_open_trump(game: Game, seat: int, trump_id: str) -> bool:
    up = game.state.players[seat].trumps_up
    return bool(up) and not game.ruleset.trump_codes.get(trump_id, _NO_CODES).isdisjoint(up)


_NO_CODES: Final[frozenset[int]] = frozenset()


def waived(game: Game, seat: int) -> dict[str, str]:
    """{category: cost letters} that the abilities on the field take away from a player's requests (魔力増加):
    an all-scope ability's from every player's, a your-scope ability's from its controller's."""
    found: dict[str, str] = {}
    rules = game.ruleset
    waivers = rules.waivers
    if waivers:
        for player in game.state.players:
            for character in player.field:
                waiving = waivers.get(character.component)
                if waiving is None:
                    continue
                for scope, category, letters in waiving:
                    if scope == "all" or (scope == "your" and character.controller == seat):
                        found[category] = found.get(category, "") + letters
    if rules.trump_waivers:
        for owner in range(len(game.state.players)):
            for trump in open_trumps(game, owner):
                for scope, category, letters in rules.trump_waivers.get(trump.id, ()):
                    if scope == "all" or owner == seat:
                        found[category] = found.get(category, "") + letters
    return found


def cost(game: Game, action: ActionSpec, seat: int) -> str:
    """The cost letters a player pays for an action, after the abilities on the field."""
    letters = action.cost
    if letters and action.category in game.ruleset.waivable_categories:
        gone = waived(game, seat).get(action.category, "")
        letters = "".join(c for c in letters if c not in gone)
    return letters


# -- what effects may not do (prohibit) ---------------------------------------------------------------------

# A prohibition in force for one resolution: (the steps it stops, its scope, the ability's controller, the id of the
# character that has it; -1 for a trump's). Game.barring finds them when the effect begins.
Bar = tuple[frozenset[str], str, int, int]


def prohibiting(game: Game) -> list[tuple[int, int, AbilitySpec]]:
    """The abilities in force that stop steps of effects, as (controller, id of the character that has it or -1 for
    an open trump's, ability)."""
    found: list[tuple[int, int, AbilitySpec]] = [
        (character.controller, character.id, ability)
        for character in game.state.characters()
        for ability in game.ruleset.characters[character.component].abilities if ability.prohibition
    ]
    for seat in range(len(game.state.players)):
        found += [(seat, -1, ability) for trump in open_trumps(game, seat) for ability in trump.abilities if ability.prohibition]
    return found


def bars_character(ctx: Ctx, step: str, character: Character) -> bool:
    """Whether a prohibition in force stops this step for this character (6.4.2 scopes)."""
    for steps, scope, controller, owner in ctx.request.barred:
        if step in steps and (scope == "all" or (scope == "your" and character.controller == controller)
                              or (scope == "this" and character.id == owner)):
            return True
    return False


def bars_player(ctx: Ctx, step: str, seat: int) -> bool:
    """Whether a prohibition in force stops this step for this player (all: every player; your: the ability's controller)."""
    for steps, scope, controller, _ in ctx.request.barred:
        if step in steps and (scope == "all" or (scope == "your" and seat == controller)):
            return True
    return False
