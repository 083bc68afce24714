"""The Japanese definitions reference (definitions/README.ja.md) documents what the English one does.

The rules editors read the Japanese one, so a field added to the English reference or to a schema
and not to the Japanese one would leave them without it. Each reference's field tables (those whose
first column is a field, key or step) are compared section by section, in order; every property of
the definitions' schemas must be named in both; and the Japanese one's effect-language tables must be
what the statement of the language generates, as the English one's are."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from toolchain.model.effect_reference import readme_text

ROOT = Path(__file__).resolve().parents[2]
ENGLISH = ROOT / "definitions" / "README.md"
JAPANESE = ROOT / "definitions" / "README.ja.md"
SCHEMAS = ROOT / "schema"

# The first header cell of a table that lists fields, in either language.
FIELD_HEADERS = {"field", "key", "step", "フィールド", "キー", "ステップ"}
# Schemas of what bp writes (reports, exports), not of the definitions an editor writes.
OUTPUT_SCHEMAS = {"balance.schema.json", "diff.schema.json", "export.schema.json"}
# Properties neither reference documents yet (the English one lacks them; the Japanese one follows it).
NOT_YET_DOCUMENTED = {
    "winner",  # examples
    "description", "file_stem", "regulations",  # formats
    "access_levels", "author", "column", "copyright", "letter", "messages_language", "payment",
    "pile", "private", "release", "subtitle", "symbol", "url",  # rules
}
CELL_SEPARATOR = re.compile(r"(?<!\\)\|")
BACKQUOTED = re.compile(r"`([^`]+)`")


def _without_code_blocks(text: str) -> str:
    return re.sub(r"^\s*```.*?^\s*```\s*$", "", text, flags=re.S | re.M)


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in CELL_SEPARATOR.split(line.strip().strip("|"))]


def field_tables(text: str) -> list[tuple[str, frozenset[str]]]:
    """(heading, fields) of every section with a field table, in order: a field is a backquoted
    piece of a row's first cell."""
    sections: list[tuple[str, set[str]]] = []
    heading, fields, in_field_table, after_header = "", set(), False, False
    for line in _without_code_blocks(text).splitlines():
        stripped = line.strip()
        if line.startswith("#"):
            if fields:
                sections.append((heading, fields))
            heading, fields, in_field_table = line.lstrip("# ").strip(), set(), False
        elif stripped.startswith("|"):
            cells = _cells(stripped)
            if not in_field_table and not after_header:
                in_field_table, after_header = cells[0] in FIELD_HEADERS, True
            elif in_field_table and not set(cells[0]) <= set("-: "):
                fields.update(BACKQUOTED.findall(cells[0]))
        else:
            in_field_table = after_header = False
    if fields:
        sections.append((heading, fields))
    return [(heading, frozenset(fields)) for heading, fields in sections]


def differences(english: str, japanese: str) -> list[str]:
    """What the Japanese reference's field tables lack or add, section by section."""
    english_sections, japanese_sections = field_tables(english), field_tables(japanese)
    found = []
    if len(english_sections) != len(japanese_sections):
        found.append(
            f"{len(english_sections)} sections with field tables in README.md "
            f"({[h for h, _ in english_sections]}), {len(japanese_sections)} in README.ja.md "
            f"({[h for h, _ in japanese_sections]})"
        )
    for (en_heading, en_fields), (ja_heading, ja_fields) in zip(english_sections, japanese_sections):
        if en_fields != ja_fields:
            found.append(
                f"'{en_heading}' / '{ja_heading}': missing from README.ja.md {sorted(en_fields - ja_fields)}, "
                f"not in README.md {sorted(ja_fields - en_fields)}"
            )
    return found


def _properties(node: object, found: set[str]) -> set[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "properties" and isinstance(value, dict):
                found.update(value)
            _properties(value, found)
    elif isinstance(node, list):
        for item in node:
            _properties(item, found)
    return found


def schema_fields() -> set[str]:
    fields: set[str] = set()
    for schema in sorted(SCHEMAS.glob("*.schema.json")):
        if schema.name not in OUTPUT_SCHEMAS:
            _properties(json.loads(schema.read_text(encoding="utf-8")), fields)
    return fields


def named(field: str, text: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(field)}(?![\w-])", text) is not None


def test_the_two_references_have_the_same_field_tables() -> None:
    english, japanese = ENGLISH.read_text(encoding="utf-8"), JAPANESE.read_text(encoding="utf-8")
    assert field_tables(english), "README.md: no field tables found"
    assert differences(english, japanese) == []


def test_a_field_missing_from_the_japanese_reference_is_found() -> None:
    english, japanese = ENGLISH.read_text(encoding="utf-8"), JAPANESE.read_text(encoding="utf-8")
    without_cost = re.sub(r"^\| `cost` \|.*\n", "", japanese, count=1, flags=re.M)
    assert without_cost != japanese
    assert any("missing from README.ja.md ['cost']" in found for found in differences(english, without_cost))


@pytest.mark.parametrize("reference", [ENGLISH, JAPANESE], ids=lambda path: path.name)
def test_every_schema_field_is_named(reference: Path) -> None:
    text = reference.read_text(encoding="utf-8")
    assert sorted(field for field in schema_fields() - NOT_YET_DOCUMENTED if not named(field, text)) == []


def test_the_not_yet_documented_fields_are_schema_fields() -> None:
    assert NOT_YET_DOCUMENTED <= schema_fields()


def test_the_japanese_effect_language_tables_are_the_generated_ones() -> None:
    japanese = JAPANESE.read_text(encoding="utf-8")
    assert readme_text(japanese) == japanese, "README.ja.md: rewrite the tables with effect_reference.readme_text"
