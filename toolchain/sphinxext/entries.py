"""One definition as a section of the rulebook: its heading, its label (`act-<id>` …) and its items.

The items and their order are the rulebook's (4.3.1–4.3.3, 5.3.1–5.3.4); every display string
comes from model.Definitions, so nothing here restates a rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from docutils import nodes

from .. import figures
from .. import model as m
from . import sectionrefs
from .figures import svg_node
from .render import bullets, field, field_list, format_table, markup, para, ref

NONE = "なし"


def group_label(listing: str, key: str) -> str:
    """The label of a group heading of a list (`frame-actions-trump`, `actions-basic`)."""
    return f"{listing}-{key}"


def labelled_section(document: nodes.document, label: str, title: str, classes: Iterable[str] = ()) -> nodes.section:
    """A section whose id and explicit name is `label`, so `:ref:`label`` links to it by its title."""
    section = nodes.section(ids=[label], names=[label], classes=list(classes))
    section += nodes.title(title, title)
    document.note_explicit_target(section, section)
    return section


def _versions(item: Callable[[str], str], since: str | None, updated: tuple[str, ...]) -> list[nodes.field | None]:
    return [
        field(item("since"), since) if since else None,
        field(item("updated"), ", ".join(updated)) if updated else None,
    ]


def _lore(item: Callable[[str], str], story: m.Text | None, flavor: m.Flavor | None) -> list[nodes.field | None]:
    return [
        field(item("story"), *markup(story)) if story else None,
        field(item("flavor"), para(flavor.text), para(f"~ {flavor.speaker} ~", classes=["bp-speaker"])) if flavor else None,
    ]


def _text_field(name: str, text: m.Text | None, prefix: str = "") -> nodes.field | None:
    return field(name, *markup(text, prefix)) if text else None


class Entries:
    """Builds the sections of the definitions for one page."""

    def __init__(self, definitions: m.Definitions, document: nodes.document) -> None:
        self.defs = definitions
        self.document = document

    def item(self, id_: str) -> str:
        """The name the rulebook prints for an item (rules.yaml `items`): `effect` → 効果. An item
        rules.yaml does not name fails the build rather than printing its id."""
        names = {entry.id: entry.name for entry in self.defs.rules.vocabulary("items").entries}
        if id_ not in names:
            raise KeyError(f"rules.yaml has no name for the item '{id_}' (items:)")
        return names[id_]

    def section(self, label: str, title: str, kind: str) -> nodes.section:
        return labelled_section(self.document, label, title, [f"bp-{kind}"])

    def _frames_field(self, frame_ids: Iterable[str]) -> nodes.field:
        frames = [self.defs.frame(frame_id) for frame_id in frame_ids]
        return field(self.item("frames"), bullets(ref(frame.anchor, frame.name) for frame in frames if frame))

    # -- 4.3.1 アクションリスト, 5.3.2 フレームアクションリスト ----------------------------------
    def action(self, action: m.Action) -> nodes.section:
        d = self.defs
        section = self.section(action.anchor, f"{action.name} ({d.name_of('categories', action.category)})", "action")
        section += field_list([
            self._frames_field(action.frames) if action.is_frame_action else field(self.item("formats"), format_table(d, action.formats)),
            field(self.item("trigger"), d.name_of("triggers", action.trigger)),
            field(self.item("speed"), d.name_of("speeds", action.speed)),
            field(self.item("timing"), d.name_of("timings", action.timing)),
            field(self.item("keycards"), d.keycards_display(action.keycards) or "") if action.keycards else None,
            field(self.item("cost"), action.cost) if action.cost else None,
            _text_field(self.item("note"), action.note, "※"),
            _text_field(self.item("activation-condition"), action.activation_condition),
            _text_field(self.item("trigger-condition"), action.trigger_condition),
            _text_field(self.item("target"), action.target.text if action.target else None),
            _text_field(self.item("effect"), action.effect),
            *_lore(self.item, action.story, action.flavor),
            *_versions(self.item, action.since, action.updated),
        ])
        return section

    # -- 4.3.2 キャラクターリスト ----------------------------------------------------------------
    def character(self, character: m.Character) -> nodes.section:
        d = self.defs
        section = self.section(character.anchor, f"{character.name} ({d.name_of('character_types', character.type)})", "character")
        labels = d.labels_display(character)
        abilities = [f"{a.name}({a.text})" if a.name else a.text for a in character.abilities]
        section += field_list([
            field(self.item("formats"), format_table(d, character.formats)),
            field(self.item("keycards"), d.keycards_display(character.keycards) or ""),
            field(self.item("size"), character.size_text) if character.size_text else None,
            field(self.item("labels"), labels) if labels else None,
            field(self.item("ability"), bullets(abilities)) if abilities else None,
            *_lore(self.item, character.story, character.flavor),
            *_versions(self.item, character.since, character.updated),
        ])
        return section

    # -- 4.3.3 フォグリスト, 5.3.3 フレームフォグリスト --------------------------------------------
    def fog(self, entry: m.FogEntry) -> nodes.section:
        d = self.defs
        section = self.section(entry.anchor, f"{entry.name} ({d.name_of('categories', entry.category)})", "fog")
        keycards = d.keycards_display(d.fog_keycards(entry))
        section += field_list([
            self._frames_field(entry.frames) if entry.frames else None,
            field(self.item("keycards"), keycards) if keycards else None,
            _text_field(self.item("ability"), entry.ability),
            *_versions(self.item, entry.since, entry.updated),
        ])
        return section

    # -- 5.3.4 フレーム切札リスト -------------------------------------------------------------------
    def trump(self, trump: m.Trump) -> nodes.section:
        d = self.defs
        section = self.section(trump.anchor, f"{trump.name} ({d.name_of('trump_categories', trump.category)})", "trump")
        section += field_list([
            self._frames_field(trump.frames),
            field(self.item("keycards"), d.keycards_display(trump.keycards) or ""),
            _text_field(self.item("ability"), trump.ability.text) if trump.ability else field(self.item("ability"), para(NONE)),
            *_versions(self.item, trump.since, trump.updated),
        ])
        return section

    # -- 5.3.1 フレームリスト ------------------------------------------------------------------------
    def frame(self, frame: m.Frame) -> nodes.section:
        d = self.defs
        section = self.section(frame.anchor, frame.name, "frame")
        section += field_list([
            field(self.item("layout"), self._layout(frame)),
            field(self.item("formats"), format_table(d, frame.formats)),
            field(self.item("deck"), *self._deck(frame)),
            field(self.item("start"), *self._start(frame)),
            self._frame_actions(frame),
            self._frame_zones(frame),
        ])
        return section

    def _layout(self, frame: m.Frame) -> nodes.figure:
        """Fig. 5.1–5.5, labelled `fig-frame-<id>` for :numref:."""
        spec = figures.frame_figure(frame.id)
        caption = f"配置図-{frame.name}"
        figure = nodes.figure("", svg_node(spec.name, spec.draw(self.defs), caption), classes=["bp-figure"])
        figure += nodes.caption(caption, caption)
        label = f"fig-{spec.name}"
        figure["ids"].append(label)
        figure["names"].append(label)
        self.document.note_explicit_target(figure, figure)
        return figure

    def _deck(self, frame: m.Frame) -> list[nodes.Node]:
        if frame.cards:
            lines = [f"{suit} {', '.join(ranks)}" for suit, ranks in frame.cards.items()]
            return [para(f"次のカードのみで構成された{frame.deck_size}枚のデッキを使う"), bullets(lines)]
        return [para(f"{frame.min_cards} 枚以上")]

    def _start(self, frame: m.Frame) -> list[nodes.Node]:
        follow = para("以降は、", sectionrefs.by_title(self.defs.name_of("start_steps", frame.then)), " 以降に沿ってゲームを開始します。")
        return [*markup(frame.procedure), follow]

    def _frame_actions(self, frame: m.Frame) -> nodes.field | None:
        """アクションリスト: the frame actions that name the frame; trump-related ones as one item, as the rulebook does."""
        actions = self.defs.frame_actions_of(frame.id)
        if not actions:
            return None
        items: list[nodes.Node | list[nodes.Node]] = [ref(a.anchor, a.name) for a in actions if a.group == "pack"]
        if any(a.group != "pack" for a in actions):
            items.append(ref(group_label("frame-actions", "trump"), "切札関連のアクション"))
        return field(
            self.item("frame-actions"),
            para("次のアクションが追加で利用可能です。"),
            bullets(items),
            para("詳細は次を参照してください。"),
            para(sectionrefs.by_directive("bp-frame-action-list")),
        )

    def _frame_zones(self, frame: m.Frame) -> nodes.field | None:
        zones = [zone for zone in (self.defs.rules.zone(z) for z in frame.zones) if zone]
        if not zones:
            return None
        return field(self.item("zones"), para("このフレームで定義されている領域の公開レベルは次の通りです。"), access_levels(self.defs, zones))


def access_levels(definitions: m.Definitions, zones: Iterable[m.Zone]) -> nodes.definition_list:
    """2.11.1: for each zone, what is 完全公開, 個人公開 and 非公開 (なし when nothing is)."""
    listing = nodes.definition_list(classes=["bp-access"])
    levels = definitions.rules.access_levels
    for zone in zones:
        item = nodes.definition_list_item()
        item += nodes.term(zone.name, zone.name)
        definition = nodes.definition()
        definition.extend(para(f"{level.name}:{zone.access.get(level.id) or NONE}") for level in levels)
        item += definition
        listing += item
    return listing

