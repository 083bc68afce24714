"""bp export --format extra-yaml: the trumps in upstream's trump-file shape (tests/fixtures/upstream: 第七版's extra.yaml,
nested, and v5-extra.yaml, flat), card by card in upstream's order with every field upstream's entry has; and an import
of the export gives back the very files of the first import. Upstream keeps no schema for these files: the facts
checked are its own files' (each entry's fields, in their order)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.runbp import ROOT, bp
from toolchain.upstream import texts

UPSTREAM = ROOT / "tests" / "fixtures" / "upstream"
NAMES = UPSTREAM / "names-v7-extra.yaml"
EDITION = ROOT / "editions" / "v9.1.1"
FILES = {"v7": (UPSTREAM / "v7" / "extra.yaml", "abiList"), "v5": (UPSTREAM / "v5" / "extra.yaml", "list")}


def _import(source: Path, into: Path) -> None:
    result = bp("import", str(source), "--into", str(into), "--rules", str(EDITION), "--names", str(NAMES))
    assert result.returncode == 0, result.stderr


@pytest.fixture(scope="module", params=sorted(FILES))
def round_trip(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path, Path, Path]:
    source, _list_key = FILES[request.param]
    base = tmp_path_factory.mktemp(f"trumps-{request.param}")
    first, exported, second = base / "first", base / "out" / "extra.yaml", base / "second"
    exported.parent.mkdir()
    _import(source, first)
    result = bp("export", "--root", str(first), "--format", "extra-yaml", "-o", str(exported))
    assert result.returncode == 0, result.stderr
    _import(exported, second)
    return request.param, first, exported, second


def _load(path: Path) -> Any:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _said(value: Any) -> Any:
    """A text as the import reads it (１． as 1., trailing spaces and newlines aside)."""
    return "\n".join(line.rstrip() for line in texts.to_markup(value).rstrip().split("\n")) if isinstance(value, str) else value


def _same_entry(ours: dict[str, Any], theirs: dict[str, Any], where: str) -> None:
    assert list(ours) == list(theirs), where  # every field upstream's entry has, in its order
    for key, value in theirs.items():
        if isinstance(value, list):
            assert len(ours[key]) == len(value), (where, key)
            for n, (our, their) in enumerate(zip(ours[key], value)):
                _same_entry(our, their, f"{where}.{key}[{n}]")
        elif key in ("actKey", "charKey"):
            assert str(ours[key]).replace(" ", "") == str(value).replace(" ", ""), (where, key)
        else:
            assert _said(ours[key]) == _said(value), (where, key)


def test_every_entry_is_upstreams_field_by_field_in_upstreams_order(round_trip: tuple[str, Path, Path, Path]) -> None:
    """Every card of the table (the empty and unprinted ones as upstream wrote them), then the actList, by heading."""
    edition, _, exported, _ = round_trip
    source, list_key = FILES[edition]
    theirs, ours = _load(source), _load(exported)
    assert list(ours) == list(theirs)
    assert ours.get("data") == theirs.get("data")
    assert len(ours[list_key]) == len(theirs[list_key])
    for n, (our, their) in enumerate(zip(ours[list_key], theirs[list_key])):
        _same_entry(our, their, f"{list_key}[{n}]")
    assert [g["type"] for g in ours.get("actList", [])] == [g["type"] for g in theirs.get("actList", [])]
    for our, their in zip(ours.get("actList", []), theirs.get("actList", [])):
        _same_entry(our, their, f"actList {their['type']}")


def test_import_export_import_changes_nothing(round_trip: tuple[str, Path, Path, Path]) -> None:
    _, first, _, second = round_trip
    files = sorted(p.relative_to(first) for p in first.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(second) for p in second.rglob("*") if p.is_file())
    for relative in files:
        assert (second / relative).read_bytes() == (first / relative).read_bytes(), relative


def test_a_repository_never_imported_writes_its_trumps_nested() -> None:
    """This project's own 第8.1版 to stdout: each trump on its card, its actions nested, in the definitions' order; the
    trumps' frame actions of no trump (オープン …) in actList, under their group's heading."""
    result = bp("export", "--root", str(ROOT), "--format", "extra-yaml")
    assert result.returncode == 0, result.stderr
    data = yaml.safe_load(result.stdout)
    assert list(data) == ["data", "abiList", "actList"]
    trumps = yaml.safe_load((ROOT / "definitions" / "frames" / "trumps.yaml").read_text(encoding="utf-8"))
    hidden = [t for t in trumps if t["keycards"][0] not in "♠♡♢♣"]  # 裏切札: any card face down, no card of the table
    assert [f"'{t['name']}' is on no one card" in result.stderr for t in hidden] == [True]
    trumps = [t for t in trumps if t not in hidden]
    assert [(e["suit"], e["num"], e["name"]) for e in data["abiList"]] == [
        ({"♠": "s", "♡": "h", "♢": "d", "♣": "c"}[t["keycards"][0]], t["keycards"][1:], t["name"]) for t in trumps]
    slash = next(e for e in data["abiList"] if e["name"] == "スラッシュ")
    assert [a["actName"] for a in slash["acts"]][0] == "スラッシュ"
    assert all(list(a) == ["actName", "actType", "actTime", "actCost", "actS", "actKey", "actNote", "actTarget", "actEffect"]
               for e in data["abiList"] for a in e.get("acts", []))
    assert all(entry["type"] == "ActionList" for group in data["actList"] for entry in group["acts"])
