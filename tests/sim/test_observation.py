"""Observations (2.11.1 公開レベル): a player decides from what the access levels of rules.yaml let it
see. The property: permuting what a player cannot see (the other player's hand, face-down bulwarks,
face-down trumps, rare card and unopened pack, and every life's order) never changes that player's
view nor the decisions it is offered, as it sees them."""

from __future__ import annotations

import random

import pytest

from toolchain import sim
from toolchain.model import Definitions

from .helpers import pass_, request, situation


def test_every_zone_of_the_rules_has_its_access_stated(defs: Definitions) -> None:
    assert set(sim.ACCESS) == {zone.id for zone in defs.rules.zones}


def shuffle_unseen(game: sim.Game, seat: int, rng: random.Random) -> sim.Game:
    """A copy of the game in which every card `seat` cannot see has been dealt again among the places
    it cannot see (keeping each place's count, each card's owner, and every other place)."""
    copy = game.clone()
    known = copy.state.known[seat]  # cards it was shown or looked at are seen: they stay where they are
    other = copy.state.players[1 - seat]
    bulwarks = [c for c in other.field if c.face_down]
    hidden_trumps = [card for card in other.trumps if card not in other.trumps_up]
    places: list[tuple[list[int], int]] = [(other.hand, i) for i in range(len(other.hand))]
    places += [(c.cards, i) for c in bulwarks for i in range(len(c.cards))]
    places += [(other.rare, i) for i in range(len(other.rare))]
    places += [(other.life, i) for i in range(len(other.life))]
    if not other.pack_open:
        places += [(other.pack, i) for i in range(len(other.pack))]
    places = [(zone, i) for zone, i in places if zone[i] not in known]
    cards = [zone[i] for zone, i in places]
    rng.shuffle(cards)
    for (zone, i), card in zip(places, cards):
        zone[i] = card
    # A face-down trump is swapped with a card of the same places only among the face-down trumps
    # (which card grants which label is the trump's; an agent must not tell them apart).
    rng.shuffle(hidden_trumps)
    other.trumps[:] = [card for card in other.trumps if card in other.trumps_up] + hidden_trumps
    mine = copy.state.players[seat]
    rng.shuffle(mine.life)  # ライフの中身 is hidden from its owner too
    if not mine.pack_open:
        pool = mine.life + mine.pack
        rng.shuffle(pool)
        mine.life[:], mine.pack[:] = pool[:len(mine.life)], pool[len(mine.life):]
    return copy


def seen(game: sim.Game, seat: int) -> tuple[sim.Observation, list[str]]:
    options = game.legal_requests() if game.state.chance == seat else []
    return sim.observe(game, seat), sorted(sim.seen_option_text(game, o, seat) for o in options)


@pytest.mark.parametrize("regulation", [("lite", "entry20"), ("master", "extra"), ("pro", "rare-pack")])
def test_permuting_what_a_player_cannot_see_changes_nothing_it_sees(engine: sim.Engine, regulation: tuple[str, str]) -> None:
    rng = random.Random(11)
    checked = 0
    for seed in range(6):
        game = sim.Game.new(engine, *regulation, seed=seed, agents=(sim.RandomAgent(seed), sim.RandomAgent(seed + 50)))

        def compare(game: sim.Game) -> bool:
            nonlocal checked
            if game.over:
                return True
            for seat in (0, 1):
                assert seen(shuffle_unseen(game, seat, rng), seat) == seen(game, seat)
            checked += 1
            return True

        game.play(40, compare)
    assert checked > 50


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
            assert decision.observation == sim.observe(game, decision.seat)
            assert all(isinstance(option, sim.OptionSeen) for option in decision.options)
            assert len(decision.seen_texts()) == len(decision.options) == len(decision.texts()) == len(decision)
            return super().choose(decision)

    game = sim.Game.new(engine, "lite", "entry20", seed=3, agents=(Watching(1), Watching(2)))
    game.play(3)
    assert len(asked) > 10 and {d.kind for d in asked} >= {"request", "choose"}
    assert not hasattr(asked[0], "game")
    assert asked[0].options and asked[0].observation  # what it had worked out, it keeps
    with pytest.raises(sim.EngineError, match="was taken"):
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
