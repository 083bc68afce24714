"""Observations (2.11.1 公開レベル): a player decides from what the access levels of rules.yaml let it
see. The property: permuting what a player cannot see (the other player's hand, face-down bulwarks,
face-down trumps, rare card and unopened pack, and every life's order) never changes that player's
view nor the decisions it is offered, as it sees them — at every decision, of every kind."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from toolchain import sim, simtools
from toolchain.model import Definitions
from toolchain.simtools.treesearch import unseen_places

from .helpers import pass_, request, situation


def test_every_zone_of_the_rules_is_seen(engine: sim.Engine, defs: Definitions) -> None:
    """A card put in any zone of rules.yaml changes what its owner sees: no zone is left out of the observation."""
    empty = sim.observe(situation(engine, {}), 0)
    for zone in defs.rules.zones:
        seen = sim.observe(situation(engine, {"you": {zone.id: "♠5"}}), 0)
        assert seen.you != empty.you, zone.id


def test_what_a_player_sees_is_written_for_every_zone_of_the_rules(engine: sim.Engine, defs: Definitions) -> None:
    """The examples' `sees:` can name every zone of rules.yaml: each is written as the notation writes it, the other
    player's hidden cards as a count or `?` (2.11.1)."""
    for zone in defs.rules.zones:
        game = situation(engine, {"opponent": {zone.id: "♠5"}})
        assert zone.id in sim.observation.seen_zones(sim.observe(game, 0).opponent), zone.id
    game = situation(engine, {"you": {"hand": "♠5 ♡9", "graveyard": "♢3 ♣4", "field": "[♡6]", "life": 12},
                              "opponent": {"life": 7}})
    mine, theirs = sim.observation.seen_zones(sim.observe(game, 0).you), sim.observation.seen_zones(sim.observe(game, 1).opponent)
    assert (mine["hand"], mine["graveyard"], mine["field"], mine["life"]) == ("♠5 ♡9", "♢3 ♣4", "[♡6]", 12)
    assert (theirs["hand"], theirs["graveyard"], theirs["field"], theirs["life"]) == (2, "♣4", "[?]", "10+")
    assert sim.observation.seen_zones(sim.observe(game, 0).opponent)["life"] == 7


def where(state: sim.state.State) -> dict[int, tuple]:
    """Every card's place: its owner's zone and position from the bottom, or its character and position."""
    found: dict[int, tuple] = {}
    for player in state.players:
        for name in player.zones:
            for i, card in enumerate(player.zone(name)):
                found[card] = (player.index, name, i)
        for character in player.field:
            for i, card in enumerate(character.cards):
                found[card] = ("field", character.id, i)
    return found


def permutation(game: sim.Game, seat: int, rng: random.Random):
    """A permutation of what `seat` cannot see now, to be made at the game's last stable point: only cards
    unseen (in the same class) both there and now, that have not moved since — what the flow did in between
    with the others may be what it saw — and not among the cards the decision offers (choosing among
    cards is looking at them: パック開封 「パックの中から好きなカードを 1 枚選び」)."""
    stable, now = game.stable_state(), game.state
    then_at, now_at = where(stable), where(now)
    offered_cards = {option.ref for option in game.decision().options if option.kind == "card"}
    classes_now = {zone[i]: k for k, places in enumerate(unseen_places(now, seat)) for zone, i in places
                   if sim.cards.text(zone[i]) not in offered_cards}

    def permute(state: sim.state.State) -> None:
        for k, places in enumerate(unseen_places(state, seat)):
            places = [(zone, i) for zone, i in places
                      if classes_now.get(zone[i]) == k and then_at.get(zone[i]) == now_at.get(zone[i])]
            cards = [zone[i] for zone, i in places]
            rng.shuffle(cards)
            for (zone, i), card in zip(places, cards):
                zone[i] = card
    return permute


def offered(game: sim.Game) -> tuple:
    decision = game.decision()
    return decision.seat, decision.kind, decision.prompt, decision.seen_texts(), sim.observe(game, decision.seat)


@pytest.mark.parametrize("regulation", [("lite", "entry20"), ("master", "extra"), ("pro", "rare-pack"), ("standard", "strategy")])
def test_permuting_what_a_player_cannot_see_changes_nothing_it_sees(engine: sim.Engine, regulation: tuple[str, str]) -> None:
    """At every decision of every kind (game start, requests and their keycards, costs, targets, blockers,
    choices inside effects, the graveyard's top), the game is played again from its last stable point with
    what the deciding player cannot see permuted: it is offered the same decision, as it sees it, with the
    same observation."""
    rng = random.Random(11)
    kinds: dict[str, int] = {}
    for game, decision in every_decision(engine, regulation, seeds=3, turns=12):
        expected = offered(game)
        for _ in range(2):
            assert offered(game.rerun(permutation(game, decision.seat, rng))) == expected, (decision, game.state.turn_number)
        kinds[decision.kind] = kinds.get(decision.kind, 0) + 1
    assert {"request", "choose", "target", "option"} <= set(kinds), kinds


def every_decision(engine: sim.Engine, regulation: tuple[str, str], seeds: int, turns: int) -> Iterator[tuple[sim.Game, sim.Decision]]:
    """Every decision of `seeds` games of the regulation up to turn `turns`, each taken (by a policy agent and a
    random one) once the caller has looked at it."""
    for seed in range(seeds):
        game = sim.Game.new(engine, *regulation, seed=seed, agents=None)
        agents = (sim.PolicyAgent(seed), sim.RandomAgent(seed + 50))
        while (decision := game.decision()) is not None and game.state.turn_number <= turns:
            yield game, decision
            game.apply(agents[decision.seat].choose(decision))


def test_permuting_what_a_player_can_see_is_noticed(engine: sim.Engine) -> None:
    """The comparison above is not blind: swapping the deciding player's own hand with the other player's
    (what it does see) changes what it is offered, mid-request as at [3]."""
    game = sim.Game.new(engine, "master", "extra", seed=1, agents=None)
    agents = (sim.RandomAgent(1), sim.RandomAgent(2))
    noticed = set()
    while (decision := game.decision()) is not None and game.state.turn_number <= 6:
        seat = decision.seat

        def swap_hands(state: sim.state.State) -> None:
            mine, theirs = state.players[seat].hand, state.players[1 - seat].hand
            count = min(len(mine), len(theirs))
            mine[:count], theirs[:count] = theirs[:count], mine[:count]

        stable = game.stable_state()
        if stable.players and stable.players[seat].hand and stable.players[1 - seat].hand:
            try:
                changed = offered(game.rerun(swap_hands)) != offered(game)
            except (sim.errors.EngineError, sim.errors.IllegalRequest):
                changed = True  # the game could not even be played the same way
            if changed:
                noticed.add(game.due is not None)
        game.apply(agents[seat].choose(decision))
    assert noticed == {True, False}


def test_the_other_players_hidden_cards_are_not_in_the_view(engine: sim.Engine) -> None:
    """手札の中身 and 伏せてあるカード are private: the opponent sees the count of the hand and `[?]`; the
    top of the graveyard is public, the rest private; a life of 10 or more shows no count."""
    game = situation(engine, {
        "you": {"hand": "♠5 ♡9", "field": "[♣7]", "graveyard": "♢2 ♢3", "life": "♣2 ♣3"},
        "opponent": {"hand": "♠6 ♠7 ♠8", "field": "[♣8] ♡4", "graveyard": "♣9 ♣10",
                     "life": "♡2 ♡3 ♡5 ♡6 ♡7 ♡8 ♡10 ♡J ♡Q ♡K"},
    })
    view = sim.observe(game, 0)
    assert view.you.hand == ("♠5", "♡9") and view.opponent.hand == 3
    assert [c.text for c in view.you.field] == ["[♣7]"]
    assert sorted(c.text for c in view.opponent.field) == ["[?]", "♡4"]
    assert view.you.graveyard == ("♢2", "♢3") and view.opponent.graveyard == ("♣10",)
    assert view.you.life == 2 and view.opponent.life is None
    theirs = sim.observe(game, 1)
    assert theirs.you.hand == ("♠6", "♠7", "♠8") and theirs.opponent.hand == 2
    assert sorted(c.text for c in theirs.you.field) == ["[♣8]", "♡4"] and theirs.opponent.life == 2


def test_a_decision_carries_the_deciding_players_observation_and_not_the_game(engine: sim.Engine) -> None:
    """An agent gets the seat, kind, prompt, the options as its player sees them and its observation;
    once the decision is taken, the game has gone on and the decision no longer looks at it."""
    asked: list[sim.Decision] = []

    class Watching(sim.RandomAgent):
        def choose(self, decision: sim.Decision) -> int:
            asked.append(decision)
            sides = simtools.board(game).sides  # the whole board, drawn by another module than the observation
            assert sorted(decision.observation.you.hand) == sorted(sides[decision.seat].zones["hand"])
            assert decision.observation.opponent.hand == len(sides[1 - decision.seat].zones["hand"])
            assert all(isinstance(option, sim.observation.OptionSeen) for option in decision.options)
            assert len(decision.seen_texts()) == len(decision.options) == len(decision.texts()) == len(decision)
            return super().choose(decision)

    game = sim.Game.new(engine, "lite", "entry20", seed=3, agents=(Watching(1), Watching(2)))
    game.play(3)
    assert len(asked) > 10 and {d.kind for d in asked} >= {"request", "choose"}
    assert not hasattr(asked[0], "game")
    assert asked[0].options and asked[0].observation  # what it had worked out, it keeps
    with pytest.raises(sim.errors.EngineError, match="was taken"):
        asked[-1].texts()  # the options' notation was never asked for: the game has gone on since


def test_a_card_shown_is_known_to_the_opponent_while_it_stays_in_the_hand(engine: sim.Engine) -> None:
    """再会: 「自分の墓地からカードを1枚選び対戦相手に見せ手札に加える」 (move … show: opponent)."""
    game = situation(engine, {"you": {"hand": "♡2 ♡3 ♠5", "graveyard": "♠K ♠4"}, "opponent": {"hand": "♣2"}}, ["♠K"])
    request(game, "再会 ★♡2 ♡3")
    pass_(game, 2)
    assert sim.observe(game, 1).opponent.known == ("hand:♠K",)
    assert sim.observe(game, 1).opponent.hand == 2 and sim.observe(game, 0).opponent.known == ()


def test_looking_at_the_opponents_hand_makes_it_known(engine: sim.Engine) -> None:
    """ハンデス: 「対戦相手の手札を見て1枚カードを指定する」 (choose … look: true): the cards left are known."""
    game = situation(engine, {"you": {"hand": "♢2 ♣3"}, "opponent": {"hand": "♡5 ♡6 ♡7"}}, ["♡6"])
    request(game, "ハンデス ★♢2 ♣3")
    pass_(game, 2)
    assert sim.observe(game, 0).opponent.known == ("hand:♡5", "hand:♡7")
    assert sim.observe(game, 1).opponent.known == ()
