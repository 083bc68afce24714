"""bp check's cache (toolchain/checks/result.py): it answers at once, and never changes a result (each definitions
case of the bad-input corpus is checked with and without it: tests/badinput/test_corpus.py)."""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import stat
from pathlib import Path
from typing import Any

import pytest

from tests.repos import drop_missing_history
from tests.runbp import bp
from toolchain.checks.result import CheckResult, cache_in, check

CHANGED_ACTION = Path("definitions") / "actions" / "1-basic.yaml"
REWORDED = ("1. ライフの一番上からカードを1枚引き", "1. ライフの一番上からカードを 1 枚引き")


def _imported(stderr: str) -> set[str]:
    return {line.split("|")[-1].strip() for line in stderr.splitlines() if line.startswith("import time:")}


def test_a_kept_result_is_printed_as_a_clean_one(minimal_repo: Path, tmp_path: Path) -> None:
    fog = minimal_repo / "definitions" / "fog.yaml"
    fog.write_text(fog.read_text(encoding="utf-8").replace("  group: lingering", "  group: lingerin"), encoding="utf-8")
    for output in ("text", "json", "github"):
        clean = bp("check", "--root", str(minimal_repo), "--format", output, "--no-cache")
        filled = bp("check", "--root", str(minimal_repo), "--format", output, "--cache-dir", str(tmp_path / "cache"))
        kept = bp("check", "--root", str(minimal_repo), "--format", output, "--cache-dir", str(tmp_path / "cache"))
        assert clean.returncode == filled.returncode == kept.returncode == 1
        assert (clean.stdout, clean.stderr) == (filled.stdout, filled.stderr) == (kept.stdout, kept.stderr)
    assert not (minimal_repo / "build").exists(), "--cache-dir and --no-cache write nothing into the repository"


def test_an_unchanged_repository_is_answered_without_loading_it(minimal_repo: Path) -> None:
    first = bp("check", "--root", str(minimal_repo))
    assert first.returncode == 0, first.stderr
    assert (minimal_repo / "build" / "cache" / "check" / ".bp-output").is_file()  # the repository's own cache folder
    again = bp("check", "--root", str(minimal_repo), env={"PYTHONPROFILEIMPORTTIME": "1"})
    assert again.stdout == first.stdout
    imported = _imported(again.stderr)
    assert "toolchain.checks.result" in imported  # the importtime log is read right
    assert not {"typer", "yaml", "jsonschema", "toolchain.sim", "toolchain.model.loader"} & imported


def test_a_reworded_effect_runs_no_example_again(tmp_path: Path) -> None:
    """The examples read no printed word: with an effect reworded, the schemas check the file again and
    the examples' results are the cache's (the simulator is not even loaded)."""
    root = tmp_path / "rules"
    for folder in ("definitions", "schema"):
        shutil.copytree(Path(__file__).resolve().parents[2] / folder, root / folder)
    drop_missing_history(root)
    assert bp("check", "--root", str(root)).returncode == 0
    action = root / CHANGED_ACTION
    action.write_text(action.read_text(encoding="utf-8").replace(*REWORDED, 1), encoding="utf-8")
    run = bp("check", "--root", str(root), env={"PYTHONPROFILEIMPORTTIME": "1"})
    assert run.returncode == 0, run.stderr
    imported = _imported(run.stderr)
    assert {"toolchain.model.loader", "jsonschema"} <= imported  # checked again
    assert "toolchain.sim" not in imported
    assert run.stdout == bp("check", "--root", str(root), "--no-cache").stdout


def _reworded(value: Any) -> Any:
    """`value` with every printed word written otherwise (markup texts, flavor, readings)."""
    from toolchain import model as m
    from toolchain.model.notations import Text, markup_text

    if isinstance(value, Text):
        return markup_text(f"{value}（別の言い方）")
    if isinstance(value, m.Flavor):
        return m.Flavor(value.text + "！", value.speaker)
    if isinstance(value, m.Reading):
        return dataclasses.replace(value, says=value.says + "。", reads=value.reads + "。", why=value.why + "。")
    if isinstance(value, (list, tuple)):
        return type(value)(_reworded(item) for item in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type) and not isinstance(value, m.Source):
        return dataclasses.replace(value, **{f.name: _reworded(getattr(value, f.name)) for f in dataclasses.fields(value) if f.init})
    return value


def test_no_example_reads_a_printed_word(repo_root: Path) -> None:
    """What the examples' cache key leaves out (checks/programs.py, played_key) the simulator never reads:
    every example's result, every program's and every image's finding is the same with every printed word
    of the definitions written otherwise."""
    import toolchain
    from toolchain.checks import images, programs

    definitions = toolchain.load(repo_root).definitions
    reworded = _reworded(definitions)
    assert reworded.actions[0].effect != definitions.actions[0].effect  # the words did change

    def played(defs: Any) -> tuple[Any, ...]:
        report = programs.report(defs)
        outcomes = [(o.owner.anchor, o.name, o.ok, o.message, o.path, o.missing_action) for o in report.outcomes]
        return json.dumps(report.as_dict()), outcomes, list(programs.diagnostics(report, defs)), list(images.check_images(defs))

    assert played(reworded) == played(definitions)


@pytest.mark.parametrize("raw", [
    b"\xef\xbb\xbf- a: 1\r\n  b: |\r\n    text\r\n",  # a BOM, CRLF, a block
    b"- big: 1e999\n  zero: -0.0\n  yes: no\n  when: 12:30\n  nothing: ~\n",  # YAML 1.1 words, an infinite float
    b"- a: [1, 2\n",  # a syntax error
    b"- a: \x01\n",  # a control character
    b"- \xff\xfe\n",  # not UTF-8: no lines at all
    b"- a: 1\n  a: 2\n",  # a duplicate key
], ids=["bom-crlf-block", "scalars", "syntax-error", "control", "not-utf8", "duplicate"])
def test_a_kept_document_is_the_document_parsed(raw: bytes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from toolchain.model import kept
    from toolchain.model.yamlload import load

    path = tmp_path / "fog.yaml"
    path.write_bytes(raw)
    files = kept.FileCache(cache_in(tmp_path / "cache"), tmp_path, [])
    parsed = files.document(path, raw, "definitions/fog.yaml")
    assert parsed == load(path, raw)
    monkeypatch.setattr(kept, "load", lambda *_: pytest.fail("parsed again"))
    assert files.document(path, raw, "definitions/fog.yaml") == parsed  # from the cache


def test_a_corrupt_cache_is_no_cache(minimal_repo: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    clean = check(minimal_repo, cache_in(None))
    check(minimal_repo, cache_in(cache))
    for entry in cache.glob("*.json"):
        entry.write_text("{not json", encoding="utf-8")
    assert check(minimal_repo, cache_in(cache)) == clean
    for entry in cache.glob("*.json"):  # the right key, a result of another shape: taken for nothing kept
        data = json.loads(entry.read_text(encoding="utf-8"))
        entry.write_text(json.dumps({**data, "result": [["not", "a", "result"]]}), encoding="utf-8")
    assert check(minimal_repo, cache_in(cache)) == clean


def test_a_fifo_or_a_device_in_the_cache_is_no_entry_and_is_rebuilt(minimal_repo: Path, tmp_path: Path) -> None:
    """A cache folder may come from anywhere (a commit that holds build/): a FIFO there would hang the
    check, a link to /dev/zero exhaust its memory. Neither is read; each is replaced by the entry."""
    cache = tmp_path / "cache"
    clean = check(minimal_repo, cache_in(None))
    check(minimal_repo, cache_in(cache))
    entries = sorted(cache.glob("*.json"))
    for index, entry in enumerate(entries):
        entry.unlink()
        if index % 2:
            entry.symlink_to("/dev/zero")
        else:
            os.mkfifo(entry)
    assert check(minimal_repo, cache_in(cache)) == clean
    assert all(entry.is_file() and not entry.is_symlink() for entry in entries)


def test_a_fifo_in_place_of_the_cache_marker_is_not_waited_on(minimal_repo: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    assert bp("check", "--root", str(minimal_repo), "--cache-dir", str(cache), timeout=120).returncode == 0
    (cache / ".bp-output").unlink()
    os.mkfifo(cache / ".bp-output")
    run = bp("check", "--root", str(minimal_repo), "--cache-dir", str(cache), timeout=120)
    assert run.returncode == 2 and "not made by bp" in run.stderr, run.stderr


def test_the_cache_is_written_with_the_umask_s_modes(minimal_repo: Path, tmp_path: Path) -> None:
    """Files another user reads too (a cache filled by root's make build, say) are not private."""
    cache = tmp_path / "cache"
    mask = os.umask(0o022)
    try:
        check(minimal_repo, cache_in(cache))
    finally:
        os.umask(mask)
    modes = {stat.S_IMODE(entry.stat().st_mode) for entry in cache.glob("*.json")}
    assert modes == {0o644}


def test_a_cache_dir_bp_did_not_make_is_refused(minimal_repo: Path, tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("mine", encoding="utf-8")
    run = bp("check", "--root", str(minimal_repo), "--cache-dir", str(mine))
    assert run.returncode == 2 and "--cache-dir" in run.stderr and "not empty" in run.stderr
    assert sorted(p.name for p in mine.iterdir()) == ["notes.txt"]


def test_the_result_is_data(minimal_repo: Path) -> None:
    result = check(minimal_repo, cache_in(None), show_readings=True, show_rulings=True)
    assert CheckResult.from_json(json.loads(json.dumps(result.to_json()))) == result


def test_a_kept_result_keeps_the_rulings(repo_root: Path, tmp_path: Path) -> None:
    """The rulings' summary line and --rulings' list come from the cache as a clean check prints them."""
    root = tmp_path / "rules"
    for folder in ("definitions", "schema", "docs"):
        shutil.copytree(repo_root / folder, root / folder)
    drop_missing_history(root)
    clean = check(root, cache_in(None), show_rulings=True)
    assert clean.rulings_line and clean.rulings_line.startswith("5 rulings: ") and len(clean.rulings) == 5
    check(root, cache_in(tmp_path / "cache"), show_rulings=True)
    assert check(root, cache_in(tmp_path / "cache"), show_rulings=True) == clean
    bp("check", "--root", str(root), "--rulings", "--cache-dir", str(tmp_path / "bp-cache"))
    text = bp("check", "--root", str(root), "--rulings", "--cache-dir", str(tmp_path / "bp-cache")).stdout
    assert text == bp("check", "--root", str(root), "--rulings", "--no-cache").stdout
    assert clean.rulings_line in text.splitlines()


def test_a_section_label_renamed_in_docs_is_seen(repo_root: Path, tmp_path: Path) -> None:
    """A ruling names the rulebook's sections by their labels in docs/ (BP021): renaming one there
    changes the findings, so the cache key holds the labels."""
    root = tmp_path / "rules"
    for folder in ("definitions", "schema", "docs"):
        shutil.copytree(repo_root / folder, root / folder)
    drop_missing_history(root)
    cache = cache_in(tmp_path / "cache")
    assert not check(root, cache).findings
    page = root / "docs" / "common.rst"
    page.write_text(page.read_text(encoding="utf-8").replace(".. _common-request:", ".. _common-requests:"), encoding="utf-8")
    kept = check(root, cache)
    assert kept == check(root, cache_in(None))
    assert {finding.code for finding in kept.findings} == {"BP021"}


def test_a_folder_where_a_definitions_file_belongs_is_seen(minimal_repo: Path, tmp_path: Path) -> None:
    """A folder made where an optional file belongs (rulings.yaml) holds no file bp reads, yet it is a finding
    (BP012): the cache key holds it, and the kept answer of the repository without it is not given."""
    cache = cache_in(tmp_path / "cache")
    assert not check(minimal_repo, cache).findings
    (minimal_repo / "definitions" / "rulings.yaml").mkdir()
    (minimal_repo / "definitions" / "rulings.yaml" / "notes.txt").write_text("x", encoding="utf-8")
    kept = check(minimal_repo, cache)
    assert kept == check(minimal_repo, cache_in(None))
    assert [(f.code, f.location.path) for f in kept.findings] == [("BP012", "definitions/rulings.yaml")]


def test_only_the_changed_items_of_a_list_file_are_validated_again(repo_root: Path, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The findings of a list file's schema are those of the whole file validated afresh, while only the items whose
    value or place changed are validated again."""
    from toolchain.model import kept, validation
    from toolchain.model.repository import TOOLCHAIN_SCHEMAS
    from toolchain.model.yamlload import load

    validated: list[object] = []
    under_items = validation._under_items
    monkeypatch.setattr(validation, "_under_items", lambda errors: validated.append(errors) or under_items(errors))
    files = kept.FileCache(cache_in(tmp_path / "cache"), TOOLCHAIN_SCHEMAS, [])
    path, rel = tmp_path / "1-basic.yaml", CHANGED_ACTION.as_posix()

    def validate(text: str) -> list[validation.Found]:
        validated.clear()
        raw = text.encode("utf-8")
        path.write_bytes(raw)
        doc = load(path, raw)
        found = files.validate(doc, raw, "actions.schema.json", rel, {})
        assert found == list(validation.validate(doc, TOOLCHAIN_SCHEMAS, "actions.schema.json", {}))
        return found

    lines = (repo_root / CHANGED_ACTION).read_text(encoding="utf-8").splitlines(keepends=True)
    first = next(number for number, line in enumerate(lines) if line.startswith("- id:"))
    text = "".join([*lines[:first + 1], "  colour: red\n", *lines[first + 1:]])  # an unknown field in the first item
    items = text.count("\n- id:")
    planted = validate(text)
    assert len(validated) == items and any("colour" in message for _, message, _, _ in planted)
    text = text.replace(*REWORDED, 1)
    assert validate(text) == planted and len(validated) == 1  # one effect reworded
    last = text.rindex("\n- id:")
    assert validate(f"{text[:last]}\n# a comment above the last item{text[last:]}") == planted
    assert len(validated) == 1  # the last item moved a line down: the others' findings are kept
