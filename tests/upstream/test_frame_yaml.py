"""Upstream's frame.yaml (第8.0版, tests/fixtures/upstream/v8.0): bp import reads its frames' names, formats,
decks and game starts into frames/frames.yaml, bp export --format act-yaml writes frame.yaml back in
upstream's shape, field by field, valid against upstream's frame.schema.json, and import → export →
import changes nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from tests.runbp import ROOT, bp
from toolchain.upstream.imported_files import import_files

UPSTREAM = ROOT / "tests" / "fixtures" / "upstream"
FRAME = UPSTREAM / "v8.0" / "frame.yaml"
# The target edition: this project's 第8.1版, which has the four frames of 第8.0版 and エクストラ besides.
TARGET = ROOT


def _load(path: Path) -> Any:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def round_trip(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path, str]:
    base = tmp_path_factory.mktemp("frames")
    first, exported, second = base / "first", base / "exported", base / "second"
    imported = bp("import", str(FRAME), "--into", str(first))
    assert imported.returncode == 0, imported.stderr
    assert bp("export", "--root", str(first), "--format", "act-yaml", "-o", str(exported)).returncode == 0
    again = bp("import", str(exported / "frame.yaml"), "--into", str(second))
    assert again.returncode == 0, again.stderr
    return first, exported, second, imported.stderr


def _theirs() -> list[dict[str, Any]]:
    return list(_load(FRAME)["frames"])


def test_the_import_gives_each_frame_its_name_formats_deck_and_start(round_trip: tuple[Path, Path, Path, str]) -> None:
    first, _, _, _ = round_trip
    frames = {frame["id"]: frame for frame in _load(first / "definitions" / "frames" / "frames.yaml")}
    assert [frames[id_]["name"] for id_ in ("entry20", "pack", "rare-pack", "strategy")] == [f["name"] for f in _theirs()]
    assert frames["entry20"]["formats"] == ["lite"]
    assert frames["strategy"]["formats"] == ["pro", "master"]  # upstream's `pro,mast`, as formats.yaml names them
    assert frames["entry20"]["deck"]["cards"]["♡"] == ["A", "8", "9", "10", "J"]
    # the start's steps as the procedure, upstream's words kept (（プリセット） in full width); its pointer into
    # upstream's rulebook is not a step
    assert frames["strategy"]["start"]["procedure"].splitlines()[0] == "- デッキから最初の手札に入れる3枚を選ぶ。（ストラテジー）"
    assert ":numref:" not in frames["pack"]["start"]["procedure"]
    assert frames["pack"]["start"]["then"] == "first-player"  # the simulator's data: the target edition's


def test_bp_check_accepts_the_import(round_trip: tuple[Path, Path, Path, str]) -> None:
    first, _, _, stderr = round_trip
    assert "エクストラ" in stderr  # the target's frame upstream's 第8.0版 has not: kept, with a warning
    result = bp("check", "--root", str(first))
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_export_says_what_upstream_says(round_trip: tuple[Path, Path, Path, str]) -> None:
    """Every field of every frame upstream lists, word for word (trailing spaces aside), in upstream's order."""
    _, exported, _, _ = round_trip
    ours = _load(exported / "frame.yaml")
    assert ours["data"] == _load(FRAME)["data"]
    for their, our in zip(_theirs(), ours["frames"], strict=False):
        for key in ("name", "image", "frameId", "format", "deck", "start", "actionList", "accessLevel"):
            expected = their.get(key)
            expected = "\n".join(line.rstrip() for line in expected.rstrip().split("\n")) if isinstance(expected, str) else expected
            found = our.get(key)
            found = "\n".join(line.rstrip() for line in found.split("\n")) if isinstance(found, str) else found
            assert found == expected, (their["frameId"], key)


def test_the_export_holds_to_upstreams_frame_schema(round_trip: tuple[Path, Path, Path, str]) -> None:
    _, exported, _, _ = round_trip
    schema = json.loads((UPSTREAM / "frame.schema.json").read_text(encoding="utf-8"))
    data = _load(exported / "frame.yaml")
    jsonschema.validate(data, schema)
    # the schema's facts, said here too: what each frame must have, and every value a string
    required = schema["properties"]["frames"]["items"]["required"]
    assert required == ["name", "image", "frameId"]
    for frame in data["frames"]:
        assert all(key in frame for key in required)
        assert all(isinstance(value, str) for value in frame.values())
        assert set(frame) <= set(schema["properties"]["frames"]["items"]["properties"])
    assert set(data["data"]) == set(schema["properties"]["data"]["required"])


def test_import_export_import_changes_nothing(round_trip: tuple[Path, Path, Path, str]) -> None:
    first, _, second, _ = round_trip
    wanted = lambda root: sorted(p.relative_to(root) for p in (root / "definitions").rglob("*") if p.is_file())  # noqa: E731
    assert wanted(first) == wanted(second)
    for relative in [*wanted(first), Path("upstream.yaml")]:
        assert (second / relative).read_bytes() == (first / relative).read_bytes(), relative


def _frames_file(tmp_path: Path, frames: str) -> Path:
    path = tmp_path / "frame.yaml"
    path.write_text("data:\n  ver: 第8.0版\n  lastupdate: 2025/3/31\nframes:\n" + frames, encoding="utf-8")
    return path


def test_a_frame_the_target_edition_has_not_is_refused_at_its_line(tmp_path: Path) -> None:
    path = _frames_file(tmp_path, "  - name: パック\n    image: pack\n    frameId: pack\n  - name: ドラフト\n    image: draft\n    frameId: draft\n")
    imported = import_files([path], TARGET)
    errors = [f for f in imported.findings if f.severity == "error"]
    assert [(e.code, e.location.line, e.location.column) for e in errors] == [("BP061", 8, 11)]
    assert "ドラフト" in errors[0].message


def test_a_deck_without_cards_is_read_with_a_warning(tmp_path: Path) -> None:
    path = _frames_file(tmp_path, "  - name: パック\n    image: pack\n    frameId: pack\n    deck: 40枚以上\n")
    imported = import_files([path], TARGET)
    assert not imported.failed
    warnings = [f for f in imported.findings if f.location.line == 8]
    assert [w.code for w in warnings] == ["BP060"]
    assert imported.frames[0]["deck"] == {"min_cards": 40}  # the target edition's
