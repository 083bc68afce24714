"""One definition as a section of the rulebook: its heading, its label (`act-<id>` …) and its items.

Which items, in which order and under which name is model.display's; this module walks that
description and decides only how each kind of value looks as docutils nodes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from docutils import nodes

from .. import figures
from .. import model as m
from ..model import display
from . import sectionrefs
from .docutils_blocks import bullets, field, field_list, format_table, markup, para, ref, section_number_ref
from .figures import svg_node


group_label = display.group_label  # the model's, which bp check also reads (a docs/ label must not be one)


def labelled_section(document: nodes.document, label: str, title: str, classes: Iterable[str] = ()) -> nodes.section:
    """A section whose id and explicit name is `label`, so `:ref:`label`` links to it by its title."""
    section = nodes.section(ids=[label], names=[label], classes=list(classes))
    section += nodes.title(title, title)
    document.note_explicit_target(section, section)
    return section


class Entries:
    """Builds the sections of the definitions for one page."""

    def __init__(self, definitions: m.Definitions, document: nodes.document) -> None:
        self.defs = definitions
        self.document = document
        self._values: dict[type, Callable[[Any], list[nodes.Node]]] = {
            display.Text: lambda v: [para(v.text)],
            display.Markup: lambda v: markup(v.text, v.mark),
            display.Bullets: lambda v: [bullets(v.items)],
            display.InlineList: lambda v: [para(", ".join(v.items))],
            display.Nothing: lambda v: [para(v.text)],
            display.FormatTable: lambda v: [format_table(self.defs, v.formats)],
            display.FrameList: lambda v: [bullets(ref(frame.anchor, frame.name) for frame in v.frames)],
            m.Flavor: lambda v: [para(v.text), para(f"~ {v.speaker} ~", classes=["bp-speaker"])],
            display.Figure: lambda v: [self._figure(v)],
            display.Deck: self._deck,
            display.StartProcedure: self._start,
            display.FrameActions: self._frame_actions,
            display.AccessLevels: lambda v: [
                para("このフレームで定義されている領域の公開レベルは次の通りです。"), access_levels(self.defs, v.zones)
            ],
            display.RulingLinks: lambda v: [bullets(ref(ruling.anchor, ruling.question) for ruling in v.rulings)],
            display.DefinitionLinks: lambda v: [bullets(ref(anchor, title) for anchor, title in v.entries)],
            display.SectionLinks: lambda v: [bullets(section_number_ref(label) for label in v.labels)],
        }

    def value(self, value: Any) -> list[nodes.Node]:
        """The nodes of one item's value (model.display's kinds of value)."""
        return self._values[type(value)](value)

    def entry(self, shown: display.Entry) -> nodes.section:
        """The section of one definition: its title, then every item the rulebook prints."""
        section = labelled_section(self.document, shown.anchor, shown.title, [f"bp-{shown.kind.family}"])
        section += field_list(field(item.name, *self._values[type(item.value)](item.value), item=item.id) for item in shown.rulebook_items)
        return section

    def _figure(self, value: display.Figure) -> nodes.figure:
        """A drawing. A numbered one (Fig. 5.1–5.5) shows its caption and is labelled `fig-<name>` for
        :numref:; an unnumbered one has no caption (Sphinx would number it). Its alternative text says what
        it shows (figures.describe), not its caption again."""
        spec = figures.spec(value.name, self.defs)
        figure = nodes.figure("", svg_node(spec.name, spec.draw(self.defs), figures.describe(value.name, self.defs)),
                              classes=["bp-figure"])
        if value.numbered:
            figure += nodes.caption(value.caption, value.caption)
            label = f"fig-{spec.name}"
            figure["ids"].append(label)
            figure["names"].append(label)
            self.document.note_explicit_target(figure, figure)
        return figure

    @staticmethod
    def _deck(deck: display.Deck) -> list[nodes.Node]:
        if deck.cards:
            lines = [f"{suit} {', '.join(ranks)}" for suit, ranks in deck.cards.items()]
            return [para(f"次のカードのみで構成された{deck.size}枚のデッキを使う"), bullets(lines)]
        return [para(f"{deck.min_cards} 枚以上")]

    @staticmethod
    def _start(start: display.StartProcedure) -> list[nodes.Node]:
        return [*markup(start.procedure), para("以降は、", sectionrefs.by_title(start.then), " 以降に沿ってゲームを開始します。")]

    def _frame_actions(self, value: display.FrameActions) -> list[nodes.Node]:
        """The frame's actions one by one, but a group that holds the actions of trumps as one item (「切札関連の
        アクション」, linked to its heading), as the rulebook does."""
        with_trumps = {a.group for a in self.defs.frame_actions if a.trump}
        items: list[nodes.Node | list[nodes.Node]] = []
        for group in dict.fromkeys(a.group or "" for a in value.actions):
            members = [a for a in value.actions if a.group == group]
            if group in with_trumps:  # linked to the first heading of the group (the group's own, or its first trump's)
                heading = display.group_of(self.defs, members[0])
                label = group_label("frame-actions", heading.key if heading else group)
                items.append(ref(label, f"{self.defs.name_of('frame_action_groups', group)}関連のアクション"))
            else:
                items.extend(ref(a.anchor, a.name) for a in members)
        return [
            para("次のアクションが追加で利用可能です。"),
            bullets(items),
            para("詳細は次を参照してください。"),
            para(sectionrefs.by_directive("bp-frame-action-list")),
        ]


def access_levels(definitions: m.Definitions, zones: Iterable[m.Zone]) -> nodes.definition_list:
    """2.11.1: for each zone, what is 完全公開, 個人公開 and 非公開 (なし when nothing is)."""
    listing = nodes.definition_list(classes=["bp-access"])
    levels = definitions.rules.access_levels
    for zone in zones:
        item = nodes.definition_list_item()
        item += nodes.term(zone.name, zone.name)
        definition = nodes.definition()
        definition.extend(para(f"{level.name}:{zone.access.get(level.id) or display.NONE}") for level in levels)
        item += definition
        listing += item
    return listing
