"""A position typed on the page is read as a definitions file is: every problem at its line and column, with
what to fix; the engine's refusals at the line of the part they name; nothing crashes."""

from __future__ import annotations

import pytest

from toolchain import sim
from toolchain.play.positions import PositionError, read_position, refused


@pytest.mark.parametrize(("text", "where", "said"), [
    ("you: {hand: ♠5\n", "1:6", "is not closed"),  # YAML syntax
    ("you: {hand: ♠5}\nyou: {hand: ♡9}\n", "2:1", "duplicate key 'you'"),  # a key twice
    ("you: {hand: ♠5, pack_opened: yes}\n", "1:30", "yes"),  # YAML 1.1's booleans
    ("you: &a {hand: ♠5}\nopponent: *a\n", "1:6", "anchor"),  # anchors and aliases
    ("turn: me\n", "1:7", "you"),  # the schema: who has the turn
    ("stage: アップ\n", "1:8", "array"),  # the schema: the stage is a list
    ("- you\n", "1:1", "object"),  # not a situation at all
    ("\x07you: {}\n", "1:1", "control character"),
])
def test_what_is_wrong_with_a_typed_position_is_said_at_its_line(text: str, where: str, said: str) -> None:
    with pytest.raises(PositionError) as raised:
        read_position(text)
    assert any(line.startswith(where + ":") and said in line for line in raised.value.lines), raised.value.lines


def test_a_position_under_given_is_read_too() -> None:
    given, doc = read_position("given:\n  you: {hand: ♠5}\n  opponent: {field: ♣4}\n")
    assert given == {"you": {"hand": "♠5"}, "opponent": {"field": "♣4"}}
    assert doc.mark(("opponent", "field")).line == 3


@pytest.mark.parametrize(("text", "line", "said"), [
    ("you: {hand: ♠5}\nopponent: {field: ♡3+♡3}\n", 2, "♡3 appears twice"),
    ("you: {field: \"♠5(flying)\"}\n", 1, "unknown flag 'flying'"),
    ("you: {hand: ♠5}\nstage: [\"you: 何か ★♠9\"]\n", 2, "何か"),
    ("you: {hand: ♠5}\nopponent: {hands: ♣4}\n", 2, "no zone 'hands'"),  # the zones are the rules' (rules.yaml)
])
def test_a_position_the_rules_do_not_allow_is_refused_at_its_line(engine: sim.Engine, text: str, line: int, said: str) -> None:
    given, doc = read_position(text)
    with pytest.raises(sim.errors.ProgramError) as raised:
        sim.from_situation(engine, given, regulation=("master", "extra"), agents=None)
    message = refused(raised.value, doc).lines[0]
    assert message.startswith(f"{line}:") and said in message, message


def test_a_huge_text_is_refused_unread() -> None:
    with pytest.raises(PositionError, match="larger than"):
        read_position("you: {hand: ♠5}\n" + "#" * (5 << 20))
