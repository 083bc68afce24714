"""The effect language is stated once (toolchain/model/effect_language.py): the schema and the
README tables are what the statement writes, the schema accepts every form of the statement and
the compiler compiles it, and every rule of the language fires at the line that breaks it —
BP010 for the language itself (the schema), BP031 for what only the compiler can see.

The fixture cases edit a copy of tests/fixtures/minimal; `at` marks with `@` the place where the
finding must be reported, in text that occurs once in the edited file.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import toolchain
from tests.repos import minimal_repository
from toolchain.model.effect_reference import MarkerError, generated_files, readme_text

ROOT = Path(__file__).resolve().parents[2]


# -- the generated files ---------------------------------------------------------------------------


def test_the_committed_files_are_what_the_statement_writes() -> None:
    stale = [str(rel) for rel, text in generated_files(ROOT).items() if (ROOT / rel).read_text(encoding="utf-8") != text]
    assert stale == [], "run scripts/generate-effect-language (make generate)"


def test_the_generator_says_when_a_committed_file_is_stale(tmp_path: Path) -> None:
    copy = tmp_path / "repo"
    for part in ("scripts", "toolchain", "schema", "definitions"):
        shutil.copytree(ROOT / part, copy / part, ignore=shutil.ignore_patterns("__pycache__"))
    script = [sys.executable, str(copy / "scripts" / "generate-effect-language")]
    assert subprocess.run([*script, "--check"], capture_output=True, text=True).returncode == 0
    schema = copy / "schema" / "effect.schema.json"
    schema.write_text(schema.read_text(encoding="utf-8").replace('"a − b"', '"a minus b"'), encoding="utf-8")
    stale = subprocess.run([*script, "--check"], capture_output=True, text=True)
    assert stale.returncode == 1 and "schema/effect.schema.json" in stale.stderr
    assert "a minus b" in schema.read_text(encoding="utf-8")  # --check writes nothing
    assert subprocess.run(script, capture_output=True, text=True).returncode == 0
    assert schema.read_text(encoding="utf-8") == (ROOT / "schema" / "effect.schema.json").read_text(encoding="utf-8")


def test_only_the_marked_tables_of_the_readme_are_rewritten() -> None:
    readme = (ROOT / "definitions" / "README.md").read_text(encoding="utf-8")
    blanked = readme.replace("| `move: items` |", "| `move: stuff` |").replace("## Conventions", "## Conventions (edited)")
    rewritten = readme_text(blanked)
    assert "| `move: items` |" in rewritten and "| `move: stuff` |" not in rewritten
    assert "## Conventions (edited)" in rewritten


def test_a_readme_without_the_markers_is_refused() -> None:
    with pytest.raises(MarkerError, match="effect-language: words"):
        readme_text("<!-- effect-language: program -->\n\n<!-- end effect-language: program -->\n")


# -- every rule fires at the line that breaks it ------------------------------------------------------------

UP_EFFECT = "      - modify_size: target\n        by: {rank: key}\n        until: end-of-turn\n"
UP_PROGRAM = "  program:\n    effect:\n" + UP_EFFECT
CHARGE_EFFECT = "  effect: ターンを持っているプレイヤーの場にいるキャラクターを全てチャージ状態にする。\n"
MAGICIAN_LABELS = "  labels: [attacker, blocker, haste]\n"
SUMMON, BASIC, CHARACTERS = "actions/2-summon.yaml", "actions/1-basic.yaml", "characters.yaml"


@dataclass(frozen=True)
class Case:
    code: str
    says: str  # a fragment of the message
    edits: tuple[tuple[str, str, str], ...]  # (file under definitions/, old text (once in it), new text)
    at: str  # text that occurs once in the edited file, with @ where the finding is
    file: str = SUMMON

    @property
    def id(self) -> str:
        return f"{self.code}-{self.says[:40]}"


def effect(steps: str, at: str, code: str, says: str) -> Case:
    """A case that gives アップ this effect."""
    return Case(code, says, ((SUMMON, UP_EFFECT, steps),), at)


def program(text: str, at: str, code: str, says: str, file: str = SUMMON, old: str = UP_PROGRAM) -> Case:
    """A case that gives an action this program (アップ's unless `old` says another place)."""
    return Case(code, says, ((file, old, text),), at, file)


def charge_program(text: str, at: str, code: str, says: str) -> Case:
    """A case that gives the triggered チャージ a program."""
    return Case(code, says, ((BASIC, CHARGE_EFFECT, CHARGE_EFFECT + text),), at, BASIC)


# What only the compiler can see (BP031): every check it still makes.
COMPILER_CASES = [
    effect("      - modify_size: target\n        by: {rank: $nothing}\n        until: end-of-turn\n", "{rank: @$nothing}",
           "BP031", "variable '$nothing' is not set before it is used"),
    effect("      - set: {n: $m}\n", "{n: @$m}", "BP031", "variable '$m' is not set before it is used"),
    effect("      - set: {n: 3}\n      - move: $n\n        to: fog\n", "move: @$n",
           "BP031", "variable '$n' holds number, not items"),
    effect("      - set: {num: 3}\n      - choose: key\n        as: num\n", "as: @num",
           "BP031", "variable '$num' already holds number"),
    effect("      - if: {has_label: [target, wings]}\n        then: [{stop: true}]\n", "[target, @wings]",
           "BP031", "'wings' is not one of the labels of the definitions"),
    effect("      - charge: {characters: {label: wings}}\n", "{label: @wings}", "BP031", "'wings' is not one of the labels"),
    # the zones are rules.yaml's: a program names one of them, and the field only where characters are
    effect("      - move: {zone: hand2}\n        to: fog\n", "{zone: @hand2}",
           "BP031", "'hand2' is not one of the zones of the definitions; did you mean 'hand'?"),
    effect("      - move: key\n        to: trunp\n", "to: @trunp", "BP031", "did you mean 'trump'?"),
    effect("      - move: {zone: field}\n        to: fog\n", "{zone: @field}",
           "BP031", "the field holds characters, not cards: select them with {characters: …}"),
    effect("      - if: {has_open_trump: joker}\n        then: [{stop: true}]\n", "{has_open_trump: @joker}",
           "BP031", "'joker' is not one of the trumps of the definitions"),
    effect("      - summon: key\n        character: dragon\n        state: charged\n", "character: @dragon",
           "BP031", "'dragon' is not a character id"),
    program("  program:\n    keycards: {from: rare}\n    effect:\n" + UP_EFFECT, "keycards: @{from: rare}",
            "BP031", "is for an action without keycards"),
    program("  program:\n    trigger: {on: resolved}\n    effect:\n" + UP_EFFECT, "trigger: @{on: resolved}",
            "BP031", "a trigger condition is for an action whose trigger is triggered"),
    charge_program("  program:\n    effect:\n      - charge: {characters: {}}\n", "  program:\n    @effect:\n      - charge",
                   "BP031", "a triggered action needs trigger"),
    charge_program("  program:\n    trigger: {on: resolved, action: nothing}\n    effect:\n      - charge: {characters: {}}\n",
                   "action: @nothing}", "BP031", "'nothing' is not an action id"),
    program("  summons: [magician]\n  program:\n    target: {player: you}\n    effect:\n      - stop: true\n",
            "target: @{player: you}", "BP031", "the action has no target", old="  summons: [magician]\n"),
    program("  program:\n    target: {keycards: {min: 1, max: 1}}\n    effect:\n" + UP_EFFECT, "{keycards: @{min: 1",
            "BP031", "'keycards' does not select a soldier"),
    Case("BP031", "'nothing' is not an action id", (
        (SUMMON, "    kind: soldier\n", "    kind: request\n"),
        (SUMMON, UP_PROGRAM, "  program:\n    target: {action: nothing}\n    effect:\n" + UP_EFFECT),
    ), "{action: @nothing}"),
    program("  program:\n    untargetable_by: [up, nothing]\n    effect:\n" + UP_EFFECT, "[up, @nothing]",
            "BP031", "'nothing' is not an action id"),
    # a misspelt id is named with the id meant
    program("  program:\n    untargetable_by: [upp]\n    effect:\n" + UP_EFFECT, "[@upp]",
            "BP031", "'upp' is not an action id; did you mean 'up'?"),
    program("  labels: [attacker, blocker, {label: haste, condition: キーカードに A が含まれる場合のみ}]\n",
            "blocker, @{label: haste", "BP031", "the label haste holds only sometimes", CHARACTERS, MAGICIAN_LABELS),
    program("  labels: [attacker, blocker, {label: haste, condition: 常に, if: {has_label: [it, wings]}}]\n",
            "[it, @wings]", "BP031", "'wings' is not one of the labels", CHARACTERS, MAGICIAN_LABELS),
    program(MAGICIAN_LABELS + "  abilities:\n    - name: 魔力増加\n      scope: your\n      text: コストが無しになる。\n",
            "  abilities:\n    - @name: 魔力増加", "BP036", "the ability 魔力増加 of 魔術士 has text and no data", CHARACTERS, MAGICIAN_LABELS),
]

# What the compiler checked before the schema typed the language (BP010 now), each at its line.
SCHEMA_CASES = [
    # numbers
    effect("      - modify_size: target\n        by: {total: key}\n        until: end-of-turn\n", "{@total: key}",
           "BP010", "unknown field 'total'"),
    # an unknown form names the forms there are; an unknown option, the options of the form written
    effect("      - modify_size: target\n        by: {minus: [3, 1]}\n        until: end-of-turn\n", "{@minus: [3, 1]}",
           "BP010", "unknown field 'minus'; did you mean 'min'? (a number needs one of: rank, size, count, add, sub, neg, min, max, mod)"),
    effect("      - grow: target\n", "- @grow: target", "BP010", "unknown field 'grow' (a step needs one of: move, summon, attach"),
    effect("      - move: {zone: hand, colour: red}\n        to: fog\n", "hand, @colour: red}", "BP010",
           "unknown field 'colour' (zone takes player, top, suit, ranks, max_rank, face, locked)"),
    effect("      - modify_size: target\n        by: {rank: key, count: key}\n        until: end-of-turn\n", "key, @count: key}",
           "BP010", "'count' is not allowed here (rank takes no other key)"),
    effect("      - modify_size: target\n        by: {add: 3}\n        until: end-of-turn\n", "{add: @3}",
           "BP010", "3 is not of type 'array'"),
    effect("      - modify_size: target\n        by: {sub: [1, 2, 3]}\n        until: end-of-turn\n", "{sub: @[1, 2, 3]}",
           "BP010", "is too long"),
    effect("      - modify_size: target\n        by: {rank: keys}\n        until: end-of-turn\n", "{rank: @keys}",
           "BP010", "'keys' does not match: key, target, revealed, trigger, it or a $variable"),
    effect("      - draw: three\n", "draw: @three", "BP010", "'three' does not match: a $variable"),
    # conditions
    effect("      - if: {lt: [1]}\n        then: [{stop: true}]\n", "{lt: @[1]}", "BP010", "is too short"),
    effect("      - if: {and: {exists: key}}\n        then: [{stop: true}]\n", "{and: @{exists: key}}",
           "BP010", "is not of type 'array'"),
    effect("      - if: {has_label: target}\n        then: [{stop: true}]\n", "{has_label: @target}",
           "BP010", "'target' is not of type 'array'"),
    effect("      - if: {shares_rank: [key]}\n        then: [{stop: true}]\n", "{shares_rank: @[key]}", "BP010", "is too short"),
    effect("      - if: {}\n        then: [{stop: true}]\n", "if: @{}", "BP010", "a condition needs one of: le, lt, ge"),
    # items
    effect("      - move: {}\n        to: fog\n", "move: @{}", "BP010", "an items selector needs one of: zone, of, characters"),
    effect("      - move: {union: key}\n        to: fog\n", "{union: @key}", "BP010", "'key' is not of type 'array'"),
    effect("      - move: {filter: {items: key}}\n        to: fog\n", "{filter: @{items: key}}",
           "BP010", "'where' is a required property"),
    effect("      - move: {zone: hand, suit: S}\n        to: fog\n", "suit: @S}",
           "BP010", "'S' is not one of '♠', '♡', '♢', '♣'"),
    effect("      - move: {zone: hand, ranks: [B]}\n        to: fog\n", "ranks: [@B]}", "BP010", "'B'"),
    effect("      - move: {of: key, face: sideways}\n        to: fog\n", "face: @sideways}",
           "BP010", "'sideways' is not one of 'up', 'down'"),
    effect("      - move: {zone: hand, blocking: key}\n        to: fog\n", "hand, @blocking: key}",
           "BP010", "unknown field 'blocking'"),
    effect("      - move: {of: key, top: 1}\n        to: fog\n", "key, @top: 1}",
           "BP010", "'top' is not allowed here (of takes suit"),
    effect("      - move: {characters: soldier}\n        to: fog\n", "{characters: @soldier}",
           "BP010", "'soldier' is not of type 'object'"),
    effect("      - move: {characters: {colour: red}}\n        to: fog\n", "{@colour: red}", "BP010", "unknown field 'colour'"),
    effect("      - move: {characters: {type: dragon}}\n        to: fog\n", "{type: @dragon}",
           "BP010", "'dragon' is not one of 'soldier', 'bulwark'"),
    effect("      - move: {characters: {state: asleep}}\n        to: fog\n", "{state: @asleep}",
           "BP010", "'asleep' is not one of 'charged', 'driven'"),
    effect("      - move: {characters: {role: hero}}\n        to: fog\n", "{role: @hero}",
           "BP010", "'hero' is not one of 'attacker'"),
    effect("      - attach: key\n        to: fog\n", "to: @fog", "BP010", "'fog' does not match: key, target"),
    # players
    effect("      - damage: someone\n        amount: 1\n", "damage: @someone",
           "BP010", "'someone' does not match: you, opponent"),
    # steps
    effect("      - if: {exists: key}\n        then: {stop: true}\n", "then: @{stop: true}", "BP010", "is not of type 'array'"),
    effect("      - stop\n", "- @stop\n", "BP010", "'stop' is not of type 'object'"),
    effect("      - to: fog\n", "- @to: fog", "BP010", "a step needs one of: move, summon"),
    effect("      - move: key\n        draw: 1\n        to: fog\n", "@draw: 1", "BP010",
           "'draw' is not allowed here (move takes to, at, player, order, as, show)"),
    effect("      - move: key\n        to: fog\n        amount: 3\n", "@amount: 3",
           "BP010", "'amount' is not allowed here (move takes"),
    effect("      - move: key\n", "- @move: key", "BP010", "'to' is a required property"),
    effect("      - move: key\n        to: fog\n        at: middle\n", "at: @middle",
           "BP010", "'middle' is not one of 'top', 'bottom'"),
    effect("      - summon: key\n        character: soldier\n        state: asleep\n", "state: @asleep",
           "BP010", "'asleep' is not one of 'charged', 'driven'"),
    effect("      - transform: key\n        into: dragon\n", "into: @dragon",
           "BP010", "'dragon' is not one of 'soldier', 'bulwark'"),
    effect("      - choose: key\n        as: x\n        count: 1\n        min: 1\n", "@min: 1", "BP010",
           "'min' is not allowed here: choose takes count, or min and max"),
    effect("      - choose: key\n        as: x\n        max: many\n", "max: @many", "BP010", "'all' was expected"),
    effect("      - choose: key\n        as: $x\n", "as: @$x", "BP010", "'$x' does not match: a variable name"),
    effect("      - choose: key\n        as: x\n        by: 3\n", "by: @3", "BP010", "3 is not of type 'object'"),
    effect("      - modify_size: target\n        by: you\n        until: end-of-turn\n", "by: @you", "BP010",
           "'you' does not match: a $variable"),
    effect("      - choose_one: {label: a, do: []}\n", "choose_one: @{label", "BP010", "is not of type 'array'"),
    effect("      - choose_one: [{label: a}]\n", "[@{label: a}]", "BP010", "'do' is a required property"),
    effect("      - set: 3\n", "set: @3", "BP010", "3 is not of type 'object'"),
    effect("      - set: {x: true}\n", "{x: @true}", "BP010", "True is not"),
    effect("      - set: {1x: 3}\n", "{@1x: 3}", "BP010", "'1x' does not match: a variable name (without $)"),
    effect("      - repeat: [{stop: true}]\n        until: end-of-turn\n", "until: @end-of-turn",
           "BP010", "'end-of-turn' is not of type 'object'"),
    effect("      - modify_size: target\n        by: {rank: key}\n        until: tomorrow\n", "until: @tomorrow",
           "BP010", "'end-of-turn' was expected"),
    effect("      - set_role: key\n        role: defender\n", "role: @defender", "BP010", "'defender' is not one of 'attacker'"),
    effect("      - set_role: key\n        role: blocker\n", "- @set_role: key", "BP010", "'of' is a required property"),
    effect("      - set_role: key\n        role: attacker\n        of: target\n", "@of: target",
           "BP010", "'of' is not allowed here: a blocker is set with of"),
    effect("      - flip: key\n        face: sideways\n", "face: @sideways", "BP010", "'sideways' is not one of 'up', 'down'"),
    effect("      - flip: key\n        face: up\n        lock: end-of-turn\n", "@lock: end-of-turn",
           "BP010", "'lock' is not allowed here: lock: end-of-turn keeps a card face down"),
    # the program around the effect
    program("  program: [stop]\n", "program: @[stop]", "BP010", "is not of type 'object'"),
    program("  program:\n    activation: {once_per_turn: true}\n", "    @activation:",
            "BP010", "'effect' is a required property"),
    charge_program("  program:\n    trigger: {action: end}\n    effect: []\n", "trigger: @{action: end}",
                   "BP010", "'on' is a required property"),
    charge_program("  program:\n    trigger: {on: resolved, when: now}\n    effect: []\n", "resolved, @when: now}",
                   "BP010", "unknown field 'when'"),
    charge_program("  program:\n    trigger: {on: resolved, controller: me}\n    effect: []\n", "controller: @me}",
                   "BP010", "'me' is not one of 'turn-player', 'any'"),
    charge_program("  program:\n    trigger: {on: moved, cards: [A]}\n    effect: []\n", "cards: @[A]}",
                   "BP010", "is not of type 'object'"),
    program("  program:\n    target: {player: everyone}\n    effect:\n" + UP_EFFECT, "{player: @everyone}",
            "BP010", "'everyone' is not one of 'you', 'opponent', 'any'"),
    # `max` may be left out (no maximum: キーカードがあるリクエスト), `min` may not
    program("  program:\n    target: {keycards: {max: 2}}\n    effect:\n" + UP_EFFECT, "{keycards: @{max: 2}}",
            "BP010", "'min' is a required property"),
]


@pytest.fixture(scope="module")
def fixture_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One copy of the minimal repository for every case (the schemas load once); each case puts it back."""
    return minimal_repository(tmp_path_factory.mktemp("language"))


@pytest.fixture
def edited(fixture_repo: Path) -> Iterator[Path]:
    originals = {p: p.read_bytes() for p in (fixture_repo / "definitions").rglob("*.yaml")}
    yield fixture_repo
    for path, data in originals.items():
        path.write_bytes(data)


def _apply(root: Path, case: Case) -> tuple[int, int]:
    for file, old, new in case.edits:
        path = root / "definitions" / file
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1, f"{file} must contain {old!r} once"
        path.write_text(text.replace(old, new), encoding="utf-8")
    text = (root / "definitions" / case.file).read_text(encoding="utf-8")
    marked = case.at.replace("@", "")
    assert text.count(marked) == 1, f"{case.file} must contain {marked!r} once"
    index = text.index(marked) + case.at.index("@")
    return text.count("\n", 0, index) + 1, index - text.rfind("\n", 0, index)


def _located(root: Path, case: Case) -> list:
    line, column = _apply(root, case)
    findings = list(toolchain.load(root).findings)
    here = [f for f in findings if (f.location.path, f.location.line, f.location.column, f.code)
            == (f"definitions/{case.file}", line, column, case.code)]
    assert here, [f.text() for f in findings]
    assert any(case.says in f.message for f in here), [f.message for f in here]
    return findings


@pytest.mark.parametrize("case", COMPILER_CASES, ids=[c.id for c in COMPILER_CASES])
def test_what_only_the_compiler_sees_is_reported_at_its_line(edited: Path, case: Case) -> None:
    _located(edited, case)


@pytest.mark.parametrize("case", SCHEMA_CASES, ids=[c.id for c in SCHEMA_CASES])
def test_a_program_that_breaks_the_language_is_a_schema_error_at_its_line(edited: Path, case: Case) -> None:
    findings = _located(edited, case)
    # The schema has left the action out: the compiler never saw the program.
    assert [f.text() for f in findings if f.code == "BP031"] == []


def test_an_action_whose_program_fails_its_schema_is_not_compiled(edited: Path) -> None:
    _apply(edited, SCHEMA_CASES[0])
    checked = toolchain.load(edited)
    assert "up" not in {a.id for a in checked.definitions.actions}
    assert "up" in checked.definitions.left_out_actions  # what the simulator compiles is definitions.actions
