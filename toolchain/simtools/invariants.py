"""What must hold after every step of a game (bp sim): every card in exactly one place, sane
characters and roles, a chance holder, the core flow waiting at [3] or ended."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import _, ngettext
from ..sim.cards import OWNER_SHIFT

if TYPE_CHECKING:  # pragma: no cover
    from ..sim import Game


def places(game: Game, seat: int) -> list[int]:
    """Every card of a seat's deck where it is now: zones, field, stage, trigger buffer, the request being made."""
    state = game.state
    player = state.players[seat]
    cards = [card for zone in player.zones for card in player.zone(zone)]
    for other in state.players:
        for character in other.field:
            cards += [c for c in character.cards if c >> OWNER_SHIFT == seat]  # owner_of, inline: this runs every step
    requests = [*state.stage, *state.buffer, *state.requested]  # requested: made by an effect, waiting for [7]
    if game.core.current is not None and game.core.current not in requests:
        requests.append(game.core.current)  # made at [5], not yet staged or resolved: a game can end in between (2.10.5)
    for request in requests:
        cards += [c for c in request.held if c >> OWNER_SHIFT == seat]
        cards += [c for c in request.revealed if c >> OWNER_SHIFT == seat]
    return cards


def check(game: Game) -> list[str]:
    """The violations of the invariants in the game's current state (empty when all hold)."""
    state = game.state
    problems = list(game.played.violations)
    for seat, player in enumerate(state.players):
        cards = places(game, seat)
        if len(cards) != len(player.deck) or set(cards) != set(player.deck):
            missing = set(player.deck) - set(cards)
            twice = len(cards) - len(set(cards))
            problems.append(ngettext("P{seat}: {missing} card nowhere, {twice} in two places", "P{seat}: {missing} cards nowhere, {twice} in two places",
                                      len(missing)).format(seat=seat + 1, missing=len(missing), twice=twice))
        for character in player.field:
            if not character.cards:
                problems.append(_("P{seat}: a character without cards").format(seat=seat + 1))
            if character.kind == "bulwark" and len(character.cards) != 1:
                problems.append(_("P{seat}: a bulwark of {count} cards (a bulwark is one card)").format(seat=seat + 1, count=len(character.cards)))
            if character.controller != seat:
                problems.append(_("P{seat}: a character controlled by the other seat on this field").format(seat=seat + 1))
            if character.kind != game.ruleset.characters[character.component].kind:
                problems.append(_("P{seat}: a {kind} made as {component}").format(seat=seat + 1, kind=character.kind, component=character.component))
            if character.blocking is not None and state.character(character.blocking) is None:
                problems.append(_("P{seat}: a blocker of an attacker that is gone").format(seat=seat + 1))
        if not player.trumps_up <= set(player.trump):
            problems.append(_("P{seat}: a face-up trump that is not a trump").format(seat=seat + 1))
    if state.turn_number < 1 or state.turn not in (0, 1) or any(n < 1 for n in state.used.values()):
        problems.append(_("a count out of range: turn {turn}, requests this turn {requests}").format(
            turn=state.turn_number, requests=sorted(state.used.values())))
    if len(state.passed) > len(state.players) or not state.passed <= {0, 1}:
        problems.append(_("the pass record {record} is not a set of players").format(record=sorted(state.passed)))
    if state.winner is None and (state.resolving or state.buffer):
        problems.append(_("a request is left in resolution or in the trigger buffer between steps"))
    if state.winner is None and (game.node != "3" or state.chance not in (0, 1)):
        problems.append(_("the core flow stands at [{node}] with the chance at {chance}").format(node=game.node, chance=state.chance))
    return problems
