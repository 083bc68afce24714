"""bp balance end to end: the same figures on one core, on worker processes and on a Dask cluster; a planted
imbalance flagged between two revisions with its interval; the report, its schema, and what it refuses."""

from __future__ import annotations

import json
import os
import re
import signal
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from tests.diff.conftest import commit_all, edit
from tests.runbp import ROOT, bp, sigint_at_default, start_bp
from toolchain import simtools

SCHEMA = json.loads((ROOT / "schema" / "balance.schema.json").read_text(encoding="utf-8"))
SUMMON = "definitions/actions/2-summon.yaml"


def figures(document: dict[str, Any]) -> dict[str, Any]:
    """The document without what depends on where and how fast it was played."""
    return {key: value for key, value in document.items() if key not in ("seconds", "where")}


def run_json(*args: str) -> dict[str, Any]:
    run = bp("balance", *args, "--json")
    assert run.returncode == 0, run.stderr
    document = json.loads(run.stdout)
    assert [error.message for error in Draft202012Validator(SCHEMA).iter_errors(document)] == []
    return document


def test_the_same_figures_on_one_core_on_workers_and_on_a_cluster(local_cluster: str, tmp_path: Path) -> None:
    # Slow (about 30 s): the same games three ways, the last on a Dask cluster that starts its own processes.
    common = ("--root", str(ROOT), "--games", "16", "--seed", "5")
    one = run_json(*common, "--workers", "1", "--out", str(tmp_path / "one"))
    two = run_json(*common, "--workers", "2", "--out", str(tmp_path / "two"))
    cluster = run_json(*common, "--cluster", local_cluster, "--out", str(tmp_path / "cluster"))
    assert figures(one) == figures(two) == figures(cluster)
    assert one["where"] == {"kind": "one-core"} and two["where"] == {"kind": "processes", "count": 2}
    assert cluster["where"] == {"kind": "cluster", "address": local_cluster, "workers": 3, "threads": 3}
    regulation = one["regulations"][0]
    assert regulation["games"] == 16 and all(row["games"] == 16 for row in regulation["restricted"] if "games" in row)
    # the standard agents' games are bp sim's games (the same seeds)
    sim = json.loads(bp("sim", "--root", str(ROOT), "--games", "16", "--seed", "5", "--json").stdout)["regulations"][0]
    assert regulation["first_player"]["wins"] == sim["first_player_wins"]
    assert regulation["length"]["mean_turns"] == pytest.approx(sim["average_turns"], abs=0.01)


def test_a_capped_workers_is_said(tmp_path: Path) -> None:
    """As bp sim's: --workers 100000 plays on two processes per core, and says so."""
    run = bp("balance", "--root", str(ROOT), "--games", "2", "--only", "attack", "--workers", "100000", "--out", str(tmp_path / "out"),
             "--json")
    assert run.returncode == 0, run.stderr
    cap = simtools.PROCESSES_PER_CORE * (os.cpu_count() or 1)
    assert (f"bp balance: --workers 100000: playing on {cap} processes, {simtools.PROCESSES_PER_CORE} per core "
            "(more play no faster; the figures are the same)") in run.stderr
    assert json.loads(run.stdout)["where"] == {"kind": "processes", "count": cap}
    assert f"on {cap} processes (measured:" in run.stderr


def test_the_report_speaks_the_language_of_the_run_and_its_json_none(tmp_path: Path) -> None:
    """index.html (its headings, tables, notes and the charts' labels) is a page of the site: in the documents'
    language (Japanese) whatever the locale of the machine that ran it, or in the one --lang chose. The terminal
    follows the locale. balance.json, where the games were played too, is the same in every language."""
    common = ("--root", str(ROOT), "--games", "2", "--only", "attack", "--workers", "1", "--json")
    english = bp("--lang", "en", "balance", *common, "--out", str(tmp_path / "en"))
    japanese = bp("balance", *common, "--out", str(tmp_path / "ja"), env={"LANGUAGE": "", "LANG": "ja_JP.UTF-8"})
    english_locale = bp("balance", *common, "--out", str(tmp_path / "ci"), env={"LANGUAGE": "", "LANG": "C.UTF-8"})
    assert english.returncode == japanese.returncode == english_locale.returncode == 0, english.stderr + japanese.stderr
    assert "on one core (measured:" in english.stderr and "1 コアで約" in japanese.stderr
    assert "on one core (measured:" in english_locale.stderr  # the terminal in the locale's language
    documents = [json.loads(run.stdout) for run in (english, japanese, english_locale)]
    assert figures(documents[0]) == figures(documents[1]) == figures(documents[2])
    assert documents[0]["where"] == documents[1]["where"] == documents[2]["where"] == {"kind": "one-core"}
    page = {language: (tmp_path / language / "index.html").read_text(encoding="utf-8") for language in ("en", "ja", "ci")}
    assert page["ci"] == page["ja"], "a run on an English machine publishes the Japanese page"
    assert '<html lang="en">' in page["en"] and '<html lang="ja">' in page["ja"]
    for language, words in {
        "en": ("<title>Balance measurement: working tree</title>", "<h3>Game length</h3>", "<th>Win rate</th>",
               ">Turns</text>", ">Times per game</text>", ">Change of the win rate when forbidden (points)</text>",
               "<td>action</td>", "Not restricted: a triggered action", "Made by bp balance · 4 games, one core</footer>"),
        "ja": ("<title>バランス測定: 作業ツリー</title>", "<h3>ゲームの長さ</h3>", "<th>勝率</th>", ">ターン数</text>",
               ">1 ゲームあたりの回数</text>", ">禁じたときの勝率の変化 (ポイント)</text>", "<td>アクション</td>",
               "対象外: 誘発するアクション", 'で示します。', '<span class="flagged">赤</span>', "bp balance が生成 ・ 4 ゲーム、1 コア</footer>"),
    }.items():
        assert [word for word in words if word not in page[language]] == [], language
    assert not re.search(r"[\u3040-\u30ff]", re.sub(r"<td>[^<]*</td>|<h2>[^<]*</h2>|<text[^>]*>[^<]*</text>", "", page["en"])), \
        "no Japanese in the English page but the rules' own names"


HERO_SUMMON_PAID = """  keycards: J-K
  cost: BBL
  effect: キーカードを英雄として表向きかつチャージ状態で場に出す。"""
HERO_SUMMON_EXAMPLES_PAID = """    - name: コスト BBL を払い、キーカードを英雄として出す
      given:
        you: {hand: ♠Q, field: "[♡6] [♡7]", life: ♣2 ♣3}
      request: ★♠Q
      expect:
        you: {hand: "", field: "♠Q(new) [♡6](driven) [♡7](driven)", life: ♣3, graveyard: ♣2}
    - name: "コスト BBL: 防壁が1体では英雄召喚は起こせない (2.2)"
      given:
        you: {hand: ♠K, field: "[♡6]"}
      request: ★♠K
      illegal: cost
"""
HERO_SUMMON_EXAMPLE_FREE = """    - name: コストを払わず、キーカードを英雄として出す
      given:
        you: {hand: ♠Q, field: "[♡6] [♡7]", life: ♣2 ♣3}
      request: ★♠Q
      expect:
        you: {hand: "", field: "♠Q(new) [♡6] [♡7]", life: ♣2 ♣3}
"""


def test_a_planted_imbalance_is_flagged_with_its_interval(rules_repo: Path) -> None:
    """英雄召喚 made free (its cost BBL removed, its examples with it) in the head revision: in スタンダード + パック
    an agent forbidden it, facing free heroes, loses far more often than before (from about -3 points to about
    -17), and the comparison flags that change of its win rate with an interval that leaves out zero. 800 games
    per agent and revision give this effect (about 12 points) a power near 0.99 (--only: two agents, 3,200 games)."""
    # Slow (over 30 s): a change of a few points is flagged only with hundreds of games per agent, in two
    # revisions; fewer would leave the interval around zero.
    edit(rules_repo, SUMMON, HERO_SUMMON_PAID, HERO_SUMMON_PAID.replace("  cost: BBL\n", ""))
    edit(rules_repo, SUMMON, HERO_SUMMON_EXAMPLES_PAID, HERO_SUMMON_EXAMPLE_FREE)
    commit_all(rules_repo, "英雄召喚: コスト無し")
    out = rules_repo / "build" / "balance"
    document = run_json("before", "HEAD", "--root", str(rules_repo), "--format", "standard", "--frame", "pack",
                        "--only", "英雄召喚", "--games", "800", "--workers", "2", "--out", str(out))
    assert document["kind"] == "balance-comparison" and document["settings"]["only"] == ["英雄召喚"]
    (difference,) = document["differences"]
    row = next(r for r in difference["restricted"] if (r["kind"], r["id"]) == ("action", "hero-summon"))
    assert row["flagged"] and row["difference"]["low"] < row["difference"]["estimate"] < row["difference"]["high"] < 0
    assert row["head"]["estimate"] < row["base"]["estimate"]
    flagged = [r["id"] for r in difference["restricted"] if r.get("flagged")]
    assert flagged == ["hero-summon"]  # and nothing else: the other subjects were not measured (--only)
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "英雄召喚" in page and "<svg" in page and 'class="flagged"' in page
    assert json.loads((out / "balance.json").read_text(encoding="utf-8")) == document


def test_games_are_sized_by_the_effect_to_detect(tmp_path: Path) -> None:
    document = run_json("--root", str(ROOT), "--detect", "40", "--out", str(tmp_path / "out"))
    regulation = document["regulations"][0]
    assert document["settings"]["detect"] == 0.4 and regulation["detectable"] <= 0.4
    from toolchain.balance import stats

    assert regulation["games_per_agent"] == stats.games_needed(0.4, 0.05, 0.8, regulation["comparisons"])


@pytest.mark.parametrize(("args", "code", "message"), [
    (("--workers", "2", "--cluster", "tcp://127.0.0.1:1"), 2, "give one"),
    (("--cluster", "tcp://127.0.0.1:1"), 2, "cannot reach the Dask scheduler"),
    (("--agent", "nobody"), 2, "no agent 'nobody'"),
    (("no-such-revision",), 2, "unknown revision 'no-such-revision'"),
    (("a", "b", "c"), 2, "at most two revisions"),
    (("--out", "/dev/null/report"), 2, "/dev/null is a file"),  # refused before a game is played
])
def test_what_it_refuses(args: tuple[str, ...], code: int, message: str, tmp_path: Path) -> None:
    run = bp("balance", "--root", str(ROOT), "--out", str(tmp_path / "out"), *args, "--games", "4", timeout=120)
    assert run.returncode == code and message in run.stderr and "Traceback" not in run.stderr
    assert not (tmp_path / "out").exists()


def test_ctrl_c_stops_cleanly_and_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "out"
    process = start_bp("balance", "--root", str(ROOT), "--games", "5000", "--workers", "2", "--out", str(out),
                       preexec_fn=sigint_at_default)  # as a terminal starts it, whatever started the suite
    try:
        said = []
        for line in process.stderr:  # the estimate comes once the first games are timed, before the rest are played
            said.append(line)
            if "games; about" in line:
                break
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 130, "".join(said) + stderr
    assert "stopped after" in stderr and "nothing written" in stderr and "Traceback" not in stderr
    assert not out.exists()
