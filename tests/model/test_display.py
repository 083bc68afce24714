"""The display description (model/display.py): the items each kind of definition prints, in the
rulebook's order and under rules.yaml's names, and which of them the action lists show where.

The expected item names are copied by hand from the 第8.1版 rulebook (shared/seeds/000) and the
printed action list (shared/seeds/004), not from the code."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from toolchain import model as m
from toolchain.model import display
from toolchain.model.loader import load_definitions

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def defs() -> m.Definitions:
    return load_definitions(ROOT).definitions


def _find(defs: m.Definitions, kind: str, id_: str) -> object:
    pool = {
        "action": defs.actions, "frame-action": defs.frame_actions, "character": defs.characters, "fog": defs.fog,
        "frame-fog": defs.frame_fog, "frame": defs.frames, "trump": defs.trumps,
    }[kind]
    return next(item for item in pool if item.id == id_)


# The items as the rulebook prints them (4.3.1–4.3.3, 5.3.1–5.3.4); 解釈 is the toolchain's ※ note of its
# readings (definitions/README.md "Readings"), after the items it concerns; 関連する裁定 the rulings that
# concern the entry (definitions/rulings.yaml), after it.
RULEBOOK = [
    ("action", "down", "ダウン (速攻魔法)",
     ["フォーマット", "トリガー", "スピード", "タイミング", "キーカード", "コスト", "対象", "効果", "導入バージョン", "更新バージョン"]),
    ("action", "soldier-summon", "兵士召喚 (召喚)",
     ["フォーマット", "トリガー", "スピード", "タイミング", "キーカード", "コスト", "効果", "ストーリー", "フレーバー",
      "導入バージョン", "更新バージョン"]),
    ("frame-action", "trap-counter", "罠カウンター (パック)",
     ["フレーム", "トリガー", "スピード", "タイミング", "特記事項", "対象", "効果", "解釈", "関連する裁定"]),
    ("character", "magician", "魔術士 (兵士)",
     ["フォーマット", "キーカード", "サイズ", "ラベル", "能力", "解釈", "導入バージョン", "更新バージョン"]),
    ("fog", "up", "アップ (速攻魔法)", ["キーカード", "能力", "導入バージョン"]),
    ("frame-fog", "close", "クローズ (速攻魔法)", ["フレーム", "キーカード", "能力", "導入バージョン"]),
    ("frame", "extra", "エクストラ", ["配置図", "フォーマット", "デッキ条件", "ゲームの始め方", "アクションリスト", "公開レベル"]),
    ("trump", "slash", "スラッシュ (立ち上がる兵)", ["フレーム", "キーカード", "能力", "イメージ", "導入バージョン", "更新バージョン"]),
    ("trump", "hidden", "裏切札 (裏切札)", ["フレーム", "キーカード", "能力", "導入バージョン"]),
]


@pytest.mark.parametrize(("kind", "id_", "title", "names"), RULEBOOK, ids=[row[1] for row in RULEBOOK])
def test_rulebook_items_in_order(defs: m.Definitions, kind: str, id_: str, title: str, names: list[str]) -> None:
    entry = display.entry(defs, _find(defs, kind, id_))
    assert entry.kind.id == kind
    assert entry.title == title
    assert [item.name for item in entry.rulebook_items] == names


def _rulebook_names(defs: m.Definitions, kind: str, id_: str) -> list[str]:
    return [item.name for item in display.entry(defs, _find(defs, kind, id_)).rulebook_items]


def test_every_item_is_named_by_rules_yaml(defs: m.Definitions) -> None:
    named = set(display.item_names(defs))
    for kind in display.KINDS.values():
        assert {item.id for item in kind.items} <= named, kind.id


def test_names_come_from_rules_yaml(defs: m.Definitions) -> None:
    rules = defs.rules
    assert rules is not None
    renamed = tuple(m.Named(e.id, "こうか" if e.id == "effect" else e.name) for e in rules.vocabulary("items").entries)
    changed = replace(defs, rules=replace(rules, vocabularies={**rules.vocabularies, "items": m.Vocabulary(renamed)}))
    assert "こうか" in _rulebook_names(changed, "action", "down")


def test_an_item_rules_yaml_does_not_name_fails(defs: m.Definitions) -> None:
    rules = defs.rules
    assert rules is not None
    kept = tuple(e for e in rules.vocabulary("items").entries if e.id != "effect")
    changed = replace(defs, rules=replace(rules, vocabularies={**rules.vocabularies, "items": m.Vocabulary(kept)}))
    with pytest.raises(KeyError, match="rules.yaml has no name for the item 'effect'"):
        display.entry(changed, _find(changed, "action", "down"))


def test_kinds_of_value(defs: m.Definitions) -> None:
    down = {item.id: item.value for item in display.entry(defs, _find(defs, "action", "down")).items}
    assert down["formats"] == display.FormatTable(("lite", "standard", "pro", "master"))
    assert down["keycards"] == display.Text("♠ A〜10")
    assert isinstance(down["effect"], display.Markup) and down["effect"].mark == ""
    trap = {item.id: item.value for item in display.entry(defs, _find(defs, "frame-action", "trap-counter")).items}
    assert trap["note"] == display.Markup("このアクションが起こされた時、キーカード (レアカード) はステージ上に置かれ完全公開となる。", "※")
    assert [frame.name for frame in trap["frames"].frames] == ["レアパック", "ストラテジー", "エクストラ"]
    extra = {item.id: item.value for item in display.entry(defs, _find(defs, "frame", "extra")).items}
    assert extra["layout"] == display.Figure("frame-extra", "配置図-エクストラ", numbered=True)  # Fig. 5.5
    slash = {item.id: item.value for item in display.entry(defs, _find(defs, "trump", "slash")).items}
    assert slash["image"] == display.Figure("trump-slash", "イメージ-スラッシュ", numbered=False)  # no Fig. number in 5.3.4
    hidden = {item.id: item.value for item in display.entry(defs, _find(defs, "trump", "hidden")).items}
    assert hidden["ability"] == display.Nothing("なし") and "image" not in hidden


def test_leaflet_shows_fewer_items(defs: m.Definitions) -> None:
    """The printed list: `[1] ダウン (速攻魔法) ★ ♠ A〜10`, `@直接-通常-クイック | $ D`, then (対象) and (効果)."""
    down = display.entry(defs, _find(defs, "action", "down"))
    assert down.heading == display.Heading("♠ A〜10", "@直接-通常-クイック", "D")
    leaflet = display.Leaflet
    assert [i.name for i in down.leaflet_items(leaflet.FIELD)] == ["対象", "効果"]
    assert [i.name for i in down.leaflet_items(leaflet.SCREEN)] == ["フォーマット"]
    assert [i.name for i in down.leaflet_items(leaflet.HEADING)] == ["トリガー", "スピード", "タイミング", "キーカード", "コスト"]
    assert [i.name for i in down.leaflet_items(leaflet.DETAILS)] == ["導入バージョン", "更新バージョン"]
    extra = display.entry(defs, _find(defs, "frame", "extra"))
    assert [i.name for i in extra.leaflet_items(leaflet.OMIT)] == ["配置図"]
    fog = display.entry(defs, _find(defs, "fog", "up"))
    assert [i.name for i in fog.items if not i.rulebook] == ["フォーマット"]  # the lists filter fog by its action's formats


def test_groups_and_listings(defs: m.Definitions) -> None:
    assert [listing.title for listing in display.LISTINGS] == [
        "アクションリスト", "キャラクターリスト", "フォグリスト", "フレームリスト", "フレームアクションリスト", "フレームフォグリスト",
        "フレーム切札リスト", "フレームキャラクターリスト",
    ]
    trumps = display.grouped(defs, display.listing("trumps"))
    assert [(g.group.key, g.group.title) for g in trumps if g.group] == [
        ("spade", "♠ スペード"), ("heart", "♡ ハート"), ("diamond", "♢ ダイヤ"), ("club", "♣ クラブ"), ("other", "その他"),
    ]
    frame_actions = display.grouped(defs, display.listing("frame-actions"))
    assert [g.group.title for g in frame_actions if g.group] == ["パック", "切札", "切札 ♠ 2", "切札 ♡ 3", "切札 ♢ 3", "切札 ♣ 4"]
    frames = display.grouped(defs, display.listing("frames"))
    assert len(frames) == 1 and frames[0].group is None and len(frames[0].entries) == 5
