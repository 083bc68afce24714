"""`bp check --release` (BP050): what must not be published is refused where it is written; plain `bp check` lets it be."""

from __future__ import annotations

from pathlib import Path

from tests.runbp import bp
from toolchain.checks.release import release_findings

SUMMON = "definitions/actions/2-summon.yaml"


def _located(root: Path) -> list[tuple[str, int, int, str]]:
    return [(f.location.path, f.location.line, f.location.column, f.code) for f in release_findings(root)]


def test_the_placeholder_release_fails_only_the_release_check(minimal_repo: Path) -> None:
    # rules.yaml's release is 2025/6/x while the edition is prepared: a release check refuses it at the value
    release = bp("check", "--release", "--no-cache", cwd=minimal_repo, env={"LANGUAGE": "ja"})
    assert release.returncode == 1, release.stderr
    assert "definitions/rules.yaml:10:12: error[BP050]: 発行日 2025/6/x が日付ではありません" in release.stderr
    assert "Traceback" not in release.stderr
    assert bp("check", "--no-cache", cwd=minimal_repo).returncode == 0


def test_placeholders_in_texts_and_pages_are_found_at_their_column(minimal_repo: Path) -> None:
    rules = minimal_repo / "definitions" / "rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace("release: 2025/6/x", "release: 2025/6/14"), encoding="utf-8")
    summon = minimal_repo / SUMMON
    text = summon.read_text(encoding="utf-8")
    summon.write_text(text.replace("キーカードを魔術士として", "キーカードを TODO 魔術士として")
                      .replace("  kana: まじゅつししょうかん", "  # TODO: a comment is not published\n  kana: まじゅつししょうかん"),
                      encoding="utf-8")
    docs = minimal_repo / "docs"
    docs.mkdir()
    (docs / "index.rst").write_text("目次\n====\n\n.. 未定: a comment is not printed\n\n発行日は未定です。\n", encoding="utf-8")
    assert _located(minimal_repo) == [(SUMMON, 11, 18, "BP050"), ("docs/index.rst", 6, 5, "BP050")]
    rules.write_text(rules.read_text(encoding="utf-8").replace("release: 2025/6/14", "release: 2025/2/30"), encoding="utf-8")
    assert ("definitions/rules.yaml", 10, 12, "BP050") in _located(minimal_repo)  # no 30th of February


def test_bp_build_says_once_that_the_release_is_not_a_date(minimal_repo: Path, tmp_path: Path) -> None:
    # every output prints edition.release as written: the build says so in one warning line, and builds
    run = bp("build", "--only", "definitions.json", "--out", str(tmp_path / "site"), "--cache", str(tmp_path / "cache"),
             cwd=minimal_repo, env={"LANGUAGE": "ja"})
    assert run.returncode == 0, run.stderr
    warnings = [line for line in run.stderr.splitlines() if "2025/6/x" in line]
    assert warnings == [warnings[0]] and warnings[0].startswith("definitions/rules.yaml:10:12: warning[BP050]: "), run.stderr
    assert "bp check --release" in warnings[0]
    rules = minimal_repo / "definitions" / "rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace("release: 2025/6/x", "release: 2025/6/14"), encoding="utf-8")
    dated = bp("build", "--only", "definitions.json", "--out", str(tmp_path / "site"), "--cache", str(tmp_path / "cache"),
               cwd=minimal_repo)
    assert dated.returncode == 0 and "BP050" not in dated.stderr, dated.stderr
