"""第9.0版 written as data: tests/editions/v9.0 is this repository's 第8.1版 rules with items of the public 9.0
changelog applied (its README lists them and what is left to apply). It passes bp check with an example for each
item, every new action is played in 200 seeded マスター + エクストラ games (2,000 in `make fuzz`), the lists file the
trumps' actions under their trumps with their own types, and no toolchain code names one of its actions, trumps or
categories."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.runbp import bp
from toolchain.model import Definitions
from toolchain.rulebook.sphinxconf import STATIC

from .conftest import ROOT, V9, load_copy

# The frame actions the applied changelog items add or change, and the changed common action (ドロー).
NEW_ACTIONS = (
    "quick-soldier-summon-spade", "quick-soldier-summon-heart", "quick-soldier-summon-diamond", "quick-soldier-summon-club",
    "temptation", "intimidation", "quick-intimidation", "salvation", "bulwark-addition", "quick-bulwark-placement",
    "prostration", "repair", "reset", "counterattack", "reckoning",
)
NEW_TRUMPS = ("temptation", "intimidation", "salvation", "bulwark-addition", "loss", "repair", "reset", "fortress", "reckoning")
NEW_VOCABULARY = ("temptation", "face-up-trump", "triggered-spell", "basic-spell", "intermediate-spell", "advanced-spell")
# The changelog's 魔法分類の再編 (7章: the action list's spells), as it names the moves.
BASIC, INTERMEDIATE, ADVANCED = ("up", "down", "twist", "counter"), \
    ("kill", "reunion", "ceasefire", "retarget", "search", "reverse", "return"), ("blackjack", "royal-straight-flush")


@pytest.fixture(scope="module")
def v9_definitions(v9: Path) -> Definitions:
    """The definitions of the module's copy, loaded and checked once for the tests that read them (the design
    guidelines' searches not played: they find, and change, nothing of the definitions; bp check plays them in
    test_bp_check_passes_with_an_example_of_every_item)."""
    return load_copy(v9, searches=False).definitions


def test_bp_check_passes_with_an_example_of_every_item(v9: Path, v9_definitions: Definitions) -> None:
    run = bp("check", "--root", str(v9), cwd=v9)
    assert run.returncode == 0, run.stdout + run.stderr
    counts, examples = run.stdout.strip().splitlines()
    assert counts.endswith(": OK") and "25 frame actions" in counts and "13 trumps" in counts
    assert examples.startswith("62/62 actions executed, ") and examples.endswith(", 0 failed")
    defs = v9_definitions
    actions = {a.id: a for a in (*defs.actions, *defs.frame_actions)}
    # each item: an example that runs its effect as written, and the edition in its since or updated
    for action_id in (*NEW_ACTIONS, "draw"):
        action = actions[action_id]
        assert any(e.illegal is None for e in action.examples), action_id
        assert "v9.0" in (action.since, *action.updated), action_id


def test_the_spells_are_reclassified_as_the_changelog_says_and_read_where_it_is_silent(v9_definitions: Definitions) -> None:
    defs = v9_definitions
    actions = {a.id: a for a in defs.actions}
    moved = {**dict.fromkeys(BASIC, "basic-spell"), **dict.fromkeys(INTERMEDIATE, "intermediate-spell"),
             **dict.fromkeys(ADVANCED, "advanced-spell")}
    assert {a: actions[a].category for a in moved} == moved
    assert all("v9.0" in actions[a].updated for a in moved)
    # the former 通常魔法, which the changelog does not place: each has its category as a reading
    rest = {a.id: a.category for a in defs.actions if a.id not in moved and a.category not in ("basic", "summon")}
    assert set(rest.values()) == {"intermediate-spell", "advanced-spell"} and len(rest) == 10
    assert all(any(r.about == "category" for r in actions[a].readings) for a in rest)
    # no entry of the action list is of the 8.1 categories any more; the frame's spells are, as upstream's 9.0 data
    assert {a.category for a in defs.actions} & {"quick-spell", "normal-spell"} == set()
    assert {f.category for f in defs.fog} <= set(moved.values())
    assert {a.category for a in defs.frame_actions} >= {"quick-spell", "normal-spell"}
    magician = next(c for c in defs.characters if c.id == "magician")
    assert "基礎魔法" in magician.abilities[0].text and any("魔力増加" in r.says for r in magician.readings)


def test_it_prints_the_at_form(v9_definitions: Definitions) -> None:
    defs = v9_definitions
    assert defs.at_layout()
    up = next(a for a in defs.actions if a.id == "up")
    assert defs.trigger_speed_timing(up) == "@ 直接-通常-クイック"


SUITE_GAMES = 200  # seeded: every new action is played in these already; `make fuzz` plays FUZZ_GAMES
FUZZ_GAMES = 2000  # tests/fuzz/run.py's part "editions"


def unplayed_new_actions(v9: Path, games: int, seed: int = 0) -> dict[str, int]:
    """`games` seeded マスター + エクストラ games of the 9.0 rules, all decided, no invariant broken: the new
    actions (and ドロー) none of them resolved, as {id: 0}."""
    run = bp("sim", "--root", str(v9), "--format", "master", "--frame", "extra", "--games", str(games), "--coverage",
             "--json", "--seed", str(seed), "--workers", "2", cwd=v9, timeout=1800)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    (played,) = json.loads(run.stdout)["regulations"]
    assert played["games"] == played["decided"] == games and played["violations"] == []
    actions = played["coverage"]["actions"]
    return {a: actions[a]["resolved"] for a in (*NEW_ACTIONS, "draw") if actions[a]["resolved"] == 0}


def test_seeded_games_of_master_and_extra_play_every_new_action(v9: Path) -> None:
    assert unplayed_new_actions(v9, SUITE_GAMES) == {}


def _text(html: str) -> str:
    """The page's words without tags or spaces (the lists keep words together with spans, which would
    otherwise read as spaces): compare with needles written without spaces."""
    return re.sub(r"\s+", "", re.sub(r"<[^>]+>", "", html))


def test_the_action_list_files_a_trumps_actions_under_it_with_their_own_types(v9: Path, tmp_path: Path) -> None:
    page = tmp_path / "master-extra.html"
    run = bp("actionlist", "--root", str(v9), "--format", "master", "--frame", "extra", "--html", str(page), cwd=v9)
    assert run.returncode == 0, run.stderr
    text = _text(page.read_text(encoding="utf-8"))
    spade, spade4, heart = text.index("切札♠2"), text.index("切札♠4"), text.index("切札♡3")
    assert spade < text.index("クイック兵士召喚♠(召喚)") < spade4 < text.index("クイック威圧(通常魔法)") < heart
    club9 = text.index("切札♣9")
    assert club9 < text.index("反撃(誘発魔法)")
    assert "(切札)" not in text[spade:]  # オープン, クローズ come before: nothing under a trump is printed as 切札
    assert text.index("基礎魔法") < text.index("アップ(基礎魔法)") < text.index("中級魔法") < text.index("上級魔法")
    assert "第9.0版" in text and "@直接-通常-クイック" in text
    assert "リアニメーター" not in text  # the frame character of レアパック (frames/characters.yaml), not エクストラ's


def test_a_frame_character_is_printed_in_its_frames_lists_only(v9: Path, tmp_path: Path) -> None:
    """リアニメーター, which only レアパック uses: in each regulation with レアパック, and in no format's own list."""
    for fmt, frame, shown in (("master", "rare-pack", True), ("standard", "rare-pack", True), ("master", "none", False),
                              ("master", "pack", False)):
        page = tmp_path / f"{fmt}-{frame}.html"
        run = bp("actionlist", "--root", str(v9), "--format", fmt, "--frame", frame, "--html", str(page), cwd=v9)
        assert run.returncode == 0, run.stderr
        assert ("リアニメーター(兵士)" in _text(page.read_text(encoding="utf-8"))) == shown, (fmt, frame)


def test_the_rulebook_files_them_so_too(v9: Path, tmp_path: Path) -> None:
    run = bp("rulebook", "--root", str(v9), "--html-only", "--out", str(tmp_path / "site"), cwd=v9, timeout=600)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    text = _text((tmp_path / "site" / "rulebook" / "frame.html").read_text(encoding="utf-8"))
    for heading, entries in (("切札♠2", ("スラッシュ(兵士起因)", "クイック兵士召喚♠(召喚)")),
                             ("切札♡8", ("救済(通常魔法)",)), ("切札♣9", ("反撃(誘発魔法)",))):
        at = text.index(heading)
        assert all(text.index(entry, at) > at for entry in entries), heading
    assert "要塞(表切札)" in text and "喪失(表切札)" in text and "誘惑(立ち上がる兵)" in text
    assert "リアニメーター(兵士)" in text  # the frame chapter's bp-frame-character-list
    entries = _text((tmp_path / "site" / "rulebook" / "format.html").read_text(encoding="utf-8"))
    at = entries.index("アップ(基礎魔法)¶")  # the entry, not the table of contents
    assert "トリガー・スピード・タイミング:&#64;直接-通常-クイック" in entries[at:at + 200]
    assert "R・S・F(上級魔法)" in entries and "第9.0版" in entries
    assert "リアニメーター" not in entries  # 4.3.2 lists the formats' characters, not a frame's
    # docs/ has no Sphinx configuration: the toolchain's own styles the book and titles it from rules.yaml
    static = tmp_path / "site" / "rulebook" / "_static"
    assert (static / "rulebook.css").read_bytes() == (STATIC / "rulebook.css").read_bytes()
    assert (static / "favicon.svg").read_bytes() == (STATIC / "favicon.svg").read_bytes()
    index = (tmp_path / "site" / "rulebook" / "index.html").read_text(encoding="utf-8")
    assert 'href="_static/rulebook.css' in index and "第9.0版</title>" in index


def test_no_toolchain_code_names_what_the_edition_adds() -> None:
    """The next edition is data: no Python of the toolchain names one of its actions, trumps or categories (ids as
    quoted strings, names anywhere)."""
    names = set()
    for path in (V9 / "definitions" / "frames").glob("*.yaml"):
        text = path.read_text(encoding="utf-8")
        for action_id in (*NEW_ACTIONS, *NEW_TRUMPS):
            block = re.search(rf"^- id: {re.escape(action_id)}\n  name: (.+)$", text, re.M)
            if block:
                names.add(block.group(1))
    assert {"誘惑", "反撃", "要塞", "喪失", "虚脱", "クイック防壁設置"} <= names
    names.discard("リセット")  # a word of the rules' text too (パス記録のリセット): its id is checked
    offenders = []
    for path in sorted((ROOT / "toolchain").rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        for word in (*NEW_ACTIONS, *NEW_TRUMPS, *NEW_VOCABULARY):
            if re.search(rf"""["']{re.escape(word)}["']""", source):
                offenders.append(f"{path.relative_to(ROOT)}: '{word}'")
        offenders += [f"{path.relative_to(ROOT)}: {name}" for name in names if name in source]
    assert offenders == []


def test_the_repository_holds_definitions_and_docs_only() -> None:
    """…and docs/ holds the rulebook's prose only (its Sphinx configuration and stylesheet are the toolchain's):
    the tests copy nothing else in, as a rules editor's own repository has nothing else."""
    assert sorted(p.name for p in V9.iterdir()) == ["README.md", "definitions", "docs"]
    assert "index.rst" in {p.name for p in (V9 / "docs").iterdir()}
    assert {p.suffix for p in (V9 / "docs").iterdir()} == {".rst"}
