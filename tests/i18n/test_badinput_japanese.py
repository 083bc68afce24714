"""The whole bad-input corpus (tests/badinput/corpus.yaml) in Japanese: every message an editor reads is
Japanese, with no English word left outside what is not prose (codes, ids, field names, paths, options,
what the editor wrote, quoted) and the short list of terms below. A message of a library bp passes on
(PyYAML's, jsonschema's, the operating system's) counts as bp's own."""

from __future__ import annotations

import functools
import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.badinput import test_corpus as corpus
from tests.runbp import bp, expect_many
from toolchain import i18n
from toolchain.checks.result import cache_in, check
from toolchain.resultcache import ResultCache

ROOT = Path(__file__).resolve().parents[2]
JAPANESE = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "ja_JP.UTF-8"}

# Words a Japanese message may hold as they are: names that are not translated (the formats and tools
# named, the card notation's words) and the Japanese rulebook's own English terms.
ALLOWED_TERMS = frozenset({
    "YAML", "JSON", "PDF", "HTML", "URL", "UTF", "ID", "FIFO",  # formats and acronyms (any all-capital word is also left)
    "bp", "python", "git",  # programs
    "Joker",  # the card notation (suits are symbols, ranks A 2–10 J Q K are one letter or digits)
    "blocks",  # the examples' flag `blocks ♠9` (driven, new, attacker are ids of the rules already)
    "decision",  # a transcript's kind of record (game, decision, end)
    "site", "Dask",  # bp build's output (its steps are named from the pipeline below), the cluster bp balance uses
})
# Cases whose output is for programs, in English whatever the locale (--format github, json; guides/developer.md).
ENGLISH_BY_DESIGN = ("github", "json")

_QUOTED = re.compile(
    r"`[^`\n]*`"  # a field or a value in backquotes
    r"|(?<![A-Za-z])'[^'\n]*'(?![A-Za-z])"  # what the editor wrote, quoted ('colour'); an apostrophe (player's) opens none
    r"|\"[^\"\n]*\"|「[^」\n]*」"
)
_NOT_PROSE = re.compile(
    r"\S*/\S*"  # a path (definitions/rules.yaml), a fraction of a path
    r"|\S+\.(?:yaml|json|jsonl|txt|html|pdf|png|svg)\b"  # a file name
    r"|--?[A-Za-z][\w-]*"  # an option
    r"|\bBP\d{3}\b|\bU\+[0-9A-F]{4,6}\b|\b0x[0-9a-f]+\b"  # a code, a character, a byte
    r"|\b(?:bp|git) [a-z]+\b"  # a command line (bp check, git init)
    r"|<[^<>\s]*>"  # a label in the keycards notation (soldier<slash>)
)
_WORD = re.compile(r"(?<![\w-])[A-Za-z][A-Za-z0-9_-]*")


@functools.cache  # read when a message is first weighed, not while every process collects the tests
def _names_of_the_rules() -> frozenset[str]:
    """Every key and id-like value of the definitions and every field and word of the schemas: the ids and
    field names a message may name (an edition's vocabulary, the effect language's words and options)."""
    names: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                names.add(str(key))
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str) and re.fullmatch(r"[A-Za-z][\w-]*", value):
            names.add(value)

    for path in sorted((ROOT / "definitions").rglob("*.yaml")):
        walk(yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader))
    for path in sorted((ROOT / "schema").glob("*.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        walk({key: value for key, value in _schema_names(schema)})
    from toolchain.site.pipeline import STEPS

    names |= {step.name for step in STEPS}  # bp build --only's names
    return frozenset(part for name in names for part in re.split(r"[._-]", name) if part) | frozenset(names)


def _schema_names(schema: Any) -> Iterator[tuple[str, Any]]:
    """The property names and enum values of a schema (not its descriptions, which are prose)."""
    if isinstance(schema, dict):
        for key, value in schema.items():
            if key in ("properties", "patternProperties", "dependentSchemas", "$defs") and isinstance(value, dict):
                yield from ((name, None) for name in value)
            if key in ("enum", "required") and isinstance(value, list):
                yield from ((str(item), None) for item in value)
            if key != "description":
                yield from _schema_names(value)
    elif isinstance(schema, list):
        for item in schema:
            yield from _schema_names(item)


def english_words(message: str, written: frozenset[str] = frozenset()) -> list[str]:
    """The English words of a message: what is left once quotes, paths, codes, ids, field names and the words
    the editor wrote (`written`) are out."""
    names = _names_of_the_rules()
    bare = _NOT_PROSE.sub(" ", _QUOTED.sub(" ", message))
    found = []
    for word in _WORD.findall(bare):
        parts = [part for part in re.split(r"[._]", word) if part]
        if len(word) < 2 or word.isupper() or word in ALLOWED_TERMS or word in names or word in written or all(p in names for p in parts):
            continue
        found.append(word)
    return found


def test_english_words_finds_prose_and_leaves_names() -> None:
    assert english_words("この引用符の文字列が閉じていません（found unexpected end of stream、8 行 1 列）")
    assert english_words("'Up' が合いません: Lower-case English words joined by '-'.")
    assert english_words("アップ が拒否された理由は keycards (the costs cannot be paid)")
    assert english_words("no action is called 'ダウソ'")
    assert not english_words("up.program.effect[0]: 不明なフィールド 'modify_sise'。'modify_size' のことですか？")
    assert not english_words("'quick-spel' は definitions/rules.yaml の categories にありません（categories は basic, summon）")
    assert not english_words("bp build: 1 ファイルにエラー 1 件。先に直してください（bp check）")
    assert not english_words("バイト 0xff は UTF-8 ではありません。YAML の字下げは空白だけです")


@pytest.fixture(scope="module", autouse=True)
def japanese_runs_preloaded() -> None:
    """About sixty cases run bp in Japanese: their preloaded process starts at the first, not after two cold runs."""
    expect_many(JAPANESE)


def _speak_japanese(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in (("_explicit", None), ("_setting", None), ("_settled", None), ("_catalogue", None)):
        monkeypatch.setattr(i18n, name, value)
    for name, value in JAPANESE.items():
        monkeypatch.setenv(name, value)


@pytest.fixture()
def japanese(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """This process and the commands it runs speak Japanese for the test, its choice undone after it."""
    _speak_japanese(monkeypatch)
    yield


@pytest.fixture(scope="module")
def warmed_in_japanese(tmp_path_factory: pytest.TempPathFactory) -> corpus.Warmed:
    """bp check's cache filled, in Japanese, by each base repository of the corpus as it is: what a Japanese
    editor's cache holds when they make the case's mistake (test_corpus.py checks that a check from such a
    cache says what a clean check says)."""
    caches = {}
    salt = ""
    with pytest.MonkeyPatch.context() as monkeypatch:
        _speak_japanese(monkeypatch)
        for base in ("minimal", "real"):
            tmp = tmp_path_factory.mktemp(f"warm-ja-{base}")
            store = cache_in(tmp / "cache")
            check(corpus._workspace(tmp, base).root, store)
            caches[base], salt = tmp / "cache", store.salt
    return corpus.Warmed(caches, salt)


def _said(case: dict[str, Any], workspace: corpus.Workspace, monkeypatch: pytest.MonkeyPatch,
          warmed: corpus.Warmed) -> list[str]:
    """What the case has bp say to the editor: its findings' messages as bp check says them (from the cache its
    repository filled before the case's edits), or a command's standard error."""
    if "run" not in case:
        cache = workspace.tmp / "cache"
        shutil.copytree(warmed.caches[case.get("base", "minimal")], cache)
        return [finding.message for finding in check(workspace.root, ResultCache(cache, warmed.salt)).findings]
    if "unreadable" in case:
        _exit, stderr = corpus._run_unreadable(workspace, case, monkeypatch)
    else:
        stderr = bp(*corpus._arguments(workspace, case), timeout=120, env=JAPANESE).stderr
    return stderr.splitlines()


SPOKEN = [case for case in corpus.CASES if not any(word in case.get("run", ()) for word in ENGLISH_BY_DESIGN)]


@pytest.mark.parametrize("case", SPOKEN, ids=[case["id"] for case in SPOKEN])
def test_bad_input_is_said_in_japanese(case: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       warmed_in_japanese: corpus.Warmed, japanese: None) -> None:
    workspace = corpus._workspace(tmp_path, case.get("base", "minimal"))
    for edit in case.get("edits", ()):
        corpus._apply(workspace, edit)
    said = _said(case, workspace, monkeypatch, warmed_in_japanese)
    assert said, "bp said nothing"
    written = frozenset(_WORD.findall(" ".join(str(edit.get(key, "")) for edit in case.get("edits", ())
                                               for key in ("new", "write", "append"))))
    english = {line: words for line in said if (words := english_words(line, written))}
    assert english == {}


def test_a_port_in_use_is_said_in_japanese_with_the_option_to_choose_another(tmp_path: Path) -> None:
    """`bp play` on a port another program listens on: the system's 'Address already in use' was printed as is."""
    import socket

    from tests.repos import minimal_repository

    root = minimal_repository(tmp_path)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = bp("play", "--root", str(root), "--port", str(port), timeout=120, env=JAPANESE)
    assert done.returncode == 2, done.stderr
    assert f"ポート {port} はほかのプログラムが使っています。--port でほかのポートを選んでください" in done.stderr, done.stderr
    assert [line for line in done.stderr.splitlines() if english_words(line)] == []


def test_every_pattern_rule_of_the_definitions_schemas_is_in_the_catalogue() -> None:
    """A `pattern` whose description a BP010 shows (`'Up' does not match: Lower-case English words…`) is listed in
    model/schema_words.py, so the catalogue translates it; one that names a section of the rulebook (which only
    data may name) is not, and a Japanese message leaves it out. Output schemas (balance, diff, export) and the
    effect language's (generated from model/effect_language.py) are not the editor's input."""
    from toolchain.model.schema_words import SCHEMA_DESCRIPTIONS

    described: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            if "pattern" in value and isinstance(value.get("description"), str):
                described.append(value["description"])
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for path in sorted((ROOT / "schema").glob("*.schema.json")):
        if path.name.split(".")[0] not in ("balance", "diff", "export", "effect"):
            walk(json.loads(path.read_text(encoding="utf-8")))
    shown = {text for text in described if not re.search(r"\b\d+\.\d+", text)}
    assert sorted(shown - set(SCHEMA_DESCRIPTIONS)) == []


def test_a_pattern_of_words_is_said_from_its_words(japanese: None) -> None:
    """The effect language's patterns are generated with an English description: Japanese lists their words."""
    from toolchain.model.schema_words import pattern_words

    assert pattern_words(r"^(?:key|turn\-player|\$[A-Za-z_][A-Za-z0-9_]*)$") == "key, turn-player か $変数"
    assert pattern_words(r"^(?:\$[A-Za-z_][A-Za-z0-9_]*)$") == "$変数"
    assert pattern_words(r"^[a-z]+$") is None
