"""`bp check --explain ID`: an entry's printed text beside its program's reading, as an editor runs it."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.repos import drop_missing_history
from tests.runbp import bp

ROOT = Path(__file__).resolve().parents[2]
JAPANESE = {"LANG": "ja_JP.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}


def test_an_action_is_explained_in_japanese() -> None:
    run = bp("check", "--root", str(ROOT), "--explain", "ドロー", env=JAPANESE)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == "ドロー (draw)  definitions/actions/1-basic.yaml:152"
    assert lines[1:5] == ["── 印刷された文 ──", "誘発条件: ターンプレイヤーかつ、チャージアクションが解決した時に誘発する。", "効果:",
                          "   1. ライフの一番上からカードを1枚引き、手札に加える。"]
    assert "   1. 自分のライフの一番上からカードを1枚引き、手札に加える" in lines
    assert lines[-2:] == ["── 食い違い (BP048) ──", "見つからない"]


def test_an_id_shared_by_an_action_and_its_fog_entry_explains_both() -> None:
    run = bp("check", "--root", str(ROOT), "--explain", "up")
    assert run.returncode == 0, run.stderr
    assert "アップ (up)  definitions/actions/3-quick-spell.yaml:3" in run.stdout
    assert "アップ (up)  definitions/fog.yaml:3" in run.stdout


def test_a_drift_is_shown_and_fails(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "definitions", tmp_path / "definitions")
    drop_missing_history(tmp_path)
    path = tmp_path / "definitions" / "actions" / "1-basic.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("      - draw: 1\n      - choose_one:", "      - draw: 2\n      - choose_one:"),
                    encoding="utf-8")
    run = bp("check", "--root", str(tmp_path), "--explain", "draw")
    assert run.returncode == 1
    assert ("definitions/actions/1-basic.yaml:160:11: error[BP048]: ドロー: the program has the number, the printed text does "
            "not state it: 自分のライフの一番上からカードを2枚引き、手札に加える") in run.stdout


def test_on_a_wide_terminal_the_two_sides_stand_in_columns() -> None:
    """A kanji takes two columns of the terminal: every line is as wide as the terminal, or narrower, and the
    two columns meet at one place."""
    from toolchain.cli.side_by_side import side_by_side, width_of

    left = ["効果: 対象の防壁を場から墓地に移す。" * 3]
    right = ["効果:", "   1. 対象を墓地に移す"]
    lines = side_by_side(left, right, 60)
    assert all(width_of(line) <= 60 for line in lines)
    assert {width_of(line.split("│")[0]) for line in lines} == {29}
    assert "".join(line.split(" │")[0].rstrip() for line in lines) == left[0]
    assert [line.split("│ ")[1] for line in lines if "│ " in line] == right  # each source line starts a row


def test_an_unknown_id_is_said_in_japanese_as_the_other_refusals_are() -> None:
    run = bp("check", "--root", str(ROOT), "--explain", "nosuch", env=JAPANESE)
    assert run.returncode == 2
    assert run.stderr == "bp check: id または名前が 'nosuch' のアクション、フォグ、キャラクター、切札はありません\n", run.stderr
