"""Rulings as examples (definitions/README.md "Programs and examples"): `illegal:` requests the engine
must refuse for the reason given, and flows of `steps:` over several requests and passes. Every
action that the rulebook restricts shows a restriction, and a wrong ruling fails at its example."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

import toolchain
from tests.repos import drop_missing_history
from toolchain import sim
from toolchain.model import Definitions, illegal_reasons

# What an example's name must cite: a section number or the item of the rule it shows.
RULE = re.compile(r"\d+\.\d+|起動条件|コスト|キーカード|対象|タイミング|トリガー|フォーマット|※|魔力増加")


def test_every_action_shows_a_restriction_as_an_illegal_or_flow_example(defs: Definitions) -> None:
    """Issue 10's bar: each action has at least one `illegal:` or flow example, and it names its rule."""
    actions = (*defs.actions, *defs.frame_actions)
    restricted = {a.id: [e for e in a.examples if e.illegal or e.steps] for a in actions}
    assert [a for a, examples in restricted.items() if not examples] == []
    unnamed = [e.name for examples in restricted.values() for e in examples if not RULE.search(e.name)]
    assert unnamed == []
    reasons = {r for examples in restricted.values() for e in examples for r in e.illegal or ()}
    reasons |= {r for examples in restricted.values() for e in examples for s in e.steps if "illegal" in s
                for r in illegal_reasons(s["illegal"])}
    assert reasons >= {"timing", "once-per-turn", "activation", "keycards", "cost", "target", "triggered", "regulation"}


def test_the_schema_names_the_engines_reasons(repo_root: Path) -> None:
    schema = json.loads((repo_root / "schema" / "examples.schema.json").read_text(encoding="utf-8"))
    assert schema["$defs"]["reason"]["enum"] == list(sim.refusal.REASONS)


def test_refusal_agrees_with_the_legal_requests(engine: sim.Engine) -> None:
    """sim.refusal gives no reason exactly for the requests legal_requests offers (here: a turn's start)."""
    game = sim.from_situation(engine, {"you": {"hand": "♠5 ♡3 ♣3 ♠A Joker", "field": "[♡6] ♢4"}, "opponent": {"field": "♣4"}})
    offered = {(o.action.id, o.keys) for o in game.legal_requests() if o is not sim.PASS}
    hand = game.state.players[0].hand
    for spec in game.ruleset.direct:
        for card in hand:
            legal = sim.refusal.refusal(game, 0, spec, (card,), None) is None
            assert legal == ((spec.id, (card,)) in offered), (spec.id, sim.cards.text(card))


@pytest.fixture(scope="module")
def broken(tmp_path_factory: pytest.TempPathFactory, repo_root: Path) -> tuple[Path, list]:
    """One copy with every kind of wrong ruling at once (loading runs every example: do it once)."""
    root = tmp_path_factory.mktemp("rulings") / "rules"
    shutil.copytree(repo_root / "definitions", root / "definitions")
    drop_missing_history(root)
    shutil.copytree(repo_root / "schema", root / "schema")
    basic = root / "definitions" / "actions" / "1-basic.yaml"
    _edit(basic, "      request: \"\"\n      illegal: timing", "      request: \"\"\n      illegal: cost")  # エンド: a wrong reason
    _edit(basic, "            stage: [\"you: ブロック\"]", "            stage: [\"you: ダメージ判定\"]")  # a wrong step
    _edit(basic, "        - request: \"\"\n        - until: stage-empty", "        - request: \"\"\n        - until: game-over")
    summon = root / "definitions" / "actions" / "2-summon.yaml"
    _edit(summon, "        you: {hand: ♠2}\n      request: ★♠2", "        you: {hand: ♠A}\n      request: ★♠A")  # legal after all
    _edit(summon, "      request: ★♠K\n      illegal: cost", "      request: ★♠K\n      illegal: cost\n      expect: {}")  # both
    spells = root / "definitions" / "actions" / "3-quick-spell.yaml"
    _edit(spells, "      request: ★♢2 ♢3\n      illegal: target", "      request: ★♢2 ♢3\n      illegal: distance")  # no such reason
    _edit(spells, "      request: ★♣7 ♡8\n      illegal: keycards", "      request: ★♣7 ♡8\n      steps:\n        - pass: 1\n      illegal: keycards")
    _edit(summon, "        - request: \"\"\n          illegal: once-per-turn", "        - request: \"\"\n          refused: once-per-turn")
    return root, list(toolchain.load(root).findings)


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{path.name} has {text.count(old)} of {old!r}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def _finding(findings: list, code: str, name: str):
    found = [f for f in findings if f.code == code and name in f.message]
    assert len(found) == 1, [f.text() for f in findings]
    return found[0]


def _line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text in line)


def test_a_request_refused_for_another_reason_fails_at_its_example(broken: tuple[Path, list]) -> None:
    root, findings = broken
    failed = _finding(findings, "BP030", "相手のターンにはエンドを起こせない")
    assert "エンド is refused for timing" in failed.message and "the example expects cost" in failed.message
    path = root / "definitions" / "actions" / "1-basic.yaml"
    assert failed.location.line == _line_of(path, "相手のターンにはエンドを起こせない")


def test_an_illegal_request_the_engine_allows_fails(broken: tuple[Path, list]) -> None:
    failed = _finding(broken[1], "BP030", "A 以外のカードでエース召喚は起こせない")
    assert "エース召喚 was not refused: it is a legal request here (expected illegal: keycards)" in failed.message


def test_a_flow_fails_at_the_step_that_differs(broken: tuple[Path, list]) -> None:
    root, findings = broken
    failed = _finding(findings, "BP030", "アタック → ブロック → ダメージ判定")
    assert "step 3: stage: expected 'you: ダメージ判定', actual 'you: ブロック'" in failed.message
    lines = (root / "definitions" / "actions" / "1-basic.yaml").read_text(encoding="utf-8").splitlines()
    assert lines[failed.location.line - 1].strip() == "- expect:"  # the step's own line


def test_a_flow_that_never_reaches_its_point_fails(broken: tuple[Path, list]) -> None:
    root, findings = broken
    failed = _finding(findings, "BP030", "2回目は起こせない")
    assert "step 2: game-over was never reached" in failed.message
    lines = (root / "definitions" / "actions" / "1-basic.yaml").read_text(encoding="utf-8").splitlines()
    assert lines[failed.location.line - 1].strip() == "- until: game-over"


def test_an_illegal_example_cannot_expect_a_situation(broken: tuple[Path, list]) -> None:
    root, findings = broken
    start = _line_of(root / "definitions" / "actions" / "2-summon.yaml", "防壁が1体では英雄召喚")
    schema = [f for f in findings if f.code == "BP010" and f.location.path.endswith("2-summon.yaml") and f.location.line >= start]
    assert schema and all(f.location.line <= start + 5 for f in schema), [f.text() for f in findings]


@pytest.mark.parametrize(("file", "near", "what"), [
    ("3-quick-spell.yaml", "ダメージ判定が無ければ停戦は起こせない", "distance"),
    ("3-quick-spell.yaml", "数字が違えばリバースは起こせない", "steps"),
    ("2-summon.yaml", "防壁設置 (即時) が解決した後", "refused"),
])
def test_the_schema_refuses_a_malformed_ruling(broken: tuple[Path, list], file: str, near: str, what: str) -> None:
    """An unknown reason, a request and a flow at once, an unknown step: BP010 inside the example."""
    root, findings = broken
    path = root / "definitions" / "actions" / file
    start = _line_of(path, near)
    lines = path.read_text(encoding="utf-8").splitlines()
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("    - name:") or lines[i].startswith("- id:")), len(lines))
    inside = [f for f in findings if f.code == "BP010" and f.location.path.endswith(file) and start <= f.location.line <= end]
    assert inside, [f.text() for f in findings if f.code == "BP010"]
