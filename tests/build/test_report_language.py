"""`bp build --format json` is read by programs: its notes stay English in a Japanese locale, as the other
commands' json does, and are said in Japanese when --lang asks for it."""

from __future__ import annotations

import json
from pathlib import Path

from tests.shared import copy_repository
from tests.runbp import bp

JAPANESE = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "ja_JP.UTF-8"}


def test_the_notes_of_the_json_report_are_english_unless_lang_chose(tmp_path: Path) -> None:
    root = copy_repository(tmp_path / "rules")
    common = ("--root", str(root), "--cache", str(tmp_path / "cache"), "--only", "rulebook-html", "--format", "json")
    first = bp("build", *common, "--out", str(tmp_path / "site"), env=JAPANESE)
    assert first.returncode == 0, first.stderr
    [note] = json.loads(first.stdout)["notes"]
    assert note.startswith("rulebook HTML: pages read again: ") and "index" in note.split(": ", 1)[1].split(", ")
    # the same cache: Sphinx reads no page again, and the empty list is said too
    chosen = bp("--lang", "ja", "build", *common, "--out", str(tmp_path / "again"), env=JAPANESE)
    assert chosen.returncode == 0, chosen.stderr
    assert json.loads(chosen.stdout)["notes"] == ["ルールブック HTML: 読み直したページ: なし"]
