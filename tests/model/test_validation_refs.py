"""Schema validation resolves each `$ref` once (model/validation.py): the same findings as jsonschema's own
validator, and the plain validator wherever the shortcut's preconditions do not hold."""

from __future__ import annotations

import types
from pathlib import Path
from typing import Any

import jsonschema.exceptions
import pytest
import yaml
from jsonschema import Draft202012Validator

from toolchain.model import validation

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "schema"


def test_the_shortcut_is_taken_with_this_jsonschema_and_left_without_its_private_names(
        monkeypatch: pytest.MonkeyPatch) -> None:
    schemas = validation.schema_documents(SCHEMAS)
    assert validation._resolving_once(schemas) is not Draft202012Validator
    monkeypatch.setattr(jsonschema, "exceptions", types.SimpleNamespace())
    monkeypatch.setitem(__import__("sys").modules, "jsonschema.exceptions", types.SimpleNamespace())
    assert validation._resolving_once(schemas) is Draft202012Validator
    assert validation._resolving_once({"a": {"$dynamicRef": "#x"}}) is Draft202012Validator


def _spoiled(value: Any) -> Any:
    """Every string of a definitions file replaced by a number: errors deep inside every referenced schema."""
    if isinstance(value, dict):
        return {key: _spoiled(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_spoiled(item) for item in value]
    return 3 if isinstance(value, str) else value


def _within(schema: Any, path: list[Any]) -> bool:
    """Whether the schema path leads somewhere inside `schema` itself (a $ref's target is elsewhere: the path
    jsonschema gives leaves the `$ref` out)."""
    for step in path:
        try:
            schema = schema[step]
        except (KeyError, IndexError, TypeError):
            return False
    return True


def test_resolved_once_finds_what_jsonschema_finds() -> None:
    schemas, registry = validation._schemas(SCHEMAS)
    fast = validation._resolving_once(schemas)
    for data, name in ((ROOT / "definitions" / "actions" / "4-normal-spell.yaml", "actions.schema.json"),
                       (ROOT / "definitions" / "characters.yaml", "characters.schema.json")):
        spoiled = _spoiled(yaml.safe_load(data.read_text(encoding="utf-8")))
        plain = Draft202012Validator(schemas[name], registry=registry).iter_errors(spoiled)
        kept = fast(schemas[name], registry=registry).iter_errors(spoiled)
        seen = sorted((list(error.absolute_path), list(error.absolute_schema_path), error.message) for error in plain)
        assert any(not _within(schemas[name], schema_path) for _path, schema_path, _message in seen), \
            "some errors come from a schema reached through a $ref"
        assert sorted((list(e.absolute_path), list(e.absolute_schema_path), e.message) for e in kept) == seen
