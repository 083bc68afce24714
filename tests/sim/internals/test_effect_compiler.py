"""White-box tests of the program compiler (sim/language.py, sim/primitives.py) against the one
statement of the effect language (model/effect_language.py): the generated schema accepts every
form of the statement and holds it to its options, and the compiler compiles every form, with
one implementation for each and none besides."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from toolchain.model import effect_language as lang
from toolchain.sim import language as compiled_language
from toolchain.sim.language import Compiler
from toolchain.sim.primitives import ProgramCompiler

ROOT = Path(__file__).resolve().parents[3]

# -- the statement, the schema and the compiler ----------------------------------------------------------

KNOWN = {"actions": {"up"}, "characters": {"magician"}, "labels": {"blocker"}, "trumps": {"slash"}, "zones": {"hand"}}
_PLAIN = {"integer": 1, "boolean": True, "text": "選ぶ", "id": "up", "suit": "♠", "rank": "A", "cost": "D", "category": "basic"}
_NAMED = {
    "number": 2, "items": "key", "player": "you", "condition": {"exists": "key"}, "step": {"stop": True},
    "steps": [{"stop": True}], "value": 1, "zone": "hand", "name": "x", "ranks": ["A"], "trigger": {"on": "resolved"},
}


def sample(kind: lang.Kind) -> Any:
    """A value of the kind, as small as it gets."""
    if isinstance(kind, lang.Ref):
        return _NAMED[kind.name]
    if isinstance(kind, lang.Choice):
        return kind.values[0]
    if isinstance(kind, lang.Id):
        return sorted(KNOWN[kind.space])[0]
    if isinstance(kind, lang.ListOf):
        return [sample(kind.item)]
    if isinstance(kind, lang.Fixed):
        return [sample(k) for k in kind.items]
    if isinstance(kind, lang.Either):
        return sample(kind.kinds[-1])
    if isinstance(kind, lang.Record):
        return {field.name: sample(field.kind) for field in kind.fields}
    if isinstance(kind, lang.MapOf):
        return {"x": sample(kind.value)}
    if isinstance(kind, lang.Pattern):
        return "x"
    return _PLAIN[kind.name]


def instances(form: lang.Form) -> Iterator[dict[str, Any]]:
    """The form with its required options only, and with every option the form's rules allow at once."""
    yield {form.name: sample(form.argument), **{o.name: sample(o.kind) for o in form.options if o.required}}
    full = {form.name: sample(form.argument), **{o.name: sample(o.kind) for o in form.options}}
    for rule in form.rules:
        if isinstance(rule, lang.Excludes):
            for other in rule.others:
                full.pop(other, None)
        else:
            full[rule.other] = rule.value
    yield full


@pytest.fixture(scope="module")
def language_schema() -> dict[str, Draft202012Validator]:
    here = "https://blackpoker.example/schema/"  # where the schemas' relative references point
    schemas = {here + p.name: json.loads(p.read_text(encoding="utf-8")) for p in (ROOT / "schema").glob("*.schema.json")}
    registry: Registry = Registry().with_resources((uri, Resource.from_contents(s)) for uri, s in schemas.items())
    kinds = f"{here}effect.schema.json#/$defs/"
    return {name: Draft202012Validator({"$ref": kinds + name}, registry=registry) for name in lang.KINDS}


def _compile(family: str, node: Any) -> Any:
    if family == "step":
        return ProgramCompiler(KNOWN).steps([node], ("effect",))
    compiler = Compiler(KNOWN)
    by_family = {"number": compiler.number, "items": compiler.items, "player": compiler.player, "condition": compiler.cond}
    return by_family[family](node, ())


FORMS = [(family, form) for family in lang.FAMILIES for form in family.forms]


@pytest.mark.parametrize("family, form", FORMS, ids=[f"{family.name}-{form.name}" for family, form in FORMS])
def test_every_form_of_the_statement_passes_the_schema_and_compiles(
    family: lang.Family, form: lang.Form, language_schema: dict[str, Draft202012Validator]
) -> None:
    for node in instances(form):
        errors = [error.message for error in language_schema[family.name].iter_errors(node)]
        assert errors == [], node
        assert callable(_compile(family.name, node))


@pytest.mark.parametrize("family", lang.FAMILIES[:3], ids=lambda f: f.name)
def test_every_word_and_plain_value_passes_the_schema_and_compiles(
    family: lang.Family, language_schema: dict[str, Draft202012Validator]
) -> None:
    plain = [*family.word_names, *([7] if family.integers else [])]
    for node in plain:
        assert not list(language_schema[family.name].iter_errors(node)), node
        assert callable(_compile(family.name, node))
    assert not list(language_schema[family.name].iter_errors("$x"))
    for wrong in ("nobody", True, None, [], {}, {"no_such_form": 1}):
        assert list(language_schema[family.name].iter_errors(wrong)), wrong


@pytest.mark.parametrize("family, form", FORMS, ids=[f"{family.name}-{form.name}" for family, form in FORMS])
def test_the_schema_holds_every_form_to_its_options(
    family: lang.Family, form: lang.Form, language_schema: dict[str, Draft202012Validator]
) -> None:
    validator = language_schema[family.name]
    minimal = next(instances(form))
    for option in form.required:
        assert list(validator.iter_errors({k: v for k, v in minimal.items() if k != option})), f"{form.name} without {option}"
    foreign = [o for o in family.option_names if o not in {option.name for option in form.options}]
    for option in foreign:
        assert list(validator.iter_errors(minimal | {option: minimal[form.name]})), f"{form.name} with {option}"
    other = next((f for f in family.forms if f is not form), None)
    if other is not None:
        assert list(validator.iter_errors(minimal | {other.name: sample(other.argument)})), f"{form.name} with {other.name}"


def test_the_compiler_has_one_implementation_for_each_form_of_the_statement() -> None:
    assert set(compiled_language.NUMBER_FORMS) == set(lang.NUMBERS.form_names)
    assert set(compiled_language.ITEM_FORMS) == set(lang.ITEMS_FAMILY.form_names)
    assert set(compiled_language.PLAYER_FORMS) == set(lang.PLAYERS.form_names)
    assert set(compiled_language.CONDITION_FORMS) == set(lang.CONDITIONS.form_names)
    tables = (compiled_language.NUMBER_FORMS, compiled_language.ITEM_FORMS, compiled_language.PLAYER_FORMS,
              compiled_language.CONDITION_FORMS)
    assert all(callable(getattr(compiled_language.Compiler, method, None)) for table in tables for method in table.values())
    primitives = {name[2:] for name in dir(ProgramCompiler) if name.startswith("p_")}
    assert primitives == set(lang.STEP_FAMILY.form_names)
    assert set(compiled_language._ITEM_WORDS) == set(lang.ITEMS_FAMILY.word_names)
    assert set(compiled_language._PLAYER_WORDS) == set(lang.PLAYERS.word_names)


def test_every_kind_the_statement_names_is_stated() -> None:
    def refs(kind: Any) -> Iterator[str]:
        if isinstance(kind, lang.Ref):
            yield kind.name
        elif isinstance(kind, lang.Family):
            for form in kind.forms:
                yield from refs(form.argument)
                for option in form.options:
                    yield from refs(option.kind)
        elif isinstance(kind, (lang.ListOf, lang.MapOf)):
            yield from refs(kind.item if isinstance(kind, lang.ListOf) else kind.value)
        elif isinstance(kind, (lang.Fixed, lang.Either)):
            for inner in kind.items if isinstance(kind, lang.Fixed) else kind.kinds:
                yield from refs(inner)
        elif isinstance(kind, lang.Record):
            for field in kind.fields:
                yield from refs(field.kind)

    named = {name for kind in lang.KINDS.values() for name in refs(kind)}
    assert named <= set(lang.KINDS)


@pytest.mark.parametrize("family", lang.FAMILIES, ids=lambda f: f.name)
def test_a_form_is_never_named_like_an_option_of_its_family(family: lang.Family) -> None:
    """A step's primitive is found among its keys by name: an option may not share it."""
    assert set(family.form_names).isdisjoint(family.option_names)
    assert len(set(family.form_names)) == len(family.forms)
