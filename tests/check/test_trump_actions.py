"""Any frame action may belong to a trump: a summon, a spell or a triggered action as well as a
soldier-borne one (第9.0版 files クイック兵士召喚 ♠ under スラッシュ). bp check accepts it, checks the
label only of a soldier-borne one (BP027), and the lists show it under its trump with its own type."""

from __future__ import annotations

from pathlib import Path

import toolchain
from toolchain.model import display

QUICK_SOLDIER = """- id: quick-soldier-summon-spade
  name: クイック兵士召喚 ♠
  kana: くいっくへいししょうかん
  category: summon
  frames: [strategy]
  group: trump
  trump: slash
  trigger: direct
  speed: normal
  timing: quick
  keycards: ♠2-10
  cost: D
  activation_condition: あなたの切札に「スラッシュ」がある
  effect: キーカードを一般兵として表向きかつチャージ状態で場に出す。
"""


def _with_quick_soldier(root: Path) -> None:
    path = root / "definitions" / "frames" / "actions.yaml"
    path.write_text(path.read_text(encoding="utf-8") + QUICK_SOLDIER, encoding="utf-8")


def test_a_summon_that_belongs_to_a_trump_checks_clean(minimal_repo: Path) -> None:
    _with_quick_soldier(minimal_repo)
    assert [f.text() for f in toolchain.load(minimal_repo).findings] == []


def test_it_is_listed_under_its_trump_with_its_own_type(minimal_repo: Path) -> None:
    _with_quick_soldier(minimal_repo)
    defs = toolchain.load(minimal_repo).definitions
    groups = display.grouped(defs, display.listing("frame-actions"))
    under_slash = next(g for g in groups if g.group and g.group.key == "trump-slash")
    assert under_slash.group.title == "切札 ♠ 2"
    assert [entry.title for entry in under_slash.entries] == ["スラッシュ (兵士起因)", "クイック兵士召喚 ♠ (召喚)"]


def test_a_soldier_borne_action_still_needs_its_trumps_label(minimal_repo: Path) -> None:
    _with_quick_soldier(minimal_repo)
    path = minimal_repo / "definitions" / "frames" / "actions.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("keycards: ♠2-10", "keycards: soldier<switch>"), encoding="utf-8")
    findings = [f for f in toolchain.load(minimal_repo).findings if f.code == "BP027"]
    assert [(f.location.line, f.message.split(":")[0]) for f in findings] == [
        (40, "クイック兵士召喚 ♠ needs <switch>, but its trump スラッシュ grants <slash> (to your soldiers of ♠)")
    ]
