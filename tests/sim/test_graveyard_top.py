"""The public top card of a graveyard (2.11.1) is the one its owner chose.

Rulebook 2.11.1, 墓地: 「完全公開:墓地の一番上のカード」「個人公開:墓地の中身」, and under
「墓地の一番上のカードはいつ決まるのか?」: 「カードを墓地に移す際に移すカードの中から 1 枚を公開してください。
すでに墓地にあるカードを改めて公開しないでください。」 So when several cards go to a graveyard at once, one of
them is made public, chosen by the player who moves them — their owner (「相手のカードに触らない」, 2.11.2) — and
it is the top; a single card is the top by itself, and the cards already there are not chosen again."""

from __future__ import annotations

import pytest

from toolchain import sim

from .helpers import pass_, request, situation, zone

A, B = 0, 1
GIVEN = {"you": {"hand": "♢5 ♡9"}, "opponent": {"field": "♠3+♠9", "hand": "♣7 ♡7", "graveyard": "♢K"}}


@pytest.mark.parametrize("top", ["♣7", "♡7"])
def test_the_owner_chooses_which_of_the_keycards_is_the_public_top(engine: sim.Engine, top: str) -> None:
    """リバース's two keycards go to their owner's graveyard at once when it resolves: the owner names the top;
    the other player sees that card, and only it (the graveyard's content is the owner's alone)."""
    game = situation(engine, GIVEN, ["そのまま", f"墓地の一番上:{top}"])
    request(game, "ツイスト ★♢5")
    pass_(game)
    request(game, "リバース ★♣7 ♡7")
    pass_(game, 2)  # リバース resolves: ♣7 and ♡7 go to B's graveyard together
    assert zone(game, B, "graveyard") == sorted(["♢K", "♣7", "♡7"])
    assert sim.observe(game, A).opponent.graveyard == (top,)
    assert sim.observe(game, B).you.graveyard[-1] == top and sim.observe(game, B).you.graveyard[0] == "♢K"


def test_the_choice_is_a_decision_of_the_owner_offered_through_the_protocol(engine: sim.Engine) -> None:
    """Without agents, the choice is offered like any other: kind `order`, to the owner, among the cards
    that have just arrived (never one already there); the card taken is the public top."""
    seen = 0
    for seed in range(6):
        game = sim.Game.new(engine, "master", "extra", seed=seed, agents=None)
        while (decision := game.decision()) is not None and game.state.turn_number <= 30:
            if decision.kind == "order" and decision.prompt == "墓地の一番上":
                graveyard = game.state.players[decision.seat].graveyard
                arrived = [option.text for option in decision.options]
                assert [sim.cards.text(c) for c in graveyard[-len(arrived):]] == arrived  # just arrived, all the owner's
                index = seed % len(decision)
                game.apply(index)
                if game.decision() is None or game.decision().kind != "order":
                    top = sim.cards.text(game.state.players[decision.seat].graveyard[-1])
                    assert top == arrived[index]
                    assert sim.observe(game, 1 - decision.seat).opponent.graveyard == (top,)
                seen += 1
                continue
            game.apply(sim.RandomAgent(seed + len(game.history)).choose(decision))
    assert seen >= 5


# When the owner chooses is the edition's (rules.yaml graveyard_top): 第8.1版 when several cards arrive at once;
# 第9.1.1版 also after cards leave, from what remains. 再会 takes ♠K from the graveyard ♠K ♠4 ♣7 (♣7 on top).
REUNION = {"you": {"hand": "♡2 ♡3", "graveyard": "♠K ♠4 ♣7"}}


def _engine(defs, **graveyard_top) -> sim.Engine:  # noqa: ANN001
    from dataclasses import replace

    from toolchain.model import GraveyardTop

    return sim.Engine(replace(defs, rules=replace(defs.rules, graveyard_top=GraveyardTop(**graveyard_top))))


def _graveyard(game: sim.Game, seat: int) -> list[str]:
    """A graveyard from the bottom up: its last card is the public top."""
    return [sim.cards.text(card) for card in game.state.players[seat].graveyard]


def _reunion(engine: sim.Engine, script: list) -> sim.Game:
    game = situation(engine, REUNION, script)
    request(game, "再会 ★♡2 ♡3")
    pass_(game, 2)
    return game


def test_the_rules_of_8_1_choose_the_top_only_among_cards_arriving_together(defs) -> None:  # noqa: ANN001
    assert defs.rules.graveyard_top.when == ("arrive",) and defs.rules.graveyard_top.chosen_by == "owner"
    game = _reunion(sim.Engine(defs), ["♠K", "墓地の一番上:♡2"])
    assert _graveyard(game, A) == ["♠4", "♣7", "♡3", "♡2"]  # ♣7 stays below the keycards, which arrive together


def test_an_edition_that_has_the_owner_choose_after_cards_leave_plays_it_for_every_action(defs) -> None:  # noqa: ANN001
    """第9.1.1版: after ♠K leaves, the owner chooses the new top among ♠4 and ♣7; then 再会's keycards arrive."""
    engine = _engine(defs, when=("arrive", "leave"))
    game = _reunion(engine, ["♠K", "墓地の一番上:♠4", "墓地の一番上:♡2"])
    assert _graveyard(game, A) == ["♣7", "♠4", "♡3", "♡2"]
    game = _reunion(engine, ["♠K"])  # unnamed, the top stays as it was
    assert _graveyard(game, A) == ["♠4", "♣7", "♡2", "♡3"]


def test_an_edition_without_the_choice_keeps_the_card_put_there_last_on_top(defs) -> None:  # noqa: ANN001
    engine = _engine(defs, when=())
    game = _reunion(engine, ["♠K", "墓地の一番上:♡2"])
    assert _graveyard(game, A) == ["♠4", "♣7", "♡2", "♡3"]  # 墓地の一番上:♡2 was never asked
