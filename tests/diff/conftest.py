"""Rules repositories under git for `bp diff` and `bp check --since`: the real definitions committed
and tagged v8.0, then a second commit that changes them the way an editor would."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from docutils import nodes
from docutils.core import publish_doctree
from docutils.parsers.rst import roles
from docutils.utils import Reporter
from sphinx.util.docutils import docutils_namespace

from tests.repos import drop_missing_history
from tests.runbp import run_module
from tests.shared import once

ROOT = Path(__file__).resolve().parents[2]
QUICK = "definitions/actions/3-quick-spell.yaml"
NORMAL = "definitions/actions/4-normal-spell.yaml"

_ENV = {
    "GIT_AUTHOR_NAME": "editor", "GIT_AUTHOR_EMAIL": "editor@example.com",
    "GIT_COMMITTER_NAME": "editor", "GIT_COMMITTER_EMAIL": "editor@example.com",
    "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1",
}


def git(repo: Path, *args: str) -> str:
    run = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, env={**os.environ, **_ENV}, check=True)
    return run.stdout


def parse_rst(text: str) -> nodes.document:
    """reStructuredText as docutils alone reads it (Sphinx's `:ref:` as plain text), halting on a warning.
    The role is registered for this parse only: docutils_namespace puts the registry back."""
    with docutils_namespace():
        roles.register_local_role("ref", roles.GenericRole("ref", nodes.inline))
        warnings = Reporter.WARNING_LEVEL
        return publish_doctree(text, settings_overrides={"report_level": warnings, "halt_level": warnings})


def commit_all(repo: Path, message: str) -> None:
    """Commit the working tree as it is. The index is emptied first so that every file is read again: git trusts a
    file whose size, times and inode match what it recorded, and a copy (shutil.copy2 keeps the source's mtime) of a
    file of the same size made within the same second, its inode freed and reused, would keep the older content
    (9.1.1's core.rst, the size of 8.1's, was once committed as 8.1's)."""
    git(repo, "read-tree", "--empty")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", message)


def edit(repo: Path, path: str, old: str, new: str) -> None:
    """Replace `old` (which must occur exactly once) by `new` in a file of the repository."""
    file = repo / path
    text = file.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{path} must contain {old!r} once"
    file.write_text(text.replace(old, new), encoding="utf-8")


def copy_rules(target: Path, parts: tuple[str, ...] = ("definitions", "schema", "docs", "templates")) -> Path:
    target.mkdir(parents=True)
    for part in parts:
        shutil.copytree(ROOT / part, target / part, ignore=shutil.ignore_patterns("__pycache__"))
    return drop_missing_history(target) if "definitions" in parts else target


def _block(text: str, start: str, end: str) -> str:
    """From `start` to the next `end` after it."""
    begin = text.index(start)
    return text[begin:text.index(end, begin)]


def edit_next_edition(repo: Path) -> None:
    """The changes of the second commit, each one of the kinds bp diff must report:
    - 偵察 (scout) added to ライト: a copy of サーチ, since v8.1;
    - ハンデス renamed 手札破壊, its updated gaining v8.1 (so the history is honest);
    - 停戦: keycards ♢A-10 x2 → ♢A-K x2 and cost L added, its example's expected situation updated
      for the damage (its updated left without v8.1: a BP029 finding);
    - 投擲: a word added to the effect (updated left alone: BP029);
    - サーチ: the program no longer shuffles the life (a behaviour change; the text is unchanged);
    - エース: a new flavour speaker and v8.1 in updated (lore: no gameplay change)."""
    edit(repo, QUICK, "        to: hand\n        show: opponent\n      - shuffle: life\n  examples:\n    - name: ライフから好きなカードを1枚手札に加え、ライフを切りなおす\n",
         "        to: hand\n        show: opponent\n  examples:\n    - name: ライフから好きなカードを1枚手札に加え、ライフを切りなおす\n")
    quick = (repo / QUICK).read_text(encoding="utf-8")
    search = _block(quick, "- id: search\n", "- id: blackjack\n")
    scout = (search.replace("- id: search\n  name: サーチ\n", "- id: scout\n  name: 偵察\n  kana: ていさつ\n")
             .replace("formats: [lite, standard, pro, master]", "formats: [lite]")
             .replace("  since: v0.1\n  updated: [v8.0]\n", "  since: v8.1\n"))
    edit(repo, QUICK, "- id: blackjack\n", scout + "- id: blackjack\n")
    edit(repo, QUICK, "  keycards: ♢A-10 x2\n  target:\n    kind: request\n    text: ダメージ判定",
         "  keycards: ♢A-K x2\n  cost: L\n  target:\n    kind: request\n    text: ダメージ判定")
    edit(repo, QUICK, 'request: ★♢2 ♢3 → opponent:ダメージ判定\n      expect:\n        you: {hand: "", graveyard: ♢2 ♢3}',
         'request: ★♢2 ♢3 → opponent:ダメージ判定\n      expect:\n        you: {hand: "", graveyard: ♢2 ♢3 ?, life: 9}')
    edit(repo, NORMAL, "  name: ハンデス\n", "  name: 手札破壊\n  kana: てふだはかい\n")
    hand = _block((repo / NORMAL).read_text(encoding="utf-8"), "- id: hand-destruction\n", "  program:")
    edit(repo, NORMAL, hand, hand.replace("  updated: [v8.0]\n", "  updated: [v8.0, v8.1]\n"))
    edit(repo, NORMAL, "対象の対戦相手に X 点のダメージを与える。X はキーカードの ♠ カードの数字に等しい。",
         "対象の対戦相手に X 点のダメージを与える。X はキーカードの ♠ カードの数字の2倍に等しい。")
    characters = (repo / "definitions/characters.yaml").read_text(encoding="utf-8")
    ace = _block(characters, "- id: ace\n", "- id: magician\n")
    edit(repo, "definitions/characters.yaml", ace,
         ace.replace("speaker: 再現者見習いより", "speaker: 再現者見習い").replace("  updated: [v8.0]\n", "  updated: [v8.0, v8.1]\n"))


def make_edition_repo(repo: Path) -> Path:
    """Tag v8.0 = the real rules; HEAD = edit_next_edition()."""
    copy_rules(repo)
    git(repo, "init", "-q", "-b", "main")
    commit_all(repo, "第8.0版")
    git(repo, "tag", "v8.0")
    edit_next_edition(repo)
    commit_all(repo, "第8.1版の準備")
    return repo


@pytest.fixture(scope="session")
def edition_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Tag v8.0 = the real rules; HEAD = edit_next_edition(). Tests must not modify it."""
    return make_edition_repo(tmp_path_factory.mktemp("edition") / "rules")


FORMATS = ("text", "md", "json", "rst")


def one_comparison(runs: dict[str, tuple[str, ...]], cwd: Path | None = None) -> dict[str, subprocess.CompletedProcess[str]]:
    """`bp(*arguments, cwd=cwd)` for each name, as bp's own command line in one process (tests/diff/formats.py): runs
    of the same two revisions (a report in each format) compare them once, instead of once a process."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = run_module("tests.diff.formats", json.dumps(runs), cwd=cwd, timeout=900, env=env)
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    return {name: subprocess.CompletedProcess(["bp", *runs[name]], code, stdout, stderr)
            for name, (code, stdout, stderr) in json.loads(done.stdout).items()}


def _write_reports(folder: Path) -> None:
    repo = make_edition_repo(folder / "rules")
    formats = {f: ("diff", "v8.0", "HEAD", "--format", f, "--root", str(repo)) for f in FORMATS}
    runs = one_comparison({**formats, "colour": ("diff", "v8.0", "HEAD", "--color", "always", "--root", str(repo))})
    for output_format, run in runs.items():
        (folder / f"{output_format}.json").write_text(json.dumps([run.returncode, run.stdout, run.stderr]), encoding="utf-8")


@pytest.fixture(scope="session")
def reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, subprocess.CompletedProcess[str]]:
    """`bp diff v8.0 HEAD --format F` of a repository made as edition_repo, for every format, and in text in colour
    (`colour`), run once for the session whichever process asks (tests/shared.py), read by test_diff.py and
    test_history.py."""
    folder = once(tmp_path_factory, "diff-reports", _write_reports)
    done = {}
    for output_format in (*FORMATS, "colour"):
        code, stdout, stderr = json.loads((folder / f"{output_format}.json").read_text(encoding="utf-8"))
        done[output_format] = subprocess.CompletedProcess(["bp", "diff", "--format", output_format], code, stdout, stderr)
    return done


@pytest.fixture
def scratch_repo(tmp_path: Path) -> Callable[..., Path]:
    """A fresh git repository of the rules (one commit, tagged v8.0) that a test may change."""

    def make(parts: tuple[str, ...] = ("definitions", "schema")) -> Path:
        repo = copy_rules(tmp_path / "rules", parts)
        git(repo, "init", "-q", "-b", "main")
        commit_all(repo, "第8.0版")
        git(repo, "tag", "v8.0")
        return repo

    return make


COMMON, CORE = "docs/common.rst", "docs/core.rst"
TRUMPS, FRAME_ACTIONS = "definitions/frames/trumps.yaml", "definitions/frames/actions.yaml"


def drop_reanimate(repo: Path) -> str:
    """リアニメイト taken out of the rules, and out of the practice opponent's rules of thumb (rules.yaml `policy:`,
    the one other place that names it); returns its block as it was."""
    text = (repo / NORMAL).read_text(encoding="utf-8")
    block = _block(text, "- id: reanimate\n", "- id: hand-destruction\n")
    (repo / NORMAL).write_text(text.replace(block, ""), encoding="utf-8")
    edit(repo, "definitions/rules.yaml", "return, reanimate, switch", "return, switch")
    return block


def edit_the_round_after(repo: Path, reanimate: str) -> None:
    """What the commit after the one without リアニメイト changes, one of each thing bp diff must tell:
    - リアニメイト returns (再録) with its effect reworded: git holds its last printed version;
    - 再起 (revival), a copy of サーチ with its since: v0.1, returns too, but git never held it;
    - 投擲 reclassified 通常魔法 → 速攻魔法 in 4-normal-spell.yaml, 防壁破壊's effect changed, 奇襲 removed:
      the list prints 投擲 under 速攻魔法, before 防壁破壊, the file after it;
    - 激励 renamed 誘惑, the trump and its soldiers' action alike (one rename for a player);
    - docs/: 2.7 ダメージ rewritten, a section マリガン added after it (the sections after it are
      numbered anew, which is no change of theirs), 2.11.2 デッキのシャッフルについて removed, 6.2.1
      rewritten; and markup alone changed: 2.6 re-wrapped, a comment and an index entry added.
    Every printed text still says what its program does (BP048): a revision with findings has no regulations
    compared, and the report's regulation lines are part of what is tested."""
    edit(repo, NORMAL, "- id: hand-destruction\n", reanimate.replace(
        "移せない場合、選んだカードを墓地に戻す。", "移せない場合、選んだカードを墓地に置いたままにする。") + "- id: hand-destruction\n")
    quick = (repo / QUICK).read_text(encoding="utf-8")
    revival = (_block(quick, "- id: search\n", "- id: blackjack\n")
               .replace("- id: search\n  name: サーチ\n", "- id: revival\n  name: 再起\n  kana: さいき\n")
               .replace("formats: [lite, standard, pro, master]", "formats: [lite]"))
    edit(repo, QUICK, "- id: blackjack\n", revival + "- id: blackjack\n")
    edit(repo, NORMAL, "- id: throw\n  name: 投擲\n  kana: とうてき\n  category: normal-spell\n",
         "- id: throw\n  name: 投擲\n  kana: とうてき\n  category: quick-spell\n")
    edit(repo, NORMAL, "  effect: 対象の防壁を場から墓地に移す。\n", "  effect: 対象の防壁1体を場から墓地に移す。\n")
    normal = (repo / NORMAL).read_text(encoding="utf-8")
    (repo / NORMAL).write_text(normal[:normal.index("- id: ambush\n")], encoding="utf-8")
    for path in (TRUMPS, FRAME_ACTIONS):
        edit(repo, path, "- id: encourage\n  name: 激励\n  kana: げきれい\n", "- id: encourage\n  name: 誘惑\n  kana: ゆうわく\n")
    edit(repo, COMMON, "プレイヤーがダメージを受けた場合、ライフの一番上から", "プレイヤーがダメージを受けた場合、ライフの上から")
    edit(repo, COMMON, "\n\n.. _common-character:\n", "\n\n.. _common-mulligan:\n\nマリガン\n" + "=" * 50
         + "\n\n.. index:: マリガン\n\n最初の手札が気に入らない場合、1度だけ引き直せます。\n\n\n.. _common-character:\n")
    edit(repo, COMMON, "プレイヤーは順に対戦相手に対し攻撃を行い、ダメージを与え先に",
         ".. 勝利条件は第1版から変わらない\n\nプレイヤーは順に対戦相手に対し攻撃を行い、\nダメージを与え先に")
    shuffle = _block((repo / COMMON).read_text(encoding="utf-8"), ".. _common-shuffle:\n", ".. _common-bulwark-placement:\n")
    edit(repo, COMMON, shuffle, "")
    edit(repo, CORE, "アクションを定義する際には、次の項目を設定する必要があります。", "アクションを定義する際には、次の項目を必ず設定します。")


@pytest.fixture(scope="session")
def next_round_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """v8.0: the real rules; `without-reanimate`: リアニメイト taken out; HEAD: edit_the_round_after().
    Tests must not modify it."""
    repo = copy_rules(tmp_path_factory.mktemp("round") / "rules")
    git(repo, "init", "-q", "-b", "main")
    commit_all(repo, "第8.0版")
    git(repo, "tag", "v8.0")
    reanimate = drop_reanimate(repo)
    commit_all(repo, "リアニメイトを外す")
    git(repo, "tag", "without-reanimate")
    edit_the_round_after(repo, reanimate)
    commit_all(repo, "次の版の準備")
    return repo
