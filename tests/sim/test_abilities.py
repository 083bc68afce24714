"""6.4.2 能力の適応順: abilities of the three scopes, with conflicting effects, applied [1] 全ての (all) →
[2] あなたの (your) → [3] この (this), older before newer inside a scope, recomputed from scratch.

The printed characters have one ability (魔術士's 魔力増加), so the scenarios give the characters of a
copied repository the abilities 6.4.2 uses as its examples; the expected values come from 6.4.2's text."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import toolchain
from tests.repos import drop_missing_history
from toolchain import sim, simtools

ABILITIES = {  # character id → the abilities added to it in the copy (YAML, indented under the character)
    "hero": """  abilities:
    - name: 全体弱化
      scope: all
      text: 全ての兵士のサイズを 1 減算する。
      size: {add: -1}
    - name: 威圧
      scope: all
      text: 全ての兵士は <アタッカー> を持たない。
      labels: {remove: [attacker]}
    - name: 沈黙
      scope: all
      text: 全てのキャラクターについて、速攻魔法のコスト D が無しになる。
      waive_cost: {letters: D, category: quick-spell}
""",
    "common-soldier": """  abilities:
    - name: 鼓舞
      scope: your
      text: あなたの ♠ の兵士はサイズを 2 加算する。
      size: {add: 2}
      where: {exists: {of: it, suit: ♠}}
""",
    "ace": """  abilities:
    - name: 奮起
      scope: this
      text: この兵士はサイズを 3 加算する。
      size: {add: 3}
    - name: 突撃
      scope: this
      text: この兵士は <アタッカー> を持つ。
      labels: {grant: [attacker]}
""",
}
MAGICIAN = """    - name: 号令
      scope: all
      text: 全ての兵士は <アタッカー> を持つ。
      labels: {grant: [attacker]}
    - name: 均衡
      scope: all
      text: 全ての兵士のサイズは 10 になる。
      size: {set: 10}
"""


def _copy(repo_root: Path, target: Path) -> Path:
    shutil.copytree(repo_root / "definitions", target / "definitions")
    shutil.copytree(repo_root / "schema", target / "schema")
    return drop_missing_history(target)


def _add_abilities(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").split("\n")
    out: list[str] = []
    current = None
    for line in lines:
        if line.startswith("- id: "):
            current = line[len("- id: "):].strip()
        if current in ABILITIES and line.startswith("  since:"):
            out.extend(ABILITIES[current].rstrip("\n").split("\n"))
        out.append(line)
        if current == "magician" and line == "      waive_cost: {letters: D, category: quick-spell}":
            out.extend(MAGICIAN.rstrip("\n").split("\n"))
    path.write_text("\n".join(out), encoding="utf-8")


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory, repo_root: Path) -> sim.Engine:
    root = _copy(repo_root, tmp_path_factory.mktemp("abilities"))
    _add_abilities(root / "definitions" / "characters.yaml")
    checked = toolchain.load(root)
    assert [f.text() for f in checked.findings if f.code != "BP030"] == []
    return sim.Engine(checked.definitions)


def _characters(engine: sim.Engine, given: dict) -> dict[str, simtools.CharacterView]:
    game = sim.from_situation(engine, given)
    return {f"{side.seat}:{c.notation}": c for side in simtools.board(game).sides for c in side.field}


def test_abilities_that_do_not_conflict_all_apply(engine: sim.Engine) -> None:
    """互いに矛盾しない場合: 「全ての兵士のサイズを -1」「あなたの兵士はさらに +2」「この兵士はさらに +3」 all apply to
    the one soldier: -1 + 2 + 3 = +4 (the text's 「合計 +5」 does not add up; the toolchain adds them)."""
    found = _characters(engine, {"you": {"field": "♠K ♠5 ♠A [♡7]"}, "opponent": {"field": "♣A ♣6"}})
    sizes = {key: c.size for key, c in found.items() if not key.endswith("]")}
    assert sizes == {
        "0:♠K": 13 - 1 + 2,  # all (英雄) and your (一般兵: ♠ only)
        "0:♠5": 5 - 1 + 2,
        "0:♠A": 1 - 1 + 2 + 3,  # all, your, this: the 6.4.2 example
        "1:♣A": 1 - 1 + 3,  # your is the other player's: not here
        "1:♣6": 6 - 1,  # its own your-scope ability is for ♠ soldiers only (where)
    }


def test_the_narrower_scope_wins_a_conflict(engine: sim.Engine) -> None:
    """互いに矛盾する場合: 「全ての兵士は攻撃できない」と「この兵士は攻撃できる」: the narrower this-scope ability wins."""
    found = _characters(engine, {"you": {"field": "♠K ♠5 ♠A [♡7]"}, "opponent": {"field": "♣A ♣6"}})
    attackers = sorted(key for key, c in found.items() if "attacker" in c.labels)
    assert attackers == ["0:♠A", "1:♣A"]
    assert "blocker" in found["0:[♡7]"].labels and "blocker" in found["0:♠5"].labels  # untouched labels stay


def test_inside_a_scope_the_newer_ability_overrides(engine: sim.Engine) -> None:
    """同じ範囲で矛盾した能力: applied oldest first by timestamp (the order the characters came onto the field),
    the newer overriding: 英雄's -1 and 魔術士's 「サイズは 10 になる」, 「攻撃できない」 and 「攻撃できる」."""
    hero_first = _characters(engine, {"you": {"field": "♠K Joker ♠5"}})
    assert hero_first["0:♠5"].size == 10 + 2  # -1, then set to 10 (all), then +2 (your)
    assert all("attacker" in c.labels for c in hero_first.values())  # removed, then granted again
    magician_first = _characters(engine, {"you": {"field": "Joker ♠K ♠5"}})
    assert magician_first["0:♠5"].size == 10 - 1 + 2  # set to 10, then -1, then +2
    assert [k for k, c in magician_first.items() if "attacker" in c.labels] == []


def test_scopes_of_cost_abilities(engine: sim.Engine) -> None:
    """A your-scope ability (魔力増加) waives its controller's costs only; an all-scope one every player's."""
    def up_refusal(opponent_field: str) -> str | None:
        game = sim.from_situation(engine, {"turn": "opponent", "you": {"hand": "♡3", "field": "♢5"},
                                           "opponent": {"field": opponent_field}})
        game.state.chance = 0
        (card,) = game.state.players[0].hand
        return sim.refusal.refusal(game, 0, game.ruleset.compiled.actions["up"], (card,), None)

    assert up_refusal("Joker") == "cost"  # the opponent's 魔術士: your scope, not yours
    assert up_refusal("♣K") is None  # the opponent's 英雄's 沈黙: all scope, yours too


def test_a_regulation_waives_costs_only_by_its_own_characters(engine: sim.Engine) -> None:
    """A regulation asks for waived costs only of the characters it may have: ライト has no 魔術士 (no format of it
    makes one, no action of it summons one), so only 英雄's 沈黙 waives there; スタンダード has both."""
    lite, standard = engine.ruleset("lite", "entry20"), engine.ruleset("standard", "entry20")
    assert set(lite.waivers) == {"hero"}
    assert set(standard.waivers) == {"hero", "magician"}


def test_an_ability_is_recomputed_from_scratch(engine: sim.Engine) -> None:
    """適用タイミング: every application starts from the printed values, so nothing adds up twice."""
    game = sim.from_situation(engine, {"you": {"field": "♠K ♠A"}})
    first = [c.size for c in simtools.board(game).sides[0].field]
    assert [c.size for c in simtools.board(game).sides[0].field] == first == [13 - 1, 1 - 1 + 3]


def test_an_ability_that_cannot_apply_is_located(tmp_path: Path, repo_root: Path) -> None:
    root = _copy(repo_root, tmp_path)
    path = root / "definitions" / "characters.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("    - name: 魔力増加\n      scope: your", "    - name: 魔力増加\n      scope: this", 1), encoding="utf-8")
    findings = [f for f in toolchain.load(root).findings if f.code == "BP031"]
    assert len(findings) == 1 and "waive_cost takes scope all or your, not this" in findings[0].message
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[findings[0].location.line - 1].strip().startswith("waive_cost:")
