"""BP049: since and updated held to the history of the rules (history/, named by rules.yaml `history:`).

Each case gives the minimal repository a history folder that contradicts one of its versions, and asserts the
warning's place; the project's own editions, held to the project's history, report none."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import toolchain
from tests.repos import ROOT
from toolchain.checks import since_history
from toolchain.checks.result import cache_in, check
from toolchain.model import loader
from toolchain.model.loader import load_definitions

BASIC = Path("definitions") / "actions" / "1-basic.yaml"  # エンド: since v0.2 at line 12, updated [v8.0] at line 13


def _with_history(repo: Path, records: dict[str, str]) -> Path:
    (repo / "definitions" / "rules.yaml").open("a", encoding="utf-8").write("history: history\n")
    folder = repo / "history"
    folder.mkdir()
    for name, text in records.items():
        (folder / name).write_text(text, encoding="utf-8")
    return repo


def _findings(repo: Path) -> list[tuple[str, int, int, str]]:
    return [(f.location.path, f.location.line, f.location.column, f.message)
            for f in since_history.run(load_definitions(repo))[0]]


END = "entries: {actions: [{id: end, name: エンド}]}\n"
NONE = "entries: {actions: [{name: チャージ}]}\n"


def test_since_later_than_an_edition_that_has_it(minimal_repo: Path) -> None:
    _with_history(minimal_repo, {"v0.1.yaml": "edition: v0.1\nsource: first.yaml\ncovers: [actions]\n" + END})
    checked = toolchain.load(minimal_repo)  # as bp check runs it
    found = [f for f in checked.findings if f.code == "BP049"]
    assert [(f.location.path, f.location.line, f.location.column, f.severity) for f in found] == [
        (BASIC.as_posix(), 12, 10, "warning")]
    assert "v0.1" in found[0].message and "first.yaml" in found[0].message


def test_since_earlier_than_its_first_edition(minimal_repo: Path) -> None:
    _with_history(minimal_repo, {"v5.0.yaml": "edition: v5.0\nsource: v5.yaml\ncovers: [actions]\n" + NONE,
                                 "v7.0.yaml": "edition: v7.0\nsource: v7.yaml\ncovers: [actions]\n" + END})
    [(path, line, column, message)] = _findings(minimal_repo)
    assert (path, line, column) == (BASIC.as_posix(), 12, 10)
    assert "v5.0" in message and "v7.0" in message


def test_absence_from_a_partial_record_says_nothing(minimal_repo: Path) -> None:
    _with_history(minimal_repo, {"v5.0.yaml": "edition: v5.0\nsource: v5.yaml\ncovers: [characters]\n" + NONE,
                                 "v7.0.yaml": "edition: v7.0\nsource: v7.yaml\ncovers: []\n" + END})
    assert _findings(minimal_repo) == []


def test_updated_in_an_edition_whose_rules_did_not_change(minimal_repo: Path, tmp_path: Path) -> None:
    past, then = tmp_path / "v7", tmp_path / "v8"
    for folder in (past, then):
        shutil.copytree(minimal_repo / "definitions", folder / "definitions")
    _with_history(minimal_repo, {"v7.0.yaml": "edition: v7.0\nrepository: ../../v7\n",
                                 "v8.0.yaml": "edition: v8.0\nprevious: v7.0\nrepository: ../../v8\n"})
    [(path, line, column, message)] = _findings(minimal_repo)
    assert (path, line, column) == (BASIC.as_posix(), 13, 13)
    assert "v8.0" in message and "v7.0" in message
    # the edition before it printed another effect: the update is the history's
    text = (past / BASIC).read_text(encoding="utf-8")
    (past / BASIC).write_text(text.replace("  effect: |\n", "  effect: |\n    (旧)\n", 1), encoding="utf-8")
    assert _findings(minimal_repo) == []


def _two_past_editions(minimal_repo: Path, tmp_path: Path) -> tuple[Path, Path]:
    """The minimal repository with a history of two past editions, copies of its definitions (エンド updated in
    v8.0 with the rules of v7.0: one BP049)."""
    past, then = tmp_path / "v7", tmp_path / "v8"
    for folder in (past, then):
        shutil.copytree(minimal_repo / "definitions", folder / "definitions")
    _with_history(minimal_repo, {"v7.0.yaml": "edition: v7.0\nrepository: ../../v7\n",
                                 "v8.0.yaml": "edition: v8.0\nprevious: v7.0\nrepository: ../../v8\n"})
    return past.resolve(), then.resolve()


def _counting_loads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The repositories load_definitions is asked for from now on."""
    loads: list[Path] = []
    real = loader.load_definitions
    monkeypatch.setattr(loader, "load_definitions", lambda root, *args, **kwargs: loads.append(root.resolve()) or real(root, *args, **kwargs))
    return loads


def test_a_past_edition_is_loaded_again_only_when_its_files_changed(minimal_repo: Path, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """bp check's cache keeps a past edition's entries by its definitions' bytes: a repository checked again after an
    edit of its own loads none of its past editions, and one whose files changed is loaded again."""
    past, then = _two_past_editions(minimal_repo, tmp_path)
    cache, loads = cache_in(tmp_path / "cache"), _counting_loads(monkeypatch)
    first = check(minimal_repo, cache)
    assert [f.code for f in first.findings] == ["BP049"]
    assert sorted(loads) == sorted([minimal_repo.resolve(), past, then])
    loads.clear()
    fog = minimal_repo / "definitions" / "fog.yaml"
    fog.write_text(fog.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    assert check(minimal_repo, cache) == first
    assert loads == [minimal_repo.resolve()]
    loads.clear()
    text = (past / BASIC).read_text(encoding="utf-8")  # the edition before it printed another effect
    (past / BASIC).write_text(text.replace("  effect: |\n", "  effect: |\n    (旧)\n", 1), encoding="utf-8")
    again = check(minimal_repo, cache)
    assert sorted(loads) == sorted([minimal_repo.resolve(), past])
    assert again == check(minimal_repo, cache_in(None)) and not again.findings


def test_a_kept_result_is_not_given_when_the_history_changed(minimal_repo: Path, tmp_path: Path) -> None:
    """What a check read of the history (its folder, its records, the past editions' files) is part of what its kept
    result is given for, as the repository's own files are."""
    past, _then = _two_past_editions(minimal_repo, tmp_path)
    cache = cache_in(tmp_path / "cache")
    assert [f.code for f in check(minimal_repo, cache).findings] == ["BP049"]
    (minimal_repo / "history" / "v8.0.yaml").write_text("edition: v8.0\nrepository: ../../v8\n", encoding="utf-8")
    assert check(minimal_repo, cache).findings == ()  # no edition before it: nothing to compare with
    (minimal_repo / "history" / "v0.1.yaml").write_text("edition: v0.1\nsource: first.yaml\ncovers: [actions]\n" + END,
                                                        encoding="utf-8")
    kept = check(minimal_repo, cache)
    assert kept == check(minimal_repo, cache_in(None))
    assert [(f.code, f.location.line) for f in kept.findings] == [("BP049", 12)]
    shutil.rmtree(past / "definitions")
    kept = check(minimal_repo, cache)
    assert kept == check(minimal_repo, cache_in(None))
    assert ("BP049", "history/v7.0.yaml") in [(f.code, f.location.path) for f in kept.findings]


def test_a_reading_about_since_excuses_it(minimal_repo: Path) -> None:
    _with_history(minimal_repo, {"v0.1.yaml": "edition: v0.1\nsource: first.yaml\ncovers: [actions]\n" + END})
    text = (minimal_repo / BASIC).read_text(encoding="utf-8")
    reading = "  reading: {about: since, says: 導入は第0.2版と書く, reads: 第0.2版, why: 版の記録に従う}\n"
    (minimal_repo / BASIC).write_text(text.replace("  updated: [v8.0]\n", "  updated: [v8.0]\n" + reading, 1), encoding="utf-8")
    assert _findings(minimal_repo) == []


def test_an_unreadable_record_is_said_where_it_is(minimal_repo: Path) -> None:
    _with_history(minimal_repo, {"v0.1.yaml": "edition: first\n"})
    [(path, line, column, _message)] = _findings(minimal_repo)
    assert (path, line, column) == ("history/v0.1.yaml", 1, 1)


def test_the_projects_editions_agree_with_its_history() -> None:
    for root in (ROOT, ROOT / "editions" / "v9.1.1"):
        assert _findings(root) == [], root
