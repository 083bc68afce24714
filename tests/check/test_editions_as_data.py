"""The next edition is written as data: its vocabularies are rules.yaml's, so a reclassification of the
categories passes bp check with no Python change; a rules repository needs only definitions/ and docs/
(the schemas are the toolchain's); `bp schema` writes schemas for editors with the edition's ids."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

import toolchain
from tests.repos import drop_missing_history
from tests.runbp import bp
from toolchain.model import display
from toolchain.model.yamlload import load

ROOT = Path(__file__).resolve().parents[2]

# 第9.0版 (its changelog): 速攻魔法 / 通常魔法 become 基礎魔法 / 中級魔法 / 上級魔法. What the changelog does not
# place (the 通常魔法, 切札破壊, 魔術士's 魔力増加) goes to 中級魔法 / 基礎魔法 here: the test is of the mechanism.
NEW_CATEGORIES = "  - {id: basic-spell, name: 基礎魔法}\n  - {id: intermediate-spell, name: 中級魔法}\n  - {id: advanced-spell, name: 上級魔法}\n"
MOVED = {
    **dict.fromkeys(("up", "down", "twist", "counter"), "basic-spell"),
    **dict.fromkeys(("kill", "reunion", "ceasefire", "retarget", "search", "reverse", "return", "trump-break"), "intermediate-spell"),
    **dict.fromkeys(("blackjack", "royal-straight-flush"), "advanced-spell"),
}


def _recategorize(path: Path, default: str) -> None:
    """Every entry's quick-spell / normal-spell category, by its id (or its action's, for a fog entry)."""
    entries = path.read_text(encoding="utf-8").split("\n- id: ")
    for i, entry in enumerate(entries):
        key = entry.split("\n", 1)[0].strip()
        action = re.search(r"\n  action: (\S+)", entry)
        category = MOVED.get(action.group(1) if action else key, default)
        entries[i] = re.sub(r"\n  category: (quick-spell|normal-spell)\n", f"\n  category: {category}\n", entry)
    path.write_text("\n- id: ".join(entries), encoding="utf-8")


def reclassified(target: Path) -> Path:
    """This repository's rules with the categories of 第9.0版: rules.yaml and the definitions, nothing else."""
    shutil.copytree(ROOT / "definitions", target / "definitions")
    drop_missing_history(target)
    definitions = target / "definitions"
    rules = definitions / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    old = "  - {id: quick-spell, name: 速攻魔法}\n  - {id: normal-spell, name: 通常魔法}\n"
    assert old in text
    rules.write_text(text.replace(old, NEW_CATEGORIES), encoding="utf-8")
    for path in (*definitions.glob("actions/*.yaml"), definitions / "fog.yaml", definitions / "frames" / "actions.yaml",
                 definitions / "frames" / "fog.yaml"):
        _recategorize(path, "intermediate-spell")
    characters = definitions / "characters.yaml"
    characters.write_text(characters.read_text(encoding="utf-8").replace("category: quick-spell}", "category: basic-spell}"),
                          encoding="utf-8")
    leftover = [p.name for p in definitions.rglob("*.yaml") if re.search(r"quick-spell|normal-spell", p.read_text(encoding="utf-8"))]
    assert leftover == []
    return target


def test_a_reclassification_of_the_categories_passes_bp_check(tmp_path: Path) -> None:
    checked = toolchain.load(reclassified(tmp_path / "v9"))
    assert checked.findings == ()
    assert checked.examples is not None and not checked.examples.failed and checked.examples.executed == checked.examples.actions
    groups = [group.group.title for group in display.grouped(checked.definitions, display.listing("actions")) if group.group]
    assert groups == ["基本", "召喚", "基礎魔法", "中級魔法", "上級魔法"]
    up = display.entry(checked.definitions, checked.definitions.action("up"))
    assert up.title == "アップ (基礎魔法)"


def test_a_category_the_rules_do_not_name_is_told_where_to_add_it(tmp_path: Path) -> None:
    root = reclassified(tmp_path / "v9")
    rules = root / "definitions" / "rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace("  - {id: advanced-spell, name: 上級魔法}\n", ""), encoding="utf-8")
    findings = toolchain.load(root).findings
    assert {f.code for f in findings} == {"BP028"}
    assert {f.location.path for f in findings} == {"definitions/actions/3-quick-spell.yaml"}
    assert "; a new one is added to categories in definitions/rules.yaml)" in findings[0].message


# -- a rules repository of definitions/ and docs/ alone ------------------------------------------------------------


def _git(repo: Path, *args: str) -> None:
    env = {"GIT_AUTHOR_NAME": "e", "GIT_AUTHOR_EMAIL": "e@example.com", "GIT_COMMITTER_NAME": "e",
           "GIT_COMMITTER_EMAIL": "e@example.com", "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1", "PATH": "/usr/bin:/bin"}
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, env=env)


def test_check_and_diff_need_only_definitions_and_docs(tmp_path: Path) -> None:
    root = tmp_path / "rules"
    for part in ("definitions", "docs"):
        shutil.copytree(ROOT / part, root / part)
    drop_missing_history(root)
    assert not (root / "schema").exists()
    run = bp("check", cwd=root)
    assert run.returncode == 0, run.stderr
    assert ": OK\n" in run.stdout and " 0 failed" in run.stdout
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "第8.1版")
    _git(root, "tag", "v8.1")
    up = root / "definitions" / "actions" / "3-quick-spell.yaml"
    up.write_text(up.read_text(encoding="utf-8").replace("  cost: D\n", "  cost: DD\n", 1), encoding="utf-8")
    diff = bp("diff", "--color", "never", cwd=root)
    assert diff.returncode == 0, diff.stderr
    assert "~ actions/up アップ (速攻魔法)" in diff.stdout and "コスト: D{+D+}" in diff.stdout



def test_a_repositorys_own_schema_folder_is_never_read(tmp_path: Path) -> None:
    """schema/ is the editors' copy (bp schema): what it holds, even a FIFO or a file that is not JSON, is no finding."""
    root = tmp_path / "rules"
    shutil.copytree(ROOT / "definitions", root / "definitions")
    drop_missing_history(root)
    (root / "schema").mkdir()
    (root / "schema" / "actions.schema.json").write_text("{\n", encoding="utf-8")
    os.mkfifo(root / "schema" / "fog.schema.json")
    run = bp("check", cwd=root)
    assert run.returncode == 0, run.stderr
    assert ": OK\n" in run.stdout


# -- bp schema: the schemas for editors --------------------------------------------------------------------------


def _validators(folder: Path) -> dict[str, Draft202012Validator]:
    """The written schemas as an editor reads them: each file by its path, its $refs beside it."""
    documents = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in folder.glob("*.schema.json")}
    assert all("$id" not in document for document in documents.values())  # else an editor resolves $refs at the $id
    registry: Registry = Registry().with_resources((name, Resource.from_contents(d)) for name, d in documents.items())
    return {name: Draft202012Validator(document, registry=registry) for name, document in documents.items()}


def _yaml(path: Path) -> object:
    """A definitions file as bp reads it (YAML 1.2: `on:` is a key, not a boolean)."""
    return load(path).data


def test_bp_schema_writes_schemas_that_list_the_editions_ids(tmp_path: Path) -> None:
    root = reclassified(tmp_path / "v9")
    run = bp("schema", cwd=root)
    assert run.returncode == 0, run.stderr
    assert f"wrote {len(list((ROOT / 'schema').glob('*.schema.json')))} schemas into" in run.stdout  # every one of the toolchain's
    folder = root / "schema"
    actions = json.loads((folder / "actions.schema.json").read_text(encoding="utf-8"))
    category = actions["items"]["properties"]["category"]
    assert category["enum"] == ["basic", "summon", "basic-spell", "intermediate-spell", "advanced-spell", "pack", "trump", "soldier-borne"]
    assert category["enumDescriptions"][2:5] == ["基礎魔法", "中級魔法", "上級魔法"]
    validators = _validators(folder)
    for path in sorted((root / "definitions").rglob("*.yaml")):
        # the file's `$schema=` line resolves to a written schema, which accepts the file
        line = path.read_text(encoding="utf-8").splitlines()[0]
        target = (path.parent / line.split("$schema=", 1)[1]).resolve()
        assert target.parent == folder.resolve() and target.is_file(), line
        assert list(validators[target.name].iter_errors(_yaml(path))) == [], path
    spells = _yaml(root / "definitions" / "actions" / "3-quick-spell.yaml")
    spells[0]["category"] = "quick-spell"  # 第8.1版's: this edition has no such category
    assert any(e.validator == "enum" for e in validators["actions.schema.json"].iter_errors(spells))


def test_bp_schema_never_overwrites_a_schema_folder_it_did_not_write(tmp_path: Path) -> None:
    root = tmp_path / "rules"
    shutil.copytree(ROOT / "definitions", root / "definitions")
    (root / "schema").mkdir()
    mine = root / "schema" / "actions.schema.json"
    mine.write_text("{}\n", encoding="utf-8")
    run = bp("schema", cwd=root)
    assert run.returncode == 2
    assert "not made by bp" in run.stderr and mine.read_text(encoding="utf-8") == "{}\n"
    assert bp("schema", "--out", str(tmp_path / "elsewhere"), cwd=root).returncode == 0
    assert bp("schema", "--out", str(tmp_path / "elsewhere"), cwd=root).returncode == 0  # its own folder: replaced

