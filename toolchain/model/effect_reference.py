"""The tables of definitions/README.md ("Programs and examples"), written from the statement of the
effect language (effect_language.py), and every file generated from the statement.

In the README each table stands between two markers, and only what is between them is rewritten:

    <!-- effect-language: steps -->
    | step | needs | may have | does |
    …
    <!-- end effect-language: steps -->
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path

from . import effect_language as lang
from . import effect_schema

README = Path("definitions") / "README.md"
SCHEMA = Path("schema") / effect_schema.SCHEMA_FILE

_SINGULAR = {"actions": "action id", "characters": "character id", "labels": "label", "trumps": "trump id", "zones": "zone"}
_BASE_TEXT = {"boolean": "true/false", "cost": "cost letters", "suit": "♠/♡/♢/♣", "category": "category id"}


class MarkerError(ValueError):
    """The README lacks the markers of a generated table."""


def kind_text(kind: lang.Kind) -> str:
    """How the README writes a kind: `items`, `top/bottom`, `[number, …]`, `{label, if, do}`."""
    if isinstance(kind, lang.Ref):
        named = lang.KINDS[kind.name]
        if kind.name == "steps":
            return "[steps]"
        return kind_text(named) if isinstance(named, (lang.Record, lang.ListOf)) else kind.name  # type: ignore[arg-type]
    if isinstance(kind, lang.Choice):
        return "/".join("true" if value is True else str(value) for value in kind.values)
    if isinstance(kind, lang.Id):
        return _SINGULAR[kind.space]
    if isinstance(kind, lang.ListOf):
        return f"[{kind_text(kind.item)}, …]"
    if isinstance(kind, lang.Fixed):
        return "[" + ", ".join(kind_text(k) for k in kind.items) + "]"
    if isinstance(kind, lang.Either):
        return "/".join(kind_text(k) for k in kind.kinds)
    if isinstance(kind, lang.Record):
        return "{" + ", ".join(field.name for field in kind.fields) + "}"
    if isinstance(kind, lang.MapOf):
        return f"{{name: {kind_text(kind.value)}, …}}"
    if isinstance(kind, lang.Pattern):
        return kind.meaning
    return _BASE_TEXT.get(kind.name, kind.name)


def field_text(field: lang.Field) -> str:
    notes = "; ".join(filter(None, ("required" if field.required else "", field.meaning)))
    return f"`{field.name}: {kind_text(field.kind)}`" + (f" ({notes})" if notes else "")


def _fields(kind: lang.Kind) -> tuple[lang.Field, ...]:
    """The fields of a record (or of a list of records, or a named record): written out beside it."""
    if isinstance(kind, lang.ListOf):
        return _fields(kind.item)
    if isinstance(kind, lang.Ref) and isinstance(lang.KINDS.get(kind.name), lang.Record):
        return _fields(lang.KINDS[kind.name])  # type: ignore[arg-type]
    return kind.fields if isinstance(kind, lang.Record) else ()


def _row(cells: Iterable[str]) -> str:
    return "| " + " | ".join(cell.replace("|", r"\|") for cell in cells) + " |"


def _table(header: tuple[str, ...], rows: Iterable[tuple[str, ...]]) -> str:
    lines = [_row(header), "|" + "---|" * len(header), *(_row(row) for row in rows)]
    return "\n".join(lines)


def program_table() -> str:
    rows = []
    for field in lang.PROGRAM.fields:
        inner = "; ".join(field_text(f) for f in _fields(field.kind))
        meaning = field.meaning + (f": {inner}" if inner else "")
        rows.append((f"`{field.name}: {kind_text(field.kind)}`", meaning))
    return _table(("key", "meaning"), rows)


def words_table() -> str:
    rows = [(f"`{word.word}`", family.name, word.meaning) for family in lang.FAMILIES for word in family.words]
    declaring = [form.name for form in lang.STEP_FAMILY.forms if any(option.kind == lang.NAME for option in form.options)]
    setters = ", ".join(f"`{name}`" for name in declaring)
    rows.append(("`$name`", "any", f"a variable, set by `set`, or by the `as:` of {setters}"))
    return _table(("word", "kind", "means"), rows)


def _options(form: lang.Form, required: bool) -> str:
    """The fields of the form's argument (a record) and its options, the required or the others."""
    fields = (*_fields(form.argument), *form.options)
    return ("; " if not required else ", ").join(field_text(f) for f in fields if f.required is required)


def _means(form: lang.Form) -> str:
    return "; ".join((form.meaning, *(rule.meaning for rule in form.rules)))


def steps_table() -> str:
    rows = [(f"`{form.name}: {kind_text(form.argument)}`", _options(form, True), _options(form, False), _means(form))
            for form in lang.STEP_FAMILY.forms]
    return _table(("step", "needs", "may have", "does"), rows)


def expressions_table() -> str:
    rows: list[tuple[str, ...]] = []
    for family in lang.FAMILIES:
        if family is lang.STEP_FAMILY:
            continue
        plain = [*(["`3`"] if family.integers else []), *(["`$name`"] if family.variables else []),
                 *(f"`{w}`" for w in family.word_names)]
        plain_means = "a whole number, a variable" if family.integers else "a variable, a word"
        rows.append((", ".join(plain), family.name, "", plain_means))
        for form in family.forms:
            options = "; ".join(filter(None, (_options(form, True), _options(form, False))))
            rows.append((f"`{{{form.name}: {kind_text(form.argument)}}}`", family.name, options, _means(form)))
    return _table(("expression", "kind", "options", "means"), rows)


TABLES: dict[str, Callable[[], str]] = {
    "program": program_table,
    "words": words_table,
    "steps": steps_table,
    "expressions": expressions_table,
}


def readme_text(current: str) -> str:
    """The README with every generated table rewritten; the rest is kept as it is."""
    for name, table in TABLES.items():
        pattern = re.compile(
            rf"(<!-- effect-language: {name} -->\n).*?(\n<!-- end effect-language: {name} -->)", re.DOTALL
        )
        if not pattern.search(current):
            raise MarkerError(f"{README} has no '<!-- effect-language: {name} -->' … '<!-- end effect-language: {name} -->'")
        current = pattern.sub(lambda match: match.group(1) + table() + match.group(2), current, count=1)
    return current


def generated_files(root: Path) -> dict[Path, str]:
    """Every file the statement writes, with its text as it must be (paths relative to `root`)."""
    readme = (root / README).read_text(encoding="utf-8")
    return {SCHEMA: effect_schema.text(), README: readme_text(readme)}
