"""White-box test of sim/requests.py's ways to make a keycards pattern from a hand: the quick path for two groups
of one card each (`A & J`) finds what the general search finds, in the same order (the order of the options)."""

from __future__ import annotations

import itertools
import random

from toolchain.model import Definitions
from toolchain.notation.keycards import parse as parse_keycards
from toolchain.sim import requests
from toolchain.sim.cards import DECK_SIZE, INDEX_MASK, OWNER_SHIFT


def test_two_groups_of_one_card_find_what_the_general_search_finds(defs: Definitions) -> None:
    patterns = {a.keycards for a in (*defs.actions, *defs.frame_actions) if a.keycards}
    pairs = [parse_keycards(text) for text in sorted(patterns)]
    pairs = [p for p in pairs if p.kind == "cards" and len(p.groups) == 2 and all(g.count == 1 for g in p.groups)]
    assert len(pairs) >= 3  # `A & J` and the trump-break pairs of suits
    rng = random.Random(5)
    deck = [owner << OWNER_SHIFT | index for owner in (0, 1) for index in range(DECK_SIZE)]
    for pattern in pairs:
        slots = [(requests._accepts(g), g.count) for g in pattern.groups]
        quick, general = requests.hand_enumerator(pattern), requests._groups(slots)
        # the quick path was taken: `pairs` (a compiled closure has no __name__; its type is named after it)
        assert "pairs" in getattr(quick, "__name__", type(quick).__name__)
        for _ in range(300):
            hand = rng.sample(deck, rng.randrange(0, 10))
            found = quick(hand)
            assert found == general(hand)
            # and what it finds is every two cards of the hand, in hand order, that fill the two groups
            (first, _), (second, _) = slots
            assert set(found) == {(a, b) for a, b in itertools.combinations(hand, 2)
                                  if (first[a] and second[b]) or (first[b] and second[a])}


def test_a_hands_ways_from_the_table_of_cards_are_what_each_pattern_finds(engine) -> None:  # noqa: ANN001
    """The legal-request search finds a hand's ways for every action at once (a table of what each card makes, for the
    patterns of one card of one group): the same keycards, in the same order, as the action's own pattern finds."""
    rng = random.Random(7)
    deck = [owner << OWNER_SHIFT | index for owner in (0, 1) for index in range(DECK_SIZE)]
    # and hands from a few faces (♠ and ♡ A, 10-K, the Jokers), which make the patterns of five of a suit and of
    # two of a rank that random hands seldom make: the search skips the patterns a hand cannot make, never one it can
    few = [card for card in deck if card & INDEX_MASK in (0, 9, 10, 11, 12, 13, 22, 23, 24, 25, 52, 53)]
    for regulation in (("lite", "entry20"), ("master", "extra")):
        plan = requests._plan(engine.ruleset(*regulation))
        for source in (deck, few) * 100:
            hand = rng.sample(source, rng.randrange(0, 10))
            for entry, offers in zip(plan.main, plan.offers(hand)):
                if entry.pattern is None:
                    assert offers is None
                    continue
                wanted = requests.hand_enumerator(entry.spec.pattern)(hand)
                # every way holds the pattern's least count of cards: the search tells D (the hand besides the
                # keycards) once for all of an action's ways
                assert all(len(keys) == entry.hand_keys for keys in wanted)
                assert [(option.action, option.keys, option.unit) for option in offers or ()] == [
                    (entry.spec, keys, None) for keys in wanted]


def test_a_hand_changed_in_place_is_searched_afresh(engine) -> None:  # noqa: ANN001
    """The search keeps each seat's last hand and its ways while the hand holds the same cards in the same order: a
    hand whose list is changed in place (a card swapped for another, the same size) gets its own ways, not the last."""
    from toolchain.sim.situation import from_situation

    game = from_situation(engine, {"you": {"hand": "♠5 ♡9 ♢3", "life": "♣2 ♣3 ♣4"}}, regulation=("lite", "entry20"))
    seat = game.state.chance
    hand = game.state.players[seat].hand
    before = requests.options(game, seat)
    assert len(before) > 1
    hand[0] = next(card for card in game.state.players[seat].deck if card & INDEX_MASK == 52)  # ♠5 → a Joker
    after = requests.options(game, seat)
    plan = requests._plan(game.ruleset)
    plan.last[:] = [None, None]
    game.ruleset.hand_ways.clear()
    assert after == requests.options(game, seat)  # what a search that kept nothing finds
    assert after != before


def test_the_options_kept_for_a_pattern_of_several_cards_are_what_a_fresh_search_makes(engine) -> None:  # noqa: ANN001
    """A pattern of several cards' RequestOptions are kept by their keycards, for every hand that makes them again
    (_Plan.options_of): a hand's ways found later (resolve) are the action's, with the keycards its pattern finds."""
    rng = random.Random(13)
    deck = [owner << OWNER_SHIFT | index for owner in (0, 1) for index in range(DECK_SIZE)]
    few = [card for card in deck if card & INDEX_MASK in (0, 9, 10, 11, 12, 13, 22, 23, 24, 25, 52, 53)]
    kept_again = pairs_again = 0
    for regulation in (("lite", "entry20"), ("master", "extra"), ("master", "pack")):
        plan = requests._plan(engine.ruleset(*regulation))
        assert plan.pattern_of
        for source in (deck, few) * 100:
            hand = rng.sample(source, rng.randrange(0, 10))
            for position in plan.pattern_of:
                before = _kept(plan, position)
                found: list = [None] * len(plan.main)
                made = plan.resolve(found, hand, position)
                spec = plan.main[position].spec
                assert [(o.action, o.keys, o.unit) for o in made] == [
                    (spec, keys, None) for keys in requests.hand_enumerator(spec.pattern)(hand)]
                assert found[position] is made
                for option in made:  # one made before for the same keycards is the one offered
                    if option.keys in before:
                        assert option is before[option.keys]
                        kept_again += 1
                        pairs_again += plan.pair_of[position] is not None
    assert kept_again > 100
    assert pairs_again > 50  # the table of a pattern of two disjoint groups of one card (`♡A-K & ♢A-K`) among them


def _kept(plan: requests._Plan, position: int) -> dict:
    """The RequestOptions the plan keeps for the action at `position`, by their keycards."""
    if plan.pair_of[position] is None:
        return dict(plan.made[position])
    return {option.keys: option for option in plan.pair_made[position] or () if option is not None}
