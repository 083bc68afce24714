"""Frames state what they use (frames.yaml `uses:`): a new frame is one frame entry, which membership of entries
is not a rules change for BP029, and `bp diff` says a frame's change once, for the frame."""

from __future__ import annotations

import json
from pathlib import Path

from tests.runbp import bp

from .conftest import commit_all, edit

FRAMES, FORMATS = "definitions/frames/frames.yaml", "definitions/formats.yaml"
FRAME_ACTIONS, TRUMPS = "definitions/frames/actions.yaml", "definitions/frames/trumps.yaml"

# エクストラ's entry with another id and name, and its own action added: what 第9.1版's ドラフト takes.
DRAFT = """
- id: draft
  name: ドラフト
  formats: [master]
  uses:
    actions: {groups: [pack, trump]}
    fog: {groups: [lingering]}
    trumps: {categories: [standing-soldier, hidden]}
  deck:
    min_cards: 40
  start:
    procedure: |
      - デッキから2枚選び切札として、配置図の場所に伏せておく。
      - 残りのデッキをシャッフルし、上から14枚を取り除いてパックとし、配置図の場所に伏せておく。
      - 残りのデッキをライフとし配置図の場所に伏せておく。
      - ライフの一番上のカードを防壁として場に出し、次のカードを兵士として場に出す。(プリセット)
      - 7枚引く。
    then: first-player
    steps: [{choose-trumps: 2}, shuffle, {pack: 14}, life, preset, {draw: 7}, open-trump]
  zones: [pack, rare, trump]
"""

# The new frame's own action: it names its frame, so エクストラ's groups do not take it in.
DRAFT_PICK = """
- id: draft-pick
  name: ドラフトピック
  category: pack
  frames: [draft]
  group: pack
  trigger: direct
  speed: instant
  timing: quick
  effect: パックの一番上のカードを手札に加える。
  since: v8.1
  program:
    effect:
      - choose: {zone: pack}
        as: card
      - move: $card
        to: hand
  examples:
    - name: パックのカードを手札に加える
      given:
        you: {pack: ♡K}
      request: ""
      expect:
        you: {hand: ♡K, pack: ""}
    - name: "ドラフトだけのアクション: エクストラでは起こせない"
      regulation: master + extra
      given:
        you: {pack: ♡K}
      request: ""
      illegal: regulation
"""


def _add_draft(repo: Path) -> None:
    (repo / FRAMES).write_text((repo / FRAMES).read_text(encoding="utf-8") + DRAFT, encoding="utf-8")
    edit(repo, FORMATS, "  extra: [master]\n", "  extra: [master]\n  draft: [master]\n")
    (repo / FRAME_ACTIONS).write_text((repo / FRAME_ACTIONS).read_text(encoding="utf-8") + DRAFT_PICK, encoding="utf-8")


def test_a_new_frame_with_extras_groups_and_one_action_is_two_entries_and_no_bp029(scratch_repo) -> None:
    repo = scratch_repo()
    _add_draft(repo)
    commit_all(repo, "ドラフト")
    run = bp("check", "--since", "v8.0", "--root", str(repo))
    assert run.returncode == 0, run.stderr
    assert "BP029" not in run.stderr
    # every example without regulation: is still played in マスター + エクストラ (formats.yaml default_frame), not
    # in the new last frame of table 3.1; the new frame has what エクストラ has, and its own action
    exported = json.loads(bp("export", "--root", str(repo)).stdout)
    frames = {frame["id"]: frame for frame in exported["frames"]}
    assert frames["draft"]["actions"] == [*frames["extra"]["actions"], "draft-pick"]
    assert "draft-pick" not in frames["extra"]["actions"]


def test_bp_diff_says_a_frame_change_once_per_frame(scratch_repo) -> None:
    repo = scratch_repo()
    _add_draft(repo)
    commit_all(repo, "ドラフト")
    report = json.loads(bp("diff", "v8.0", "--format", "json", "--root", str(repo)).stdout)
    assert report["frame_uses"] == []  # a new frame is told as one, with its regulations
    # レアパック takes オープン in and leaves レア召喚 out: one line for the frame, none for the entries
    edit(repo, FRAMES, "  uses:\n    actions: {groups: [pack]}\n  deck:\n    min_cards: 40\n  start:\n    procedure: |\n"
         "      - デッキからレアカード1枚",
         "  uses:\n    actions: {groups: [pack], except: [rare-summon], add: [open]}\n  deck:\n    min_cards: 40\n  start:\n"
         "    procedure: |\n      - デッキからレアカード1枚")
    report = json.loads(bp("diff", "HEAD", "--format", "json", "--root", str(repo)).stdout)
    lines = [item["text"] for item in report["checklist"] if item["about"] == "frame"]
    assert lines == ["フレーム「レアパック」で使うものが変わりました: +オープン, −レア召喚"]
    assert report["frame_uses"] == [{"frame": "rare-pack", "name": "レアパック", "entered": ["オープン"], "left": ["レア召喚"]}]
    assert not any("のフレームが変わりました" in item["text"] for item in report["checklist"])


def test_an_entry_that_names_its_frames_changes_membership_without_bp029(scratch_repo) -> None:
    """The earlier form: an entry's own `frames:` changed is the frame's change, not the entry's rules."""
    repo = scratch_repo()
    edit(repo, TRUMPS, "  category: hidden\n", "  category: hidden\n  frames: [strategy, extra]\n")
    run = bp("check", "--since", "v8.0", "--root", str(repo))
    assert run.returncode == 0, run.stderr
    report = json.loads(bp("diff", "v8.0", "--format", "json", "--root", str(repo)).stdout)
    assert [item["text"] for item in report["checklist"] if "フレーム" in item["text"]] == [
        "フレーム「ストラテジー」で使うものが変わりました: +裏切札"]
    assert report["history"] == []


OPEN_EXAMPLES = "  examples:\n    - name: コスト DD を払い、自分の裏切札を1枚表にする\n"
# An example of オープン that expects a refusal it does not get: its message names the regulation played.
NOT_REFUSED = """  examples:
    - name: 既定のレギュレーションで遊ぶ
      given:
        you: {hand: ♣2 ♣3, trump: "♠2 ♡3(up)"}
      request: ""
      illegal: regulation
    - name: コスト DD を払い、自分の裏切札を1枚表にする
"""


def test_examples_without_regulation_stay_in_the_default_frame_and_say_so(scratch_repo) -> None:
    """A new last frame of table 3.1 (ドラフト) moves no example: formats.yaml states the default frame; a refusal
    about the regulation says which one was played and why. Without default_frame, the last frame of table 3.1."""
    repo = scratch_repo()
    _add_draft(repo)
    edit(repo, FRAME_ACTIONS, OPEN_EXAMPLES, NOT_REFUSED)
    run = bp("check", "--lang", "en", "--root", str(repo))
    assert ("オープン was not refused: it is a legal request here (expected illegal: regulation); played in the regulation "
            "マスター + エクストラ (default: the example states no regulation:, so the highest format of オープン with the "
            "default_frame of formats.yaml)") in run.stderr
    edit(repo, FORMATS, "default_frame: extra\n", "")
    run = bp("check", "--lang", "en", "--root", str(repo))
    assert ("played in the regulation マスター + ドラフト (default: the example states no regulation:, so the highest format "
            "of オープン with the last frame of table 3.1 that has it)") in run.stderr
