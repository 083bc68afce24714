"""The rules editor's guide shows `bp check` as a new editor will see it: its two outputs (the stray
`&` in B・J's keycards, then fixed) are what bp prints today on this repository's rules, line
numbers and counts included."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from tests.runbp import bp


def _guide_outputs(repo_root: Path) -> list[list[str]]:
    """The output lines of every `$ bp check` block of README's step 2, in order."""
    readme = (repo_root / "README.md").read_text(encoding="utf-8")
    step = readme[readme.index("### 2. Check: `bp check`"):readme.index("### 3. Look at it")]
    blocks = re.findall(r"```\n\$ bp check\n(.*?)```", step, flags=re.S)
    return [[line for line in block.splitlines() if not line.startswith("$") and line != "0" and line != "1"]
            for block in blocks]


def test_the_guides_check_outputs_are_todays(repo_root: Path, tmp_path: Path) -> None:
    broken_shown, fixed_shown = _guide_outputs(repo_root)
    rules = tmp_path / "rules"
    for part in ("definitions", "schema"):
        shutil.copytree(repo_root / part, rules / part)
    fixed = bp("check", "--root", str(rules))
    assert [*fixed.stderr.splitlines(), *fixed.stdout.splitlines()] == fixed_shown
    spells = rules / "definitions" / "actions" / "3-quick-spell.yaml"
    text = spells.read_text(encoding="utf-8")
    assert text.count("  keycards: A & J\n") == 1
    spells.write_text(text.replace("  keycards: A & J\n", "  keycards: A & J &\n"), encoding="utf-8")
    broken = bp("check", "--root", str(rules))
    assert broken.returncode == 1
    assert [*broken.stderr.splitlines(), *broken.stdout.splitlines()] == broken_shown
