"""Throwaway rules repositories for tests to break on purpose."""

from __future__ import annotations

import shutil
from pathlib import Path

from toolchain.model.past_editions import HISTORY_KEY

ROOT = Path(__file__).resolve().parent.parent
MINIMAL = ROOT / "tests" / "fixtures" / "minimal"


def minimal_repository(into: Path) -> Path:
    """A copy of tests/fixtures/minimal at INTO/rules, with the real rules.yaml and schemas: a small valid
    rules repository."""
    root = into / "rules"
    shutil.copytree(MINIMAL, root)
    rules = (ROOT / "definitions" / "rules.yaml").read_text(encoding="utf-8")
    # the project's history folder is not the fixture's: its entries are another repository's
    rules = "\n".join(line for line in rules.splitlines() if not line.startswith(f"{HISTORY_KEY}:")) + "\n"
    (root / "definitions" / "rules.yaml").write_text(rules, encoding="utf-8")
    shutil.copytree(ROOT / "schema", root / "schema")
    return root


def echo_action(speed: str, timing: str) -> str:
    """A triggered action (こだま, `echo`) whose own resolution triggers it, as a YAML list item to add to the
    minimal repository's actions/1-basic.yaml: a chain that never ends."""
    return f"""- id: echo
  name: こだま
  category: basic
  formats: [lite, pro]
  trigger: triggered
  speed: {speed}
  timing: {timing}
  trigger_condition: こだまアクションが解決した時に誘発する。
  effect: ターンを持っているプレイヤーの場にいるキャラクターを全てチャージ状態にする。
  since: v8.0
  program:
    trigger: {{on: resolved, action: echo}}
    effect:
      - charge: {{characters: {{player: turn-player}}}}
"""
