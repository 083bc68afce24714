"""bp export --format act-yaml: the definitions as upstream's act.yaml, act-frame.yaml and frame.yaml,
valid against upstream's schemas (tests/fixtures/upstream/*.schema.json), in upstream's grouping and
order; and an import of the export gives back the very files of the first import."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from tests.runbp import ROOT, bp

UPSTREAM = ROOT / "tests" / "fixtures" / "upstream"
ACT, ACT_FRAME = UPSTREAM / "v9.0" / "act.yaml", UPSTREAM / "v9.0" / "act-frame.yaml"
NAMES = UPSTREAM / "names-v9.yaml"
EDITION = ROOT / "editions" / "v9.1.1"


def _import(files: list[Path], into: Path) -> None:
    result = bp("import", *map(str, files), "--into", str(into), "--rules", str(EDITION), "--names", str(NAMES))
    assert result.returncode == 0, result.stderr


def _export(root: Path, into: Path) -> None:
    result = bp("export", "--root", str(root), "--format", "act-yaml", "-o", str(into))
    assert result.returncode == 0, result.stderr


@pytest.fixture(scope="module")
def round_trip(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    base = tmp_path_factory.mktemp("roundtrip")
    first, exported, second = base / "first", base / "exported", base / "second"
    _import([ACT, ACT_FRAME], first)
    _export(first, exported)
    _import([exported / "act.yaml", exported / "act-frame.yaml"], second)
    return first, exported, second


def _load(path: Path) -> object:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def test_the_export_is_valid_against_upstreams_schemas(round_trip: tuple[Path, Path, Path]) -> None:
    _, exported, _ = round_trip
    act_schema = json.loads((UPSTREAM / "act.schema.json").read_text(encoding="utf-8"))
    frame_schema = json.loads((UPSTREAM / "frame.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(_load(exported / "act.yaml"), act_schema)
    jsonschema.validate(_load(exported / "act-frame.yaml"), act_schema)
    jsonschema.validate(_load(exported / "frame.yaml"), frame_schema)


def _shape(data: object, list_key: str, inner: str, id_key: str) -> list[tuple[str, list[str]]]:
    """Each heading with its entries' ids, in order."""
    return [(group["type"], [entry[id_key] for entry in group[inner]]) for group in data[list_key]]  # type: ignore[index]


def test_the_export_keeps_upstreams_grouping_and_order(round_trip: tuple[Path, Path, Path]) -> None:
    _, exported, _ = round_trip
    for name, lists in (("act.yaml", (("actList", "acts", "actId"), ("charList", "chars", "charId"), ("fogList", "fogs", "fogId"))),
                        ("act-frame.yaml", (("actList", "acts", "actId"), ("fogList", "fogs", "fogId")))):
        theirs, ours = _load(UPSTREAM / "v9.0" / name), _load(exported / name)
        for list_key, inner, id_key in lists:
            assert _shape(ours, list_key, inner, id_key) == _shape(theirs, list_key, inner, id_key), (name, list_key)


def test_the_export_says_what_upstream_says(round_trip: tuple[Path, Path, Path]) -> None:
    """Every action, character and fog entry of both files, each field word for word (trailing spaces aside; 相殺's
    `1.対象` as upstream spells it); the cost in upstream's letters (C, which the names file maps to K); keycards spaces aside."""
    _, exported, _ = round_trip
    for name in ("act.yaml", "act-frame.yaml"):
        for list_key, inner, keys in (
            ("actList", "acts", ("actName", "actTrigger", "actSpeed", "actTime", "actCost", "actTarget", "actNote", "actActCond",
                                 "actTriggerCond", "actEffect", "story", "flavorSpeaker", "devNote", "since", "frame")),
            ("charList", "chars", ("charName", "charType", "charLabel", "charAbility", "story", "devNote", "since", "frame")),
            ("fogList", "fogs", ("fogName", "fogType", "fogKey", "fogTarget", "fogAbility", "since", "frame")),
        ):
            theirs = [e for g in _load(UPSTREAM / "v9.0" / name)[list_key] for e in g[inner]]  # type: ignore[index]
            ours = [e for g in _load(exported / name)[list_key] for e in g[inner]]  # type: ignore[index]
            for their, our in zip(theirs, ours, strict=True):
                for key in keys:
                    expected = their.get(key)
                    expected = "\n".join(line.rstrip() for line in expected.rstrip().split("\n")) if isinstance(expected, str) else expected
                    assert our.get(key) == expected, (name, their.get("actId") or their.get("charId") or their.get("fogId"), key)
                for key in ("actKey", "actUnit", "charKey"):
                    assert (our.get(key) or "").replace(" ", "") == (their.get(key) or "").replace(" ", ""), (name, key)


def test_import_export_import_changes_nothing(round_trip: tuple[Path, Path, Path]) -> None:
    first, _, second = round_trip
    files = sorted(p.relative_to(first) for p in first.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(second) for p in second.rglob("*") if p.is_file())
    for relative in files:
        assert (second / relative).read_bytes() == (first / relative).read_bytes(), relative


def test_act_yaml_needs_a_folder(tmp_path: Path) -> None:
    result = bp("export", "--root", str(ROOT), "--format", "act-yaml")
    assert result.returncode == 2
    assert "-o" in result.stderr


def test_a_repository_never_imported_exports_valid_files_too(tmp_path: Path) -> None:
    """This project's own 第8.1版: no upstream.yaml, so headings, ids and header come from the definitions."""
    _export(ROOT, tmp_path / "out")
    act_schema = json.loads((UPSTREAM / "act.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(_load(tmp_path / "out" / "act.yaml"), act_schema)
    jsonschema.validate(_load(tmp_path / "out" / "act-frame.yaml"), act_schema)
    jsonschema.validate(_load(tmp_path / "out" / "frame.yaml"), json.loads((UPSTREAM / "frame.schema.json").read_text(encoding="utf-8")))
    headings = [group["type"] for group in _load(tmp_path / "out" / "act-frame.yaml")["actList"]]  # type: ignore[index]
    assert "切札♠2 スラッシュ" in headings  # a trump's actions under its heading, as upstream groups them
