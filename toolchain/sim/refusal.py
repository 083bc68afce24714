"""Why the engine refuses a request: the conditions of 2.10.1 / 6.2.1 it breaks, as reasons an example
can name (`illegal: timing`, `illegal: [timing, keycards]`): `refusal` gives the first, `reasons` every one.

The conditions are checked in the order requests.options checks them, and the example runner
checks that a request with no reason is one `legal_requests()` offers, so the two cannot drift.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..i18n import N_
from . import abilities
from .cards import parse as parse_card
from .errors import IllegalRequest
from .language import Ctx
from .requests import RequestOption, any_target, key_options, options, payable
from .state import Request

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .ruleset import ActionSpec

# The reasons, in the order they are checked, with what each one means (the rulebook's item, by its name: the section
# numbers are the edition's).
REASONS: dict[str, str] = {
    "regulation": N_("the action is not part of the regulation played"),
    "chance": N_("the player does not hold the chance"),
    "triggered": N_("a triggered action is never requested by a player; it is requested when its trigger condition holds"),
    "timing": N_("main timing needs the player's own turn and an empty stage"),
    "once-per-turn": N_("the action was already requested this turn (activation condition: once per turn)"),
    "activation": N_("the activation condition does not hold"),
    "keycards": N_("the cards named are not in the hand or do not make the action's keycards"),
    "cost": N_("the costs cannot be paid"),
    "target": N_("there is nothing the action may target"),
}


def refusal(game: Game, seat: int, action: ActionSpec | str, keys: tuple[int | str, ...] = (),
            unit: int | None = None) -> str | None:
    """The reason (a key of REASONS) the player may not request the action with these keycards now; None: it may.
    `action`: the action or its id; `keys`: the keycards, cards or as the notation writes them (`♠5`, the seat's
    own); `unit`: a soldier-borne action's key soldier (a character id, as simtools.board shows it)."""
    return next(_reasons(game, seat, action, keys, unit), None)


def reasons(game: Game, seat: int, action: ActionSpec | str, keys: tuple[int | str, ...] = (),
            unit: int | None = None) -> list[str]:
    """Every reason the player may not request the action with these keycards now, in the order of REASONS
    (empty: it may); the arguments as `refusal`'s. A triggered action is refused for that alone: no player
    requests it, so the conditions of a request do not apply to it."""
    return list(_reasons(game, seat, action, keys, unit))


def _reasons(game: Game, seat: int, action: ActionSpec | str, keys: tuple[int | str, ...],
             unit: int | None) -> Iterator[str]:
    """The conditions in the order requests.options checks them; each is checked whatever the others gave."""
    spec, cards = _action(game, action), _cards(seat, keys)
    state = game.state
    if spec not in game.ruleset.actions:
        yield "regulation"
    if state.over or game.node != "3" or state.chance != seat:
        yield "chance"
    if spec.trigger == "triggered":
        yield "triggered"
        return
    if spec.timing == "main" and (state.turn != seat or state.stage):
        yield "timing"
    if spec.once_per_turn and state.used.get((seat, spec.id)):
        yield "once-per-turn"
    probe = Request(0, spec, seat)
    if spec.activation is not None and not spec.activation(Ctx(game, probe, seat)):
        yield "activation"
    wanted = (tuple(sorted(cards)), unit)
    if not any((tuple(sorted(k)), u) == wanted for k, u in key_options(game, spec, seat)):
        yield "keycards"
    letters = abilities.cost(game, spec, seat)
    if letters and not payable(game, seat, letters, cards, unit):
        yield "cost"
    probe.keys, probe.unit = cards, unit
    if spec.target is not None and not any_target(game, probe):
        yield "target"


def _action(game: Game, action: ActionSpec | str) -> ActionSpec:
    if not isinstance(action, str):
        return action
    spec = game.ruleset.compiled.actions.get(action)
    if spec is None:
        raise IllegalRequest(f"no action {action!r} in the definitions")
    return spec


def _cards(seat: int, keys: tuple[int | str, ...]) -> tuple[int, ...]:
    cards: list[int] = []
    for key in keys:
        if isinstance(key, int):
            cards.append(key)
            continue
        try:
            cards.append(parse_card(seat, key))
        except ValueError as error:
            raise IllegalRequest(f"not a card: {key!r} ({error})") from None
    return tuple(cards)


def refusals(game: Game, seat: int) -> dict[str, str]:
    """Why each action of the regulation a player requests directly is not offered to `seat` now (a key of REASONS),
    by action id: the first way the hand makes its keycards, refused as `refusal` says (none: `keycards`)."""
    offered = {option.action.id for option in options(game, seat) if isinstance(option, RequestOption)}
    why: dict[str, str] = {}
    for spec in game.ruleset.direct:
        if spec.id not in offered:
            ways = key_options(game, spec, seat)
            why[spec.id] = (refusal(game, seat, spec, *ways[0]) if ways else None) or "keycards"
    return why
