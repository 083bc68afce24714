"""Schemas for editors: the toolchain's schemas with the edition's vocabularies and the ids of its
definitions written in as enums, so that an editor completes `category: ` with the categories this
edition has (and shows their Japanese names), and `you: {…}` with its zones.

The toolchain's own schemas state shape only (an edition renames a category in rules.yaml alone);
a field that takes an id of a vocabulary says which with `x-vocabulary` (`categories`, `zones`), a
field that names another definition `x-reference` (`actions`, `formats`). `bp schema` writes these
schemas into the rules repository's schema/ folder, where the definitions' `# yaml-language-server:
$schema=../schema/…` lines point; `bp check` never reads them.
"""

from __future__ import annotations

import copy
from typing import Any

from .definitions import Definitions, Named
from .repository import TOOLCHAIN_SCHEMAS
from .validation import schema_documents


def _references(definitions: Definitions) -> dict[str, list[Named]]:
    """The ids (and names) of each kind of definition another one may name."""
    kinds: dict[str, list[Any]] = {
        "formats": definitions.formats, "frames": definitions.frames, "characters": definitions.characters,
        "actions": [*definitions.actions, *definitions.frame_actions], "trumps": definitions.trumps,
        "fog": [*definitions.fog, *definitions.frame_fog],  # a frame's uses adds and excepts frame fog by id
    }
    return {kind: [Named(item.id, item.name) for item in items] for kind, items in kinds.items()}


def _listed(node: dict[str, Any], entries: list[Named]) -> None:
    if entries:  # an enum of nothing would refuse every value
        node["enum"] = [entry.id for entry in entries]
        node["enumDescriptions"] = [entry.name for entry in entries]  # shown beside each id by the editor


def _fill(node: Any, words: dict[str, list[Named]], references: dict[str, list[Named]]) -> None:
    if isinstance(node, list):
        for item in node:
            _fill(item, words, references)
        return
    if not isinstance(node, dict):
        return
    if "x-vocabulary" in node:
        _listed(node, words.get(node["x-vocabulary"], []))
    if "x-reference" in node:
        _listed(node, references.get(node["x-reference"], []))
    names = node.get("propertyNames")
    if isinstance(names, dict) and "x-vocabulary" in names and isinstance(node.get("additionalProperties"), dict):
        # a mapping keyed by a vocabulary (an example's side: its zones, and its other fields): each key, for completion
        properties = node.setdefault("properties", {})
        for entry in words.get(names.pop("x-vocabulary"), []):
            properties.setdefault(entry.id, copy.deepcopy(node["additionalProperties"]))
        names["enum"] = list(properties)
    for value in list(node.values()):
        _fill(value, words, references)


def editor_schemas(definitions: Definitions) -> dict[str, dict[str, Any]]:
    """Every schema of the toolchain (by file name), with the edition's ids as enums; empty without rules.yaml."""
    rules = definitions.rules
    if rules is None:
        return {}
    words = {name: list(vocabulary.entries) for name, vocabulary in rules.vocabularies.items()}
    references = _references(definitions)
    schemas = {}
    for name, schema in schema_documents(TOOLCHAIN_SCHEMAS).items():
        written = copy.deepcopy(schema)
        # Without its $id, a schema's relative $refs resolve beside the file, where the others are written,
        # not at the $id's address (which an editor would try to fetch).
        written.pop("$id", None)
        _fill(written, words, references)
        schemas[name] = written
    return schemas
