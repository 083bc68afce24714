"""What two revisions hold alike is read once by bp diff (and bp check --since): a definitions file's YAML and
its schema findings (model/kept.py, in memory), a rulebook page's parse (prose.read_rulebook's `parsed`). What
is read once must read as if it were read again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from toolchain.diff import prose
from toolchain.model import kept
from toolchain.model.repository import kind_of

ROOT = Path(__file__).resolve().parents[2]
FOG = "definitions/fog.yaml"


@pytest.fixture
def validations(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The schema validations run from now on, by the schema each used: of a whole file, or of a list file item by
    item (which says None when it cannot, and the whole file is validated)."""
    run: list[str] = []
    real, real_items = kept.validate, kept.validate_items

    def counted(doc: kept.Document, schema_dir: Path, schema_name: str, names: kept.Names) -> list[kept.Found]:
        run.append(schema_name)
        return list(real(doc, schema_dir, schema_name, names))

    def counted_items(doc: kept.Document, schema_dir: Path, schema_name: str, names: kept.Names, *args: Any) -> Any:
        result = real_items(doc, schema_dir, schema_name, names, *args)
        if result is not None:
            run.append(schema_name)
        return result

    monkeypatch.setattr(kept, "validate", counted)
    monkeypatch.setattr(kept, "validate_items", counted_items)
    return run


def test_a_file_without_findings_is_validated_once_whatever_the_other_files_name(validations: list[str]) -> None:
    """Another revision that adds or renames a definition has other names: a file without findings reads none."""
    raw = (ROOT / FOG).read_bytes()
    schema = kind_of("fog.yaml").schema
    files = kept.FileCache.in_memory()
    doc = files.document(ROOT / FOG, raw, FOG)
    assert files.validate(doc, raw, schema, FOG, {}) == []
    again = files.document(Path("/elsewhere") / FOG, raw, FOG)
    assert again.data == doc.data and again.values == doc.values and again.path == Path("/elsewhere") / FOG
    assert files.validate(again, raw, schema, FOG, {"偵察": [("action", "scout")]}) == []
    assert validations == [schema]


def test_a_file_with_findings_is_validated_again_for_other_names(validations: list[str]) -> None:
    """A finding may say the id of a name written where an id belongs: which names there are counts."""
    raw = (ROOT / FOG).read_bytes().replace(b"- id: up\n", "- id: 偵察\n".encode(), 1)
    schema = kind_of("fog.yaml").schema
    files = kept.FileCache.in_memory()
    doc = files.document(ROOT / FOG, raw, FOG)
    without = files.validate(doc, raw, schema, FOG, {})
    named = files.validate(doc, raw, schema, FOG, {"偵察": [("action", "scout")]})
    assert without and named and without != named and "write scout" in named[0][1]
    assert files.validate(doc, raw, schema, FOG, {"偵察": [("action", "scout")]}) == named
    assert validations == [schema, schema]


def _pages(root: Path, labelled: bool) -> Path:
    """Two pages: one refers to the other's section, which has the label or not."""
    docs = root / "docs"
    docs.mkdir(parents=True)
    (docs / "a.rst").write_text("始めに\n======\n\n詳しくは :ref:`b-rules` を読む。\n", encoding="utf-8")
    label = ".. _b-rules:\n\n" if labelled else ""
    (docs / "b.rst").write_text(f"{label}遊び方\n======\n\n本文。\n", encoding="utf-8")
    return root


def test_a_page_parsed_for_one_revision_reads_as_the_other_writes_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """a.rst is the same in both revisions and parsed once; its reference reads as each revision resolves it:
    the older's section title, then (the label gone) the reference as written."""
    old, new = _pages(tmp_path / "old", True), _pages(tmp_path / "new", False)
    alone = prose.read_rulebook(new / "docs", new)
    parses: list[Path] = []
    real = prose._parse
    monkeypatch.setattr(prose, "_parse", lambda text, path: parses.append(path) or real(text, path))
    parsed: dict = {}
    before = prose.read_rulebook(old / "docs", old, parsed)
    after = prose.read_rulebook(new / "docs", new, parsed)
    assert "詳しくは 遊び方 を読む。" in [section.text for section in before.sections]
    assert after == alone and "詳しくは b-rules を読む。" in [section.text for section in after.sections]
    assert [path.relative_to(tmp_path).as_posix() for path in parses] == ["old/docs/a.rst", "old/docs/b.rst", "new/docs/b.rst"]
