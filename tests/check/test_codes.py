"""Every finding code fires on a fixture that breaks exactly one rule, at the exact place.

Each case edits a copy of tests/fixtures/minimal (which checks clean) and names the file,
line and column where the finding must be reported; the positions are counted by hand
from the fixture files.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

import toolchain
from tests.repos import echo_action
from toolchain.diagnostics import CODES


@dataclass(frozen=True)
class Link:
    """Make the file a symbolic link to this target."""

    target: str


@dataclass(frozen=True)
class Case:
    code: str
    file: str  # relative to definitions/
    old: str | None  # text to replace (None: replace the whole file)
    new: str | bytes | Link | None  # None: delete the file
    at: tuple[str, int, int]  # expected (path relative to definitions/, line, column)
    says: str = ""  # a fragment the message must contain


GRANTS = "    grants: slash\n"  # the last line of the fixture's trump, which an image follows

# A triggered instant action whose own resolution triggers it (BP033), and direct actions whose repeat
# never ends: with an until that never holds (BP033 at run time) or with neither until nor stop (BP031).
SELF_TRIGGER = echo_action("instant", "main") + """  examples:
    - name: チャージする
      given: {you: {field: "Joker(driven)"}}
      request: ""
      expect: {you: {field: Joker}}
"""
REPEAT = """- id: forever
  name: 永遠
  category: basic
  formats: [lite, pro]
  trigger: direct
  speed: instant
  timing: main
  effect: チャージし続ける。
  since: v8.0
  program:
    effect:
      - repeat:
          - charge: {characters: {player: turn-player}}
"""
# A triggered action whose condition never holds: its one example requests it directly (BP037); a direct action
# whose damage is aimed at the owner of an attacker, and there is none in its example (BP038).
NEVER_TRIGGERED = (SELF_TRIGGER.replace("こだまアクションが解決した時に誘発する。", "アップが解決した時、パックがあれば誘発する。")
                   .replace("trigger: {on: resolved, action: echo}", "trigger: {on: resolved, action: up, if: {exists: {zone: pack}}}"))
AIMED_AT_NOTHING = """- id: backlash
  name: 反動
  kana: はんどう
  category: basic
  formats: [lite, pro]
  trigger: direct
  speed: instant
  timing: main
  effect: アタッカーのオーナーに1点のダメージを与える。
  since: v8.0
  program:
    effect:
      - damage: {owner: {characters: {role: attacker}}}
        amount: 1
  examples:
    - name: 何も起きない
      given: {}
      request: ""
      expect: {}
"""
UNTIL_NEVER = "        until: {not: {exists: {zone: life}}}\n"
REPEAT_EXAMPLE = """  examples:
    - name: 終わらない
      given: {you: {life: ♠2}}
      request: ""
      expect: {}
"""

CASES = [
    Case("BP001", "formats.yaml", "  - id: lite\n", "  - id: lite: x\n", ("formats.yaml", 3, 13)),
    Case("BP002", "characters.yaml", "  name: 魔術士\n", "  name: 魔術士\n  name: 魔法使い\n", ("characters.yaml", 4, 3), "first at line 3"),
    Case("BP003", "actions/2-summon.yaml", "  cost: BD\n", "  cost: BD\n  note: no\n", ("actions/2-summon.yaml", 11, 9), "boolean"),
    Case("BP003", "formats.yaml", "    description: 初心者向けフォーマット。", "    description: 12:30", ("formats.yaml", 6, 18), "base-60"),
    Case("BP004", "fog.yaml", "  name: アップ", b"  name: \xff", ("fog.yaml", 3, 9), "UTF-8"),
    Case("BP005", "fog.yaml", None, "", ("fog.yaml", 1, 1)),
    Case("BP006", "notes.yaml", None, "a: 1\n", ("notes.yaml", 1, 1)),
    Case(
        "BP007", "fog.yaml", "$schema=../schema/fog.schema.json", "$schema=../schema/actions.schema.json",
        ("fog.yaml", 1, 33), "fog.schema.json",
    ),
    Case("BP008", "fog.yaml", None, None, ("fog.yaml", 1, 1)),
    Case("BP009", "characters.yaml", "  formats: [pro]", "  formats: &f [pro]", ("characters.yaml", 5, 12), "anchor '&f'"),
    Case("BP011", "fog.yaml", "  name: アップ", "  name: " + "[" * 70 + "]" * 70, ("fog.yaml", 3, 71), "64 levels"),
    Case("BP012", "fog.yaml", None, Link("gone.yaml"), ("fog.yaml", 1, 1), "gone.yaml, which does not exist"),
    Case("BP010", "characters.yaml", "  name: 魔術士\n", "  name: 魔術士\n  colour: red\n", ("characters.yaml", 4, 3), "unknown field 'colour'"),
    Case(  # one value where a list is wanted: the list to write
        "BP010", "characters.yaml", "  formats: [lite, pro]\n", "  formats: lite\n", ("characters.yaml", 15, 12),
        "'lite' is not of type 'array': one value where a list is wanted: write [lite]",
    ),
    Case(  # a version without its v is a number to YAML
        "BP010", "characters.yaml", "  kana: ぼうへき\n", "  kana: ぼうへき\n  since: 8.1\n", ("characters.yaml", 19, 10),
        "8.1 is not of type 'string': 8.1 is a number to YAML, where text is wanted (a version is written v8.1",
    ),
    Case(  # a misspelt field is named with the field meant
        "BP010", "actions/2-summon.yaml", "  cost: BD\n", "  costs: BD\n", ("actions/2-summon.yaml", 10, 3),
        "unknown field 'costs'; did you mean 'cost'?",
    ),
    Case(  # a required field misspelt: once only "'type' is a required property", at the definition, the key unnamed
        "BP010", "characters.yaml", "  type: bulwark\n", "  tipe: bulwark\n", ("characters.yaml", 14, 3),
        "unknown field 'tipe'; did you mean 'type'? ('type' is a required property)",
    ),
    Case("BP010", "actions/2-summon.yaml", "      request: ★♡3 → you:Joker", "      by: yuo\n      request: ★♡3 → you:Joker",
         ("actions/2-summon.yaml", 35, 11), "'yuo' is not one of 'you', 'opponent'"),
    Case(
        "BP010", "actions/2-summon.yaml", "  cost: BD\n", "  cost: BD\n  trigger_condition: 誘発する。\n",
        ("actions/2-summon.yaml", 11, 3), "'trigger_condition' is not allowed",
    ),
    Case(
        "BP010", "actions/1-basic.yaml", "  trigger_condition: ターンプレイヤーかつ、エンドアクションが解決した時に誘発する。\n", "",
        ("actions/1-basic.yaml", 14, 3), "'trigger_condition' is a required property",
    ),
    Case("BP010", "frames/trumps.yaml", "  name: スラッシュ\n", "", ("frames/trumps.yaml", 2, 3), "'name' is a required property"),
    Case("BP010", "actions/2-summon.yaml", "  keycards: ♡A-10", "  keycards: ♥A-10", ("actions/2-summon.yaml", 21, 13), "♠ ♡ ♢ ♣"),
    Case(
        "BP020", "characters.yaml", None,
        "\n- id: bulwark\n  name: 防壁2\n  kana: ぼうへきに\n  type: bulwark\n  formats: [lite]\n  keycards: face-down\n  labels: [blocker]\n",
        ("characters.yaml", 20, 7), "already used",
    ),
    Case(  # an action copied to make a new one, its id changed but not its name: the lists would show two 防壁
        "BP020", "characters.yaml", None,
        "\n- id: bulwark2\n  name: 防壁\n  kana: ぼうへき\n  type: bulwark\n  formats: [lite]\n  keycards: face-down\n  labels: [blocker]\n",
        ("characters.yaml", 21, 9), "name '防壁' is already used by definitions/characters.yaml:13",
    ),
    Case("BP021", "actions/2-summon.yaml", "  summons: [magician]", "  summons: [wizard]", ("actions/2-summon.yaml", 12, 13), "'wizard'"),
    Case("BP022", "actions/2-summon.yaml", "  formats: [pro]", "  formats: [lite, pro]", ("actions/2-summon.yaml", 12, 13), "ライト"),
    # a frame's uses: an id it adds that no frame item has, a group rules.yaml lacks; a frame item no frame uses
    Case("BP021", "frames/frames.yaml", "  zones: [pack, rare, trump]", "  zones: [pack, rare, trump]\n  uses:\n    actions: {add: [clothes]}",
         ("frames/frames.yaml", 25, 21), "no frame action has the id 'clothes'; did you mean 'close'?"),
    Case("BP021", "formats.yaml", "  strategy: [pro]\n", "  strategy: [pro]\ndefault_frame: stratagy\n", ("formats.yaml", 14, 16),
         "no frame has the id 'stratagy'"),
    Case("BP028", "frames/frames.yaml", "  zones: [pack, rare, trump]",
         "  zones: [pack, rare, trump]\n  uses:\n    trumps: {categories: [standing]}", ("frames/frames.yaml", 25, 27),
         "'standing' is not one of the trump_categories"),
    Case("BP022", "frames/fog.yaml", "  frames: [strategy]\n", "", ("frames/fog.yaml", 2, 7),
         "クローズ is in no frame: no frame's uses selects it"),
    Case("BP023", "formats.yaml", "  strategy: [pro]", "  strategy: [lite, pro]", ("formats.yaml", 13, 13), "ストラテジー"),
    Case("BP024", "actions/2-summon.yaml", "  keycards: ♡A-10", "  keycards: ♡10-A", ("actions/2-summon.yaml", 21, 14), "upward"),
    Case("BP025", "actions/1-basic.yaml", "    2. 自分のターンを終了し", "    3. 自分のターンを終了し", ("actions/1-basic.yaml", 11, 5), "numbered 2."),
    Case(  # a character's story is markup too (the rulebook renders it so)
        "BP025", "characters.yaml", "  labels: [attacker, blocker, haste]\n",
        "  labels: [attacker, blocker, haste]\n  story: |\n    物語\n    2. 二番目\n", ("characters.yaml", 13, 5), "start at 1.",
    ),
    Case("BP026", "rules.yaml", "  - {letter: K, name: KeyDrive, payment: キーカードをドライブする}\n", "", ("frames/actions.yaml", 26, 9), "'K'"),
    Case("BP027", "frames/trumps.yaml", "    grants: slash", "    grants: switch", ("frames/actions.yaml", 25, 13),
         "needs <slash>, but its trump スラッシュ grants <switch> (to your soldiers of ♠): write keycards: soldier<switch>, "
         "or name the key soldier by its character: character<id>"),
    Case("BP028", "rules.yaml", "  - {id: blocker, name: ブロッカー}\n", "", ("characters.yaml", 10, 22), "'blocker'"),
    # every closed vocabulary is rules.yaml's: a typo is told the id meant, a Japanese name its id, another word the ids
    Case("BP028", "actions/2-summon.yaml", "  timing: main", "  timing: later", ("actions/2-summon.yaml", 8, 11),
         "'later' is not one of the timings of definitions/rules.yaml (the timings are main, quick; a new one is added to "
         "timings in definitions/rules.yaml)"),
    Case("BP028", "actions/2-summon.yaml", "  category: summon", "  category: 召喚", ("actions/2-summon.yaml", 4, 13),
         "'召喚' is not one of the categories of definitions/rules.yaml; 召喚 is its name: write its id, 'summon'"),
    Case("BP028", "fog.yaml", "  category: quick-spell", "  category: quick-spel", ("fog.yaml", 5, 13),
         "did you mean 'quick-spell'?"),
    Case("BP028", "frames/frames.yaml", "  zones: [pack, rare, trump]", "  zones: [pack, rare, trumps]", ("frames/frames.yaml", 23, 23),
         "'trumps' is not one of the zones of definitions/rules.yaml; did you mean 'trump'?"),
    Case("BP028", "frames/trumps.yaml", GRANTS, GRANTS + '  image:\n    you: {trunp: "♠2(up)", field: ♠9}\n', ("frames/trumps.yaml", 12, 11),
         "'trunp' is not one of the zones of definitions/rules.yaml; did you mean 'trump'?"),
    Case("BP028", "frames/actions.yaml", "soldier<slash>", "soldier<スラッシュ>", ("frames/actions.yaml", 25, 21),
         "スラッシュ is its name: write its id, 'slash'"),
    Case(
        "BP030", "actions/2-summon.yaml", 'field: "Joker(+3)"', 'field: "Joker(+4)"',
        ("actions/2-summon.yaml", 33, 7), "expected 'Joker(+4)', actual 'Joker(+3)'",
    ),
    Case("BP031", "actions/2-summon.yaml", "by: {rank: key}", "by: {rank: $nothing}", ("actions/2-summon.yaml", 30, 20), "'$nothing' is not set"),
    # the printed effect says nothing of the turn's end its program's modify_size lasts until
    Case("BP048", "actions/2-summon.yaml", "サイズは、このターンが終わるまでキーカード", "サイズは、キーカード", ("actions/2-summon.yaml", 26, 11),
         "アップ: the program has until the end of the turn, the printed text does not state it"),
    # the printed procedure says 4 cards of the first hand, the steps choose 3
    Case("BP051", "frames/frames.yaml", "入れる3枚を選ぶ", "入れる4枚を選ぶ", ("frames/frames.yaml", 20, 17),
         "ストラテジー: the printed procedure states the cards in 手札: 4, the start steps do not"),
    # the history folder named is not there (misspelt): said once, where it is named
    Case("BP052", "rules.yaml", "guidelines: new\n", "guidelines: new\nhistory: histroy\n", ("rules.yaml", 19, 10),
         "history: names the folder histroy, which is not there"),
    Case("BP034", "characters.yaml", "  kana: まじゅつし\n", "", ("characters.yaml", 3, 9), "'魔術士' has kanji"),
    Case("BP034", "characters.yaml", "  kana: ぼうへき", "  kana: ボウヘキ", ("characters.yaml", 18, 9), "not a reading in hiragana"),
    # a version past the edition being prepared (rules.yaml: v8.1), and an update before the since
    Case("BP035", "actions/1-basic.yaml", "  updated: [v8.0]", "  updated: [v9.1]", ("actions/1-basic.yaml", 13, 13),
         "v9.1 is later than the current edition v8.1"),
    # the next edition begun before rules.yaml says so: the message says to bump edition.id first
    Case("BP035", "actions/1-basic.yaml", "  updated: [v8.0]", "  updated: [v8.0, v9.0]", ("actions/1-basic.yaml", 13, 19),
         "v9.0 is later than the current edition v8.1 (rules.yaml edition.id): a typo for v8.1? If you are starting the edition "
         "v9.0, set edition.id first (bp edition new v9.0)"),
    Case("BP035", "actions/1-basic.yaml", "  since: v0.2\n  updated: [v8.0]", "  since: v8.1\n  updated: [v8.0]",
         ("actions/1-basic.yaml", 13, 13), "before it was introduced (since: v8.1)"),
    # an edition of three parts is ordered between two (v8.1 < v8.1.1 < v8.2)
    Case("BP035", "actions/1-basic.yaml", "  updated: [v8.0]", "  updated: [v8.0, v8.1.1]", ("actions/1-basic.yaml", 13, 19),
         "v8.1.1 is later than the current edition v8.1"),
    Case("BP035", "actions/1-basic.yaml", "  since: v0.2\n  updated: [v8.0]", "  since: v8.0.1\n  updated: [v8.0]",
         ("actions/1-basic.yaml", 13, 13), "updated in v8.0, before it was introduced (since: v8.0.1)"),
    # An ability with text and no data, and no reading that says why: printed, never played.
    Case("BP036", "frames/trumps.yaml", "    grants: slash\n", "", ("frames/trumps.yaml", 8, 11),
         "the ability of the trump スラッシュ has text and no data, so the simulator never plays it"),
    Case("BP037", "actions/1-basic.yaml", None, NEVER_TRIGGERED, ("actions/1-basic.yaml", 34, 14),
         "the trigger of こだま never held in the examples"),
    Case("BP038", "actions/1-basic.yaml", None, AIMED_AT_NOTHING, ("actions/1-basic.yaml", 35, 9),
         "反動: this `damage` step found nothing to act on in every example that ran it"),
    # The design guidelines hold what is new in the current edition (since: v8.1); the ones that need play
    # have their fixtures in test_guidelines.py.
    Case("BP040", "actions/2-summon.yaml", "  cost: D\n  target:\n    kind: soldier\n    text: 兵士1体を対象とする。",
         "  cost: D\n  since: v8.1\n  target:\n    kind: soldier\n    text: 兵士2体を対象とする。", ("actions/2-summon.yaml", 26, 11),
         "its target names more than one thing"),
    Case("BP041", "actions/2-summon.yaml", "  keycards: ♡A-10\n  cost: D\n", "  cost: D\n  since: v8.1\n", ("actions/2-summon.yaml", 19, 10),
         "アップ is 通常-クイック without keycards"),
    Case("BP042", "actions/1-basic.yaml", "  timing: main\n  trigger_condition", "  timing: main\n  since: v8.1\n  trigger_condition",
         ("actions/1-basic.yaml", 19, 10), "チャージ is a triggered action that is not 即時-クイック (instant-main)"),
    # a reading that excuses BP041 on an action that has keycards: it excuses nothing
    Case("BP047", "actions/2-summon.yaml", "  keycards: ♡A-10\n  cost: D\n",
         "  keycards: ♡A-10\n  cost: D\n  since: v8.1\n  reading: {guideline: BP041, says: キーカードは無い, reads: 通常-クイック, why: 試験}\n",
         ("actions/2-summon.yaml", 24, 24), "the reading of アップ excuses BP041, which finds nothing in アップ any more"),
    Case("BP045", "characters.yaml", None, "- id: jester\n  name: 道化\n  kana: どうけ\n  type: soldier\n  formats: [pro]\n"
         "  keycards: Joker\n  size: {text: \"0\", value: 0}\n  labels: [attacker]\n  since: v8.1\n",
         ("characters.yaml", 24, 13), "道化 and 魔術士 can be made of the same cards (Joker)"),
    # A trump's image (イメージ): the trump not face up; no soldier the trump gives its label (the
    # fixture's only soldier is Joker, which has no suit); a situation the engine cannot build.
    Case("BP033", "actions/1-basic.yaml", None, SELF_TRIGGER, ("actions/1-basic.yaml", 34, 14),
         "こだま (echo) resolved"),
    Case("BP033", "actions/1-basic.yaml", None, REPEAT + UNTIL_NEVER + REPEAT_EXAMPLE, ("actions/1-basic.yaml", 36, 16),
         "the repeat ran 1000 rounds"),
    Case("BP031", "actions/1-basic.yaml", None, REPEAT + REPEAT_EXAMPLE, ("actions/1-basic.yaml", 35, 11),
         "a repeat with neither until nor a stop inside never ends"),
    Case("BP032", "frames/trumps.yaml", GRANTS, GRANTS + "  image:\n    you: {trump: ♠2, field: Joker}\n",
         ("frames/trumps.yaml", 12, 5), "put ♠2 face up"),
    Case("BP032", "frames/trumps.yaml", GRANTS, GRANTS + '  image:\n    you: {trump: "♠2(up)", field: Joker}\n',
         ("frames/trumps.yaml", 12, 5), "no soldier on your field that has <スラッシュ>"),
    Case("BP032", "frames/trumps.yaml", GRANTS, GRANTS + '  image:\n    you: {trump: "♠2(up)", field: ♠99}\n',
         ("frames/trumps.yaml", 12, 35), "'♠99' is not a card"),
    # written for an earlier toolchain (model/earlier.yaml): read as today's, and told what to write
    Case("BP039", "frames/trumps.yaml", GRANTS, GRANTS + '  image:\n    you: {trumps: "♠2(up)", field: ♠9}\n', ("frames/trumps.yaml", 12, 11),
         "'trumps' is the former id of the zone trump: read as trump; write trump"),
    Case("BP039", "frames/actions.yaml", "  group: trump\n  trump: slash\n", "  trump: slash\n", ("frames/actions.yaml", 20, 3),
         "slash belongs to a trump but names no group, which every frame action names now: read as group: trump"),
]


def _apply(root: Path, case: Case) -> None:
    path = root / "definitions" / case.file
    if isinstance(case.new, Link):
        path.unlink()
        path.symlink_to(case.new.target)
    elif case.new is None:
        path.unlink()
    elif case.old is None:
        text = case.new if isinstance(case.new, str) else case.new.decode()
        mode = "a" if path.exists() and case.new else "w"
        with path.open(mode, encoding="utf-8") as handle:
            handle.write(text)
    else:
        original = path.read_bytes()
        old = case.old.encode()
        assert original.count(old) == 1, f"the fixture must contain {case.old!r} once"
        new = case.new if isinstance(case.new, bytes) else case.new.encode()
        path.write_bytes(original.replace(old, new))


def test_the_minimal_fixture_is_clean(minimal_repo: Path) -> None:
    findings = list(toolchain.load(minimal_repo).findings)
    assert findings == []


@pytest.mark.parametrize("case", CASES, ids=[f"{c.code}-{i}" for i, c in enumerate(CASES)])
def test_finding_is_reported_where_the_rule_is_broken(minimal_repo: Path, case: Case) -> None:
    _apply(minimal_repo, case)
    findings = list(toolchain.load(minimal_repo).findings)
    path, line, column = case.at
    located = [(f.location.path, f.location.line, f.location.column, f.code) for f in findings]
    assert (f"definitions/{path}", line, column, case.code) in located, located
    message = next(f.message for f in findings if f.code == case.code and f.location.line == line)
    assert case.says in message


# Codes that compare two git revisions (`bp check --since`) have their failing fixture in a git repository.
ELSEWHERE = {"BP029": Path(__file__).resolve().parents[1] / "diff" / "test_history.py"}
# The design guidelines that need play are found on the real definitions, or with the planted loop.
ELSEWHERE.update(dict.fromkeys(("BP043", "BP044", "BP046"), Path(__file__).resolve().parent / "test_guidelines.py"))
# What must not be released is found by `bp check --release` only, not by every load.
ELSEWHERE["BP050"] = Path(__file__).resolve().parent / "test_release.py"
# bp import's findings are about upstream's files, not the definitions: their fixtures are upstream's.
ELSEWHERE["BP049"] = Path(__file__).resolve().parent / "test_since_history.py"
ELSEWHERE.update(dict.fromkeys(("BP060", "BP061", "BP062"), Path(__file__).resolve().parents[1] / "upstream" / "test_import.py"))


def test_every_code_has_a_failing_fixture() -> None:
    assert {case.code for case in CASES} | set(ELSEWHERE) == set(CODES)
    for code, test in ELSEWHERE.items():
        assert code in test.read_text(encoding="utf-8"), f"{test} must test {code}"


def test_every_field_a_new_definition_lacks_is_named_at_once(minimal_repo: Path) -> None:
    """A definition begun with its id and name alone lacks six fields, which two schemas require (the action's
    fields, and its type and formats): bp check names them all in one run, not one a run."""
    basic = minimal_repo / "definitions" / "actions" / "1-basic.yaml"
    lines = basic.read_text(encoding="utf-8").count("\n")
    with basic.open("a", encoding="utf-8") as file:
        file.write("- id: supply\n  name: 補給\n")
    findings = [f for f in toolchain.load(minimal_repo).findings if f.location.line == lines + 1]
    assert [(f.code, f.location.column) for f in findings] == [("BP010", 3)], [f.text() for f in findings]
    for field in ("category", "formats", "trigger", "speed", "timing", "effect"):
        assert f"'{field}'" in findings[0].message, findings[0].message
