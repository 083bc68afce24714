"""The catalogues against the sources: every message the sources mark (extracted here with Babel's
own extractor, not read from the .pot, which could be stale) has a Japanese translation, the .pot
is the extraction (scripts/messages extract), and each translation keeps its message's placeholders."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po

from toolchain.diagnostics import CODES
from toolchain.i18n import EXTRACTED_FROM

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "toolchain" / "locale"
Key = str | tuple[str, ...]


def extracted(folder: Path = ROOT / "toolchain") -> dict[Key, list[str]]:
    """Every message id marked in the sources (_, ngettext, N_), its plural too, and where."""
    found: dict[Key, list[str]] = {}
    for filename, lineno, message, _comments, _context in extract_from_dir(folder, list(EXTRACTED_FROM), keywords=DEFAULT_KEYWORDS):
        key = message if isinstance(message, str) else tuple(message)
        found.setdefault(key, []).append(f"{filename}:{lineno}")
    return found


def catalogue(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=locale)


def _key(message_id: str | tuple[str, ...] | list[str]) -> Key:
    return message_id if isinstance(message_id, str) else tuple(message_id)


def untranslated(sources: dict[Key, list[str]], po: Catalog) -> list[str]:
    done = {_key(m.id) for m in po if m.id and not m.fuzzy and all(m.string if isinstance(m.string, tuple) else (m.string,))}
    return [f"{places[0]}: {key!r}" for key, places in sources.items() if key not in done]


@pytest.fixture(scope="module")
def sources() -> dict[Key, list[str]]:
    return extracted()


@pytest.fixture(scope="module")
def japanese() -> Catalog:
    return catalogue(LOCALE / "ja" / "LC_MESSAGES" / "bp.po", "ja")


def test_the_sources_mark_the_cli_messages(sources: dict[Key, list[str]]) -> None:
    """The extraction reads what it must (a broken keyword list would find nothing and pass the rest)."""
    assert "{counts}: OK" in sources
    assert ("{failed} example fails because of this:", "{failed} examples fail because of this:") in sources
    assert len(sources) > 150
    assert "Balance measurement (self-play)" in sources, "the Jinja templates are read too"


def test_every_message_has_a_japanese_translation(sources: dict[Key, list[str]], japanese: Catalog) -> None:
    assert untranslated(sources, japanese) == []


def test_a_new_message_without_a_translation_is_named(tmp_path: Path, japanese: Catalog) -> None:
    """The check above fails for a message added to the sources and not to the .po."""
    (tmp_path / "new.py").write_text('from toolchain.i18n import _\n\nprint(_("{count} new things"))\nprint(_("nothing"))\n')
    assert untranslated(extracted(tmp_path), japanese) == ["new.py:3: '{count} new things'"]


def test_the_template_is_the_extraction(sources: dict[Key, list[str]]) -> None:
    """A stale bp.pot (a message added, changed or removed since scripts/messages extract) fails."""
    template = {_key(m.id) for m in catalogue(LOCALE / "bp.pot") if m.id}
    assert sorted(map(str, template - set(sources))) == [], "in bp.pot, no longer in the sources"
    assert sorted(map(str, set(sources) - template)) == [], "in the sources, not in bp.pot: run scripts/messages extract"


def test_every_codes_summary_is_marked_for_translation(sources: dict[Key, list[str]]) -> None:
    """bp codes translates each summary where it shows it: each must be an extracted message (N_)."""
    assert [code.code for code in CODES.values() if code.summary not in sources] == []


def placeholders(text: str) -> list[tuple[str, str]]:
    """The `{name:spec}` fields of a message, sorted (a literal {{ }} is none)."""
    return sorted((name, spec or "") for _, name, spec, _ in string.Formatter().parse(text) if name is not None)


def test_translations_keep_their_placeholders(japanese: Catalog) -> None:
    """A translation names the placeholders its message does (the plural's, for a message with plurals:
    Japanese has one form for every count), with the same format spec."""
    wrong = []
    for message in japanese:
        if not message.id:
            continue
        source = message.id if isinstance(message.id, str) else message.id[-1]
        for translation in message.string if isinstance(message.string, tuple) else (message.string,):
            if placeholders(translation) != placeholders(source):
                wrong.append((source, translation))
    assert wrong == []


def test_a_translation_that_drops_a_placeholder_is_caught() -> None:
    assert placeholders("{count} 件") != placeholders("{count} files in {folder}")
    assert placeholders("{seconds:.1f} 秒") != placeholders("{seconds} s")
    assert placeholders("{{literal}} {x}") == [("x", "")]


def test_no_module_that_translates_binds_the_name_of_gettext() -> None:
    """`for text, _ in …` in a function that also says `_("…")` makes `_` a local: UnboundLocalError.
    A module that imports `_` names its throwaway values otherwise (a comprehension has its own scope)."""
    import ast

    bound = []
    for path in sorted((ROOT / "toolchain").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if not any(isinstance(node, ast.ImportFrom) and any(alias.name == "_" for alias in node.names) for node in ast.walk(tree)):
            continue
        scoped = {id(name) for node in ast.walk(tree) if isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp))
                  for name in ast.walk(node)}
        bound += [f"{path.relative_to(ROOT)}:{node.lineno}" for node in ast.walk(tree)
                  if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store) and id(node) not in scoped]
    assert bound == []


def test_the_catalogues_are_written_readable_by_everyone(tmp_path: Path) -> None:
    """`make build` as root compiles bp.mo; every other user's bp reads it (and the build hashes every
    file of the toolchain): written 0600, as a temporary file is made, it locked them all out."""
    import importlib.machinery
    import importlib.util
    import os
    import stat

    loader = importlib.machinery.SourceFileLoader("messages_script", str(Path(__file__).resolve().parents[2] / "scripts" / "messages"))
    spec = importlib.util.spec_from_loader("messages_script", loader)
    assert spec is not None
    script = importlib.util.module_from_spec(spec)
    loader.exec_module(script)
    mask = os.umask(0o022)
    try:
        script._replace(tmp_path / "bp.mo", lambda f: f.write(b"compiled"))
    finally:
        os.umask(mask)
    assert (tmp_path / "bp.mo").read_bytes() == b"compiled"
    assert stat.S_IMODE((tmp_path / "bp.mo").stat().st_mode) == 0o644
    assert [p.name for p in tmp_path.iterdir()] == ["bp.mo"]


def test_a_japanese_message_sends_its_reader_to_the_japanese_document() -> None:
    """Where a message names a document of this repository that has a Japanese version beside it
    (definitions/README.md, definitions/README.ja.md), its Japanese translation names that version."""
    import re

    with (LOCALE / "ja" / "LC_MESSAGES" / "bp.po").open("rb") as file:
        catalogue = read_po(file)
    english_only = []
    for message in catalogue:
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in filter(None, texts):
            for named in re.findall(r"[\w./-]+\.md\b", text):
                if not named.endswith(".ja.md") and (ROOT / named).with_suffix(".ja.md").is_file():
                    english_only.append((named, text))
    assert english_only == []
