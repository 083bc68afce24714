"""What a change reaches, on the small fixture repository: an action that leaves ライト, a removed
action; the regulations that lose them, only the outputs that show them, and (with --pages) the
leaflets' page counts, checked against a leaflet `bp actionlist` renders on its own."""

from __future__ import annotations

import json
from pathlib import Path

from pypdf import PdfReader

from tests.runbp import bp

from .conftest import commit_all, edit, git


def _under_git(repo: Path) -> Path:
    git(repo, "init", "-q", "-b", "main")
    commit_all(repo, "fixture")
    return repo


def test_an_action_leaving_lite_with_page_counts(minimal_repo: Path, tmp_path: Path) -> None:
    repo = _under_git(minimal_repo)
    edit(repo, "definitions/actions/1-basic.yaml", "- id: end\n  name: エンド\n  category: basic\n  formats: [lite, pro]",
         "- id: end\n  name: エンド\n  category: basic\n  formats: [pro]")
    run = bp("diff", "--pages", "--format", "json", "--root", str(repo))
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    end = next(d for d in data["definitions"] if d["id"] == "end")
    assert [(f["item"], f["old"], f["new"]) for f in end["fields"]] == [("フォーマット", "ライト, プロ", "プロ")]
    regulations = {(r["format"], r["frame"]): r["groups"] for r in data["regulations"]}
    assert set(regulations) == {("lite", None), ("lite", "entry20")}
    assert regulations[("lite", None)] == regulations[("lite", "entry20")] == [
        {"group": "actions", "before": 3, "after": 2, "entered": [], "left": [{"anchor": "act-end", "name": "エンド"}]}]
    outputs = {o["path"]: o for o in data["outputs"]}
    # プロ still has エンド, but its ○/× format table changes: every list shows it, the regulations'
    # own pages and leaflets (lite-entry20, pro-strategy) included
    lists = ("all", "lite", "pro", "lite-entry20", "pro-strategy")
    assert set(outputs) == {"definitions.json", *(f"actionlist/html/{p}.html" for p in lists),
                            *(f"actionlist/pdf/blackpoker-{p}.pdf" for p in lists)}
    assert data["pages_counted"]
    lite = outputs["actionlist/pdf/blackpoker-lite.pdf"]
    assert lite["two_up"] == "actionlist/pdf/blackpoker-lite-2up.pdf"
    leaflet = tmp_path / "lite.pdf"
    assert bp("actionlist", "--format", "lite", "--pdf", str(leaflet), "--root", str(repo)).returncode == 0
    assert lite["pages_after"] == len(PdfReader(leaflet).pages) >= 1
    assert lite["pages_before"] >= 1 and lite["sheets_before"] >= 1 and lite["sheets_after"] >= 1


def test_a_removed_action_without_page_counts(minimal_repo: Path) -> None:
    repo = _under_git(minimal_repo)
    summon = repo / "definitions/actions/2-summon.yaml"
    text = summon.read_text(encoding="utf-8")
    summon.write_text(text[:text.index("- id: magician-summon")] + text[text.index("- id: up"):], encoding="utf-8")
    run = bp("diff", "--root", str(repo))
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert out.splitlines()[1] == "definitions: 0 added, 1 removed, 0 renamed, 0 changed"
    assert "\n- actions/magician-summon 魔術士召喚 (召喚) (removed)\n" in out
    assert "  プロ:\n    actions 4 → 3 (-魔術士召喚)\n" in out
    assert "  プロ + ストラテジー:\n    actions 6 → 5 (-魔術士召喚)\n" in out  # with its 2 frame actions
    assert "  actionlist/pdf/blackpoker-pro.pdf (changed, + blackpoker-pro-2up.pdf)\n" in out
    assert "  actionlist/html/pro-strategy.html (changed)\n" in out  # the regulation's own page
    assert "  actionlist/pdf/blackpoker-pro-strategy.pdf (changed, + blackpoker-pro-strategy-2up.pdf)\n" in out
    assert "blackpoker-lite.pdf" not in out
    assert "  (page counts of the leaflets: bp diff --pages)\n" in out
