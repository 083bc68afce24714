"""BP048: the printed effect and the program disagree (toolchain/checks/effect_facts.py). One drift planted
in the real definitions per kind of fact, each found at its line with the severity of its kind; every edition
of the project clean; a character's or trump's ability against its data; a reading `about: program, fact: KIND` excuses that kind and no other."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.repos import drop_missing_history
from toolchain.checks import effect_facts
from toolchain.model.loader import load_definitions

ROOT = Path(__file__).resolve().parents[2]
V9 = ROOT / "tests" / "editions" / "v9.0"
V911 = ROOT / "editions" / "v9.1.1"

# (kind, file, old, new, line, severity, a fragment of the message)
DRIFTS = [
    ("number", "actions/1-basic.yaml", "      - draw: 1\n      - choose_one:", "      - draw: 2\n      - choose_one:", 160, "error",
     "ドロー: the program has the number, the printed text does not state it: 自分のライフの一番上からカードを2枚引き"),
    ("zone", "actions/4-normal-spell.yaml", "      - move: target\n        to: graveyard\n  examples:\n    - name: 対象の防壁を墓地に移す",
     "      - move: target\n        to: hand\n  examples:\n    - name: 対象の防壁を墓地に移す", 15, "error",
     "防壁破壊: the printed text states the zone, the program does not: 「対象の防壁を場から墓地に移す。」; the program: moves to 手札"),
    ("zone", "actions/4-normal-spell.yaml", "        at: bottom", "        at: top", 418, "error",
     "徴募: the printed text states the zone, the program does not: 「2. 残りのカードをライフの一番下に好きな順で移す。」"),
    ("whose", "actions/4-normal-spell.yaml", "      - choose: {zone: hand, player: target}", "      - choose: {zone: hand}", 283, "error",
     "ハンデス: the printed text states whose zone it is, the program does not: 「対戦相手の手札を見て1枚カードを指定する。」"),
    ("face", "frames/actions.yaml", "      - flip: $card\n        face: up\n  examples:\n    - name: コスト DD",
     "      - flip: $card\n        face: down\n  examples:\n    - name: コスト DD", 342, "warning",
     "オープン: the printed text states face up or face down, the program does not: 「自分の裏切札を1枚表にし切札とする。」"),
    ("state", "actions/1-basic.yaml", "      - charge: {characters: {player: turn-player}}", "      - drive: {characters: {player: turn-player}}",
     131, "warning", "チャージ: the printed text states charged or driven, the program does not"),
    ("once", "actions/1-basic.yaml", "    activation: {once_per_turn: true}", "    activation: {once_per_turn: false}", 206, "warning",
     "アタック: the printed text states once per turn, the program does not: 「プレイヤーは、1 ターンに1回までこのアクションを起こすことができる。」"),
    ("until", "frames/actions.yaml", "        face: down\n        lock: end-of-turn", "        face: down", 393, "warning",
     "クローズ: the printed text states until the end of the turn, the program does not: 「このターンが終わるまで、それは表向きにならない。」"),
    ("suit", "actions/4-normal-spell.yaml", "        amount: {rank: {of: key, suit: ♠}}\n  examples:\n    - name: ♠ のキーカード",
     "        amount: {rank: {of: key, suit: ♣}}\n  examples:\n    - name: ♠ のキーカード", 53, "warning",
     "投擲: the program has the suit, the printed text does not state it: キーカードの♣のカード"),
    ("rank", "actions/2-summon.yaml", "{of: it, ranks: [Joker]}}}]}\n    effect:\n      - attach", "{of: it, ranks: [Q]}}}]}\n    effect:\n      - attach",
     415, "warning", "装備: the program has the card's number, the printed text does not state it: それの数字がQのカード"),
]
# A character's or trump's ability against its data: one drift per kind it can state (edition, file, old, new, line,
# severity, a fragment of the message).
ABILITY_DRIFTS = [
    ("whose", ROOT, "frames/trumps.yaml", "    scope: your\n    grants: slash", "    scope: all\n    grants: slash", 11, "error",
     "スラッシュ: the printed ability states whose zone it is, its data does not: 「あなたの場にいる ♠ の兵士は <スラッシュ> を持つ。」"),
    ("number", ROOT, "frames/trumps.yaml", "    grants: slash\n", "    grants: slash\n    size: {add: 3}\n", 11, "error",
     "スラッシュ: the ability's data has the number, the printed text does not state it"),
    ("suit", V9, "frames/trumps.yaml", "where: {exists: {of: it, suit: ♠}}", "where: {exists: {of: it, suit: ♣}}", 133, "warning",
     "要塞: the printed ability states the suit, its data does not"),
    ("state", V9, "frames/trumps.yaml", "      steps: [charge]", "      steps: [drive]", 91, "warning",
     "喪失: the printed ability states charged or driven, its data does not: 「全てのプレイヤーはチャージアクションの効果で"),
    ("label", ROOT, "frames/trumps.yaml", "    scope: your\n    grants: slash", "    scope: your\n    grants: switch", 11, "warning",
     "スラッシュ: the printed ability states the label, its data does not: 「あなたの場にいる ♠ の兵士は <スラッシュ> を持つ。」; "
     "the data: あなたのキャラクター: スイッチを与える"),
]
# Who chooses: ブロック's opponent chooses the blockers in three places.
CHOOSER = [("                    max: all\n                    by: opponent", "                    max: all"),
           ("                    count: 1\n                    by: opponent", "                    count: 1"),
           ("            by: opponent\n            prompt: ブロック", "            prompt: ブロック")]


def _copy(tmp_path: Path, source: Path = ROOT) -> Path:
    shutil.copytree(source / "definitions", tmp_path / "definitions")
    return drop_missing_history(tmp_path)


def _edit(root: Path, file: str, old: str, new: str) -> None:
    path = root / "definitions" / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def _findings(root: Path) -> list:
    return effect_facts.run(load_definitions(root).definitions)


@pytest.mark.parametrize("edition", [ROOT, V9, V911], ids=["8.1", "9.0", "9.1.1"])
def test_the_editions_of_the_project_agree_with_their_programs(edition: Path) -> None:
    assert [f.text() for f in _findings(edition)] == []


@pytest.mark.parametrize(("kind", "file", "old", "new", "line", "severity", "says"), DRIFTS,
                         ids=[f"{d[0]}-{i}" for i, d in enumerate(DRIFTS)])
def test_a_drift_is_found_at_its_line(tmp_path: Path, kind: str, file: str, old: str, new: str, line: int, severity: str,
                                      says: str) -> None:
    root = _copy(tmp_path)
    _edit(root, file, old, new)
    found = [(f.location.path, f.location.line, f.code, f.severity, f.message) for f in _findings(root)]
    assert any((path, at, code, level) == (f"definitions/{file}", line, "BP048", severity) and says in message
               for path, at, code, level, message in found), found


@pytest.mark.parametrize(("kind", "edition", "file", "old", "new", "line", "severity", "says"), ABILITY_DRIFTS,
                         ids=[d[0] for d in ABILITY_DRIFTS])
def test_an_abilitys_drift_from_its_data_is_found_at_its_text(tmp_path: Path, kind: str, edition: Path, file: str, old: str,
                                                              new: str, line: int, severity: str, says: str) -> None:
    root = _copy(tmp_path, edition)
    _edit(root, file, old, new)
    found = [(f.location.path, f.location.line, f.severity, f.message) for f in _findings(root)]
    assert any((path, at, level) == (f"definitions/{file}", line, severity) and says in message
               for path, at, level, message in found), found


def test_a_reading_on_the_ability_excuses_its_kind(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    _edit(root, "frames/trumps.yaml", "    scope: your\n    grants: slash\n",
          "    scope: your\n    grants: switch\n  reading:\n    about: ability\n    fact: label\n    says: a\n    reads: b\n    why: c\n")
    assert [f.text() for f in _findings(root)] == []


def test_who_chooses_is_compared(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    for old, new in CHOOSER:
        _edit(root, "actions/1-basic.yaml", old, new)
    [finding] = _findings(root)
    assert (finding.location.line, finding.severity) == (263, "warning")
    assert "ブロック: the printed text states who chooses, the program does not" in finding.message


def test_a_fog_entry_states_what_its_action_must_do(tmp_path: Path) -> None:
    """The fog entry クローズ prints the lock too: without it in the program, it disagrees as well."""
    root = _copy(tmp_path)
    _edit(root, "frames/actions.yaml", "        face: down\n        lock: end-of-turn", "        face: down")
    assert ("definitions/frames/fog.yaml", "until") in {(f.location.path, "until") for f in _findings(root)}


def test_a_reading_excuses_its_kind_of_fact_and_no_other(tmp_path: Path) -> None:
    """修繕 (9.0) checks for a Joker its text does not name: its reading (fact: rank) excuses that; given another
    kind, it excuses the rank no more."""
    root = _copy(tmp_path, V9)
    _edit(root, "frames/actions.yaml", "    - about: program\n      fact: rank\n", "    - about: program\n      fact: number\n")
    [finding] = _findings(root)
    assert (finding.location.path, finding.severity) == ("definitions/frames/actions.yaml", "warning")
    assert "修繕: the program has the card's number, the printed text does not state it: 対象の数字がJokerのカード" in finding.message


def test_a_text_that_refers_to_another_entry_is_read_with_it(tmp_path: Path) -> None:
    """「効果の内容は「…」を参照」: what the program does is stated by the entry it refers to."""
    root = _copy(tmp_path)
    _edit(root, "actions/4-normal-spell.yaml", "  effect: 対象の防壁を場から墓地に移す。", "  effect: 効果の内容は「ハンデス」を参照。")
    assert [f.location.line for f in _findings(root)] == []  # ハンデス's 「捨てる」 moves to the graveyard
    root2 = _copy(tmp_path / "again")
    _edit(root2, "actions/4-normal-spell.yaml", "  effect: 対象の防壁を場から墓地に移す。", "  effect: 効果の内容を参照。")
    assert [f.location.line for f in _findings(root2)] == [15]


def test_a_renamed_zone_is_read_by_its_new_name(tmp_path: Path) -> None:
    """The zones' names are the edition's (rules.yaml): renamed there alone, every printed text still naming the old
    name is reported at its line; renamed in the texts too, nothing is."""
    root = _copy(tmp_path)
    _edit(root, "rules.yaml", "name: 墓地\n", "name: 捨て札\n")
    found = {(f.location.path, f.location.line) for f in _findings(root)}
    assert ("definitions/actions/4-normal-spell.yaml", 15) in found  # 防壁破壊: 「対象の防壁を場から墓地に移す。」
    assert all("捨て札" in f.message for f in _findings(root))
    for path in (root / "definitions").rglob("*.yaml"):
        path.write_text(path.read_text(encoding="utf-8").replace("墓地", "捨て札"), encoding="utf-8")
    assert [f.text() for f in _findings(root)] == []
