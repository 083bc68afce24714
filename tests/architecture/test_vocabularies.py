"""The edition's vocabularies are stated once, in its data (definitions/rules.yaml and the ids of its
definitions), and nowhere else: no schema repeats them as enums, no Python names one of them, and
no Python writes out a list of the zones. An edition that renames a category (速攻魔法 → 基礎魔法) or
adds a label changes its data alone.

What Python may name is the engine's own language, which every edition is played by: the core
flow's triggers, speeds and timings, the scopes of 6.4.2, the kinds of characters and targets, the
zones one at a time (the simulator moves cards to the graveyard), and the words of the effect
language. Those are allowed below, and nothing else but the few entries of ALLOWED, each with why."""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import yaml

from toolchain.model import effect_language as lang

from .imports import PACKAGE, ROOT, parse

DEFINITIONS = ROOT / "definitions"
SCHEMAS = ROOT / "schema"

# The vocabularies an edition changes: they are its, and Python never names one of their ids.
EDITION_VOCABULARIES = ("categories", "fog_groups", "frame_action_groups", "trump_categories", "labels")
# The vocabularies of the engine's own language: the simulator implements each id (an edition renames them in rules.yaml).
ENGINE_VOCABULARIES = ("triggers", "speeds", "timings", "scopes", "character_types", "target_kinds", "zones", "start_steps")

# (module, id): where Python may name an edition's id all the same, and why.
ALLOWED: dict[tuple[str, str], str] = {
    ("simtools/randomplay.py", "search"): "the search player's name (bp sim --agent, bp balance --strength), not the action",
    ("simtools/transcript.py", "end"): "a transcript's record type (a game's end), not the action",
    ("model/coreflow.py", "end"): "the flowchart's end node (6.6), not the action",
    ("model/coreflow.py", "return"): "a sub-flowchart's return node (6.7–6.9), not the action",
    ("figures/flowchart.py", "end"): "the flowchart's end node",
    ("figures/flowchart.py", "return"): "a sub-flowchart's return node",
    ("figures/diagrams.py", "end"): "SVG's text-anchor",
    ("sim/flow.py", "end"): "the core flow's end node (6.6), not the action",
    ("figures/situations.py", "bulwark-placement"): "the name of a rulebook figure (防壁の置き方)",
}
# Modules that may write several zone ids together, and why.
ALLOWED_ZONE_LISTS: dict[str, str] = {
    "figures/situations.py": "the rulebook's figures of chapters 1 and 2, written in the situation notation: each names the "
                             "zones it shows, as an example's `given` does",
    "sim/statehash.py": "a game's hash, whose keys the recorded fingerprints (tests/sim/golden) depend on",
}


@cache
def _rules() -> dict:
    return yaml.safe_load((DEFINITIONS / "rules.yaml").read_text(encoding="utf-8"))


def _vocabulary(name: str) -> set[str]:
    return {entry["id"] for entry in _rules()[name]}


@cache
def edition_ids() -> dict[str, set[str]]:
    """Every id the edition states: its edition vocabularies, and the ids of its formats, frames and definitions."""
    ids = {name: _vocabulary(name) for name in EDITION_VOCABULARIES}
    formats = yaml.safe_load((DEFINITIONS / "formats.yaml").read_text(encoding="utf-8"))
    ids["formats"] = {entry["id"] for entry in formats["formats"]}
    for space, files in (("frames", ["frames/frames.yaml"]), ("trumps", ["frames/trumps.yaml"]),
                         ("characters", ["characters.yaml"]), ("fog", ["fog.yaml", "frames/fog.yaml"]),
                         ("actions", ["frames/actions.yaml", *(f"actions/{p.name}" for p in (DEFINITIONS / "actions").glob("*.yaml"))])):
        ids[space] = {entry["id"] for file in files for entry in yaml.safe_load((DEFINITIONS / file).read_text(encoding="utf-8"))}
    return ids


def _language_words() -> set[str]:
    """The words of the effect language (its forms, options, words and choices): the engine's, not an edition's."""
    words: set[str] = set()

    def kinds(kind: object) -> Iterator[object]:
        yield kind
        for child in (getattr(kind, "kinds", ()) or ()):
            yield from kinds(child)
        for attribute in ("item", "value", "kind"):
            if hasattr(kind, attribute):
                yield from kinds(getattr(kind, attribute))
        for field in getattr(kind, "fields", ()) or ():
            words.add(field.name)
            yield from kinds(field.kind)

    for family in lang.FAMILIES:
        words.update(family.word_names, family.form_names, family.option_names)
        for form in family.forms:
            for kind in (form.argument, *(option.kind for option in form.options)):
                for found in kinds(kind):
                    if isinstance(found, lang.Choice):
                        words.update(str(value) for value in found.values)
    for kind in lang.KINDS.values():
        for found in kinds(kind):
            if isinstance(found, lang.Choice):
                words.update(str(value) for value in found.values)
    return words


@cache
def engine_words() -> set[str]:
    return {id_ for name in ENGINE_VOCABULARIES for id_ in _vocabulary(name)} | _language_words()


def _strings(tree: ast.Module) -> Iterator[ast.Constant]:
    """Every string constant of a module but its docstrings."""
    docstrings = {
        id(node.body[0].value) for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            yield node


def edition_names(path: Path, tree: ast.Module | None = None) -> list[str]:
    """`module:line 'id' (space)` for every string of the module that is an id of the edition, not also a word of the
    engine's language, and not ALLOWED; and every comparison of a definition's category or group with a string."""
    tree = tree or parse(path)
    module = path.relative_to(PACKAGE).as_posix()
    found = []
    for node in _strings(tree):
        spaces = sorted(space for space, ids in edition_ids().items() if node.value in ids)
        if spaces and node.value not in engine_words() and (module, node.value) not in ALLOWED:
            found.append(f"{module}:{node.lineno} '{node.value}' ({', '.join(spaces)})")
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            named = [side for side in sides if isinstance(side, ast.Attribute) and side.attr in ("category", "group")]
            literal = [side for side in ast.walk(node) if isinstance(side, ast.Constant) and isinstance(side.value, str)]
            if named and literal:
                found.append(f"{module}:{node.lineno} compares .{named[0].attr} with '{literal[0].value}'")
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", None)) == "name_of":
            arguments = [a.value for a in node.args if isinstance(a, ast.Constant)]
            if len(arguments) == 2:
                found.append(f"{module}:{node.lineno} name_of({arguments[0]!r}, {arguments[1]!r})")
    return found


def zone_lists(path: Path, tree: ast.Module | None = None) -> list[str]:
    """`module:line` of every tuple, list, set or dict written with two or more zone ids (a dict by its keys), but a
    class's __slots__ (the engine's attributes, one per zone it implements, Player.zone)."""
    tree = tree or parse(path)
    zones = _vocabulary("zones")
    slots = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Assign)
             and any(isinstance(t, ast.Name) and t.id == "__slots__" for t in node.targets)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)) and id(node) not in slots:
            items = node.elts
        elif isinstance(node, ast.Dict):
            items = [key for key in node.keys if key is not None]
        else:
            continue
        named = {item.value for item in items if isinstance(item, ast.Constant) and item.value in zones}
        if len(named) >= 2 and 2 * len(named) >= len(items):  # mostly zones: not an event, nor the kinds of definitions
            found.append(f"{path.relative_to(PACKAGE).as_posix()}:{node.lineno} {sorted(named)}")
    return found


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_no_python_names_an_id_of_the_edition() -> None:
    assert [line for path in _modules() for line in edition_names(path)] == []


def test_no_python_writes_a_list_of_the_zones() -> None:
    """The zones are rules.yaml's `zones`, read into the model (`rules.vocabulary("zones")`, a player's `zones`,
    the figures' `ZoneLook`s)."""
    found = [line for path in _modules() if path.relative_to(PACKAGE).as_posix() not in ALLOWED_ZONE_LISTS
             for line in zone_lists(path)]
    assert found == []


def test_every_allowed_name_is_still_there() -> None:
    """An entry of ALLOWED that nothing needs any more is removed, not kept as a blank cheque."""
    written = {(path.relative_to(PACKAGE).as_posix(), node.value) for path in _modules() for node in _strings(parse(path))}
    assert sorted(set(ALLOWED) - written) == []
    listing = {path.relative_to(PACKAGE).as_posix() for path in _modules() if zone_lists(path)}
    assert sorted(set(ALLOWED_ZONE_LISTS) - listing) == []


# The packages that ask the players and weigh their decisions: what they ask and how they know a decision by its words
# are the edition's (its programs' `prompt`s and `label`s, rules.yaml `prompts` and `policy`), never Python's.
DECIDING = ("sim", "simtools", "play", "balance")


def _program_words(node: object) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("prompt", "label") and isinstance(value, str):
                yield value
            yield from _program_words(value)
    elif isinstance(node, list):
        for item in node:
            yield from _program_words(item)


@cache
def decision_words() -> frozenset[str]:
    """The words of the edition's decisions: its programs' prompts and options' labels, what the simulator asks where no
    program does (rules.yaml `prompts`), and the words by which the practice opponent knows a decision (`policy`)."""
    words = {word for path in DEFINITIONS.rglob("*.yaml") if path.name != "rules.yaml"
             for word in _program_words(yaml.safe_load(path.read_text(encoding="utf-8")))}
    prompts = _rules()["prompts"]
    words |= {text for key, text in prompts.items() if key != "costs"} | set(prompts["costs"].values())
    policy = _rules()["policy"]
    words |= {policy["attackers_prompt"], policy["blockers_prompt"], policy["draw_more_label"], *policy["discard_words"],
              *policy["block_labels"].values()}
    return frozenset(word for word in words if not word.isascii())  # the ASCII ones are ids, not words


def decision_names(path: Path, tree: ast.Module | None = None) -> list[str]:
    """`module:line 'word'` for every string of the module that is a word of the edition's decisions."""
    tree = tree or parse(path)
    module = path.relative_to(PACKAGE).as_posix()
    return [f"{module}:{node.lineno} '{node.value}'" for node in _strings(tree) if node.value in decision_words()]


def test_no_python_that_decides_names_the_words_of_a_decision() -> None:
    """墓地の一番上, 切札, アタッカー, 兵士でブロック, …: an edition that asks otherwise changes its data alone."""
    modules = [path for path in _modules() if path.relative_to(PACKAGE).parts[0] in DECIDING]
    assert len(modules) > 20
    assert [line for path in modules for line in decision_names(path)] == []


# The packages that ask and tell the players say nothing in Python's words: the engine's questions and its own options
# are the edition's (rules.yaml `prompts`), the rulebook's names its data's, their messages English with their
# translations in the catalogue (a Japanese and an English player each read their own), bp play's page's too.
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")  # kana and kanji (a full-width ＞ is no word)


def japanese_strings(path: Path, tree: ast.Module | None = None) -> list[str]:
    """`module:line 'text'` for every string of the module, docstrings aside, with a Japanese word in it."""
    tree = tree or parse(path)
    module = path.relative_to(PACKAGE).as_posix()
    return [f"{module}:{node.lineno} {node.value!r}" for node in _strings(tree) if JAPANESE.search(node.value)]


def test_no_python_that_decides_writes_a_japanese_word() -> None:
    """リクエストするか, D: 捨てる手札, 対象, 決定, パス, 解決, 先攻, …: a player of an edition in another language is asked in
    it, and a player in another language is told in it."""
    modules = [path for path in _modules() if path.relative_to(PACKAGE).parts[0] in DECIDING]
    assert len(modules) > 20
    assert [line for path in modules for line in japanese_strings(path)] == []


# A section number of the rulebook (6.4.2, 2.10.3) in a string: an edition moves sections (9.1 moved 能力の適用順 from
# 6.4.2 to 6.3.1), so the numbers the toolchain prints are the edition's (rules.yaml, the docs' labels), never Python's.
# Not one: a version (v9.0, 第9.0版, YAML 1.1), a table (table 3.1, 3.1 の表: out of this check), a number of a drawing.
SECTION_NUMBER = re.compile(r"(?<![\w.\-/=#])(?<!YAML )(?<![tT]able )(?:[1-9]|1[0-2])\.\d{1,2}(?:\.\d{1,2})?(?![\w.%])(?! の表)")
DRAWING = re.compile(r"[MmCcLlHhVvSsQqTtAaZz0-9 .,\-]+")  # an SVG path's data


def section_numbers(path: Path, tree: ast.Module | None = None) -> list[str]:
    """`module:line 'number'` for every section number written in a string of the module (docstrings and comments aside:
    they explain the code by the rulebook it was written against, and print nothing)."""
    tree = tree or parse(path)
    module = path.relative_to(PACKAGE).as_posix()
    return [f"{module}:{node.lineno} '{found.group()}'" for node in _strings(tree) if not DRAWING.fullmatch(node.value)
            for found in SECTION_NUMBER.finditer(node.value)]


def test_no_python_writes_a_section_number() -> None:
    assert [line for path in _modules() for line in section_numbers(path)] == []


PROBE = PACKAGE / "model" / "probe.py"  # never written: a path in the package for the probes


def test_the_checks_find_what_they_look_for() -> None:
    """Guards against a walker that finds nothing and so passes vacuously."""
    assert edition_names(PROBE, ast.parse('x = "quick-spell"\n')) == ["model/probe.py:1 'quick-spell' (categories)"]
    assert edition_names(PROBE, ast.parse('def f(a):\n    return a.group == "pack"\n'))
    assert edition_names(PROBE, ast.parse('x = d.name_of("categories", "trump")\n'))
    assert edition_names(PROBE, ast.parse('"""Docstrings say quick-spell freely."""\nx = "direct"\n')) == []
    assert zone_lists(PROBE, ast.parse('Z = ("hand", "graveyard")\n')) == ["model/probe.py:1 ['graveyard', 'hand']"]
    assert zone_lists(PROBE, ast.parse('Z = {"hand": 1, "x": 2}\nclass P:\n    __slots__ = ("hand", "life")\n')) == []
    assert decision_names(PROBE, ast.parse('GRAVEYARD_TOP = "墓地の一番上"\nif prompt == "アタッカー": pass\n')) == [
        "model/probe.py:1 '墓地の一番上'", "model/probe.py:2 'アタッカー'"]
    assert japanese_strings(PROBE, ast.parse('"""対象: a docstring."""\nx = ("D: 捨てる手札", "＞", "D: discard")\n')) == [
        "model/probe.py:2 'D: 捨てる手札'"]
    assert section_numbers(PROBE, ast.parse('x = "※6.4.2 能力の適用順"\ny = f"({n}, 2.10.3 対象)"\n')) == [
        "model/probe.py:1 '6.4.2'", "model/probe.py:2 '2.10.3'"]
    assert section_numbers(PROBE, ast.parse('"""As 6.4.2 says."""\nx = ("v9.1", "第9.1.1版", "YAML 1.1", "table 3.1", '
                                            '"3.1 の表", "M2 19.6 2 10.6")\n')) == []


# -- the schemas ---------------------------------------------------------------------------------------


def _enums(value: object, where: str = "") -> Iterator[tuple[str, list]]:
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "enum" and isinstance(item, list):
                yield where, item
            elif key == "const":
                yield where, [item]
            else:
                yield from _enums(item, f"{where}/{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _enums(item, f"{where}/{index}")


def schema_vocabularies(schema: object) -> list[str]:
    """Where a schema repeats a vocabulary of the rules: an enum with two ids (or two Japanese names: bp export's) of one
    vocabulary (an edition's, or the engine's: its ids' names are the edition's), or a const that is an id of the edition."""
    names = (*EDITION_VOCABULARIES, *ENGINE_VOCABULARIES)
    vocabularies = {name: _vocabulary(name) for name in names}
    vocabularies |= {f"{name}' names": {entry["name"] for entry in _rules()[name]} for name in names}
    vocabularies |= edition_ids()
    found = []
    for where, values in _enums(schema):
        for name, ids in vocabularies.items():
            shared = {v for v in values if isinstance(v, str) and v in ids}
            if len(shared) >= 2 or (len(values) == 1 and shared and name in edition_ids()):
                found.append(f"{where}: {sorted(shared)} ({name})")
    return found


def test_no_schema_repeats_a_vocabulary_of_the_rules() -> None:
    """The schemas check a value's shape; its membership is checked against rules.yaml (BP028). The effect language's
    schema is the engine's language (its words are the simulator's), and written from its statement."""
    found = {
        path.name: problems for path in sorted(SCHEMAS.glob("*.schema.json"))
        if path.name != "effect.schema.json" and (problems := schema_vocabularies(json.loads(path.read_text(encoding="utf-8"))))
    }
    assert found == {}


def test_the_schema_check_finds_an_enum_of_categories() -> None:
    assert schema_vocabularies({"properties": {"category": {"enum": ["basic", "summon"]}}})
    assert schema_vocabularies({"oneOf": [{"properties": {"category": {"const": "soldier-borne"}}}]})
    assert schema_vocabularies({"properties": {"then": {"enum": ["placement", "first-player"]}}})
    assert schema_vocabularies({"properties": {"category": {"enum": ["基本", "召喚"]}}})  # bp export's names
