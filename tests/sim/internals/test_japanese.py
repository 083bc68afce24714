"""The simulator's messages in Japanese (tests/i18n/test_areas.py has the other areas'): white box,
each a representative message of an internal module."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.i18n.test_areas import japanese  # noqa: F401 - the fixture: this process speaks Japanese

pytestmark = pytest.mark.usefixtures("japanese")


def test_program_errors() -> None:
    from toolchain.sim.ruleset import _unknown_action

    error = _unknown_action(("effect", "request"), "chrage", {"left-out actions": set(), "actions": {"charge", "up"}})
    assert (error.path, error.fix) == (("effect", "request"), "charge")
    assert str(error).endswith("'chrage' はアクションの ID ではありません。'charge' のことですか？")


def test_simulator_reports(tmp_path: Path) -> None:
    from toolchain.simtools.transcript import games

    bad = tmp_path / "game.jsonl"
    bad.write_text('{"type": "decision"}\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"game\.jsonl:1: 記録の行ではありません|game\.jsonl:1: 記録は \"game\" の行で始まります"):
        list(games(bad))


def test_example_failures() -> None:
    from toolchain.simtools.examples import _difference

    assert _difference("you.hand", 3, "♠5") == "you.hand: 期待 カード 3 枚、実際 カード 1 枚"