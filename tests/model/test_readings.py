"""Readings (definitions/README.md "Readings"): where the text is silent, the toolchain's reading is
marked in the data, listed by `bp check --readings` with file:line, and printed as the entry's ※ note."""

from __future__ import annotations

import json
from pathlib import Path

import toolchain
from tests.runbp import bp
from toolchain.model import display
from toolchain.model.reading_list import readings


def test_every_reading_the_issue_names_is_marked_in_the_data(defs) -> None:
    """魔術士's 魔力増加 scope, パック/レアパック's 7-card hand, 罠カウンター's trigger, and the core flow's pass record."""
    found = {(n.owner, n.reading.about) for n in readings(defs)}
    assert found >= {
        ("コアフロー", "pass-record"), ("コアフロー", "ability-order"), ("魔術士 (兵士)", "abilities"), ("パック", "start"), ("レアパック", "start"),
        ("罠カウンター (パック)", "trigger_condition"),
    }
    for noted in readings(defs):
        assert noted.reading.says and noted.reading.reads and noted.reading.why


def test_a_reading_is_located_at_its_own_line(defs, repo_root: Path) -> None:
    for noted in readings(defs):
        where = noted.reading.location
        line = (repo_root / where.path).read_text(encoding="utf-8").splitlines()[where.line - 1]
        assert "reading" in line.lower() or "about" in line or "location=" in line, (where, line)


def _readings_written(root: Path) -> int:
    """The readings as the data writes them, counted without the toolchain: each `reading:` of a
    definitions file (one note, or a list of them), and the core flow's (rules.yaml core_readings)."""
    import yaml

    written = len(yaml.safe_load((root / "definitions" / "rules.yaml").read_text(encoding="utf-8"))["core_readings"])
    for path in (root / "definitions").rglob("*.yaml"):
        items = yaml.safe_load(path.read_text(encoding="utf-8"))
        for item in items if isinstance(items, list) else []:
            note = item.get("reading") if isinstance(item, dict) else None
            written += 0 if note is None else 1 if isinstance(note, dict) else len(note)
    return written


def test_bp_check_lists_the_readings_with_file_and_line(repo_root: Path) -> None:
    result = bp("check", "--readings", "--root", str(repo_root))
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stdout.splitlines() if ": reading: " in line]
    assert any(line.startswith("definitions/characters.yaml:") and "魔術士 (兵士) [abilities]" in line for line in lines)
    assert any(line.startswith("definitions/rules.yaml:") and "コアフロー [pass-record]" in line for line in lines)
    assert len(lines) == _readings_written(repo_root)
    plain = bp("check", "--root", str(repo_root))
    assert ": reading: " not in plain.stdout  # only when asked for
    as_json = json.loads(bp("check", "--readings", "--format", "json", "--root", str(repo_root)).stdout)
    entry = next(r for r in as_json["summary"]["readings"] if r["anchor"] == "char-magician")
    assert entry["path"] == "definitions/characters.yaml" and entry["about"] == "abilities" and entry["line"] > 1


def test_the_entry_prints_the_reading_as_a_note(defs) -> None:
    magician = next(c for c in defs.characters if c.id == "magician")
    shown = {item.id: item for item in display.entry(defs, magician).items}
    note = shown["reading"]
    assert note.name == "解釈" and note.value.mark == "※" and note.rulebook
    text = "".join(str(block) for block in note.value.text.blocks)
    assert "誰の速攻魔法のコストか" in text and "理由" in text
    plain = next(action for action in defs.actions if not action.readings)
    assert "reading" not in {item.id for item in display.entry(defs, plain).items}  # none without a reading


def test_a_reading_without_its_why_is_refused(minimal_repo: Path) -> None:
    path = minimal_repo / "definitions" / "characters.yaml"
    text = path.read_text(encoding="utf-8").replace(
        "  labels: [attacker, blocker, haste]\n",
        "  labels: [attacker, blocker, haste]\n  reading:\n    says: 書いていない。\n    reads: こう読む。\n", 1)
    path.write_text(text, encoding="utf-8")
    result = bp("check", "--root", str(minimal_repo))
    assert result.returncode == 1
    line = text.splitlines().index("  reading:") + 1
    assert f"definitions/characters.yaml:{line + 1}:" in result.stderr and "BP010" in result.stderr and "why" in result.stderr


def test_the_core_flow_readings_are_the_editions(minimal_repo: Path) -> None:
    """第9.1版 moved 能力の適用順 from 6.4.2 to 6.3.1: its rules.yaml says so, and the reading is printed with its number."""
    rules = minimal_repo / "definitions" / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    assert text.count('says: "6.4.2 互いに矛盾しない場合は') == 1
    rules.write_text(text.replace('says: "6.4.2 互いに矛盾しない場合は', 'says: "6.3.1 互いに矛盾しない場合は'), encoding="utf-8")
    checked = toolchain.load(minimal_repo)
    order = next(noted for noted in readings(checked.definitions) if noted.reading.about == "ability-order")
    assert order.reading.says.startswith("6.3.1 ") and order.reading.location.path == "definitions/rules.yaml"
    assert order.owner == "コアフロー" and order.kind == "core-flow"


RULING_WITH_A_READING = """\
# yaml-language-server: $schema=../schema/rulings.schema.json
- id: up-size
  question: アップで加算したサイズは?
  answer: キーカードの数字分加算される。
  source: テスト
  date: 2025-06
  not_executable: テスト
  reading:
    says: 他のテストは別の読み方をする。
    reads: こう読む。
    why: 印刷されたカードが遊べる。
"""


def test_a_rulings_reading_is_listed_and_printed_in_the_faq(minimal_repo: Path) -> None:
    """A ruling that reads a silent text one way (where another test expects otherwise) says so as a definition does."""
    (minimal_repo / "definitions" / "rulings.yaml").write_text(RULING_WITH_A_READING, encoding="utf-8")
    result = bp("check", "--readings", "--root", str(minimal_repo))
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stdout.splitlines() if ": reading: " in line]
    assert "definitions/rulings.yaml:9:5: reading: up-size (裁定): こう読む。" in lines
    as_json = json.loads(bp("check", "--readings", "--format", "json", "--root", str(minimal_repo)).stdout)
    entry = next(r for r in as_json["summary"]["readings"] if r["anchor"] == "ruling-up-size")
    assert entry["kind"] == "ruling" and entry["path"] == "definitions/rulings.yaml" and entry["why"] == "印刷されたカードが遊べる。"
    defs = toolchain.load(minimal_repo).definitions
    shown = {item.id: item for item in display.ruling_items(defs, defs.rulings[0])}
    text = "".join(str(block) for block in shown["reading"].value.text.blocks)
    assert shown["reading"].name == "解釈" and "こう読む。" in text and "印刷されたカードが遊べる。" in text
