"""The schemas are JSON Schema 2020-12, whose `pattern`s are ECMA-262 regular expressions: each one
must compile as such with the `u` flag (as check-jsonschema, through regress, and ajv compile them),
not only as Python's `re`, which forgives escapes such as `\\-` that ECMA-262 with `u` refuses. And
an editor's tools validate the action files with the schemas as they are."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import regress

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = sorted((ROOT / "schema").glob("*.schema.json"))


def _patterns(node: object, where: str = "") -> Iterator[tuple[str, str]]:
    """Every `pattern` (and every key of `patternProperties`) in a schema, with where it is."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "pattern" and isinstance(value, str):
                yield f"{where}/pattern", value
            elif key == "patternProperties" and isinstance(value, dict):
                yield from ((f"{where}/patternProperties", name) for name in value)
            yield from _patterns(value, f"{where}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _patterns(value, f"{where}/{index}")


def test_the_schemas_have_patterns() -> None:
    assert sum(1 for schema in SCHEMAS for _ in _patterns(json.loads(schema.read_text(encoding="utf-8")))) >= 10


@pytest.mark.parametrize("schema", SCHEMAS, ids=[schema.name for schema in SCHEMAS])
def test_every_pattern_is_an_ecma_262_regular_expression(schema: Path) -> None:
    refused = []
    for where, pattern in _patterns(json.loads(schema.read_text(encoding="utf-8"))):
        try:
            regress.Regex(pattern, flags="u")
        except regress.RegressError as exc:
            refused.append(f"{where}: {pattern!r}: {exc}")
    assert refused == []


def test_check_jsonschema_validates_the_action_files() -> None:
    actions = sorted(str(path) for path in (ROOT / "definitions" / "actions").glob("*.yaml"))
    run = subprocess.run([sys.executable, "-m", "check_jsonschema", "--schemafile", str(ROOT / "schema" / "actions.schema.json"),
                          *actions], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
