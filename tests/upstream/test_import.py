"""bp import: upstream's 第9.0版 action lists (tests/fixtures/upstream) read into a rules repository that
bp check accepts, every entry equal to upstream's field by field; upstream's loose spellings read with a
warning (BP060) and the words no vocabulary has refused (BP061), at upstream's file, line and column."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

import toolchain
from tests.runbp import ROOT, bp
from toolchain.checks import Checked
from toolchain.model.notations import KeycardsText
from toolchain.notation.kana import has_kanji, is_kana_name
from toolchain.upstream import spelling, texts
from toolchain.upstream.imported_files import import_files
from toolchain.upstream.importer import kebab

UPSTREAM = ROOT / "tests" / "fixtures" / "upstream"
ACT, ACT_FRAME = UPSTREAM / "v9.0" / "act.yaml", UPSTREAM / "v9.0" / "act-frame.yaml"
NAMES = UPSTREAM / "names-v9.yaml"
EDITION = ROOT / "editions" / "v9.1.1"  # the target edition: its rules.yaml names upstream's 9.0 words (攻撃, 基礎魔法)


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    into = tmp_path_factory.mktemp("import") / "rules"
    result = bp("import", str(ACT), str(ACT_FRAME), "--into", str(into), "--rules", str(EDITION), "--names", str(NAMES))
    assert result.returncode == 0, result.stderr
    return into


@pytest.fixture(scope="module")
def imported_checked(imported: Path) -> Checked:
    """The import loaded and checked once for the module's tests that read it (none changes it)."""
    return toolchain.load(imported)


def _entries(path: Path, list_key: str, inner: str) -> list[dict[str, Any]]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return [entry for group in data.get(list_key) or [] for entry in group[inner]]


def test_bp_check_accepts_the_import_and_lists_every_entry_as_left_to_write(imported: Path, imported_checked: Checked) -> None:
    loaded = imported_checked
    assert [f.text() for f in loaded.findings if f.severity == "error"] == []
    checked = bp("check", "--root", str(imported), "--readings", "--no-cache")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "warning[" not in checked.stderr, checked.stderr  # the target's history and site folders are not named
    upstream_actions = _entries(ACT, "actList", "acts") + _entries(ACT_FRAME, "actList", "acts")
    for action in upstream_actions:  # every action is listed as a text-only reading
        assert f"{action['actName']} (" in checked.stdout, action["actName"]
    assert checked.stdout.count("[effect]") == len(upstream_actions)


def _ids(imported: Path) -> dict[tuple[str, str], str]:
    """(kind, upstream's id) → the id the import gave it (the target edition's where the entry is one of its own)."""
    kept = yaml.safe_load((imported / "upstream.yaml").read_text(encoding="utf-8"))["entries"]
    return {(key.split(":")[0], str(entry["id"])): key.split(":", 1)[1] for key, entry in kept.items()}


def _kana_as_upstream(item: Any, entry: dict[str, Any]) -> None:
    """The reading is upstream's ruby (in hiragana); a name in kana alone has none (it reads as written); where upstream
    gives none for a name with kanji, the target edition's reading is taken (誘惑)."""
    if "ruby" in entry:
        assert (item.kana or None) == (None if is_kana_name(item.name) else texts.kana(entry["ruby"])), item.id
    else:
        assert bool(item.kana) == has_kanji(item.name), item.id


def test_every_action_equals_upstreams_field_by_field(imported: Path, imported_checked: Checked) -> None:
    defs = imported_checked.definitions
    ours = {a.id: a for a in (*defs.actions, *defs.frame_actions)}
    ids = _ids(imported)
    names = yaml.safe_load(NAMES.read_text(encoding="utf-8"))
    upstream = [("actions", e) for e in _entries(ACT, "actList", "acts")] + [("frame-actions", e) for e in _entries(ACT_FRAME, "actList", "acts")]
    assert len(upstream) == len(ours) == 98
    for kind, entry in upstream:
        action = ours[ids[(kind, entry["actId"])]]
        assert action.name == entry["actName"]
        _kana_as_upstream(action, entry)
        assert (defs.name_of("triggers", action.trigger), defs.name_of("speeds", action.speed),
                defs.name_of("timings", action.timing)) == (entry["actTrigger"], entry["actSpeed"], entry["actTime"])
        cost = "".join(names["costs"].get(letter, letter) for letter in str(entry.get("actCost") or ""))
        assert (action.cost or "") == cost
        written = entry.get("actUnit") or entry.get("actKey")
        if action.keycards:  # the keycards print as upstream writes them (spaces aside)
            shown = defs.keycards_display(action.keycards) or ""
            assert shown.replace(" ", "") == str(written).replace(" ", ""), action.id
        else:  # the spellings the notation has not: kept, with a reading
            assert written in (None, "レアカード1枚", "<ファントム> を持つ防壁1体"), action.id
            assert written is None or "keycards" in {r.about for r in action.readings}, action.id
        assert str(action.effect) == texts.to_markup(entry["actEffect"]), action.id
        for field, key in (("activation_condition", "actActCond"), ("trigger_condition", "actTriggerCond")):
            mine = getattr(action, field)
            assert (str(mine) if mine else None) == (texts.to_markup(entry[key]) if key in entry else None), (action.id, key)
        assert (str(action.note) if action.note else None) == (entry["actNote"].lstrip("※") if "actNote" in entry else None)
        assert (action.target.text if action.target else None) == entry.get("actTarget")
        assert (action.story or None) == entry.get("story")
        assert action.since == (spelling.version(entry["since"]).value if "since" in entry else None)
        assert list(action.updated) == (spelling.versions(entry["update"]).value if "update" in entry else [])


def test_characters_and_fog_equal_upstreams(imported: Path, imported_checked: Checked) -> None:
    """act.yaml's characters and act-frame.yaml's (the trumps' characters: the frame characters), and both fog lists."""
    defs = imported_checked.definitions
    characters = {c.id: c for c in defs.characters}
    ids = _ids(imported)
    upstream = [("characters", e) for e in _entries(ACT, "charList", "chars")] + [("frame-characters", e) for e in _entries(ACT_FRAME, "charList", "chars")]
    assert len(upstream) == len(characters) == 12
    for kind, entry in upstream:
        character = characters[ids[(kind, entry["charId"])]]
        assert character.frame_character == (kind == "frame-characters")
        assert character.name == entry["charName"]
        _kana_as_upstream(character, entry)
        assert (defs.keycards_display(character.keycards) or "").replace(" ", "") == entry["charKey"].replace(" ", "")
        assert (character.size_text or None) == (str(entry["charSize"]) if "charSize" in entry else None)
        labels = [defs.label_name(label.label) for label in character.labels]
        assert labels == [word for word, condition in spelling.labelled(entry["charLabel"]).value if not condition]
        abilities = [f"・{a.name}（{a.text}）" if a.name != a.text else f"・{a.text}" for a in character.abilities]
        assert "\n".join(abilities) == texts.plain(entry.get("charAbility") or ""), character.id
        assert character.since == (spelling.version(entry["since"]).value if "since" in entry else None)
        assert list(character.updated) == (spelling.versions(entry["update"]).value if "update" in entry else [])
    for fogs, path in ((defs.fog, ACT), (defs.frame_fog, ACT_FRAME)):
        by_name = {f.name: f for f in fogs}
        for entry in _entries(path, "fogList", "fogs"):
            assert str(by_name[entry["fogName"]].ability) == texts.to_markup(entry["fogAbility"])


def test_the_readings_mark_what_is_left(imported: Path) -> None:
    armed = (imported / "definitions" / "characters.yaml").read_text(encoding="utf-8")
    assert "速攻(キーカードにAが含まれる場合のみ)" in armed  # the conditional label, left out with a reading that says it


LOOSE = """\
actList:
  - type: 基本
    acts:
    - format: ',,pro,mast'
      actName: エンド
      actId: end
      actType: 基本
      actTrigger: 直接
      actSpeed: 通常
      actTime: メイン
      actKey: ２〜10
      actEffect: 自分のターンを終了する。
      since: v0.2
      update: v3.0,8.0,v8.1
"""


def test_loose_spellings_are_read_with_a_warning_at_upstreams_line(tmp_path: Path) -> None:
    source = tmp_path / "act.yaml"
    source.write_text(LOOSE, encoding="utf-8")
    result = import_files([source], EDITION, shown={source: "act.yaml"})
    found = {(f.location.path, f.location.line, f.location.column, f.code, f.severity) for f in result.findings}
    assert ("act.yaml", 4, 15, "BP060", "warning") in found  # ',,pro,mast'
    assert ("act.yaml", 11, 15, "BP060", "warning") in found  # ２〜10
    assert ("act.yaml", 14, 15, "BP060", "warning") in found  # 8.0
    [action] = result.actions
    assert (action["formats"], action["keycards"], action["updated"]) == (["pro", "master"], "2-10", ["v3.0", "v8.0", "v8.1"])
    assert not result.failed


def test_a_word_no_vocabulary_has_is_an_error_and_nothing_is_written(tmp_path: Path) -> None:
    source = tmp_path / "act.yaml"
    source.write_text(LOOSE.replace("actTime: メイン", "actTime: ひるま"), encoding="utf-8")
    into = tmp_path / "out"
    result = bp("import", str(source), "--into", str(into), "--rules", str(EDITION))
    assert result.returncode == 1
    assert f"{source}:10:16: error[BP061]" in result.stderr
    assert not into.exists()


def test_a_folder_bp_did_not_make_is_refused(tmp_path: Path) -> None:
    into = tmp_path / "mine"
    into.mkdir()
    (into / "notes.txt").write_text("mine", encoding="utf-8")
    result = bp("import", str(ACT), "--into", str(into), "--rules", str(EDITION))
    assert result.returncode == 2
    assert (into / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_markup_maps_upstreams_nesting_both_ways() -> None:
    upstream = "比較する\n1. 一\n2. 二\n-1. 二の一\n--A. 甲\n-・点\n・終わり"
    ours = texts.to_markup(upstream)
    assert ours == "比較する\n1. 一\n2. 二\n   1. 二の一\n      A. 甲\n   - 点\n- 終わり"
    assert texts.from_markup(ours) == upstream


@pytest.mark.parametrize("upstream, notation", [
    ("♡A〜10", "♡A-10"), ("♠A〜10 を 2枚", "♠A-10 x2"), ("♡A〜K と ♢A〜K", "♡A-K & ♢A-K"),
    ("同じスートのA,10〜K を 5枚", "same-suit A,10-K x5"), ("同じスートを2枚以上", "same-suit x2+"), ("同じ数字を2枚", "same-rank x2"),
])
def test_keycards_map_both_ways(upstream: str, notation: str) -> None:
    assert spelling.keycards(upstream).value == notation
    assert KeycardsText.of(notation).error is None
    assert spelling.keycards_back(notation) == upstream


V6, NAMES_V6 = UPSTREAM / "v6" / "act.yaml", UPSTREAM / "names-v6.yaml"


def test_an_earlier_edition_reads_its_speed_mark_and_full_width_markers(tmp_path: Path) -> None:
    """第六版 writes no trigger or speed (actS: ● for 即時) and numbers its items １．; into 第8.1版's vocabulary."""
    result = import_files([V6], ROOT, NAMES_V6, shown={V6: "v6-act.yaml"})
    assert not result.failed, [f.text() for f in result.findings]
    by_id = {a["id"]: a for a in result.actions}
    # each takes the id of 第8.1版's action of its name (防壁設置 is bulwark-placement there; 帰還 is return)
    assert (by_id["bulwark-placement"]["trigger"], by_id["bulwark-placement"]["speed"]) == ("direct", "instant")
    assert (by_id["return"]["speed"], by_id["return"]["formats"]) == ("normal", ["standard", "pro", "master"])
    assert by_id["charge"]["category"] == "basic"
    assert by_id["return"]["effect"] == "1. 対象のキャラクターがチャージ状態の場合、対象のキャラクターを手札に戻す。\n2. キーカードを手札に戻す。"
    warned = {(f.location.line, f.message) for f in result.findings if f.code == "BP060"}
    assert any(line == 43 and "１．" in message for line, message in warned)


def test_an_earlier_edition_without_its_names_is_told_what_to_name(tmp_path: Path) -> None:
    result = import_files([V6], ROOT, shown={V6: "v6-act.yaml"})
    assert result.failed
    messages = [f.message for f in result.findings if f.code == "BP061"]
    assert any("actS '●'" in message and "--names" in message for message in messages), messages


def test_since_is_held_to_the_earlier_editions_data(tmp_path: Path) -> None:
    """チャージ says since v4.0; an edition v5.0 whose data lacks it, and 第六版's which has it: it first appears in v6.0."""
    v5 = tmp_path / "v5-act.yaml"
    v5.write_text("actList:\n  - type: 基本\n    acts:\n    - actName: エンド\n      actId: end\n", encoding="utf-8")
    result = import_files([ACT], EDITION, shown={ACT: "act.yaml"}, history=[("v6.0", V6), ("v5.0", v5)])
    said = {(f.location.line, f.location.column): f.message for f in result.findings if f.code == "BP062"}
    assert said[(47, 14)] == f"チャージ says since v4.0, but v5.0's data ({v5}) does not have it: it first appears in v6.0"
    assert (34, 14) not in said  # エンド: since v0.2, and the v5.0 data has it
    assert [record["edition"] for record in result.history] == ["v5.0", "v6.0"]  # written as history/upstream-<edition>.yaml


def test_history_needs_edition_and_file(tmp_path: Path) -> None:
    result = bp("import", str(ACT), "--into", str(tmp_path / "out"), "--rules", str(EDITION), "--history", str(V6))
    assert result.returncode == 2
    assert "EDITION=FILE" in result.stderr


def test_a_frame_files_fog_is_frame_fog(imported_checked: Checked) -> None:
    """act-frame.yaml's fogList (クローズ) belongs to a frame action and its frames: the frame fog, not the fog."""
    defs = imported_checked.definitions
    [close] = defs.frame_fog
    assert (close.name, close.action, close.frames) == ("クローズ", "close", ("extra",))
    assert texts.from_markup(str(close.ability)) == "対象とした切札はこのターンが終わるまで表向きにできない。"
    assert "クローズ" not in {fog.name for fog in defs.fog}


def test_the_trumps_upstream_lists_are_said_not_imported(tmp_path: Path) -> None:
    source = tmp_path / "act-frame.yaml"
    source.write_text(
        "actList:\n  - type: 切札操作\n    acts:\n    - frame: ・エクストラ\n      actName: クイックオープン\n      actId: quickOpen\n"
        "      actType: 切札操作\n      actTrigger: 直接\n      actSpeed: 即時\n      actTime: クイック\n"
        "      actEffect: 自分の裏切札を1枚表にし表切札とする。\ntrumpList:\n  - type: 切札♠2 スラッシュ\n    trumps: []\n",
        encoding="utf-8")
    result = import_files([source], EDITION, shown={source: "act-frame.yaml"})
    [said] = [f for f in result.findings if "trumpList" in f.message]
    assert (said.location.line, said.location.column, said.code, said.severity) == (12, 1, "BP060", "warning")
