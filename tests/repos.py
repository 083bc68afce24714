"""Throwaway rules repositories for tests to break on purpose."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from toolchain.model.past_editions import HISTORY_KEY

ROOT = Path(__file__).resolve().parent.parent
MINIMAL = ROOT / "tests" / "fixtures" / "minimal"
# rules.yaml's `site:` key, through the blank line after it: the other editions the repository's site publishes.
_SITE_KEY = re.compile(r"^site:[ \t]*\n(?:[ \t]+\S.*\n|[ \t]*\n)*", re.MULTILINE)
# rules.yaml's `policy:` key, through the blank line after it: the practice opponent's rules of thumb about the edition's
# actions, which a repository of other actions does not have.
_POLICY_KEY = re.compile(r"^policy:[ \t]*\n(?:[ \t]+\S.*\n|[ \t]*\n)*", re.MULTILINE)


def copy_rules_yaml(target: Path) -> Path:
    """This repository's definitions/rules.yaml at TARGET, without its `site:` key: a copy made without
    editions/ publishes its own edition alone (bp build refuses a listed folder that is not there); without its
    `history:` key too when the copy has no history/ (drop_missing_history)."""
    target.write_text(_SITE_KEY.sub("", (ROOT / "definitions" / "rules.yaml").read_text(encoding="utf-8")), encoding="utf-8")
    drop_missing_history(target.parent.parent)
    return target


# rules.yaml's `history:` key and the folder it names.
_HISTORY_LINE = re.compile(rf"^{HISTORY_KEY}:[ \t]*(\S+)[ \t]*\n", re.MULTILINE)


def drop_missing_history(root: Path) -> Path:
    """The repository at ROOT with its rules.yaml's `history:` key removed when the folder it names is not there: a
    copy made without the history of the rules (bp check says such a key, BP052), as a copy without editions/ drops
    `site:`."""
    rules = root / "definitions" / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    found = _HISTORY_LINE.search(text)
    if found and not (root / found.group(1)).is_dir():
        rules.write_text(text[:found.start()] + text[found.end():], encoding="utf-8")
    return root


def minimal_rules_yaml(target: Path) -> Path:
    """The real rules.yaml for tests/fixtures/minimal at TARGET (copy_rules_yaml), without its `policy:` key: the
    practice opponent's rules of thumb name the edition's actions, which the fixture's few are not."""
    copy_rules_yaml(target)
    target.write_text(_POLICY_KEY.sub("", target.read_text(encoding="utf-8")), encoding="utf-8")
    return target


def copy_definitions(target: Path) -> Path:
    """This repository's definitions/ at TARGET, its rules.yaml without `site:` (copy_rules_yaml)."""
    shutil.copytree(ROOT / "definitions", target, dirs_exist_ok=True)
    copy_rules_yaml(target / "rules.yaml")
    return target


def minimal_repository(into: Path) -> Path:
    """A copy of tests/fixtures/minimal at INTO/rules, with the real rules.yaml and schemas: a small valid
    rules repository."""
    root = into / "rules"
    shutil.copytree(MINIMAL, root)
    rules = minimal_rules_yaml(root / "definitions" / "rules.yaml")
    # the project's history folder is not the fixture's: its entries are another repository's
    kept = [line for line in rules.read_text(encoding="utf-8").splitlines() if not line.startswith(f"{HISTORY_KEY}:")]
    rules.write_text("\n".join(kept) + "\n", encoding="utf-8")
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
