"""The action lists as the templates see them: sections of groups of entries, in rulebook order,
with every display string derived from the definitions (model.py helpers)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from markupsafe import Markup, escape

from .. import model as m
from .markup_html import bullet_list, to_html
from .selection import Selection


@dataclass(frozen=True)
class Field:
    key: str  # the field's kind (CSS class, template label): effect, target, …
    body: Markup


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
    fields: tuple[Field, ...] = ()
    details: tuple[Field, ...] = ()  # story, flavor, versions: folded away on screen, not printed

    @property
    def frame_bound(self) -> bool:
        return self.kind in FRAME_KINDS

    def visible_in(self, selection: Selection) -> bool:
        if self.frame_bound:
            return any(frame.id in self.frames for frame in selection.frames)
        return selection.format is None or selection.format.id in self.formats


FRAME_KINDS = ("frame", "frame-action", "frame-fog", "trump")


@dataclass(frozen=True)
class Group:
    heading: str | None
    entries: tuple[Entry, ...]


@dataclass(frozen=True)
class Section:
    key: str  # actions, characters, fog, frames, frame-actions, frame-fog, trumps
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
                sections.append(Section(section.key, groups))
        return ActionList(sections)

    @property
    def entries(self) -> list[Entry]:
        return [entry for section in self.sections for entry in section.entries]


def build_view(defs: m.Definitions) -> ActionList:
    view = _View(defs)
    return ActionList(
        [
            Section("actions", _grouped(defs.actions, lambda a: defs.name_of("categories", a.category), view.action)),
            Section("characters", _grouped(defs.characters, lambda c: defs.name_of("character_types", c.type), view.character)),
            Section("fog", _grouped(defs.fog, lambda f: defs.name_of("fog_groups", f.group), view.fog)),
            Section("frames", _grouped(defs.frames, lambda f: None, view.frame)),
            Section("frame-actions", _grouped(defs.frame_actions, view.frame_action_heading, view.action)),
            Section("frame-fog", _grouped(defs.frame_fog, lambda f: defs.name_of("fog_groups", f.group), view.fog)),
            Section("trumps", _grouped(defs.trumps, defs.trump_heading, view.trump)),
        ]
    )


def _grouped(items: Iterable, heading: Callable[[object], str | None], entry: Callable[[object], Entry]) -> tuple[Group, ...]:
    # Groups in order of first appearance: the files are in rulebook order.
    groups: dict[str | None, list[Entry]] = {}
    for item in items:
        groups.setdefault(heading(item), []).append(entry(item))
    return tuple(Group(name, tuple(entries)) for name, entries in groups.items())


_Item = m.Action | m.Character | m.FogEntry | m.Frame | m.Trump


def _text(value: str | None) -> Markup:
    return Markup(f"<p>{escape(value)}</p>") if value else Markup("")


class _View:
    def __init__(self, defs: m.Definitions) -> None:
        self.defs = defs

    def _marker(self, formats: Iterable[str]) -> int | None:
        first = self.defs.first_format(formats)
        return first.order + 1 if first else None

    @staticmethod
    def _fields(*pairs: tuple[str, Markup | None]) -> tuple[Field, ...]:
        return tuple(Field(key, body) for key, body in pairs if body)

    def _details(self, item: m.Action | m.Character | m.FogEntry | m.Trump) -> tuple[Field, ...]:
        story = getattr(item, "story", None)
        flavor = getattr(item, "flavor", None)
        flavor_html = (
            Markup('<p class="flavor-text">{}</p><p class="flavor-speaker">〜 {} 〜</p>').format(flavor.text, flavor.speaker)
            if flavor
            else None
        )
        return self._fields(
            ("story", _text(story)),
            ("flavor", flavor_html),
            ("since", _text(item.since)),
            ("updated", _text(",".join(item.updated))),
        )

    def frame_action_heading(self, action: m.Action) -> str:
        trump = self.defs.trump(action.trump) if action.trump else None
        if trump:
            return self.defs.trump_group_heading(trump)
        return self.defs.name_of("frame_action_groups", action.group or action.category)

    def _entry(
        self,
        kind: str,
        item: _Item,
        *,
        category: str | None,
        formats: tuple[str, ...],
        fields: tuple[tuple[str, Markup | None], ...],
        keycards: str | None = None,
        frames: tuple[str, ...] | None = None,
        trigger_speed_timing: str | None = None,
        cost: str | None = None,
    ) -> Entry:
        return Entry(
            kind=kind,
            anchor=item.anchor,
            name=item.name,
            category=category,
            formats=formats,
            frames=frames if frames is not None else getattr(item, "frames", ()),
            first_format=self._marker(formats),
            trigger_speed_timing=trigger_speed_timing,
            cost=cost,
            keycards=self.defs.keycards_display(keycards),
            fields=self._fields(*fields),
            details=() if isinstance(item, m.Frame) else self._details(item),
        )

    def action(self, action: m.Action) -> Entry:
        defs = self.defs
        return self._entry(
            "frame-action" if action.is_frame_action else "action",
            action,
            category=defs.name_of("categories", action.category),
            formats=defs.formats_of(action),
            keycards=action.keycards,
            fields=(
                ("note", _text(f"※ {action.note}") if action.note else None),
                ("activation-condition", to_html(action.activation_condition)),
                ("trigger-condition", to_html(action.trigger_condition)),
                ("target", to_html(action.target.text) if action.target else None),
                ("effect", to_html(action.effect)),
            ),
            trigger_speed_timing=defs.trigger_speed_timing(action),
            cost=action.cost,
        )

    def character(self, character: m.Character) -> Entry:
        defs = self.defs
        labels = defs.labels_display(character)
        return self._entry(
            "character",
            character,
            category=defs.name_of("character_types", character.type),
            formats=character.formats,
            keycards=character.keycards,
            fields=(
                ("size", _text(character.size_text)),
                ("labels", _text(labels)),
                ("abilities", bullet_list(f"{a.name}({a.text})" for a in character.abilities)),
            ),
        )

    def fog(self, entry: m.FogEntry) -> Entry:
        defs = self.defs
        return self._entry(
            "frame-fog" if entry.frames else "fog",
            entry,
            category=defs.name_of("categories", entry.category),
            formats=defs.formats_of(entry),
            keycards=defs.fog_keycards(entry),
            fields=(("ability", to_html(entry.ability)),),
        )

    def trump(self, trump: m.Trump) -> Entry:
        return self._entry(
            "trump",
            trump,
            category=self.defs.name_of("trump_categories", trump.category),
            formats=self._frame_formats(trump.frames),
            keycards=trump.keycards,
            fields=(("ability", to_html(trump.ability.text) if trump.ability else Markup('<p class="none">なし</p>')),),
        )

    def _frame_formats(self, frames: Iterable[str]) -> tuple[str, ...]:
        ids = {fmt for frame_id in frames if (frame := self.defs.frame(frame_id)) for fmt in frame.formats}
        return tuple(f.id for f in self.defs.formats if f.id in ids)

    def frame(self, frame: m.Frame) -> Entry:
        links = (Markup('<a href="#{}">{}</a>').format(a.anchor, a.name) for a in self.defs.frame_actions_of(frame.id))
        return self._entry(
            "frame",
            frame,
            category=None,
            formats=frame.formats,
            frames=(frame.id,),
            fields=(
                ("deck", self._deck(frame)),
                ("start", to_html(frame.procedure)),
                ("frame-actions", bullet_list(links)),
                ("zones", self._zones(frame)),
            ),
        )

    def _deck(self, frame: m.Frame) -> Markup:
        if frame.cards:
            rows = Markup("").join(
                Markup('<li><span class="suit">{}</span> {}</li>').format(suit, ", ".join(ranks)) for suit, ranks in frame.cards.items()
            )
            return Markup('<p>次のカードのみで構成された {} 枚のデッキを使う</p><ul class="deck">{}</ul>').format(frame.deck_size, rows)
        return Markup("<p>{} 枚以上</p>").format(frame.min_cards)

    def _zones(self, frame: m.Frame) -> Markup | None:
        rules = self.defs.rules
        if not rules or not frame.zones:
            return None
        parts = []
        for zone in filter(None, (rules.zone(z) for z in frame.zones)):
            levels = Markup(" / ").join(
                Markup("{}: {}").format(level.name, zone.access.get(level.id) or "なし") for level in rules.access_levels
            )
            parts.append(Markup('<li><span class="zone">{}</span> — {}</li>').format(zone.name, levels))
        return Markup('<ul class="zones">{}</ul>').format(Markup("").join(parts))
