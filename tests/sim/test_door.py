"""What a test written from the rulebook needs of the simulator's door (issue 21), and nothing behind it: who went
first, a request's keycards and key soldier on the stage, and why a given request would be refused, every reason of
sim.refusal.REASONS shown by a situation that breaks it (and only it) with the action named by its id and its
keycards written as the notation writes them."""

from __future__ import annotations

import pytest

from toolchain import sim, simtools

LITE = ("lite", "entry20")


def test_the_board_shows_who_went_first(engine: sim.Engine) -> None:
    for first in (0, 1):
        agreed = sim.Game.new(engine, "lite", "entry20", seed=3, agents=None, first=first)
        assert simtools.board(agreed).first == first
    decided = simtools.board(sim.Game.new(engine, "lite", "entry20", seed=3, agents=None))
    assert decided.first in (0, 1) and decided.first == decided.turn and decided.turn_number == 1


def test_a_request_on_the_stage_shows_its_keycards(engine: sim.Engine) -> None:
    game = sim.from_situation(engine, {"you": {"hand": "♠5"}, "opponent": {"field": "♢4"},
                                       "stage": ["opponent: アップ ★♡3 → opponent:♢4"]}, regulation=LITE)
    (up,) = simtools.board(game).stage
    assert up.action_id == "up" and up.keycards == ("♡3",) and up.cards == ("♡3",) and up.key_unit is None


def test_a_soldier_borne_request_shows_its_key_soldier(engine: sim.Engine) -> None:
    game = sim.from_situation(engine, {"you": {"trump": "♠2(up)", "field": "♠7 ♠9"}, "opponent": {"field": "♣6"},
                                       "stage": ["you: スラッシュ ★♠9 → opponent:♣6"]})
    board = simtools.board(game)
    (slash,) = board.stage
    key = next(character for character in board.sides[0].field if character.cards == ("♠9",))
    assert slash.action_id == "slash" and slash.key_unit == key.id and slash.keycards == ()


def _refusal(engine: sim.Engine, given: dict, action: str, keys: tuple[str, ...] = (), *, seat: int = 0,
             regulation: tuple[str, str] | None = None, key_soldier: str | None = None) -> str | None:
    game = sim.from_situation(engine, given, regulation=regulation)
    unit = None
    if key_soldier is not None:
        unit = next(c.id for c in simtools.board(game).sides[seat].field if c.text == key_soldier)
    return sim.refusal.refusal(game, seat, action, keys, unit)


# Each reason, by a situation of the rulebook's that breaks that condition (the examples' `illegal:` steps show the
# same in the definitions); the last one breaks none.
CASES = {
    "regulation": ({"you": {"hand": "Joker ♠2", "field": "[♡6]"}}, "magician-summon", ("Joker",), {"regulation": LITE}),
    "chance": ({"you": {"hand": "♠5"}}, "soldier-summon", ("♠5",), {"seat": 1}),
    "triggered": ({"you": {"field": "♠5(driven)"}}, "charge", (), {}),
    "timing": ({"you": {"hand": "♠5 ♡9"}, "opponent": {"field": "♢4"}, "stage": ["opponent: アップ ★♡3 → opponent:♢4"]},
               "soldier-summon", ("♠5",), {}),  # main timing: the stage is in use
    "activation": ({"you": {"hand": "♠A ♠2"}}, "quick-summon", ("♠A",), {}),
    "keycards": ({"you": {"hand": "♣2 ♠3", "field": "♢5 [♡6]"}}, "return", ("♣2", "♠3"), {}),
    "cost": ({"you": {"hand": "♠5", "life": 0}}, "bulwark-placement", (), {}),  # L: no life to pay
    "target": ({"you": {"hand": "♡3 ♠9"}}, "up", ("♡3",), {"regulation": LITE}),
}


@pytest.mark.parametrize("reason", sorted(CASES))
def test_each_reason_a_request_is_refused(engine: sim.Engine, reason: str) -> None:
    given, action, keys, how = CASES[reason]
    assert _refusal(engine, given, action, keys, **how) == reason


def test_every_reason_is_shown() -> None:
    assert set(CASES) | {"once-per-turn"} == set(sim.refusal.REASONS)


def test_every_reason_a_request_is_refused_is_given_in_a_stable_order(engine: sim.Engine) -> None:
    """兵士召喚 on the opponent's turn (2.10.1 タイミング メイン) with a ♡K, no soldier's keycard (4.3.1 兵士召喚
    キーカード 2〜10), breaks two conditions: both are given, in the order of sim.refusal.REASONS; refusal gives the first."""
    game = sim.from_situation(engine, {"turn": "opponent", "you": {"hand": "♡K ♡3", "field": "[♡6]"}})
    assert sim.refusal.reasons(game, 0, "soldier-summon", ("♡K",)) == ["chance", "timing", "keycards"]
    game.state.chance = 0  # as the example runner gives the requester the chance
    assert sim.refusal.reasons(game, 0, "soldier-summon", ("♡K",)) == ["timing", "keycards"]
    assert sim.refusal.refusal(game, 0, "soldier-summon", ("♡K",)) == "timing"
    assert sim.refusal.reasons(game, 0, "soldier-summon", ("♡3",)) == ["timing"]


def test_a_request_made_once_this_turn_is_refused_the_second_time(engine: sim.Engine) -> None:
    game = sim.from_situation(engine, {"you": {"hand": "♠5 ♠6"}}, agents=None)
    assert sim.refusal.refusal(game, 0, "bulwark-placement") is None
    placement = next(o for o in game.legal_requests() if isinstance(o, sim.RequestOption) and o.action.id == "bulwark-placement")
    game.apply(placement)
    while game.decision() is not None and game.decision().kind != "request":
        game.apply(0)
    assert sim.refusal.refusal(game, 0, "bulwark-placement") == "once-per-turn"


def test_a_soldier_borne_request_is_refused_without_a_charged_key_soldier(engine: sim.Engine) -> None:
    given = {"you": {"trump": "♠2(up)", "field": "♠7(driven) ♠8"}, "opponent": {"field": "♣5"}}
    assert _refusal(engine, given, "slash", key_soldier="♠7") == "cost"
    assert _refusal(engine, given, "slash", key_soldier="♠8") is None


def test_a_request_the_rules_allow_has_no_reason(engine: sim.Engine) -> None:
    assert _refusal(engine, {"you": {"hand": "♠5", "field": "[♡6]"}}, "soldier-summon", ("♠5",)) is None  # BL: a bulwark, a life


def test_an_unknown_action_or_card_is_an_error(engine: sim.Engine) -> None:
    game = sim.from_situation(engine, {"you": {"hand": "♠5"}})
    with pytest.raises(sim.errors.IllegalRequest, match="no-such-action"):
        sim.refusal.refusal(game, 0, "no-such-action", ("♠5",))
    with pytest.raises(sim.errors.IllegalRequest, match="♠55"):
        sim.refusal.refusal(game, 0, "soldier-summon", ("♠55",))
