"""The page never holds the other seat's hidden cards, not even in its data. Tested as the engine's
observation test does (tests/sim/test_observation.py): at every decision of whole games, the game played
again with what the deciding seat cannot see permuted must give the same JSON for that seat's page (the
board, the zones, the stage, the options) and the same position for an example; and the comparison is
not blind. Then the log and a covered screen."""

from __future__ import annotations

import json
import random

import pytest

from tests.sim.test_observation import every_decision, permutation
from toolchain import sim, simtools
from toolchain.model import Definitions
from toolchain.play.seat_view import seen
from toolchain.play.table import HUMAN, Setup, Table

from .conftest import Played

NAMES = {"you": "あなた", "opponent": "相手"}


def page_data(game: sim.Game, seat: int, defs: Definitions) -> str:
    """What the page would hold of the game for `seat`: its JSON, and the position an example would start from."""
    return json.dumps([seen(game, seat, defs, NAMES), simtools.position(game, seat)], ensure_ascii=False, sort_keys=True)


@pytest.mark.parametrize("regulation", [("lite", "entry20"), ("master", "extra"), ("pro", "rare-pack"), ("standard", "pack")])
def test_permuting_what_the_seat_cannot_see_changes_nothing_on_its_page(engine: sim.Engine, defs: Definitions,
                                                                      regulation: tuple[str, str]) -> None:
    rng = random.Random(5)
    compared: dict[str, int] = {}
    for game, decision in every_decision(engine, regulation, seeds=2, turns=8):
        seat = decision.seat
        expected = page_data(game, seat, defs)
        assert page_data(game.rerun(permutation(game, seat, rng)), seat, defs) == expected, (decision, game.state.turn_number)
        if game.due is None:  # at [3] the other seat's page too (it is waiting)
            other = page_data(game, 1 - seat, defs)
            assert page_data(game.rerun(permutation(game, 1 - seat, rng)), 1 - seat, defs) == other
        compared[decision.kind] = compared.get(decision.kind, 0) + 1
    assert {"request", "choose"} <= set(compared), compared


def test_the_comparison_is_not_blind(engine: sim.Engine, defs: Definitions) -> None:
    """A card the seat sees, moved (its hand's first card for its life's top), changes its page."""
    game = sim.Game.new(engine, "lite", "entry20", seed=1, agents=None)
    seat = game.decision().seat

    def draw_another(state: sim.state.State) -> None:
        player = state.players[seat]
        player.hand[0], player.life[-1] = player.life[-1], player.hand[0]

    assert page_data(game.rerun(draw_another), seat, defs) != page_data(game, seat, defs)


def test_the_other_seats_hidden_choices_are_not_told(engine: sim.Engine) -> None:
    """相手 pays アップ's D with a card of its hand: its player is told the card, the other only that it paid."""
    given = {"turn": "opponent", "you": {"field": "[♣7] ♢5"}, "opponent": {"hand": "♡3 ♠9 ♣K", "field": "♢4"}}
    table = Table.start(engine, Setup("lite", "entry20", 0, None, given), (HUMAN, HUMAN))
    decision = table.decision()
    assert decision.seat == 1
    table.take(next(i for i, option in enumerate(decision.options) if option.text == "アップ ★♡3"))
    cost = table.decision()
    assert cost.prompt == "D: 捨てる手札"
    table.take([option.text for option in cost.options].index("♠9"))
    told = [entry.told for entry in table.log]
    to_you = [t[0].text for t in told if t[0] is not None]
    to_them = [t[1].text for t in told if t[1] is not None]
    assert "D: 捨てる手札: ♠9" in to_them and "D: 捨てる手札" in to_you
    assert not any("♠9" in text for text in to_you)


def test_a_request_on_a_face_down_bulwark_is_told_with_a_hidden_card(engine: sim.Engine) -> None:
    given = {"you": {"hand": "♡5 ♢9", "field": "♢5"}, "opponent": {"field": "[♣7]"}}
    table = Table.start(engine, Setup("lite", "entry20", 0, None, given), (HUMAN, HUMAN))
    decision = table.decision()
    index = next((i for i, option in enumerate(decision.options) if "防壁破壊" in option.text), None)
    assert index is not None, decision.seen_texts()
    table.take(index)
    while (decision := table.decision()) is not None and decision.kind != "request":
        table.take(0)
    to_you = " ".join(entry.told[0].text for entry in table.log if entry.told[0] is not None)
    to_them = " ".join(entry.told[1].text for entry in table.log if entry.told[1] is not None)
    assert "opponent:[?]" in to_you and "♣7" not in to_you
    assert "you:[♣7]" in to_them


def test_a_covered_screen_holds_no_game(played: Played) -> None:
    """Two people at one screen: while the screen waits for the next player, the page is sent no game at all."""
    status, answer = played.post("/api/new", {"format": "lite", "frame": "entry20", "seed": 2, "first": 0, "seats": ["human", "human"]})
    assert status == 200
    state = answer["state"]
    assert state["cover"] == {"seat": 0, "name": "P1"} and "game" not in state and "log" not in state
    assert "♠" not in json.dumps(state, ensure_ascii=False) and "♡" not in json.dumps(state, ensure_ascii=False)
    status, answer = played.post("/api/reveal")
    assert answer["state"]["viewer"]["seat"] == 0 and answer["state"]["game"]["you"]["hand"]


# -- a game saved unfinished, opened again (保存 → 棋譜を見る) --------------------------------------------

SEEN_BY_P1 = {"hand": "♡5 ♢9", "field": "♢5"}


def saved_unfinished(engine: sim.Engine, you_life: str, opponent: dict[str, str]) -> str:
    """A game of a person (P1) and the AI (P2) from a position, saved after both passed once: its transcript."""
    given = {"you": {**SEEN_BY_P1, "life": you_life}, "opponent": {"field": "♢4", **opponent}}
    table = Table.start(engine, Setup("lite", "entry20", 0, None, given), (HUMAN, HUMAN))
    for _pass in range(2):
        table.take([option.text for option in table.decision().options].index("パス"))
    records = table.transcript().records
    records[0]["seats"] = ["human", "policy"]
    assert records[-1].get("saved") and table.decision().seat == 0
    return "".join(json.dumps(record, ensure_ascii=False) + "\n" for record in records)


def every_answer(played: Played, path: str) -> list[object]:
    """Every route that answers with the table's state, asked of the saved game as a person would: opened,
    stepped, looked at from each seat, its position, an example begun, the rules applied again, saved,
    taken over, undone."""
    answers: list[object] = []

    def post(route: str, body: dict[str, object] | None = None) -> None:
        status, answer = played.post(route, body)
        answer.get("state", {}).pop("version", None)
        answers.append((route, status, answer))

    post("/api/transcript", {"path": path})
    for route, body in [("/api/step", {"to": 2}), ("/api/look", {"seat": 1}), ("/api/step", {"to": 1}),
                        ("/api/look", {"seat": 0}), ("/api/step", {"to": 2}), ("/api/example", {}),
                        ("/api/example-close", {})]:
        post(route, body)
        answers.append(played.get("/api/position"))
    state = played.get("/api/state")
    state.pop("version")
    answers.append(state)
    post("/api/rules")
    status, answer = played.post("/api/save")  # the file's name has the time: what it says but that
    saved = played.root / answer["result"]
    saved.unlink()
    saved.with_suffix(".txt").unlink()
    answers.append((status, {key: value for key, value in answer["state"].items() if key not in ("version", "notice", "saved")}))
    post("/api/take-over")
    post("/api/undo")
    return answers


def test_a_saved_game_opened_again_shows_only_what_its_player_may_see(played: Played, engine: sim.Engine,
                                                                      tmp_path) -> None:
    """The AI's hand and every life (what P1 cannot see) permuted: no answer of any route changes; the AI's
    seat cannot be looked from, and the same game is taken over (P1 was shown only its own view)."""
    path = tmp_path / "saved.jsonl"
    answers = []
    for you_life, opponent in [("♣2 ♣3 ♣4", {"hand": "♡3 ♠9 ♣K", "life": "♠2 ♠3 ♠4"}),
                               ("♣6 ♣7 ♣8", {"hand": "♠5 ♢6 ♣J", "life": "♠7 ♡8 ♠10"})]:
        path.write_text(saved_unfinished(engine, you_life, opponent), encoding="utf-8")
        answers.append(json.dumps(every_answer(played, str(path)), ensure_ascii=False, sort_keys=True))
    assert answers[0] == answers[1]
    said = json.loads(answers[0])
    look = next(answer for answer in said if isinstance(answer, list) and answer[0] == "/api/look")
    assert look[1] == 409 and "見えないカード" in look[2]["error"]
    take_over = next(answer for answer in said if isinstance(answer, list) and answer[0] == "/api/take-over")
    assert take_over[1] == 200 and take_over[2]["result"]["same_game"] is True

    # not blind: what P1 sees (its hand) changed, the answers change
    given = saved_unfinished(engine, "♣2 ♣3 ♣4", {"hand": "♡3 ♠9 ♣K", "life": "♠2 ♠3 ♠4"})
    path.write_text(given.replace("♡5 ♢9", "♡6 ♢9"), encoding="utf-8")
    assert json.dumps(every_answer(played, str(path)), ensure_ascii=False, sort_keys=True) != answers[0]


@pytest.mark.parametrize("seen_more", [[("/api/look", {"seat": 1}), ("/api/look", {"seat": 0})],
                                       [("/api/step", {"to": 2}), ("/api/step", {"to": 1})]])
def test_taking_over_after_seeing_more_starts_a_new_game(played: Played, engine: sim.Engine, tmp_path,
                                                         seen_more: list[tuple[str, dict[str, int]]]) -> None:
    """Two people's game, saved unfinished: either may be looked from; once P2's view (or a later step) was
    shown, 「ここから遊ぶ」 as P1 is a new game from the position as P1 knows it, said so, and what it answers
    does not depend on the cards P1 could not see."""
    path = tmp_path / "saved.jsonl"
    answers = []
    for you_life, opponent in [("♣2 ♣3 ♣4", {"hand": "♡3 ♠9 ♣K", "life": "♠2 ♠3 ♠4"}),
                               ("♣6 ♣7 ♣8", {"hand": "♠5 ♢6 ♣J", "life": "♠7 ♡8 ♠10"})]:
        path.write_text(saved_unfinished(engine, you_life, opponent).replace('"policy"', '"human"'), encoding="utf-8")
        assert played.post("/api/transcript", {"path": str(path)})[0] == 200
        for route, body in seen_more:
            assert played.post(route, body)[0] == 200
        status, answer = played.post("/api/take-over")
        assert status == 200 and answer["result"]["same_game"] is False
        answer["state"].pop("version")
        answers.append(json.dumps([answer, played.get("/api/position")], ensure_ascii=False, sort_keys=True))
    assert answers[0] == answers[1]
    state = json.loads(answers[0])[0]["state"]
    assert "新しいゲーム" in state["notice"] and state["notice"] == json.loads(answers[0])[0]["result"]["message"]
    assert state["mode"] == "play" and state["setup"]["given"] and state["seats"] == ["human", "policy"]
