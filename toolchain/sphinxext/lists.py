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

from collections.abc import Sequence
from typing import ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective
from sphinx.util.typing import OptionSpec

from .. import model as m
from .. import figures
from ..i18n import _
from ..model import display
from . import sectionrefs, source
from .entries import Entries, group_label, labelled_section


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

    def groups(self, definitions: m.Definitions) -> list[display.ShownGroup]:
        return display.grouped(definitions, display.listing(self.listing))

    def run(self) -> list[nodes.Node]:
        # model/display.py decides what every entry shows: its changes rebuild the page too; an entry
        # lists the rulings that concern it (関連する裁定).
        definitions = source.use(self.env, (*self.kinds, "rulings"), ("model/display.py",))
        sectionrefs.note_directive(self.name, self.state.parent)
        entries = Entries(definitions, self.state.document)
        sections: list[nodes.section] = []
        for group in self.groups(definitions):
            self._note_figures(definitions, group.entries)
            items = [entries.entry(shown) for shown in group.entries]
            if group.group is None:
                sections.extend(items)
                continue
            label = group_label(self.listing, group.group.key)
            heading = labelled_section(self.state.document, label, group.group.title, ["bp-group"])
            heading.extend(items)
            sections.append(heading)
        if not sections:
            raise self.error(_("nothing to list"))
        return sections if "no-contents" in self.options else [contents(sections), *sections]

    def _note_figures(self, definitions: m.Definitions, shown: Sequence[display.Entry]) -> None:
        """A figure in an entry (a frame's layout, a trump's image) is drawn from more definitions and
        from the figures package: their changes rebuild the page too."""
        for entry in shown:
            for item in entry.rulebook_items:
                if isinstance(item.value, display.Figure):
                    spec = figures.spec(item.value.name, definitions)
                    source.use(self.env, spec.kinds, spec.modules)


class ActionList(ListDirective):
    option_spec: ClassVar[OptionSpec] = {**ListDirective.option_spec, "category": directives.unchanged}
    kinds = ("actions",)
    listing = "actions"

    def groups(self, definitions: m.Definitions) -> list[display.ShownGroup]:
        groups = super().groups(definitions)
        wanted = self.options.get("category")
        if wanted:
            groups = [g for g in groups if g.group and wanted in (g.group.key, g.group.title)]
            if not groups:
                raise self.error(_("no actions of category '{category}'").format(category=wanted))
        return groups


class CharacterList(ListDirective):
    kinds = ("characters",)
    listing = "characters"


class FogList(ListDirective):
    kinds = ("fog", "actions")  # a fog entry shows its action's keycards
    listing = "fog"


class FrameFogList(ListDirective):
    kinds = ("frame-fog", "frame-actions", "frames")
    listing = "frame-fog"


class FrameList(ListDirective):
    kinds = ("frames", "frame-actions")  # each frame lists the frame actions that name it
    listing = "frames"


class FrameActionList(ListDirective):
    kinds = ("frame-actions", "frames", "trumps")
    listing = "frame-actions"


class TrumpList(ListDirective):
    kinds = ("trumps", "frames")
    listing = "trumps"


class FrameCharacterList(ListDirective):
    kinds = ("frame-characters", "frames")  # each lists the frames that use it
    listing = "frame-characters"


LISTS: dict[str, type[ListDirective]] = {
    "bp-action-list": ActionList,
    "bp-character-list": CharacterList,
    "bp-fog-list": FogList,
    "bp-frame-list": FrameList,
    "bp-frame-action-list": FrameActionList,
    "bp-frame-fog-list": FrameFogList,
    "bp-trump-list": TrumpList,
    "bp-frame-character-list": FrameCharacterList,
}
