"""White-box test of language.key_view, which lets the search for the legal requests test the targets of the ways it
cannot tell apart once: conservative where a condition reads the keycards otherwise, and true to the condition."""

from __future__ import annotations

from toolchain import sim
from toolchain.sim.cards import DECK_SIZE, SUIT
from toolchain.sim.language import Ctx, key_view
from toolchain.sim.state import Request


def test_a_condition_that_names_the_keycards_only_through_their_suits_tells_ways_apart_by_suit() -> None:
    view = key_view({"and": [{"same_suit": ["it", "key"]}, {"not": {"exists": {"of": "it", "ranks": ["Joker"]}}}]})
    assert view is not None
    assert view((0,), None) == view((12,), None) != view((13,), None)  # ♠A and ♠K alike, ♡A not
    assert view((), 7) != view((), 8)  # a key unit is read as its character: each its own
    assert key_view({"soldier": "it"})((0,), None) == key_view({"soldier": "it"})((13,), 3)  # never names them


def test_a_condition_that_reads_more_of_the_keycards_has_no_view() -> None:
    assert key_view({"le": [{"rank": "key"}, 5]}) is None  # their ranks, summed
    assert key_view({"same_suit": ["it", {"union": ["key", "target"]}]}) is None  # through another form
    assert key_view({"and": [{"same_suit": ["it", "key"]}, {"exists": "key"}]}) is None


def test_the_equip_targets_are_the_same_for_keycards_of_one_suit(engine: sim.Engine) -> None:
    game = sim.from_situation(engine, {"you": {"field": "♠5 ♡9 ♢2 Joker"}})
    targeting = [spec for spec in game.ruleset.direct if spec.target is not None and spec.target.key_view is not None]
    assert targeting  # 装備
    for spec in targeting:
        target = spec.target
        probe = Request(0, spec, 0)
        ctx = Ctx(game, probe, 0)
        answers: dict[object, list[bool]] = {}
        for card in range(DECK_SIZE):
            probe.keys = (card,)
            found = []
            for character in game.state.players[0].field:
                ctx.it = character
                found.append(target.where(ctx))
            answers.setdefault(target.key_view((card,), None), []).append(found)
        for seen, found in answers.items():
            assert all(each == found[0] for each in found), seen
        assert any(any(found) for each in answers.values() for found in each)  # some keycards have a target
        assert len(answers) == len({SUIT[card] for card in range(DECK_SIZE)})  # four suits and the Jokers
