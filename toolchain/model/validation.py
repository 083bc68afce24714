"""JSON Schema validation of each definitions file, with errors placed at their line and column."""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from ..notation import keycards as keycards_notation
from .yamlload import Document, Mark


@cache
def _validators(schema_dir: Path) -> dict[str, Draft202012Validator]:
    schemas = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in sorted(schema_dir.glob("*.schema.json"))}
    # Register each schema under its $id and under its file name, so relative $refs resolve.
    resources = []
    for name, schema in schemas.items():
        resource = Resource.from_contents(schema, default_specification=DRAFT202012)
        resources.append((name, resource))
        if "$id" in schema:
            resources.append((schema["$id"], resource))
    registry: Registry = Registry().with_resources(resources)
    return {name: Draft202012Validator(schema, registry=registry) for name, schema in schemas.items()}


def schema_names(schema_dir: Path) -> set[str]:
    return set(_validators(schema_dir))


def validate(doc: Document, schema_dir: Path, schema_name: str) -> Iterator[tuple[Mark, str, tuple]]:
    """Yield (mark, message, instance path) for every schema error in the document."""
    validator = _validators(schema_dir)[schema_name]
    for error in validator.iter_errors(doc.data):
        yield from _located(_leaf(error), doc)


def _leaf(error: ValidationError) -> ValidationError:
    # For oneOf/anyOf/allOf, the most specific sub-error says what to fix.
    while error.context:
        deeper = best_match(error.context)
        if deeper is None:
            break
        error = deeper
    return error


def _located(error: ValidationError, doc: Document) -> Iterator[tuple[Mark, str, tuple]]:
    path = tuple(error.absolute_path)
    where = _describe(path)
    if error.validator in ("additionalProperties", "unevaluatedProperties") and isinstance(error.instance, dict):
        allowed = set(error.schema.get("properties", {})) if isinstance(error.schema, dict) else set()
        extras = [k for k in error.instance if k not in allowed] or list(error.instance)
        # With unevaluatedProperties the message names the keys; place each at its own line.
        for key in extras:
            if key in str(error.message) or error.validator == "additionalProperties":
                yield doc.key_mark(path + (key,)), f"{where}unknown field '{key}'", path + (key,)
        return
    if error.validator == "required" and isinstance(error.instance, dict):
        yield doc.mark(path), f"{where}{error.message}", path
        return
    if error.validator == "pattern" and path and path[-1] == "keycards" and isinstance(error.instance, str):
        try:
            keycards_notation.parse(error.instance)
        except keycards_notation.KeycardsError as exc:
            mark = doc.mark(path)
            yield Mark(mark.line, mark.column + exc.column), f"{where}keycards '{error.instance}': {exc}", path
            return
    if "propertyNames" in error.relative_schema_path and isinstance(error.instance, str):
        # A key the mapping may not have (an option of another form): point at the key itself.
        if error.validator == "not" and isinstance(error.validator_value, dict):
            takes = error.validator_value.get("description")  # what the mapping may have instead
            message = f"'{error.instance}' is not allowed here" + (f" ({takes})" if takes else "")
        else:
            message = _message(error)
        yield doc.key_mark(path + (error.instance,)), f"{where}{message}", path + (error.instance,)
        return
    if error.validator == "not" and isinstance(error.validator_value, dict) and isinstance(error.instance, dict):
        # `not: {required: [x]}` forbids a field: point at the field itself.
        forbidden = [key for key in error.validator_value.get("required", ()) if key in error.instance]
        if forbidden:
            yield doc.key_mark(path + (forbidden[0],)), f"{where}{_message(error)}", path
            return
    mark = doc.key_mark(path) if error.validator in ("oneOf", "if") else doc.mark(path)
    yield mark, f"{where}{_message(error)}", path


def _message(error: ValidationError) -> str:
    if error.validator == "enum":
        options = ", ".join(repr(v) for v in error.validator_value)
        return f"{error.instance!r} is not one of {options}"
    if error.validator == "not" and isinstance(error.validator_value, dict):
        required = error.validator_value.get("required")
        rule = error.validator_value.get("description")
        if required:
            return f"'{required[0]}' is not allowed here" + (f": {rule}" if rule else "")
        if rule:
            return rule
    description = error.schema.get("description") if isinstance(error.schema, dict) else None
    if error.validator == "pattern" and description:
        return f"{error.instance!r} does not match: {description}"
    return error.message


def _describe(path: tuple) -> str:
    if not path:
        return ""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return f"{text}: "
