"""An action that fails its schema is reported once: what merely uses it is not reported again."""

from __future__ import annotations

import shutil
from pathlib import Path

import toolchain


def test_examples_that_use_a_broken_action_are_not_reported_as_failures(repo_root: Path, tmp_path: Path) -> None:
    root = tmp_path / "rules"
    for folder in ("definitions", "schema"):
        shutil.copytree(repo_root / folder, root / folder)
    spells = root / "definitions" / "actions" / "3-quick-spell.yaml"
    text = spells.read_text(encoding="utf-8")
    assert text.count("  cost: D\n") >= 1
    spells.write_text(text.replace("  cost: D\n", "  cost: d\n", 1), encoding="utf-8")  # アップ, the first entry: not a cost

    result = toolchain.load(root)
    findings = list(result.findings)

    assert [(f.location.path, f.code) for f in findings] == [("definitions/actions/3-quick-spell.yaml", "BP010")]
    examples = result.examples
    assert examples.failed == []
    assert examples.blocked, "カウンター's examples request アップ: they cannot run"
    assert {outcome.missing_action for outcome in examples.blocked} == {"アップ"}
    assert examples.summary().endswith(f"0 failed, {len(examples.blocked)} not run (they use an action with errors)")
