"""A program read aloud in controlled Japanese: what the simulator will do, in the rulebook's words,
for an editor to set beside the printed effect (`bp check --explain ID`).

The sentence patterns are data (effect_reading.yaml), one per word, form, choice and record of the
effect language's statement (effect_language.py); this module walks a program by the kinds that
statement gives and fills the patterns in. The zones', labels' and character types' names are the
edition's (rules.yaml), the actions', characters' and trumps' names its definitions'. An element
with no pattern is read as ⟨its key⟩ and listed in `Reader.missing` (tests/model/test_effect_reading.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from . import definitions as d
from . import effect_language as lang

_DATA = Path(__file__).with_name("effect_reading.yaml")
_PLACEHOLDER = re.compile(r"\{([^{}|]+)(?:\|([^{}]*))?\}")
_SEGMENT = re.compile(r"\[([^\[\]]*)\]")
_INDENT = "   "


@cache
def patterns() -> Mapping[str, Any]:
    """The table of effect_reading.yaml."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's, where PyYAML has it: bp check reads this on every run
    with _DATA.open(encoding="utf-8") as stream:
        return yaml.load(stream, Loader=loader)  # noqa: S506 - a safe loader


class Reader:
    """Reads the programs and abilities of one edition's definitions."""

    def __init__(self, definitions: d.Definitions) -> None:
        self.definitions = definitions
        self.table = patterns()
        self.missing: set[str] = set()
        rules = definitions.rules
        self._zones = {zone.id: zone.name for zone in rules.zones} if rules else {}
        self._names = {
            "actions": {a.id: a.name for a in (*definitions.actions, *definitions.frame_actions)},
            "characters": {c.id: c.name for c in definitions.characters},
            "trumps": {t.id: t.name for t in definitions.trumps},
        }

    # -- the entries ---------------------------------------------------------------------------------

    def program(self, program: Mapping[str, Any]) -> list[str]:
        """The reading of a program, one line per item (誘発条件, 起動条件, 対象, …) and one per step."""
        headings = self.table["program"]
        lines: list[str] = []
        fields = {f.name: f for f in lang.PROGRAM.fields}
        for name, field in fields.items():
            if name == "effect" or name not in program:
                continue
            text = self.read(program[name], field.kind, name)
            if name == "untargetable_by":
                lines.append("※ " + self.fill(headings[name], {"_": text}))
            else:
                lines.append(f"{headings[name]}: {text}")
        lines.append(f"{headings['effect']}:")
        lines.extend(_INDENT + line for line in self.steps(program.get("effect", [])).splitlines() if line)
        return lines

    def ability(self, ability: d.Ability) -> list[str]:
        """The reading of an ability's data (6.3), under its name; an ability without data is read as its text
        alone, which the simulator does not play."""
        table = self.table["ability"]
        rules = self.definitions.rules
        scope = rules.vocabulary("scopes").name(ability.scope) if rules else ability.scope
        head = self.fill(table["scope"], {"_": scope})
        if ability.where:
            head += self.fill(table["where"], {"_": self.read(ability.where, lang.CONDITION, "ability.where")})
        parts: list[str] = []
        if ability.grants:
            parts.append(self.fill(table["grants"], {"_": self.read(ability.grants, lang.Id("labels"), "ability.grants")}))
        if ability.waive_cost:
            value = {"letters": ability.waive_cost.letters, "category": ability.waive_cost.category}
            parts.append(self.read(value, lang.Ref("waive_cost"), "waive_cost"))
        for name, value in (("size", ability.size), ("labels", ability.labels), ("prohibit", ability.prohibit)):
            if value:
                parts.append(self.read(value, lang.Ref(f"ability_{name}"), f"ability_{name}"))
        if ability.suits:
            parts.append(self.fill(table["suits"], {"_": self.read(list(ability.suits), lang.ABILITY_SUITS, "ability_suits")}))
        said = f"{head}: {'。'.join(parts)}" if parts else f"{head}: {table['text_only']}"
        return [f"{ability.name}: {said}" if ability.name else said]

    # -- the kinds -----------------------------------------------------------------------------------

    def read(self, value: Any, kind: Any, place: str) -> str:
        """`value`, of the effect language's `kind`, read; `place` names where it stands (`step.move.at`),
        for the patterns and choices said for that place alone."""
        if isinstance(kind, lang.Ref):
            target = lang.KINDS[kind.name]
            if isinstance(target, lang.Family):
                return self.family(value, target)
            if isinstance(target, lang.ListOf) and target.item == lang.Ref("step"):
                return self.steps(value)
            return self.read(value, target, kind.name if isinstance(target, lang.Record) else place)
        if isinstance(kind, lang.Choice):
            return self.choice(value, place)
        if isinstance(kind, lang.Id):
            return self.id_name(kind.space, value)
        if isinstance(kind, lang.ListOf):
            if kind.item == lang.Ref("step"):
                return self.steps(value)
            return "、".join(self.read(item, kind.item, place) for item in _listed(value))
        if isinstance(kind, lang.Fixed):
            return "、".join(self.read(item, item_kind, place) for item, item_kind in zip(value, kind.items))
        if isinstance(kind, lang.Either):
            return self.read(value, self.which(value, kind), place)
        if isinstance(kind, lang.Record):
            return self.record(value, kind, place)
        if isinstance(kind, lang.MapOf):
            return "、".join(f"「{name}」を{self.read(item, kind.value, place)}" for name, item in value.items())
        if isinstance(kind, lang.Base):
            return self.base(value, kind.name, place)
        return str(value)  # a Pattern: a variable's name

    def family(self, value: Any, family: lang.Family) -> str:
        if isinstance(value, bool):
            return self.choice(value, family.name)
        if isinstance(value, int):
            return str(value)
        if isinstance(value, str):
            if value.startswith("$"):
                return f"「{value[1:]}」"
            words = self.table["words"].get(family.name, {})
            if value not in words:
                return self._missing(f"words.{family.name}.{value}")
            return self.fill(words[value], {})
        name = next((key for key in value if key in family.form_names), None)
        if name is None:
            return self._missing(f"forms.{family.name}.?")
        form = family.form(name)
        place = f"{family.name}.{name}"
        pattern = self.table["forms"].get(family.name, {}).get(name)
        if pattern is None:
            return self._missing(f"forms.{place}")
        text, join = (pattern["text"], pattern.get("join", "、")) if isinstance(pattern, Mapping) else (pattern, "、")
        fields: dict[str, str] = {}
        argument = value[name]
        if isinstance(form.argument, lang.Fixed):
            for index, (item, kind) in enumerate(zip(argument, form.argument.items)):
                fields[str(index)] = self.read(item, kind, f"{place}._")
        elif isinstance(form.argument, lang.ListOf) and isinstance(form.argument.item, lang.Record):
            # options of their own (choose_one): one a line under the step, each with its steps under it
            items = [self.read(item, form.argument.item, f"{place}._") for item in _listed(argument)]
            fields["_"] = "\n" + "\n".join(f"- {item}".replace("\n", "\n" + _INDENT) for item in items)
        elif isinstance(form.argument, lang.ListOf) and form.argument.item != lang.Ref("step"):
            fields["_"] = join.join(self.read(item, form.argument.item, f"{place}._") for item in _listed(argument))
        else:
            fields["_"] = self.read(argument, form.argument, f"{place}._")
        for option in form.options:
            if option.name in value:
                fields[option.name] = self.read(value[option.name], option.kind, f"{place}.{option.name}")
        return self.fill(text, fields)

    def record(self, value: Mapping[str, Any], kind: lang.Record, place: str) -> str:
        pattern = self.table["records"].get(place)
        if pattern is None:
            return self._missing(f"records.{place}")
        fields = {
            field.name: self.read(value[field.name], field.kind, f"{place}.{field.name}")
            for field in kind.fields if field.name in value
        }
        return self.fill(pattern, fields)

    @staticmethod
    def which(value: Any, kind: lang.Either) -> Any:
        """The kind of an Either that `value` is: a choice's word, a literal, a word or form of a family."""
        for option in kind.kinds:
            if isinstance(option, lang.Choice) and value in option.values:
                return option
        families = [lang.KINDS[k.name] for k in kind.kinds if isinstance(k, lang.Ref)]
        for family in families:
            if not isinstance(family, lang.Family):
                continue
            if isinstance(value, int) and not isinstance(value, bool) and family.integers:
                return lang.Ref(family.name)
            if isinstance(value, str) and (value.startswith("$") or value in family.word_names):
                return lang.Ref(family.name)
            if isinstance(value, Mapping) and any(key in family.form_names for key in value):
                return lang.Ref(family.name)
        return next(k for k in kind.kinds if not isinstance(k, lang.Choice))

    def choice(self, value: Any, place: str) -> str:
        key = str(value).lower() if isinstance(value, bool) else str(value)
        choices = self.table["choices"]
        specific = choices.get(place)
        if isinstance(specific, Mapping) and key in specific:
            return self.fill(specific[key], {})
        if key in choices and isinstance(choices[key], str):
            return self.fill(choices[key], {})
        return self._missing(f"choices.{place}.{key}")

    def base(self, value: Any, name: str, place: str) -> str:
        if name == "boolean":
            return self.choice(value, place)
        if name == "category":
            rules = self.definitions.rules
            return rules.vocabulary("categories").name(value) if rules else str(value)
        if name == "text":
            return str(value)
        return str(value)  # a suit's symbol, a rank, cost letters, a number: as printed

    def id_name(self, space: str, value: str) -> str:
        if space == "zones":
            return self._zones.get(value, value)
        if space == "labels":
            rules = self.definitions.rules
            return rules.vocabulary("labels").name(value) if rules else value
        return self._names.get(space, {}).get(value, value)

    def steps(self, steps: Sequence[Any]) -> str:
        """A list of steps: numbered, one a line; a step's own steps indented under it. Starts with a new line."""
        lines: list[str] = []
        for number, step in enumerate(steps or (), start=1):
            text = self.family(step, lang.STEP_FAMILY)
            first, *rest = text.split("\n")
            lines.append(f"{number}. {first}")
            lines.extend(_INDENT + line for line in rest)
        return "\n" + "\n".join(lines) if lines else ""

    # -- the patterns ----------------------------------------------------------------------------------

    def fill(self, pattern: str, fields: Mapping[str, str]) -> str:
        """The pattern with its placeholders filled in; a [segment] whose options are not all given is left out."""

        def given(segment: re.Match[str]) -> str:
            inner = segment.group(1)
            names = [m.group(1) for m in _PLACEHOLDER.finditer(inner) if ":" not in m.group(1) and m.group(2) is None]
            return inner if all(fields.get(name) for name in names) else ""

        def placeholder(match: re.Match[str]) -> str:
            name, fallback = match.group(1), match.group(2)
            if name.startswith("zone:"):
                return self._zones.get(name[5:], name[5:])
            if name.startswith("vocab:"):
                _prefix, vocabulary, word = name.split(":")
                rules = self.definitions.rules
                return rules.vocabulary(vocabulary).name(word) if rules else word
            text = fields.get(name)
            if text is None or text == "":
                return fallback or ""
            if text.startswith("\n"):  # a block of steps: under its line, indented
                return "\n" + "\n".join(_INDENT + line for line in text[1:].split("\n"))
            return text

        return _PLACEHOLDER.sub(placeholder, _SEGMENT.sub(given, pattern))

    def _missing(self, key: str) -> str:
        self.missing.add(key)
        return f"⟨{key}⟩"


def _listed(value: Any) -> list[Any]:
    return list(value) if isinstance(value, (list, tuple)) else [value]


def entry_reading(reader: Reader, item: Any) -> list[str]:
    """The reading of an action (its program), a fog entry (its action's program), a character or a trump
    (its abilities' data); [] when there is nothing to read."""
    if isinstance(item, d.Action):
        return reader.program(item.program) if item.program else []
    if isinstance(item, d.FogEntry):
        action = reader.definitions.action(item.action)
        return reader.program(action.program) if action is not None and action.program else []
    if isinstance(item, d.Character):
        return [line for ability in item.abilities for line in reader.ability(ability)]
    if isinstance(item, d.Trump):
        return reader.ability(item.ability) if item.ability else []  # a trump without an ability: its action is read
    return []


# Each family's forms by name: occurrences() looks every mapping of a program up here.
_FORMS = {family.name: {form.name: form for form in family.forms} for family in lang.FAMILIES}


def occurrences(value: Any, kind: Any = lang.Ref("program")) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """Every form written in `value` (of the language's `kind`), as (`family.form`, its mapping), in order:
    what the comparison with the printed text (checks/effect_facts.py) reads a program by."""
    if isinstance(kind, lang.Ref):
        target = lang.KINDS[kind.name]
        if isinstance(target, lang.Family):
            if isinstance(value, Mapping):
                forms = _FORMS[target.name]
                name = next((key for key in value if key in forms), None)
                if name is None:
                    return
                form = forms[name]
                yield f"{target.name}.{name}", value
                yield from occurrences(value[name], form.argument)
                for option in form.options:
                    if option.name in value:
                        yield from occurrences(value[option.name], option.kind)
            return
        yield from occurrences(value, target)
    elif isinstance(kind, lang.ListOf):
        for item in _listed(value):
            yield from occurrences(item, kind.item)
    elif isinstance(kind, lang.Fixed) and isinstance(value, (list, tuple)):
        for item, item_kind in zip(value, kind.items):
            yield from occurrences(item, item_kind)
    elif isinstance(kind, lang.Either):
        yield from occurrences(value, Reader.which(value, kind))
    elif isinstance(kind, lang.Record) and isinstance(value, Mapping):
        for field in kind.fields:
            if field.name in value:
                yield from occurrences(value[field.name], field.kind)
    elif isinstance(kind, lang.MapOf) and isinstance(value, Mapping):
        for item in value.values():
            yield from occurrences(item, kind.value)
