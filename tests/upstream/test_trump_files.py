"""bp import of upstream's trump files: 第七版's extra.yaml (abiList, each trump's actions and characters nested) and
v5-extra.yaml (list, written flat: actName, actName1 …), read into 第9.1.1版's vocabulary (tests/fixtures/upstream):
every printed trump a trump, its actions frame actions of it, its characters frame characters, field by field
equal to upstream's, each with a text-only reading."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

import toolchain
from tests.runbp import ROOT, bp
from toolchain.upstream import spelling, texts
from toolchain.upstream.imported_files import import_files
from toolchain.upstream.importer import Imported
from toolchain.upstream.trump_file import SUITS

UPSTREAM = ROOT / "tests" / "fixtures" / "upstream"
V7, V5 = UPSTREAM / "v7" / "extra.yaml", UPSTREAM / "v5" / "extra.yaml"
NAMES = UPSTREAM / "names-v7-extra.yaml"
EDITION = ROOT / "editions" / "v9.1.1"


def _import(path: Path, shown: str) -> Imported:
    result = import_files([path], EDITION, NAMES, shown={path: shown})
    assert not result.failed, [f.text() for f in result.findings if f.severity == "error"]
    return result


def _flat(entry: dict[str, Any], prefix: str) -> list[dict[str, Any]]:
    """A v5-extra.yaml entry's actions (or characters) as extra.yaml nests them: actName1 … read unsuffixed."""
    parts = []
    for suffix in ("", "1", "2", "3"):
        part = {key[: len(key) - len(suffix)]: value for key, value in entry.items()
                if key.startswith(prefix) and key.endswith(suffix) and (suffix or not key[-1].isdigit())}
        if part.get(f"{prefix}Name"):
            parts.append(part)
    return parts


def _printed(path: Path, list_key: str) -> list[dict[str, Any]]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return [entry for entry in data[list_key] if entry.get("name") and entry.get("output") == "●"]


def _upstream_cost(value: Any) -> str | None:
    return str(value) if value else None


@pytest.mark.parametrize("path, list_key, shown", [(V7, "abiList", "extra.yaml"), (V5, "list", "v5-extra.yaml")])
def test_every_printed_trump_equals_upstreams_field_by_field(path: Path, list_key: str, shown: str) -> None:
    result = _import(path, shown)
    upstream = _printed(path, list_key)
    assert [t["name"] for t in result.trumps] == [e["name"] for e in upstream]
    actions = {(a.get("trump"), a["name"]): a for a in result.frame_actions}
    characters = {c["name"]: c for c in result.frame_characters}
    for trump, entry in zip(result.trumps, upstream):
        assert trump["keycards"] == f"{SUITS[entry['suit']]}{entry['num']}"
        assert trump["ability"]["text"] == texts.to_markup(entry["ability"])
        assert trump["category"]  # the target's (革命: 表切札), else --names' for every trump
        assert [r["about"] for r in trump["reading"]] == ["ability"]
        acts = entry["acts"] if "acts" in entry else _flat(entry, "act")
        for act in acts:
            action = actions[(trump["id"], act["actName"])]
            assert action["group"] == "trump"  # the group 第9.1.1版 lists its trumps' actions under
            assert action["trigger"] == ("triggered" if act["actType"] == "誘発" else "direct")
            assert action["speed"] == ("instant" if act["actS"] == "●" else "normal")
            assert action["timing"] == {"メイン": "main", "クイック": "quick"}[act["actTime"]]
            assert action.get("cost") == _upstream_cost(act["actCost"])
            assert action.get("keycards") == (spelling.keycards(act["actKey"]).value if act["actKey"] else None)
            assert action.get("note") == (act["actNote"].lstrip("※") or None)
            assert (action["target"]["text"] if "target" in action else "") == act["actTarget"]
            assert action["effect"] == texts.to_markup(act["actEffect"])
            assert [r["about"] for r in action["reading"]] == ["effect"]
        chars = entry["chars"] if "chars" in entry else _flat(entry, "char")
        for char in chars:
            character = characters[char["charName"]]
            assert character["keycards"] == spelling.keycards(char["charKey"]).value
            abilities = [f"・{a['name']}（{a['text']}）" if a["name"] != a["text"] else f"・{a['text']}" for a in character["abilities"]]
            assert "\n".join(abilities) == texts.plain(char["charAbility"])


def test_the_trump_files_actions_are_the_trumps_frame_actions() -> None:
    """extra.yaml's actList (オープン, under its heading 切札) and each trump's own; an id the target edition has is kept."""
    result = _import(V7, "extra.yaml")
    by_name = {a["name"]: a for a in result.frame_actions}
    assert (by_name["オープン"]["group"], by_name["オープン"].get("trump")) == ("trump", None)
    assert (by_name["リアニメーター召喚"]["id"], by_name["リアニメーター召喚"]["trump"]) == ("reanimator-summon", "reanimator")
    assert by_name["ファントム"]["id"] == "phantom-action-1"  # 第9.1.1版 has no frame action of that name: the trump's first
    assert "frames" not in by_name["スラッシュ"]  # upstream's trump files name no frame


def test_an_unprinted_trump_is_left_out_with_a_warning_and_an_empty_card_silently() -> None:
    result = _import(V5, "v5-extra.yaml")
    warned = [(f.location.line, f.location.column, f.message) for f in result.findings if "not printed" in f.message]
    assert warned == [(62, 35, "the trump '抑制' is not printed upstream (output is not ●): left out")]
    assert "抑制" not in {t["name"] for t in result.trumps}


def test_a_trump_the_target_lacks_needs_a_category(tmp_path: Path) -> None:
    names = tmp_path / "names.yaml"
    names.write_text(NAMES.read_text(encoding="utf-8").replace('  "": face-up-trump\n', "  {}\n").replace("trump_categories:\n  {}\n", ""),
                     encoding="utf-8")
    source = tmp_path / "extra.yaml"
    source.write_text("abiList:\n  - suit: s\n    num: '9'\n    output: ●\n    name: 新しい切札\n    ruby: あたらしいきりふだ\n"
                      "    ability: 自分の兵士は強い。\n",
                      encoding="utf-8")
    result = import_files([source], EDITION, names, shown={source: "extra.yaml"})
    [error] = [f for f in result.findings if f.severity == "error"]
    assert (error.location.line, error.location.column, error.code) == (5, 11, "BP061")
    assert "trump_categories" in error.message


def test_bp_import_writes_the_trumps(tmp_path: Path) -> None:
    into = tmp_path / "rules"
    result = bp("import", str(V7), "--into", str(into), "--rules", str(EDITION), "--names", str(NAMES))
    assert result.returncode == 0, result.stderr
    assert f"{into}: 6 trumps imported" in result.stdout
    written = yaml.safe_load((into / "definitions" / "frames" / "trumps.yaml").read_text(encoding="utf-8"))
    assert [t["id"] for t in written] == ["revolution", "slash", "reanimator", "phantom", "loss", "fortress"]
    # the trumps and the trumps' actions are well formed: what bp check says of them is what is left to write
    checked = toolchain.load(into)
    assert [f.text() for f in checked.findings
            if f.location.path == "definitions/frames/trumps.yaml" and f.severity == "error"] == []


@pytest.mark.parametrize("path", [V7, V5])
def test_a_trump_file_imported_alone_passes_bp_check(tmp_path: Path, path: Path) -> None:
    """The rest of the repository is the target edition's (its pack actions, クローズ, the characters its frames name);
    what the file does not write of リアニメーター (formats, labels, size) is the target's, each a reading."""
    into = tmp_path / "rules"
    result = bp("import", str(path), "--into", str(into), "--rules", str(EDITION), "--names", str(NAMES))
    assert result.returncode == 0, result.stderr
    checked = bp("check", "--root", str(into), "--readings")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "warning[" not in checked.stderr, checked.stderr  # the target's history and site folders are not named
    for about in ("formats", "labels", "size"):
        assert f"リアニメーター (兵士) [{about}]" in checked.stdout


def _one_trump(tmp_path: Path, character: str) -> Imported:
    source = tmp_path / "extra.yaml"
    source.write_text("abiList:\n  - suit: s\n    num: Q\n    output: ●\n    name: 新しい切札\n    ruby: あたらしいきりふだ\n"
                      "    ability: 新兵を呼べる。\n    chars:\n    - charName: 新兵\n      ruby: しんぺい\n"
                      f"      charType: {character}\n      charKey: ♠Q と ♡2〜10\n      charAbility: ・この兵士は強い。\n",
                      encoding="utf-8")
    return import_files([source], EDITION, NAMES, shown={source: "extra.yaml"})


def test_a_character_the_target_lacks_takes_what_its_types_characters_share(tmp_path: Path) -> None:
    result = _one_trump(tmp_path, "兵士")
    assert not result.failed
    [character] = result.frame_characters
    assert character["size"] == {"text": "キーカードの数字の合計", "value": "rank-sum"}
    assert character["labels"] == ["attacker", "blocker"]  # what every soldier of 第9.1.1版's frames has
    assert character["formats"] == ["master"]
    assert [r["about"] for r in character["reading"]] == ["formats", "labels", "size", "abilities"]


def test_a_character_nothing_fills_in_is_an_error_that_says_what_to_write(tmp_path: Path) -> None:
    result = _one_trump(tmp_path, "防壁")  # 第9.1.1版's frames have no 防壁 character to take labels or formats from
    errors = [(f.location.line, f.code, f.message) for f in result.findings if f.severity == "error"]
    assert [(line, code) for line, code, _message in errors] == [(9, "BP061"), (9, "BP061")]
    assert "write frame in the entry" in errors[0][2] and "write charLabel in the entry" in errors[1][2]


def test_a_name_with_kanji_and_no_reading_anywhere_is_an_error(tmp_path: Path) -> None:
    names = tmp_path / "names.yaml"
    names.write_text(NAMES.read_text(encoding="utf-8").split("kana:")[0], encoding="utf-8")
    result = import_files([V7], EDITION, names, shown={V7: "extra.yaml"})
    [error] = [f for f in result.findings if f.severity == "error"]
    assert (error.location.line, error.location.column, error.code) == (126, 7, "BP061")
    assert "kana: {疲弊: …}" in error.message
