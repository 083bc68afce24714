"""Rules repositories under git for `bp diff` and `bp check --since`: the real definitions committed
and tagged v8.0, then a second commit that changes them the way an editor would."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

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


def commit_all(repo: Path, message: str) -> None:
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
    return target


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


@pytest.fixture(scope="session")
def edition_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Tag v8.0 = the real rules; HEAD = edit_next_edition(). Tests must not modify it."""
    repo = copy_rules(tmp_path_factory.mktemp("edition") / "rules")
    git(repo, "init", "-q", "-b", "main")
    commit_all(repo, "第8.0版")
    git(repo, "tag", "v8.0")
    edit_next_edition(repo)
    commit_all(repo, "第8.1版の準備")
    return repo


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
