"""A rule printed and never played is a finding (BP036) unless a reading says why it is text only: an ability
with text and no data, and the effect of an action new or changed in the edition being prepared without a
program (test_codes.py has the trump's ability; these are the effect's, and the readings that answer both)."""

from __future__ import annotations

from pathlib import Path

import toolchain

READING = """  reading:
    about: {about}
    says: 能力は「…」とだけ書く。
    reads: シミュレーターはこの{what}を実行しない。
    why: 遊び方が書かれていない。
"""
NEW_ACTION = """- id: fanfare
  name: 凱歌
  kana: がいか
  category: basic
  formats: [lite, pro]
  trigger: direct
  speed: instant
  timing: main
  effect: 勝利を祝う。
  since: {since}
"""


def _append(root: Path, file: str, text: str) -> None:
    path = root / "definitions" / file
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


def _text_only(root: Path) -> list[str]:
    return [f"{f.location.path}:{f.location.line}: {f.message}" for f in toolchain.load(root).findings if f.code == "BP036"]


def test_a_reading_about_a_trumps_ability_says_why_it_is_text_only(minimal_repo: Path) -> None:
    path = minimal_repo / "definitions" / "frames" / "trumps.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("    grants: slash\n", ""), encoding="utf-8")
    assert len(_text_only(minimal_repo)) == 1
    _append(minimal_repo, "frames/trumps.yaml", READING.format(about="ability", what="能力"))
    assert _text_only(minimal_repo) == []


def test_an_effect_new_in_this_edition_without_a_program(minimal_repo: Path) -> None:
    _append(minimal_repo, "actions/1-basic.yaml", NEW_ACTION.format(since="v8.1"))
    (finding,) = _text_only(minimal_repo)
    assert finding.startswith("definitions/actions/1-basic.yaml:31: 凱歌 is new or changed in v8.1 and its effect has no program")
    _append(minimal_repo, "actions/1-basic.yaml", READING.format(about="effect", what="効果"))
    assert _text_only(minimal_repo) == []


def test_an_older_effect_without_a_program_is_left_to_the_summary_line(minimal_repo: Path) -> None:
    """The definitions of earlier editions are counted by `N/M actions executed`, not each a finding."""
    _append(minimal_repo, "actions/1-basic.yaml", NEW_ACTION.format(since="v8.0"))
    assert _text_only(minimal_repo) == []
