"""The list directives: every definition of a kind, grouped under headings, after a 目次.

    .. bp-action-list::            4.3.1 (option :category: basic to render one category)
    .. bp-character-list::         4.3.2
    .. bp-fog-list::               4.3.3
    .. bp-frame-list::             5.3.1
    .. bp-frame-action-list::      5.3.2
    .. bp-frame-fog-list::         5.3.3
    .. bp-trump-list::             5.3.4

Each group heading is labelled `<list>-<group>` (`actions-basic`, `frame-actions-trump`) and
each entry `act-<id>`, `char-<id>`, `fog-<id>`, `frame-<id>` or `trump-<id>`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective
from sphinx.util.typing import OptionSpec

from .. import model as m
from ..figures import LAYOUT_MODULES
from . import sectionrefs, source
from .entries import Entries, group_label, labelled_section

SUIT_KEYS = {"♠": "spade", "♡": "heart", "♢": "diamond", "♣": "club"}


@dataclass
class Group:
    key: str
    title: str | None  # None: entries without a group heading (the frame list)
    items: list[Any] = field(default_factory=list)


def group_by(items: Sequence[Any], key: Callable[[Any], str], title: Callable[[Any], str]) -> list[Group]:
    """Groups in the order their first item appears (the definitions' order is the rulebook's)."""
    groups: dict[str, Group] = {}
    for item in items:
        group = groups.setdefault(key(item), Group(key(item), title(item)))
        group.items.append(item)
    return list(groups.values())


def contents(sections: Sequence[nodes.section]) -> nodes.container:
    """目次: a nested list of links to the group headings and their entries."""
    box = nodes.container(classes=["bp-contents"])
    box += nodes.rubric("目次", "目次")
    box += _links(sections)
    return box


def _links(sections: Sequence[nodes.section]) -> nodes.bullet_list:
    listing = nodes.bullet_list()
    for section in sections:
        item = nodes.list_item()
        title = section[0].astext()
        item += nodes.paragraph("", "", nodes.reference("", title, internal=True, refid=section["ids"][0]))
        children = [child for child in section.children if isinstance(child, nodes.section)]
        if children:
            item += _links(children)
        listing += item
    return listing


class ListDirective(SphinxDirective):
    """The common part: load, note dependencies, group, build sections, prepend the 目次."""

    has_content = False
    option_spec: ClassVar[OptionSpec] = {"no-contents": directives.flag}
    kinds: ClassVar[tuple[str, ...]] = ()
    listing: ClassVar[str] = ""

    def groups(self, definitions: m.Definitions) -> list[Group]:
        raise NotImplementedError

    def entry(self, entries: Entries, item: Any) -> nodes.section:
        raise NotImplementedError

    def run(self) -> list[nodes.Node]:
        definitions = source.use(self.env, self.kinds)
        sectionrefs.note_directive(self.name, self.state.parent)
        entries = Entries(definitions, self.state.document)
        sections: list[nodes.section] = []
        for group in self.groups(definitions):
            items = [self.entry(entries, item) for item in group.items]
            if group.title is None:
                sections.extend(items)
                continue
            heading = labelled_section(self.state.document, group_label(self.listing, group.key), group.title, ["bp-group"])
            heading.extend(items)
            sections.append(heading)
        if not sections:
            raise self.error("nothing to list")
        return sections if "no-contents" in self.options else [contents(sections), *sections]


class ActionList(ListDirective):
    option_spec: ClassVar[OptionSpec] = {**ListDirective.option_spec, "category": directives.unchanged}
    kinds = ("actions",)
    listing = "actions"

    def groups(self, definitions: m.Definitions) -> list[Group]:
        groups = group_by(definitions.actions, lambda a: a.category, lambda a: definitions.name_of("categories", a.category))
        wanted = self.options.get("category")
        if wanted:
            groups = [g for g in groups if wanted in (g.key, g.title)]
            if not groups:
                raise self.error(f"no actions of category '{wanted}'")
        return groups

    def entry(self, entries: Entries, item: m.Action) -> nodes.section:
        return entries.action(item)


class CharacterList(ListDirective):
    kinds = ("characters",)
    listing = "characters"

    def groups(self, definitions: m.Definitions) -> list[Group]:
        return group_by(definitions.characters, lambda c: c.type, lambda c: definitions.name_of("character_types", c.type))

    def entry(self, entries: Entries, item: m.Character) -> nodes.section:
        return entries.character(item)


class FogList(ListDirective):
    kinds = ("fog", "actions")  # a fog entry shows its action's keycards
    listing = "fog"

    def items(self, definitions: m.Definitions) -> list[m.FogEntry]:
        return definitions.fog

    def groups(self, definitions: m.Definitions) -> list[Group]:
        return group_by(self.items(definitions), lambda f: f.group, lambda f: definitions.name_of("fog_groups", f.group))

    def entry(self, entries: Entries, item: m.FogEntry) -> nodes.section:
        return entries.fog(item)


class FrameFogList(FogList):
    kinds = ("frame-fog", "frame-actions", "frames")
    listing = "frame-fog"

    def items(self, definitions: m.Definitions) -> list[m.FogEntry]:
        return definitions.frame_fog


class FrameList(ListDirective):
    kinds = ("frames", "frame-actions")  # each frame lists the frame actions that name it
    listing = "frames"

    def run(self) -> list[nodes.Node]:
        # The layouts are drawn by the figures package: its changes rebuild the page too.
        source.use(self.env, (), LAYOUT_MODULES)
        return super().run()

    def groups(self, definitions: m.Definitions) -> list[Group]:
        return [Group("all", None, list(definitions.frames))]

    def entry(self, entries: Entries, item: m.Frame) -> nodes.section:
        return entries.frame(item)


class FrameActionList(ListDirective):
    kinds = ("frame-actions", "frames", "trumps")
    listing = "frame-actions"

    def groups(self, definitions: m.Definitions) -> list[Group]:
        def key(action: m.Action) -> str:
            return action.group or f"trump-{action.trump}"

        def title(action: m.Action) -> str:
            if action.group:
                return definitions.name_of("frame_action_groups", action.group)
            trump = definitions.trump(action.trump or "")
            return definitions.trump_group_heading(trump) if trump else str(action.trump)

        return group_by(definitions.frame_actions, key, title)

    def entry(self, entries: Entries, item: m.Action) -> nodes.section:
        return entries.action(item)


class TrumpList(ListDirective):
    kinds = ("trumps", "frames")
    listing = "trumps"

    def groups(self, definitions: m.Definitions) -> list[Group]:
        return group_by(definitions.trumps, lambda t: SUIT_KEYS.get(t.suit or "", "other"), definitions.trump_heading)

    def entry(self, entries: Entries, item: m.Trump) -> nodes.section:
        return entries.trump(item)


LISTS: dict[str, type[ListDirective]] = {
    "bp-action-list": ActionList,
    "bp-character-list": CharacterList,
    "bp-fog-list": FogList,
    "bp-frame-list": FrameList,
    "bp-frame-action-list": FrameActionList,
    "bp-frame-fog-list": FrameFogList,
    "bp-trump-list": TrumpList,
}
