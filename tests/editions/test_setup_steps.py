"""A frame's game start composed of the engine's start steps (definitions/README.md, the start steps): a ドラフト-like
frame of 第9.1版 added to a copy of tests/editions/v9.0 as data alone. Each player deals 6 mini-packs of 3 cards,
picks from them one after another (1 rare card, 2 trumps, 3 シナリオ手札) passing each pack on, gathers the rest
back into the deck, and the second player draws one more after 先攻決定: bp check passes, seeded games play
through the draft (every pick a decision the agents make), and a zone a step names must be one of rules.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolchain import sim, simtools
from toolchain.sim import RandomAgent

from .conftest import copy_v9, load_copy

PICKS = [("レアカード", "rare"), ("切札", "trump"), ("切札", "trump"),
         ("シナリオ手札", "hand"), ("シナリオ手札", "hand"), ("シナリオ手札", "hand")]
PICK_STEPS = "\n".join(f"      - {{pick: {{count: 1, to: {zone}, prompt: {prompt}}}}}\n      - pass" for prompt, zone in PICKS)

DRAFT = f"""
- id: draft
  name: ドラフト
  formats: [master]
  deck:
    min_cards: 40
  start:
    procedure: |
      - デッキをシャッフルし、上から 3 枚ずつ 6 つのミニパックを配る。
      - ミニパックを1つずつ見て1枚を選び、そのミニパックを次に回す。選ぶカードは順に、レアカード1枚、切札2枚、シナリオ手札3枚とする。
      - ミニパックに残ったカードをデッキに戻し、シャッフルして上から14枚を取り除いてパックとし、配置図の場所に伏せておく。
      - 残りのデッキをライフとし配置図の場所に伏せておく。
      - ライフの一番上のカードを防壁として場に出し、次のカードを兵士として場に出す。(プリセット)
      - 手札を7枚とする。
      - 対戦相手も手札を7枚用意でき、準備ができてから切札を1枚表向きにする。
      - 先攻決定の後、後攻は1枚引く。
    then: first-player
    steps:
      - shuffle
      - {{deal: {{packs: 6, cards: 3}}}}
{PICK_STEPS}
      - gather
      - shuffle
      - {{pack: 14}}
      - life
      - preset
      - {{draw-to: 7}}
      - both-ready
      - open-trump
      - first-player
      - {{draw: {{count: 1, players: second}}}}
  zones: [pack, rare, trump]
"""


def with_draft(target: Path, steps_edit: tuple[str, str] | None = None) -> Path:
    root = copy_v9(target)
    frames = root / "definitions" / "frames" / "frames.yaml"
    text = DRAFT if steps_edit is None else DRAFT.replace(*steps_edit)
    frames.write_text(frames.read_text(encoding="utf-8") + text, encoding="utf-8")
    formats = root / "definitions" / "formats.yaml"
    formats.write_text(formats.read_text(encoding="utf-8").replace("  extra: [master]\n", "  draft: [master]\n  extra: [master]\n"),
                       encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def draft_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return with_draft(tmp_path_factory.mktemp("draft"))


@pytest.fixture(scope="module")
def draft_engine(draft_root: Path) -> sim.Engine:
    loaded = load_copy(draft_root)
    assert not [f for f in loaded.findings if f.severity == "error"], [str(f) for f in loaded.findings]
    return sim.Engine(loaded.definitions)


class Recording(RandomAgent):
    def __init__(self, seed: int, asked: list[tuple[int, str, int]]) -> None:
        super().__init__(seed)
        self.asked = asked

    def choose(self, decision: sim.Decision) -> int:
        self.asked.append((decision.player, decision.prompt, len(decision)))
        return super().choose(decision)


@pytest.mark.parametrize("seed", range(3))
def test_the_draft_deals_picks_from_and_passes_the_mini_packs(draft_engine: sim.Engine, seed: int) -> None:
    asked: list[tuple[int, str, int]] = []
    game = sim.Game.new(draft_engine, "master", "draft", seed=seed, agents=(Recording(seed, asked), Recording(seed + 9, asked)))
    state = game.state
    for seat, player in enumerate(state.players):
        picks = [(prompt, options) for who, prompt, options in asked if who == seat and prompt in dict(PICKS)]
        # one pick from each of the six packs, in order: every pack comes up with its 3 cards (a pick from a pack
        # passed on once already would offer 2)
        assert picks == [(prompt, 3) for prompt, _zone in PICKS]
        assert len(player.rare) == 1 and len(player.trump) == 2 and len(player.trumps_up) == 1
        assert len(player.pack) == 14
        assert len(player.hand) == 8  # 7; then the first player's draw (2.9.3), the second player's step after first-player
    # the 12 cards left in the packs went back into the deck: 54 - 6 picked - 14 (pack) - 2 (preset) - 4 drawn
    # to 7; then the 2.9.2 cards turned over (graveyard) and one drawn by each
    assert all(len(p.life) + len(p.graveyard) + 1 == 54 - 6 - 14 - 2 - 4 for p in state.players)


def test_the_second_player_draws_after_the_first_player_is_decided(draft_engine: sim.Engine) -> None:
    game = sim.Game.new(draft_engine, "master", "draft", seed=4, agents=(RandomAgent(1), RandomAgent(2)))
    first, second = game.state.players[game.state.first], game.state.players[1 - game.state.first]
    assert len(first.hand) == 8  # 7, and the first player's draw of 2.9.3
    assert len(second.hand) == 8  # 7, and the step after first-player
    assert len(first.life) == len(second.life)  # both drew the same number from the life


@pytest.mark.parametrize("seed", range(20))
def test_random_games_play_through_the_draft(draft_engine: sim.Engine, seed: int) -> None:
    game, _decided, problems = simtools.play_one(draft_engine, "master", "draft", seed)
    assert problems == []
    assert game.state.turn_number >= 1


def test_a_zone_a_start_step_names_must_be_one_of_rules_yaml(tmp_path: Path) -> None:
    root = with_draft(tmp_path, ("to: rare, prompt: レアカード", "to: rares, prompt: レアカード"))
    findings = [f for f in load_copy(root, searches=False).findings if f.code == "BP028"]
    assert len(findings) == 1 and "rares" in findings[0].message
    assert findings[0].location.path.endswith("frames/frames.yaml")


def test_each_pick_is_a_decision_of_the_public_game(draft_engine: sim.Engine) -> None:
    """bp play's door: a game without agents asks each pick of the draft as a decision, the pack's cards its options."""
    game = sim.Game.new(draft_engine, "master", "draft", seed=2, agents=None)
    prompts: list[tuple[int, str, int]] = []
    while (decision := game.decision()) is not None and len(prompts) < 12:
        prompts.append((decision.seat, decision.prompt, len(decision)))
        game.apply(0)
    assert prompts == [(seat, prompt, 3) for seat in (0, 1) for prompt, _zone in PICKS]


def test_a_start_step_puts_cards_into_a_zone_of_cards(tmp_path: Path) -> None:
    root = with_draft(tmp_path, ("to: trump, prompt: 切札", "to: field, prompt: 切札"))
    findings = [f for f in load_copy(root, searches=False).findings if f.code == "BP031"]
    assert len(findings) == 2 and all("'field' holds characters" in f.message for f in findings)
    assert findings[0].location.path.endswith("frames/frames.yaml")


def test_only_a_step_after_first_player_is_for_the_first_or_the_second_player(tmp_path: Path) -> None:
    root = with_draft(tmp_path, ("      - {pack: 14}\n", "      - {draw: {count: 1, players: first}}\n      - {pack: 14}\n"))
    findings = [f for f in load_copy(root, searches=False).findings if f.code == "BP031"]
    assert len(findings) == 1 and "players: first" in findings[0].message
