"""bp balance --against: two editions (two small rules repositories) compared on the same seeds in the
regulations both have, labelled by their names; a folder that is no rules repository refused (exit 2, nothing
written)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.repos import minimal_repository
from tests.runbp import bp

RULES = Path("definitions") / "rules.yaml"


def _renamed(root: Path, edition_id: str, name: str) -> Path:
    rules = root / RULES
    text = re.sub(r"(?m)^(  id: ).*$", rf"\g<1>{edition_id}", rules.read_text(encoding="utf-8"), count=1)
    rules.write_text(re.sub(r"(?m)^(  name: ).*$", rf"\g<1>{name}", text, count=1), encoding="utf-8")
    return root


def test_two_editions_are_compared_per_shared_regulation(tmp_path: Path) -> None:
    old = minimal_repository(tmp_path / "old")
    new = _renamed(minimal_repository(tmp_path / "new"), "v9.9", "第9.9版")
    run = bp("balance", "--root", str(old), "--against", str(new), "--games", "4", "--out", str(tmp_path / "out"), "--json")
    assert run.returncode == 0, run.stderr
    document = json.loads(run.stdout)
    assert document["kind"] == "balance-comparison"
    assert document["head"]["revision"] == "第9.9版" and document["base"]["revision"] != "第9.9版"
    shared = [(r["format"], r["frame"]) for r in document["differences"]]
    assert shared and shared == [(r["format"], r["frame"]) for r in document["base"]["regulations"]]
    assert all(r["games"] == 4 for side in ("base", "head") for r in document[side]["regulations"])
    assert "第9.9版" in (tmp_path / "out" / "index.html").read_text(encoding="utf-8")


def test_what_against_refuses(tmp_path: Path) -> None:
    old = minimal_repository(tmp_path / "old")
    run = bp("balance", "--root", str(old), "--against", str(tmp_path), "--games", "4", "--out", str(tmp_path / "out"))
    assert run.returncode == 2 and "not a rules repository" in run.stderr and "Traceback" not in run.stderr
    run = bp("balance", "--root", str(old), "--against", str(old), "HEAD", "--out", str(tmp_path / "out"))
    assert run.returncode == 2 and "give no REV" in run.stderr
    assert not (tmp_path / "out").exists()
