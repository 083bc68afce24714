"""The reading of programs in controlled Japanese (toolchain/model/effect_reading.py): its table of patterns
covers every word, form, choice and record of the effect language, and every program, fog entry and ability of
every edition in the project reads without a gap, in the edition's own names."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from toolchain.model import effect_language as lang
from toolchain.model.definitions import Ability
from toolchain.model.effect_reading import Reader, entry_reading, patterns
from toolchain.model.loader import load_definitions

ROOT = Path(__file__).resolve().parents[2]
EDITIONS = {"8.1": ROOT, "9.0": ROOT / "tests" / "editions" / "v9.0", "9.1.1": ROOT / "editions" / "v9.1.1"}


def _places(kind: object, place: str, seen: set[tuple[str, str]]) -> Iterator[tuple[str, object]]:
    """Every (place, kind) a value may stand at, as the reader names the places."""
    if (place, repr(kind)) in seen:
        return
    seen.add((place, repr(kind)))
    yield place, kind
    if isinstance(kind, lang.Ref):
        target = lang.KINDS[kind.name]
        if isinstance(target, lang.Family):
            for form in target.forms:
                where = f"{target.name}.{form.name}"
                yield from _places(form.argument, f"{where}._", seen)
                for option in form.options:
                    yield from _places(option.kind, f"{where}.{option.name}", seen)
        else:
            yield from _places(target, kind.name if isinstance(target, lang.Record) else place, seen)
    elif isinstance(kind, (lang.ListOf,)):
        yield from _places(kind.item, place, seen)
    elif isinstance(kind, lang.MapOf):
        yield from _places(kind.value, place, seen)
    elif isinstance(kind, (lang.Fixed, lang.Either)):
        for item in getattr(kind, "items", ()) or kind.kinds:  # type: ignore[union-attr]
            yield from _places(item, place, seen)
    elif isinstance(kind, lang.Record):
        for field in kind.fields:  # a program's items are read at their own names (trigger, target, …)
            yield from _places(field.kind, field.name if place == "program" else f"{place}.{field.name}", seen)


def _every_place() -> list[tuple[str, object]]:
    seen: set[tuple[str, str]] = set()
    roots = [lang.Ref("program"), *(lang.Ref(name) for name in ("waive_cost", "ability_size", "ability_labels", "ability_prohibit")),
             lang.ABILITY_SUITS]
    return [found for root in roots for found in _places(root, "program", seen)]


def test_every_word_and_form_has_a_pattern() -> None:
    table = patterns()
    for family in lang.FAMILIES:
        for word in family.word_names:
            assert word in table["words"][family.name], f"words.{family.name}.{word}"
        for form in family.form_names:
            assert form in table["forms"][family.name], f"forms.{family.name}.{form}"


def test_every_choice_and_record_has_a_pattern() -> None:
    table = patterns()
    choices = table["choices"]
    for place, kind in _every_place():
        if isinstance(kind, lang.Choice):
            for value in kind.values:
                key = str(value).lower() if isinstance(value, bool) else str(value)
                specific = choices.get(place)
                assert (isinstance(specific, dict) and key in specific) or isinstance(choices.get(key), str), f"choices {place} {key}"
        elif isinstance(kind, lang.Base) and kind.name == "boolean":
            specific = choices.get(place)
            assert isinstance(specific, dict) and {"true", "false"} <= set(specific), f"choices {place} true/false"
        elif isinstance(kind, lang.Record) and place != "program":
            assert place in table["records"], f"records.{place}"


def test_the_table_holds_no_pattern_for_what_the_language_lacks() -> None:
    """A pattern left behind by a renamed form would read nothing: every key names a word or form of the language."""
    table = patterns()
    for family in lang.FAMILIES:
        assert set(table["words"].get(family.name, {})) <= set(family.word_names)
        assert set(table["forms"].get(family.name, {})) <= set(family.form_names)


@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_every_entry_of_every_edition_reads_without_a_gap(edition: str) -> None:
    definitions = load_definitions(EDITIONS[edition]).definitions
    reader = Reader(definitions)
    read = 0
    for item in (*definitions.actions, *definitions.frame_actions, *definitions.fog, *definitions.frame_fog,
                 *definitions.characters, *definitions.trumps):
        lines = entry_reading(reader, item)
        abilities = [*getattr(item, "abilities", ()), *([item.ability] if isinstance(getattr(item, "ability", None), Ability) else [])]
        has_data = getattr(item, "program", None) or getattr(item, "action", None)
        if has_data:
            assert lines, f"{item.id} has data and no reading"
            read += 1
        # every ability is read, one line each, the ones without data as their text alone
        assert len(lines) == len(abilities) or not abilities, (item.id, lines)
        assert not any("⟨" in line for line in lines), (item.id, lines)
    assert reader.missing == set()
    assert read > 40


def _reading(root: Path, action_id: str) -> list[str]:
    definitions = load_definitions(root).definitions
    return entry_reading(Reader(definitions), definitions.action(action_id))


def test_a_reading_says_what_the_program_does_in_the_rulebooks_words() -> None:
    assert _reading(ROOT, "bulwark-break") == ["効果:", "   1. 対象を墓地に移す"]
    draw = _reading(EDITIONS["9.0"], "draw")
    assert draw[0] == "誘発条件: ターンプレイヤーのチャージが解決した時"
    assert "         1. 自分のライフの一番上からカードを2枚引き、手札に加える" in draw
    assert "   1. ライフのカードの数が2以下である場合:" in draw


def test_zone_names_are_the_editions() -> None:
    definitions = load_definitions(ROOT).definitions
    rules = definitions.rules
    renamed = replace(rules, zones=tuple(replace(z, name="捨て札") if z.id == "graveyard" else z for z in rules.zones))
    reader = Reader(replace(definitions, rules=renamed))
    assert entry_reading(reader, definitions.action("bulwark-break"))[-1] == "   1. 対象を捨て札に移す"


def test_every_ability_is_read_under_its_name_and_one_without_data_says_so() -> None:
    definitions = load_definitions(EDITIONS["9.1.1"]).definitions
    reanimator = next(c for c in definitions.characters if c.id == "reanimator")
    assert entry_reading(Reader(definitions), reanimator) == [
        "装備不可: このキャラクター: （データ無し: 本文だけの能力で、シミュレーターは行わない）",
        "二つのスート: このキャラクター: ♠、♡の兵士としても扱う"]
