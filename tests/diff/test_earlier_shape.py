"""A repository written for an earlier toolchain (model/earlier.yaml): bp check reads it as today's and says
what to write (BP039); bp diff from its last tag, made before the upgrade, compares the rules alone."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

from tests.repos import drop_missing_history
from tests.runbp import bp

ROOT = Path(__file__).resolve().parents[2]


def _without_blocks(text: str, *keys: str) -> str:
    """rules.yaml without the top-level `key:` blocks (the key's line and the indented lines under it)."""
    kept, skipping = [], False
    for line in text.splitlines(keepends=True):
        if re.match(r"^[a-z_]+:", line):
            skipping = line.split(":", 1)[0] in keys
        if not skipping:
            kept.append(line)
    return "".join(kept)


def earlier_shape(target: Path) -> Path:
    """This repository's definitions and docs as they were written before the vocabularies moved into rules.yaml."""
    for part in ("definitions", "docs"):
        shutil.copytree(ROOT / part, target / part)
    drop_missing_history(target)
    rules = target / "definitions" / "rules.yaml"
    text = _without_blocks(rules.read_text(encoding="utf-8"), "display", "target_kinds", "prompts")
    rules.write_text(re.sub(r"(?m)^    figure: .*\n", "", text), encoding="utf-8")
    for path in (target / "definitions").rglob("*.yaml"):
        text = path.read_text(encoding="utf-8")
        text = re.sub(r"(?m)^  group: trump\n(?=  trump: )", "", text)  # a trump's action named no group
        text = re.sub(r"(\{|, )trump: ", r"\1trumps: ", text)  # a situation's trump zone
        path.write_text(text.replace("zone: trump,", "zone: trumps,"), encoding="utf-8")
    return target


def test_bp_check_reads_it_as_todays_and_says_what_to_write(tmp_path: Path) -> None:
    root = earlier_shape(tmp_path / "rules")
    run = bp("check", "--format", "json", cwd=root)
    report = json.loads(run.stdout)
    assert run.returncode == 1
    findings = report["diagnostics"]
    assert {f["code"] for f in findings} == {"BP039"}
    messages = [f["message"] for f in findings]
    assert sum(m.startswith("rules.yaml has no display") for m in messages) == 1
    assert sum(m.startswith("rules.yaml has no target_kinds") for m in messages) == 1
    assert sum(m.startswith("rules.yaml has no prompts") for m in messages) == 1  # read as the simulator asked before
    assert sum(" has no figure, where the drawings put it" in m for m in messages) == 8
    assert sum("belongs to a trump but names no group" in m for m in messages) == 4
    assert sum(m.startswith("'trumps' is the former id of the zone trump") for m in messages) > 40
    examples = report["summary"]["examples"]
    assert examples["failed"] == 0 and examples["executed"] == examples["actions"]  # the examples run as today's


def _git(repo: Path, *args: str) -> None:
    env = {"GIT_AUTHOR_NAME": "e", "GIT_AUTHOR_EMAIL": "e@example.com", "GIT_COMMITTER_NAME": "e",
           "GIT_COMMITTER_EMAIL": "e@example.com", "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1", "PATH": "/usr/bin:/bin"}
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, env=env)


def test_bp_diff_from_a_tag_made_before_the_upgrade_compares_the_rules(tmp_path: Path) -> None:
    root = earlier_shape(tmp_path / "rules")
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "第8.1版")
    _git(root, "tag", "v8.1")
    for part in ("definitions", "docs"):
        shutil.rmtree(root / part)
        shutil.copytree(ROOT / part, root / part)
    drop_missing_history(root)
    _git(root, "read-tree", "--empty")  # every file hashed again: a copy of a file's size and mtime may look unchanged
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "the shape of today's toolchain")

    text = bp("diff", "--color", "never", "v8.1", "HEAD", cwd=root)
    assert text.returncode == 0, text.stderr
    assert "definitions: 0 added, 0 removed, 0 renamed, 0 changed" in text.stdout, text.stdout
    assert "does not load cleanly" not in text.stdout
    report = json.loads(bp("diff", "--format", "json", "v8.1", "HEAD", cwd=root).stdout)
    assert (report["definitions"], report["regulations"], report["skipped"], report["history"]) == ([], [], [], [])
