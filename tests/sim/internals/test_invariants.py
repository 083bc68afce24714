"""The invariants hold where the game can really be: a game that ends while a request is being made."""

from __future__ import annotations

import pytest

from toolchain import i18n, sim
from toolchain.simtools import invariants

from ..helpers import request, situation


def test_a_game_that_ends_before_the_request_is_staged_keeps_its_keycards_somewhere(engine: sim.Engine) -> None:
    """レア召喚's cost S sends the bulwark ♠J to the graveyard; 世代交代 (instant) triggers and mills the last cards
    of the life, and the win/loss check (2.10.5) ends the game before レア召喚 reaches the stage: its keycard ♢3 is
    still held by the request (found by the policy agent's games, which random play never reached)."""
    game = situation(engine, {"you": {"rare": "♢3", "field": "[♠J]", "life": "♣2 ♣3"}}, ["[♠J]"], ("standard", "rare-pack"))
    request(game, "レア召喚 ★♢3")
    assert game.over and game.winner == 1
    placed = [sim.cards.text(card) for card in invariants.places(game, 0)]
    assert placed.count("♢3") == 1  # a situation places only the cards it names, so the whole check does not apply


def test_a_violation_is_said_in_the_language_of_the_messages(engine: sim.Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("_explicit", "_setting", "_settled", "_catalogue"):
        monkeypatch.setattr(i18n, name, None)
    i18n.choose("ja")
    game = situation(engine, {"you": {"hand": "♡3 ♠9", "field": "♢5"}}, [], ("lite", "entry20"))
    game.state.passed = {0, 1, 2}
    assert "パス記録 [0, 1, 2] がプレイヤーの集合ではありません" in invariants.check(game)
