"""第9.1.1版 written as data (editions/v9.1.1): it passes bp check, every action has an example, and seeded games of
every regulation, ドラフト included, break no invariant. Its README lists each changelog item and what waits for
the engine's new constructs."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

import toolchain
from tests.repos import drop_missing_history
from tests.runbp import bp
from toolchain.model import Definitions

from .conftest import ROOT

V911 = ROOT / "editions" / "v9.1.1"


@pytest.fixture(scope="module")
def v911(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy, so that the check's cache is not written into the repository."""
    root = tmp_path_factory.mktemp("v911") / "rules"
    for part in ("definitions", "docs"):
        shutil.copytree(V911 / part, root / part)
    return drop_missing_history(root)


@pytest.fixture(scope="module")
def v911_definitions(v911: Path) -> Definitions:
    """The copy's definitions, loaded and checked once for the tests that only read them (each game makes its own
    engine from them)."""
    return toolchain.load(v911).definitions


def test_bp_check_passes(v911: Path) -> None:
    run = bp("check", "--root", str(v911), cwd=v911)
    assert run.returncode == 0, run.stdout + run.stderr
    counts, examples = run.stdout.strip().splitlines()[:2]
    assert counts.endswith(": OK") and "6 frames" in counts and "31 trumps" in counts
    assert examples.endswith(", 0 failed")


def test_every_action_has_an_example(v911_definitions: Definitions) -> None:
    defs = v911_definitions
    actions = (*defs.actions, *defs.frame_actions)
    assert len(actions) == 98
    assert [a.id for a in actions if not a.examples] == []


def test_the_changes_of_9_1_1_are_in_the_data(v911_definitions: Definitions) -> None:
    defs = v911_definitions
    actions = {a.id: a for a in defs.frame_actions}
    at = {a: (actions[a].trigger, actions[a].speed, actions[a].timing)
          for a in ("reincarnation-summon", "smash", "pursuit", "prostration")}
    assert at == {"reincarnation-summon": ("direct", "instant", "quick"), "smash": ("direct", "instant", "quick"),
                  "pursuit": ("direct", "instant", "main"), "prostration": ("direct", "instant", "quick")}
    # the draft frame is master's only, and has エクストラ's frame actions
    draft = next(f for f in defs.frames if f.id == "draft")
    assert tuple(draft.formats) == ("master",)
    assert {a.id for a in defs.frame_actions if "extra" in a.frames} == {a.id for a in defs.frame_actions if "draft" in a.frames}


def test_the_constructs_replace_the_compromises(v911: Path, v911_definitions: Definitions) -> None:
    """The edition's own id; the frames say what they use (no entry names its frames); the J and K characters are
    frame characters of エクストラ and ドラフト; 「キーカードがあるリクエスト」 has no maximum; the owner re-chooses
    the graveyard's top after cards leave it; no label stands for a character (conditions name the character)."""
    defs = v911_definitions
    assert defs.rules is not None and defs.rules.edition["id"] == "v9.1.1"
    for part in ("actions", "trumps", "fog"):
        assert "\n  frames:" not in (v911 / "definitions" / "frames" / f"{part}.yaml").read_text(encoding="utf-8")
    extra, draft = (next(f for f in defs.frames if f.id == frame) for frame in ("extra", "draft"))
    assert draft.uses == extra.uses
    j_and_k = ["reanimator", "bulwark-breaker", "strategist", "knight", "demon-king", "giant"]
    assert [c.id for c in defs.frame_characters] == j_and_k
    assert list(extra.uses["characters"].add) == j_and_k
    assert not {c.id for c in defs.characters if not c.frame_character} & set(j_and_k)
    targets = {a.id: a.program["target"] for a in defs.frame_actions if a.id in ("offset", "last-struggle")}
    assert targets == {"offset": {"keycards": {"min": 1}}, "last-struggle": {"keycards": {"min": 1}}}
    assert defs.rules.graveyard_top.when == ("arrive", "leave")
    assert not set(defs.rules.label_names()) & set(j_and_k)


# The suite plays 20 seeded games per regulation; `make fuzz` (tests/fuzz/run.py, part editions) plays 2,000.
SUITE_GAMES = 20


def test_seeded_games_of_every_regulation_break_no_invariant(v911: Path) -> None:
    run = bp("sim", "--root", str(v911), "--all-regulations", "--games", str(SUITE_GAMES), "--seed", "0", "--json",
             "--workers", "2", cwd=v911, timeout=1800)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    played = json.loads(run.stdout)["regulations"]
    assert len(played) == 11
    assert [(p["games"], p["violations"]) for p in played] == [(SUITE_GAMES, [])] * 11


def test_the_draft_picks_one_card_of_each_of_six_mini_packs_of_three(v911_definitions: Definitions) -> None:
    """ドラフト's start steps: 6 mini-packs of 3, one card picked from each; the rare card and the 2 trumps chosen of the
    6, the 3 left are the シナリオ手札; the 12 cards left go back into the deck; a trump turns face up after 先攻決定."""
    from toolchain import sim
    from toolchain.sim import RandomAgent

    asked: list[tuple[int, str, int]] = []

    class Recording(RandomAgent):
        def choose(self, decision: sim.Decision) -> int:
            asked.append((decision.player, decision.prompt, len(decision)))
            return super().choose(decision)

    engine = sim.Engine(v911_definitions)
    game = sim.Game.new(engine, "master", "draft", seed=3, agents=(Recording(1), Recording(2)))
    for seat, player in enumerate(game.state.players):
        setup = [(prompt, options) for who, prompt, options in asked
                 if who == seat and prompt in ("ミニパックから選ぶカード", "レアカード", "切札")]
        # every mini-pack comes up with its 3 cards; the rare card is one of the 6 picked, the 2 trumps of the 5 left
        assert setup[:6] == [("ミニパックから選ぶカード", 3)] * 6
        assert setup[6:8] == [("レアカード", 6), ("切札", 5)]
        assert len(player.rare) == 1 and len(player.trump) == 2 and len(player.trumps_up) == 1
        assert len(player.pack) == 14
    # the 12 cards left in the mini-packs went back into the deck: 54 - 6 picked - 14 (pack) - 2 (preset) - 4 drawn,
    # then the cards 2.9.2 turned over (graveyard) and the first player's draw
    assert sorted(len(p.life) + len(p.graveyard) for p in game.state.players) == [54 - 26 - 1, 54 - 26]


def test_the_draft_passes_each_mini_pack_among_the_players_own_packs(v911_definitions: Definitions) -> None:
    """`{pass: {among: own}}`: each player looks at the six mini-packs dealt from their own deck, one after another;
    no pack reaches the opponent, so each player's six picks come from six packs of three of their own cards."""
    from toolchain import sim
    from toolchain.sim import RandomAgent
    from toolchain.sim.cards import owner_of

    definitions = v911_definitions
    frame = next(f for f in definitions.frames if f.id == "draft")
    assert {step.among for step in frame.steps if step.kind == "pass"} == {"own"}
    offered: dict[int, list[frozenset[str]]] = {0: [], 1: []}

    class Recording(RandomAgent):
        def choose(self, decision: sim.Decision) -> int:
            if decision.prompt == "ミニパックから選ぶカード":
                offered[decision.player].append(frozenset(decision.texts()))
            return super().choose(decision)

    engine = sim.Engine(definitions)
    game = sim.Game.new(engine, "master", "draft", seed=5, agents=(Recording(1), Recording(2)))
    for seat, player in enumerate(game.state.players):
        packs = offered[seat]
        assert [len(pack) for pack in packs] == [3] * 6
        assert len(frozenset().union(*packs)) == 18  # six different packs, none seen twice
        for zone in (player.hand, player.rare, player.trump, player.pack, player.life, player.graveyard):
            assert {owner_of(card) for card in zone} <= {seat}


def test_every_disagreement_with_upstreams_tests_links_its_reading() -> None:
    """UPSTREAM-TESTS.md: a case where 9.1.1 and upstream's simulator tests disagree links the `reading:` of the
    ruling it names (the line the link points at), and the summary counts those rows."""
    table = (V911 / "UPSTREAM-TESTS.md").read_text(encoding="utf-8")
    rulings = (V911 / "definitions" / "rulings.yaml").read_text(encoding="utf-8").splitlines()
    rows = [row for row in table.splitlines() if row.startswith("| ") and "| disagrees" in row]
    assert rows and f"{len(rows)} disagree with a reading" in table
    for row in rows:
        found = re.search(r"\| (upstream-[a-z0-9-]+), \[reading\]\(definitions/rulings\.yaml#L(\d+)\)", row)
        assert found, row
        ruling, line = found.group(1), int(found.group(2))
        assert rulings[line - 1] == "  reading:", row
        owner = next(text for text in reversed(rulings[:line]) if text.startswith("- id: "))
        assert owner == f"- id: {ruling}", row
