"""The action lists as the templates see them: sections of groups of entries, in rulebook order.

What an entry shows, in which order and under which name is model.display's (the items marked
for the leaflet); this module only turns each value into HTML (values_html.py) and adds what
the lists need to filter entries by format and frame.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from markupsafe import Markup

from .. import model as m
from ..model import display
from ..notation.kana import furigana
from .search import cards, names, other_words, search_text
from .selection import Selection
from .values_html import UNWRAPPED, value_html

# The marks the heading line prints before its values (★ ♡3, $ BL), and the legend explains. The search
# text holds them too, so that what a player copies off the list ($ BL) finds the entries it was copied from.
MARKS = {"keycards": "★", "cost": "$"}


@dataclass(frozen=True)
class Field:
    key: str  # the item's id (CSS class): effect, target, …
    name: str  # the item's name, printed as its label: 効果
    body: Markup
    placement: str  # model.display.Leaflet's value: field, screen, note, details
    wrapped: bool = True  # False: the body is a block of its own (a table, a list of frames)
    format_table: bool = False  # the ○/× table of the formats (what a [1]–[4] marker may say alone)
    searchable: bool = True  # found by the search box: not the format table, the frames or a drawing (search.py)


@dataclass(frozen=True)
class Entry:
    kind: str  # action, character, fog, frame, frame-action, frame-fog, trump
    anchor: str
    name: str
    category: str | None  # shown in parentheses after the name
    formats: tuple[str, ...]  # format ids: where a format-bound entry belongs
    frames: tuple[str, ...]  # frame ids: where a frame-bound entry belongs
    first_format: int | None  # the [1]–[4] marker of the all-formats list
    trigger_speed_timing: str | None = None
    cost: str | None = None
    keycards: str | None = None
    fields: tuple[Field, ...] = ()  # notes, then fields (some on screen only), in order
    details: tuple[Field, ...] = ()  # story, flavor, versions: folded away on screen, not printed
    marker_is_enough: bool = False  # the [1]–[4] marker says what the format table says (that format onward)
    search: str = ""  # what the search box finds it by (search.py), folded
    cards: tuple[str, ...] = ()  # the cards that can be one of its keycards (♡A … ♡10): a card typed finds it
    names: str = ""  # its name, reading and search terms, folded: what a search that finds nothing suggests from
    changed: bool = False  # changed in the current edition: its `updated` has rules.yaml edition.id (the 「変更」 mark)
    furigana: tuple[tuple[str, str | None], ...] = ()  # the name's parts with the reading of each kanji run (ruby on screen)
    rulings: tuple[str, ...] = ()  # the questions of its rulings (関連する裁定): the leaflet's legend names the entry

    @property
    def frame_bound(self) -> bool:
        return self.kind in display.FRAME_KINDS

    def visible_in(self, selection: Selection) -> bool:
        if self.frame_bound:
            return any(frame.id in self.frames for frame in selection.frames)
        return selection.format is None or selection.format.id in self.formats


@dataclass(frozen=True)
class Group:
    heading: str | None
    entries: tuple[Entry, ...]


@dataclass(frozen=True)
class Section:
    key: str  # actions, characters, fog, frames, frame-actions, frame-fog, trumps
    title: str  # アクションリスト, …
    groups: tuple[Group, ...]

    @property
    def entries(self) -> list[Entry]:
        return [entry for group in self.groups for entry in group.entries]


@dataclass
class ActionList:
    """Every entry of the definitions; `only` narrows it to a selection."""

    sections: list[Section] = field(default_factory=list)

    def only(self, selection: Selection) -> ActionList:
        sections = []
        for section in self.sections:
            groups = tuple(
                Group(group.heading, kept)
                for group in section.groups
                if (kept := tuple(e for e in group.entries if e.visible_in(selection)))
            )
            if groups:
                sections.append(Section(section.key, section.title, groups))
        return ActionList(sections)

    @property
    def entries(self) -> list[Entry]:
        return [entry for section in self.sections for entry in section.entries]


def build_view(defs: m.Definitions) -> ActionList:
    return ActionList([
        Section(listing.key, listing.title, tuple(
            Group(group.group.title if group.group else None, tuple(_entry(defs, shown) for shown in group.entries))
            for group in display.grouped(defs, listing)
        ))
        for listing in display.LISTINGS
    ])


_SHOWN = (display.Leaflet.NOTE, display.Leaflet.FIELD, display.Leaflet.SCREEN)


def _fields(defs: m.Definitions, items: list[display.Shown]) -> tuple[Field, ...]:
    fields = (
        Field(item.id, item.name, value_html(defs, item.value), item.leaflet.value, not isinstance(item.value, UNWRAPPED),
              isinstance(item.value, display.FormatTable), not isinstance(item.value, (*UNWRAPPED, display.Figure)))
        for item in items
    )
    return tuple(f for f in fields if f.body)


def _formats(defs: m.Definitions, definition: object) -> tuple[str, ...]:
    """The formats an entry belongs to (for a frame item, those of its frames)."""
    if isinstance(definition, (m.Character, m.Frame)):
        return definition.formats
    return defs.formats_of(definition)  # type: ignore[arg-type]


def _entry(defs: m.Definitions, shown: display.Entry) -> Entry:
    definition = shown.definition
    formats = _formats(defs, definition)
    first = defs.first_format(formats)
    onward = tuple(f.id for f in defs.formats if first and f.order >= first.order)
    fields = _fields(defs, shown.leaflet_items(*_SHOWN))
    heading = shown.heading
    texts = [shown.name, shown.kana, *shown.search_terms, shown.category, _marked("keycards", heading.keycards),
             heading.trigger_speed_timing, _marked("cost", heading.cost), *(f.body for f in fields if f.searchable)]
    return Entry(
        kind=shown.kind.id,
        anchor=shown.anchor,
        name=shown.name,
        category=shown.category,
        formats=formats,
        frames=(definition.id,) if isinstance(definition, m.Frame) else getattr(definition, "frames", ()),
        first_format=first.order + 1 if first else None,
        trigger_speed_timing=shown.heading.trigger_speed_timing,
        cost=shown.heading.cost,
        keycards=shown.heading.keycards,
        fields=fields,
        details=_fields(defs, shown.leaflet_items(display.Leaflet.DETAILS)),
        marker_is_enough=bool(first) and shown.kind.id not in display.FRAME_KINDS and set(formats) == set(onward),
        search=search_text(texts, other_words(defs)),
        cards=cards(shown.keycards),
        names=names([shown.name, shown.kana, *shown.search_terms]),
        changed=bool(defs.rules) and defs.rules.edition.get("id") in getattr(definition, "updated", ()),
        furigana=_furigana(shown),
        rulings=tuple(r.question for item in shown.items if isinstance(item.value, display.RulingLinks) for r in item.value.rulings),
    )


def _marked(kind: str, value: str | None) -> str | None:
    """A value of the heading line as printed: `$ BL`."""
    return f"{MARKS[kind]} {value}" if value else None


def _furigana(shown: display.Entry) -> tuple[tuple[str, str | None], ...]:
    """The name cut for ruby when its definition gives a reading (kana:); empty for a name in kana."""
    kana = getattr(shown.definition, "kana", None)
    return (furigana(shown.name, kana) or ()) if kana else ()
