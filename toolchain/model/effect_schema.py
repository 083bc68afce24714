"""schema/effect.schema.json, written from the statement of the effect language (effect_language.py).

The shape of a family's forms is chosen for the messages `bp check` gives (validation.py): an
unknown key is an unknown field at its own line, with the forms there are (the `not` of `_forms`)
or the options of the form written (its `dependentSchemas`), an option of another form is named
at its key, a mapping without a form says which forms there are, and a wrong value is shown at
the value.
"""

from __future__ import annotations

import json
from typing import Any

from . import effect_language as lang

SCHEMA_FILE = "effect.schema.json"
RULES_VOCABULARIES = ("labels", "zones")  # the ids the effect language names that are rules.yaml's, not a definition's
_COMMON = "common.schema.json#/$defs/"

_BASES: dict[str, dict[str, Any]] = {
    "integer": {"type": "integer"},
    "boolean": {"type": "boolean"},
    "text": {"type": "string"},
    "id": {"$ref": _COMMON + "id"},
    "category": {"$ref": _COMMON + "word", "x-vocabulary": "categories"},
    "suit": {"$ref": _COMMON + "suit"},
    "cost": {"$ref": _COMMON + "cost"},
    "rank": {"oneOf": [{"$ref": _COMMON + "rank"}, {"type": "integer", "minimum": 2, "maximum": 10}]},
}


def schema() -> dict[str, Any]:
    defs: dict[str, Any] = {}
    for name, kind in lang.KINDS.items():
        if isinstance(kind, lang.Family):
            defs[name] = family_schema(kind)
        else:
            defs[name] = _described(kind_schema(kind), lang.KIND_MEANINGS.get(name, ""))
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://blackpoker.example/schema/effect.schema.json",
        "title": "The effect language of the simulator: the programs of actions (definitions/README.md). "
                 "Generated from toolchain/model/effect_language.py by scripts/generate-effect-language: do not edit.",
        "$defs": defs,
    }


def text() -> str:
    """The file as written: what `scripts/generate-effect-language` writes and the test compares."""
    return _dumps(schema(), 0) + "\n"


def _dumps(value: Any, indent: int, used: int = 0, width: int = 130) -> str:
    """JSON with a value on one line when it fits (`used`: what its line holds before it) or is a list of words,
    else one item a line."""
    flat = json.dumps(value, ensure_ascii=False)
    if used + len(flat) <= width or not isinstance(value, (dict, list)):
        return flat
    if isinstance(value, list) and not any(isinstance(item, (dict, list)) for item in value):
        return flat
    inner = " " * (indent + 2)
    if isinstance(value, dict):
        lines = []
        for key, item in value.items():
            head = f"{inner}{json.dumps(key, ensure_ascii=False)}: "
            lines.append(head + _dumps(item, indent + 2, len(head) + 1, width))
    else:
        lines = [inner + _dumps(item, indent + 2, len(inner) + 1, width) for item in value]
    brackets = "{}" if isinstance(value, dict) else "[]"
    return brackets[0] + "\n" + ",\n".join(lines) + "\n" + " " * indent + brackets[1]


def kind_schema(kind: lang.Kind) -> dict[str, Any]:
    if isinstance(kind, lang.Ref):
        return {"$ref": f"#/$defs/{kind.name}"}
    if isinstance(kind, lang.Choice):
        return {"const": kind.values[0]} if len(kind.values) == 1 else {"enum": list(kind.values)}
    if isinstance(kind, lang.Id):  # x-vocabulary, x-reference: what `bp schema` lists for an editor (model/editor_schemas.py)
        marked = {"x-vocabulary": kind.space} if kind.space in RULES_VOCABULARIES else {"x-reference": kind.space}
        return {"$ref": _COMMON + "id", "description": f"the id of one of the {kind.space} of the definitions", **marked}
    if isinstance(kind, lang.ListOf):
        listed: dict[str, Any] = {"type": "array", "items": kind_schema(kind.item)}
        return listed | ({"minItems": kind.min_items} if kind.min_items else {})
    if isinstance(kind, lang.Fixed):
        size = len(kind.items)
        return {"type": "array", "prefixItems": [kind_schema(k) for k in kind.items], "minItems": size, "maxItems": size}
    if isinstance(kind, lang.Either):
        return {"anyOf": [kind_schema(k) for k in kind.kinds]}
    if isinstance(kind, lang.Record):
        return _object(kind.fields)
    if isinstance(kind, lang.MapOf):
        return {
            "type": "object", "minProperties": 1, "propertyNames": {"$ref": "#/$defs/name"},
            "additionalProperties": kind_schema(kind.value),
        }
    if isinstance(kind, lang.Pattern):
        return {"type": "string", "pattern": kind.regex, "description": kind.meaning}
    return dict(_BASES[kind.name])


def family_schema(family: lang.Family) -> dict[str, Any]:
    """A word or a $variable (strings), a whole number, or a form (mappings)."""
    other: dict[str, Any] = _forms(family)
    if family.integers:
        other = {"if": {"type": "object"}, "then": other, "else": {"type": "integer"}}
    strings = [*family.word_names] + (["$variable"] if family.variables else [])
    if not strings:
        return _described(other, family.meaning)
    alternatives = [*map(_escaped, family.word_names)] + ([r"\$" + lang.VARIABLE_NAME] if family.variables else [])
    words = {
        "type": "string",
        "pattern": "^(?:" + "|".join(alternatives) + ")$",
        "description": " or ".join(filter(None, (", ".join(family.word_names), "a $variable" if family.variables else ""))),
    }
    return {"description": family.meaning, "if": {"type": "string"}, "then": words, "else": other}


def _forms(family: lang.Family) -> dict[str, Any]:
    options = family.option_names
    properties: dict[str, Any] = {form.name: _described(kind_schema(form.argument), form.meaning) for form in family.forms}
    properties |= {option: True for option in options}  # typed by the form that has it (dependentSchemas)
    only_options: Any = {"enum": list(options)} if options else False  # no form among the keys
    needs = f"{family.noun} needs one of: {', '.join(family.form_names)}"
    return {
        "type": "object",
        "properties": properties,
        "additionalProperties": False,
        "not": {"type": "object", "propertyNames": only_options, "description": needs},
        "dependentSchemas": {form.name: _form(form, family) for form in family.forms},
    }


def _form(form: lang.Form, family: lang.Family) -> dict[str, Any]:
    own = [option.name for option in form.options]
    # The keys of the family this form may not have (an unknown key is additionalProperties' to report).
    others = [key for key in (*family.form_names, *family.option_names) if key != form.name and key not in own]
    takes = f"{form.name} takes " + (", ".join(own) or "no other key")
    out: dict[str, Any] = {"propertyNames": {"not": {"enum": others, "description": takes}}}
    if form.required:
        out["required"] = list(form.required)
    if form.options:
        out["properties"] = {option.name: _described(kind_schema(option.kind), option.meaning) for option in form.options}
    if form.rules:
        out["allOf"] = [part for rule in form.rules for part in _rule(rule)]
    return out


def _rule(rule: lang.Rule) -> list[dict[str, Any]]:
    if isinstance(rule, lang.Excludes):
        return [
            {"if": {"required": [rule.option]}, "then": {"not": {"required": [other], "description": rule.meaning}}}
            for other in rule.others
        ]
    condition = {"properties": {rule.other: {"const": rule.value}}, "required": [rule.other]}
    out: dict[str, Any] = {"if": condition}
    if rule.required:
        out["then"] = {"required": [rule.option]}
    out["else"] = {"not": {"required": [rule.option], "description": rule.meaning}}
    return [out]


def _object(fields: tuple[lang.Field, ...]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "type": "object",
        "properties": {field.name: _described(kind_schema(field.kind), field.meaning) for field in fields},
    }
    required = [field.name for field in fields if field.required]
    if required:
        out["required"] = required
    out["additionalProperties"] = False
    return out


def _described(schema: dict[str, Any], meaning: str) -> dict[str, Any]:
    if not meaning:
        return schema
    if "$ref" in schema and "description" in schema:  # an id: say what it is for first
        return schema | {"description": f"{meaning}: {schema['description']}"}
    return {"description": meaning} | schema


# The characters a JSON Schema pattern (ECMA-262, compiled with the `u` flag by check-jsonschema and
# ajv) may escape: re.escape escapes more (`turn\-player`), which the `u` flag refuses.
_SYNTAX_CHARACTERS = frozenset("^$\\.*+?()[]{}|/")


def _escaped(word: str) -> str:
    """`word` matched literally, in a regular expression both ECMA-262 and Python read alike."""
    return "".join(f"\\{character}" if character in _SYNTAX_CHARACTERS else character for character in word)
