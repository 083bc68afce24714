"""What one player is told of the game as it goes: the events of the core flow and the decisions taken,
in the rulebook's words, as that player may know them (2.11.1) — for a log beside the board.

    tell(game, kind, data, viewer)            # an event a Game's observer hears, or None
    tell_decision(decision, index, viewer)    # a decision taken (a Game's recorder hears it), or None

Each is a `Told`: who did it (a seat, or None for the rule system) and what, with `you:` / `opponent:` seen
from `viewer`. A face-down card of the other player is `?` (as in the options an agent is offered), and
what the other player chose among cards `viewer` cannot see is not said: its prompt alone is told. The
requests at [3] are told by their events (リクエスト, パス), not as decisions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..i18n import _
from .agents import Decision, engine_options
from .cards import TEXT, owner_of
from .notation import keycards_text, side
from .observation import seen_option_text
from .requests import PASS, RequestOption
from .state import Character, Request

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


@dataclass(frozen=True)
class Told:
    seat: int | None  # who did it; None: the rule system (解決, ターン, …)
    text: str


def request_seen(game: Game, request: Request, viewer: int) -> str:
    """`アップ ★♡3 → opponent:♢3`: the keycards lie face up on the stage; a face-down target of the other player is `?`."""
    text = request.action.name + keycards_text(game, request.keys, request.unit)
    if request.targets:
        text += " → " + ", ".join(seen_option_text(game, target, viewer) for target in request.targets)
    return text


def tell(game: Game, kind: str, data: Any, viewer: int) -> Told | None:
    """An event of the core flow (Game.observe) as `viewer` is told it."""
    if kind == "start":
        return Told(data, _("goes first"))
    if kind == "request":
        return Told(data.controller, _("request: {request}").format(request=request_seen(game, data, viewer)))
    if kind == "pass":
        return Told(data, game.ruleset.prompts.pass_label)  # as the option was offered
    if kind == "resolve":
        request, effective = data
        said = _("resolved: {action}") if effective else _("resolved: {action} (no target: no effect)")
        return Told(request.controller, said.format(action=request.action.name))
    if kind == "negate":
        return Told(data.controller, _("negated: {action}").format(action=data.action.name))
    if kind == "discard":
        return Told(data.controller, _("discarded: {action}").format(action=data.action.name))
    if kind == "turn":
        return Told(data, _("turn {number}").format(number=game.state.turn_number))
    if kind == "win":
        return Told(data, _("win-loss check: wins"))
    return None


def tell_decision(decision: Decision, index: int, viewer: int) -> Told | None:
    """A decision taken, while its game is where it was asked (a recorder hears it so): the deciding player is
    told what it took; the other player what it may see of it."""
    if decision.kind == "request":
        return None  # told by the events of [5] and [11]
    if viewer == decision.seat:
        said = _("{prompt}: {option} (the only option)") if decision.forced else _("{prompt}: {option}")
        return Told(decision.seat, said.format(prompt=decision.prompt, option=decision.options[index].text))
    game = decision._live()
    option = engine_options(decision)[index]
    shown = _seen_by_other(game, option, viewer, decision.kind == "target")
    return Told(decision.seat, _("{prompt}: {option}").format(prompt=decision.prompt, option=shown) if shown is not None
                else decision.prompt)


def _seen_by_other(game: Game, option: Any, viewer: int, targets: bool) -> str | None:
    """The option another player took, as `viewer` sees it: None when it is a card `viewer` cannot see."""
    if option is PASS or isinstance(option, RequestOption):
        return None
    if isinstance(option, Request):
        return f"{side(option.controller, viewer)}:{request_seen(game, option, viewer)}"
    if isinstance(option, (tuple, Character)):
        return seen_option_text(game, option, viewer, targets)
    if isinstance(option, int):
        if not _public(game, option):
            return None
        return f"{side(owner_of(option), viewer)}:{TEXT[option]}" if targets else TEXT[option]
    return str(option)  # a label or an option of an effect: said aloud


def _public(game: Game, card: int) -> bool:
    """Whether everybody sees the card where it lies now (2.11.1): the top of a graveyard, a fog card, a card of a
    face-up character, a face-up trump, a keycard on the stage."""
    player = game.state.players[owner_of(card)]
    if player.graveyard and player.graveyard[-1] == card:
        return True
    if card in player.fog or card in player.trumps_up:
        return True
    if any(card in character.cards for character in player.field if not character.face_down):
        return True
    return any(card in request.held for request in game.state.stage)
