"""Display decisions, made once: what each kind of definition prints, in which order, under which
name, and what kind of value each item is.

The rulebook (4.3.1–4.3.3, 5.3.1–5.3.4) prints an entry as its heading (the name, its category in
parentheses), then items such as `トリガー: 直接`. `KINDS` says, for every kind of definition, the
items in the rulebook's order: the item's id in rules.yaml `items:` (which gives its Japanese
name), how to get its value (None: the item is omitted), the kind of value it is, and where the
action lists (a leaflet: fewer items, some in a compact heading line) show it. `LISTINGS` says
which lists there are and how their entries are grouped under headings.

Renderers walk this description and decide only how each kind of value looks (docutils, HTML,
JSON); none of them chooses items, their order or their names.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from ..notation import markup
from ..notation.kana import name_reading
from .definitions import Ability, Action, Character, Definitions, Flavor, FogEntry, Frame, Reading, Ruling, Trump, Zone
from .notations import KeycardsText, markup_text

NONE = "なし"  # what the rulebook prints for an item that has nothing (能力: なし)


# -- kinds of value ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Text:
    """Plain text on one line: `直接`, `♡ A〜10`, `ex3.4.0`."""

    text: str


@dataclass(frozen=True)
class Markup:
    """The definitions' text markup (paragraphs and lists); `mark` is printed before the first
    paragraph (特記事項's `※`)."""

    text: str
    mark: str = ""


@dataclass(frozen=True)
class Bullets:
    """A `・` list of short texts."""

    items: tuple[str, ...]


@dataclass(frozen=True)
class InlineList:
    """A short list written on one line (更新バージョン: `v7.0, v8.1`)."""

    items: tuple[str, ...]


@dataclass(frozen=True)
class Nothing:
    """An item printed with nothing in it: `なし`."""

    text: str = NONE


@dataclass(frozen=True)
class FormatTable:
    """The ○/× table of the formats (format ids) an entry is part of."""

    formats: tuple[str, ...]


@dataclass(frozen=True)
class FrameList:
    """The frames an entry belongs to, each linked to its own entry."""

    frames: tuple[Frame, ...]


@dataclass(frozen=True)
class Figure:
    """A drawing made by toolchain.figures: `name` is its figure name (`frame-extra`, `trump-slash`).
    A numbered figure shows its caption with a number (Fig. 5.1) and a label (`fig-<name>`); an
    unnumbered one is printed without either (the caption is its alternative text)."""

    name: str
    caption: str
    numbered: bool


@dataclass(frozen=True)
class Deck:
    """デッキ条件: at least `min_cards` cards, or exactly the cards listed by suit."""

    min_cards: int | None
    cards: Mapping[str, tuple[str, ...]] | None
    size: int | None


@dataclass(frozen=True)
class StartProcedure:
    """ゲームの始め方: the frame's own steps, then the step of 2.9 that takes over (`then`, its name)."""

    procedure: str
    then: str


@dataclass(frozen=True)
class FrameActions:
    """アクションリスト of a frame: the frame actions it adds, in the frame action list's order."""

    actions: tuple[Action, ...]


@dataclass(frozen=True)
class AccessLevels:
    """公開レベル (2.11.1): for each zone, what each access level shows."""

    zones: tuple[Zone, ...]


@dataclass(frozen=True)
class RulingLinks:
    """関連する裁定: the rulings that concern an entry, each linked to its place in the FAQ (by its question)."""

    rulings: tuple[Ruling, ...]


@dataclass(frozen=True)
class DefinitionLinks:
    """A ruling's 関連する定義: the entries it concerns, each linked to its entry (`anchor`, the entry's title)."""

    entries: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class SectionLinks:
    """A ruling's 関連する節: the rulebook's sections it concerns, by their labels (linked by number and title)."""

    labels: tuple[str, ...]


VALUE_KINDS = (Text, Markup, Bullets, InlineList, Nothing, FormatTable, FrameList, Flavor, Figure, Deck, StartProcedure,
               FrameActions, AccessLevels, RulingLinks, DefinitionLinks, SectionLinks)


class Leaflet(Enum):
    """Where the action lists show an item."""

    FIELD = "field"  # a labelled field, on screen and in print
    SCREEN = "screen"  # a labelled field on screen; the print says it another way (the [1]–[4] markers)
    NOTE = "note"  # under the heading, without its name
    HEADING = "heading"  # in the compact heading line instead: ★ keycards, @trigger-speed-timing, $ cost
    DETAILS = "details"  # folded away on screen, not printed
    OMIT = "omit"  # not in the action lists


# -- the description -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Item:
    """One item a kind of definition prints."""

    id: str  # rules.yaml `items:` id, which names it
    kind: type  # the kind of value (VALUE_KINDS)
    value: Callable[[Definitions, Any], Any]  # the value; None omits the item
    leaflet: Leaflet = Leaflet.FIELD
    rulebook: bool = True  # False: only the action lists show it


@dataclass(frozen=True)
class Group:
    """A group heading of a list: `key` makes its label (`actions-basic`), `title` is printed."""

    key: str
    title: str


@dataclass(frozen=True)
class Heading:
    """The action lists' compact heading line, which sums up the items marked Leaflet.HEADING."""

    keycards: str | None = None  # ★ …
    trigger_speed_timing: str | None = None  # @直接-通常-メイン
    cost: str | None = None  # $ BL


@dataclass(frozen=True)
class Kind:
    """How one kind of definition is displayed."""

    id: str  # action, frame-action, character, fog, frame-fog, frame, trump
    family: str  # the rulebook's entry style: frame actions are actions, frame fog is fog
    items: tuple[Item, ...]
    category: Callable[[Definitions, Any], str | None]  # printed in parentheses after the name
    group: Callable[[Definitions, Any], Group | None]  # None: the list has no group headings
    heading: Callable[[Definitions, Any], Heading]
    keycards: Callable[[Definitions, Any], KeycardsText | None] = lambda d, x: None  # the keycards its heading prints


FRAME_KINDS = ("frame", "frame-action", "frame-fog", "trump", "frame-character")  # shown with the frames they belong to


def _versions(lore: bool) -> tuple[Item, ...]:
    """ストーリー and フレーバー (when the kind has them), 導入バージョン, 更新バージョン."""
    story = (
        Item("story", Markup, lambda d, x: Markup(x.story) if x.story else None, Leaflet.DETAILS),
        Item("flavor", Flavor, lambda d, x: x.flavor, Leaflet.DETAILS),
    )
    return (
        *(story if lore else ()),
        Item("since", Text, lambda d, x: Text(x.since) if x.since else None, Leaflet.DETAILS),
        Item("updated", InlineList, lambda d, x: InlineList(x.updated) if x.updated else None, Leaflet.DETAILS),
    )


def reading_markup(readings: Sequence[Reading]) -> Markup | None:
    """The ※ note of an entry's readings (definitions/README.md "Readings"): what the text says, then
    the toolchain's reading and why, one block per reading."""
    if not readings:
        return None
    # says is prose at the start of a line: escaped, so that 「2. は…」 is printed as written, not read as a list
    blocks = [f"{markup.escape(' '.join(r.says.split()))}\n- 解釈: {' '.join(r.reads.split())}\n- 理由: {' '.join(r.why.split())}"
              for r in readings]
    return Markup(markup_text("\n".join(blocks)), "※")


# 解釈: the toolchain's readings, printed under the items they concern; folded away in the action lists.
_READING = Item("reading", Markup, lambda d, x: reading_markup(x.readings), Leaflet.DETAILS)
# 関連する裁定 (definitions/rulings.yaml): on screen a field of links to the FAQ; the leaflets name the
# entries that have rulings in their legend instead, where the space is.
_RULINGS = Item("rulings", RulingLinks, lambda d, x: RulingLinks(r) if (r := d.rulings_of(x)) else None, Leaflet.SCREEN)


def _frames(definitions: Definitions, item: Action | FogEntry | Trump | Character) -> FrameList | None:
    frames = tuple(frame for frame in map(definitions.frame, item.frames) if frame)
    return FrameList(frames) if item.frames else None


def _markup(text: str | None, mark: str = "") -> Markup | None:
    return Markup(text, mark) if text else None


def _keycards(definitions: Definitions, keycards: str | None) -> Text:
    return Text(definitions.keycards_display(keycards) or "")


# 4.3.1 アクションリスト, 5.3.2 フレームアクションリスト
_ACTION_ITEMS = (
    Item("formats", FormatTable, lambda d, a: None if a.is_frame_action else FormatTable(a.formats), Leaflet.SCREEN),
    Item("frames", FrameList, _frames),
    # three items, or one in the @ form (rules.yaml display.trigger_speed_timing); the action lists' heading line sums them up
    Item("trigger", Text, lambda d, a: None if d.at_layout() else Text(d.name_of("triggers", a.trigger)), Leaflet.HEADING),
    Item("speed", Text, lambda d, a: None if d.at_layout() else Text(d.name_of("speeds", a.speed)), Leaflet.HEADING),
    Item("timing", Text, lambda d, a: None if d.at_layout() else Text(d.name_of("timings", a.timing)), Leaflet.HEADING),
    Item("trigger-speed-timing", Text, lambda d, a: Text(d.trigger_speed_timing(a)) if d.at_layout() else None, Leaflet.HEADING),
    Item("keycards", Text, lambda d, a: _keycards(d, a.keycards) if a.keycards else None, Leaflet.HEADING),
    Item("cost", Text, lambda d, a: Text(a.cost) if a.cost else None, Leaflet.HEADING),
    Item("note", Markup, lambda d, a: _markup(a.note, "※"), Leaflet.NOTE),
    Item("activation-condition", Markup, lambda d, a: _markup(a.activation_condition)),
    Item("trigger-condition", Markup, lambda d, a: _markup(a.trigger_condition)),
    Item("target", Markup, lambda d, a: _markup(a.target.text) if a.target else None),
    Item("effect", Markup, lambda d, a: _markup(a.effect)),
    _READING,
    _RULINGS,
    *_versions(lore=True),
)

# 4.3.2 キャラクターリスト
_CHARACTER_ITEMS = (
    Item("formats", FormatTable, lambda d, c: FormatTable(c.formats), Leaflet.SCREEN),
    Item("keycards", Text, lambda d, c: _keycards(d, c.keycards), Leaflet.HEADING),
    Item("size", Text, lambda d, c: Text(c.size_text) if c.size_text else None),
    Item("labels", Text, lambda d, c: Text(labels) if (labels := d.labels_display(c)) else None),
    Item("abilities", Bullets, lambda d, c: Bullets(tuple(_ability(a) for a in c.abilities)) if c.abilities else None),
    _READING,
    _RULINGS,
    *_versions(lore=True),
)


# A frame character (frames/characters.yaml): a character's items, with the frames that use it.
_FRAME_CHARACTER_ITEMS = (_CHARACTER_ITEMS[0], Item("frames", FrameList, _frames), *_CHARACTER_ITEMS[1:])


def _ability(ability: Ability) -> str:
    return f"{ability.name}({ability.text})" if ability.name else ability.text


# 4.3.3 フォグリスト, 5.3.3 フレームフォグリスト. The action lists also show a fog entry's formats
# (those of its action), which the rulebook does not print.
_FOG_ITEMS = (
    Item("formats", FormatTable, lambda d, f: None if f.frames else FormatTable(d.formats_of(f)), Leaflet.SCREEN, rulebook=False),
    Item("frames", FrameList, _frames),
    Item("keycards", Text, lambda d, f: Text(k) if (k := d.keycards_display(d.fog_keycards(f))) else None, Leaflet.HEADING),
    Item("ability", Markup, lambda d, f: _markup(f.ability)),
    _READING,
    _RULINGS,
    *_versions(lore=False),
)

def _image(definitions: Definitions, trump: Trump) -> Figure | None:
    """イメージ-<trump>: the rulebook prints the trumps' pictures without a caption or number."""
    return Figure(f"trump-{trump.id}", f"{item_name(definitions, 'image')}-{trump.name}", numbered=False) if trump.image else None


# 5.3.4 フレーム切札リスト
_TRUMP_ITEMS = (
    Item("frames", FrameList, _frames),
    Item("keycards", Text, lambda d, t: _keycards(d, t.keycards), Leaflet.HEADING),
    Item("ability", Markup, lambda d, t: Markup(t.ability.text) if t.ability else Nothing()),
    Item("image", Figure, _image),
    _READING,
    _RULINGS,
    *_versions(lore=False),
)


def _layout(definitions: Definitions, frame: Frame) -> Figure:
    """Fig. 5.1–5.5 配置図-<frame>."""
    return Figure(f"frame-{frame.id}", f"{item_name(definitions, 'layout')}-{frame.name}", numbered=True)


def _zones(definitions: Definitions, frame: Frame) -> AccessLevels | None:
    rules = definitions.rules
    zones = tuple(zone for zone in map(rules.zone, frame.zones) if zone) if rules else ()
    return AccessLevels(zones) if zones else None


# 5.3.1 フレームリスト
_FRAME_ITEMS = (
    Item("layout", Figure, _layout, Leaflet.OMIT),
    Item("formats", FormatTable, lambda d, f: FormatTable(f.formats)),
    Item("deck", Deck, lambda d, f: Deck(f.min_cards, f.cards, f.deck_size)),
    Item("start", StartProcedure, lambda d, f: StartProcedure(f.procedure, d.name_of("start_steps", f.then))),
    Item("frame-actions", FrameActions, lambda d, f: FrameActions(tuple(a)) if (a := d.frame_actions_of(f.id)) else None),
    Item("zones", AccessLevels, _zones),
    _READING,
    _RULINGS,
)


def _action_heading(definitions: Definitions, action: Action) -> Heading:
    keycards = definitions.keycards_display(action.keycards)
    return Heading(keycards, definitions.trigger_speed_timing(action), action.cost)


def _keycards_heading(keycards: Callable[[Definitions, Any], KeycardsText | None]) -> Callable[[Definitions, Any], Heading]:
    return lambda d, x: Heading(keycards=d.keycards_display(keycards(d, x)))


def _fog_keycards(definitions: Definitions, entry: FogEntry) -> KeycardsText | None:
    return definitions.fog_keycards(entry)


def _own_keycards(definitions: Definitions, definition: Action | Character | Trump) -> KeycardsText | None:
    return definition.keycards


def _frame_action_group(definitions: Definitions, action: Action) -> Group:
    """The heading of the action's group (パック, 切札), or for the actions of a trump its group and the trump's
    keycards (`切札 ♠ 2`)."""
    group = definitions.name_of("frame_action_groups", action.group or "")
    if action.trump:
        trump = definitions.trump(action.trump)  # a trump the definitions lack is BP021's
        return Group(f"trump-{action.trump}", f"{group} {definitions.keycards_display(trump.keycards)}" if trump else action.trump)
    return Group(action.group or "", group)


SUIT_KEYS = {"♠": "spade", "♡": "heart", "♢": "diamond", "♣": "club"}


def _category(vocabulary: str, field: str) -> Callable[[Definitions, Any], str]:
    return lambda d, x: d.name_of(vocabulary, getattr(x, field))


def _grouped_by(vocabulary: str, field: str) -> Callable[[Definitions, Any], Group]:
    return lambda d, x: Group(getattr(x, field), d.name_of(vocabulary, getattr(x, field)))


_ACTION = Kind("action", "action", _ACTION_ITEMS, _category("categories", "category"), _grouped_by("categories", "category"),
               _action_heading, _own_keycards)
_FOG = Kind("fog", "fog", _FOG_ITEMS, _category("categories", "category"), _grouped_by("fog_groups", "group"),
            _keycards_heading(_fog_keycards), _fog_keycards)
_CHARACTER = Kind("character", "character", _CHARACTER_ITEMS, _category("character_types", "type"),
                  _grouped_by("character_types", "type"), _keycards_heading(_own_keycards), _own_keycards)
KINDS: dict[str, Kind] = {
    kind.id: kind
    for kind in (
        _ACTION,
        replace(_ACTION, id="frame-action", group=_frame_action_group),
        _CHARACTER,
        replace(_CHARACTER, id="frame-character", items=_FRAME_CHARACTER_ITEMS),
        _FOG,
        replace(_FOG, id="frame-fog"),
        Kind("frame", "frame", _FRAME_ITEMS, lambda d, f: None, lambda d, f: None, lambda d, f: Heading()),
        Kind("trump", "trump", _TRUMP_ITEMS, _category("trump_categories", "category"),
             lambda d, t: Group(SUIT_KEYS.get(t.suit or "", "other"), d.trump_heading(t)),
             _keycards_heading(_own_keycards), _own_keycards),
    )
}


@dataclass(frozen=True)
class Listing:
    """One list of definitions: the rulebook's list directive and the action lists' section."""

    key: str  # actions, characters, …: the action lists' section id and the prefix of group labels
    title: str  # アクションリスト
    kind: str
    definitions: Callable[[Definitions], Sequence[Any]]


LISTINGS: tuple[Listing, ...] = (
    Listing("actions", "アクションリスト", "action", lambda d: d.actions),
    Listing("characters", "キャラクターリスト", "character", lambda d: [c for c in d.characters if not c.frame_character]),
    Listing("fog", "フォグリスト", "fog", lambda d: d.fog),
    Listing("frames", "フレームリスト", "frame", lambda d: d.frames),
    Listing("frame-actions", "フレームアクションリスト", "frame-action", lambda d: d.frame_actions),
    Listing("frame-fog", "フレームフォグリスト", "frame-fog", lambda d: d.frame_fog),
    Listing("trumps", "フレーム切札リスト", "trump", lambda d: d.trumps),
    Listing("frame-characters", "フレームキャラクターリスト", "frame-character", lambda d: d.frame_characters),
)


# -- one definition, as shown ----------------------------------------------------------------------
@dataclass(frozen=True)
class Shown:
    """An item with its name and value (omitted items are not here)."""

    id: str
    name: str
    value: Any
    leaflet: Leaflet
    rulebook: bool


@dataclass(frozen=True)
class Entry:
    """One definition as every list shows it."""

    kind: Kind
    definition: Any
    anchor: str
    name: str
    category: str | None
    group: Group | None
    heading: Heading
    items: tuple[Shown, ...]
    keycards: KeycardsText | None = None  # what the heading's keycards say, as written (a fog entry's: its action's)

    @property
    def kana(self) -> str | None:
        """The name's reading in hiragana (its `kana:`, or the name in kana); None when unknown (B・J)."""
        return name_reading(self.name, getattr(self.definition, "kana", None))

    @property
    def search_terms(self) -> tuple[str, ...]:
        """Other words the searches find it by (its `search_terms:`): ブラックジャック for B・J."""
        return tuple(getattr(self.definition, "search_terms", ()))

    @property
    def title(self) -> str:
        """`ダウン (速攻魔法)`: the rulebook's section title."""
        return f"{self.name} ({self.category})" if self.category else self.name

    @property
    def rulebook_items(self) -> list[Shown]:
        return [item for item in self.items if item.rulebook]

    def leaflet_items(self, *placements: Leaflet) -> list[Shown]:
        return [item for item in self.items if item.leaflet in placements]


def item_name(definitions: Definitions, item_id: str) -> str:
    """The name the lists print for an item (rules.yaml `items`): `effect` → 効果. An item rules.yaml
    does not name fails rather than printing its id."""
    names = item_names(definitions)
    if item_id not in names:
        raise KeyError(f"rules.yaml has no name for the item '{item_id}' (items:)")
    return names[item_id]


def item_names(definitions: Definitions) -> dict[str, str]:
    rules = definitions.rules
    return {entry.id: entry.name for entry in rules.vocabulary("items").entries} if rules else {}


def kind_of(definition: Action | Character | FogEntry | Frame | Trump) -> Kind:
    if isinstance(definition, Action):
        return KINDS["frame-action" if definition.is_frame_action else "action"]
    if isinstance(definition, FogEntry):
        return KINDS["frame-fog" if definition.frames else "fog"]
    if isinstance(definition, Character) and definition.frame_character:
        return KINDS["frame-character"]
    return KINDS[{Character: "character", Frame: "frame", Trump: "trump"}[type(definition)]]


def entry(definitions: Definitions, definition: Action | Character | FogEntry | Frame | Trump) -> Entry:
    """What the lists show of one definition: its heading and its items with their values."""
    kind = kind_of(definition)
    items = []
    for item in kind.items:
        value = item.value(definitions, definition)
        if value is None:
            continue
        if not isinstance(value, (item.kind, Nothing)):
            raise TypeError(f"the item '{item.id}' of a {kind.id} is a {item.kind.__name__}, not {type(value).__name__}")
        items.append(Shown(item.id, item_name(definitions, item.id), value, item.leaflet, item.rulebook))
    return Entry(
        kind=kind,
        definition=definition,
        anchor=definition.anchor,
        name=definition.name,
        category=kind.category(definitions, definition),
        group=kind.group(definitions, definition),
        heading=kind.heading(definitions, definition),
        items=tuple(items),
        keycards=kind.keycards(definitions, definition),
    )


def group_of(definitions: Definitions, definition: Action | Character | FogEntry | Frame | Trump) -> Group | None:
    return kind_of(definition).group(definitions, definition)


@dataclass(frozen=True)
class ShownGroup:
    group: Group | None  # None: entries without a heading (the frame list)
    entries: tuple[Entry, ...]


def grouped(definitions: Definitions, listing: Listing) -> list[ShownGroup]:
    """A list's entries under their group headings (`grouped_definitions`)."""
    groups = grouped_definitions(definitions, listing)
    return [ShownGroup(group, tuple(entry(definitions, d) for d in members)) for group, members in groups]


def grouped_definitions(definitions: Definitions, listing: Listing) -> list[tuple[Group | None, list[Any]]]:
    """A list's definitions under their group headings, groups in the order their first entry appears
    (the definitions' order is the rulebook's); what bp diff orders its report by."""
    groups: dict[str | None, tuple[Group | None, list[Any]]] = {}
    for definition in listing.definitions(definitions):
        group = group_of(definitions, definition)
        groups.setdefault(group.key if group else None, (group, []))[1].append(definition)
    return list(groups.values())


def listing(key: str) -> Listing:
    return next(listing for listing in LISTINGS if listing.key == key)


def group_label(listing_key: str, group_key: str) -> str:
    """The label of a group heading of a list (`frame-actions-trump`, `actions-basic`)."""
    return f"{listing_key}-{group_key}"


def generated_labels(definitions: Definitions) -> dict[str, str]:
    """The labels the list directives and the FAQ give their sections ({label: the heading's title}): a
    section label in docs/ must be none of them (`frame-draft` is ドラフト's entry)."""
    labels = {d.anchor: d.name for d in (*definitions.every_definition(), *definitions.rulings)}
    for shown in LISTINGS:
        for group, _members in grouped_definitions(definitions, shown):
            if group is not None:
                labels.setdefault(group_label(shown.key, group.key), group.title)
    return labels


# -- a ruling, as the FAQ shows it ----------------------------------------------------------------
def _concerned(definitions: Definitions, ruling: Ruling) -> DefinitionLinks | None:
    found = [definitions.by_anchor(anchor) for anchor in ruling.concerns]
    shown = tuple((d.anchor, entry(definitions, d).title) for d in found if d is not None)
    return DefinitionLinks(shown) if shown else None


# The FAQ's items of a ruling (its question is the heading): the answer, what it concerns, where and when
# it was given, and the examples bp check runs (or why it has none).
_RULING_ITEMS = (
    Item("answer", Markup, lambda d, r: Markup(r.answer)),
    Item("concerns", DefinitionLinks, _concerned),
    Item("sections", SectionLinks, lambda d, r: SectionLinks(r.sections) if r.sections else None),
    Item("source", Text, lambda d, r: Text(r.origin)),
    Item("date", Text, lambda d, r: Text(r.date)),
    Item("examples", Bullets, lambda d, r: Bullets(tuple(e.name for e in r.examples)) if r.examples else None),
    Item("not-executable", Text, lambda d, r: Text(" ".join(r.not_executable.split())) if r.not_executable else None),
    Item("reading", Markup, lambda d, r: reading_markup(r.readings)),  # 解釈, as a definition's entry prints it
)


def ruling_items(definitions: Definitions, ruling: Ruling) -> tuple[Shown, ...]:
    """What the FAQ shows of a ruling under its question, in order, with the items' names."""
    shown = []
    for item in _RULING_ITEMS:
        value = item.value(definitions, ruling)
        if value is not None:
            shown.append(Shown(item.id, item_name(definitions, item.id), value, item.leaflet, item.rulebook))
    return tuple(shown)
