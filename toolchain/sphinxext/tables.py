"""The table directives: tables 2.1, 2.2 and 3.1, the zones and access levels (2.5, 2.11.1), the version history.

Tables take `:caption:` (the rulebook's caption by default, which numbers them: Table 2.1)
and `:name:` for `:numref:`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective
from sphinx.util.typing import OptionSpec

from .. import model as m
from ..model.history import edition_number
from . import source
from .docutils_blocks import NO, YES, join, para, ref, table
from .entries import access_levels


class TableDirective(SphinxDirective):
    has_content = False
    option_spec: ClassVar[OptionSpec] = {"caption": directives.unchanged, "name": directives.unchanged,
                                         "class": directives.class_option}
    kinds: ClassVar[tuple[str, ...]] = ()
    caption: ClassVar[str | None] = None

    def build(self, definitions: m.Definitions, caption: str | None) -> nodes.Element:
        raise NotImplementedError

    def run(self) -> list[nodes.Node]:
        definitions = source.use(self.env, self.kinds)
        return self.finish(self.build(definitions, self.options.get("caption", self.caption)))

    def finish(self, node: nodes.Element) -> list[nodes.Node]:
        node["classes"].extend(self.options.get("class", []))
        self.add_name(node)
        return [node]


def rank_rows(ranks: Iterable[tuple[str, int]]) -> list[tuple[str, str]]:
    """Table 2.1: ranks whose card shows their number (2–10) collapse into `2〜10 | 表記どおり`."""
    rows: list[tuple[str, str]] = []
    run: list[str] = []

    def flush() -> None:
        if len(run) > 2:
            rows.append((f"{run[0]}〜{run[-1]}", "表記どおり"))
        else:
            rows.extend((card, card) for card in run)
        run.clear()

    for card, value in ranks:
        if card == str(value):
            run.append(card)
            continue
        flush()
        rows.append((card, str(value)))
    flush()
    return rows


class RankTable(TableDirective):
    caption = "トランプの数字"

    def build(self, definitions: m.Definitions, caption: str | None) -> nodes.Element:
        return table(["カード", "数字"], rank_rows(definitions.rules.ranks), title=caption)


class CostTable(TableDirective):
    caption = "コストの種類"

    def build(self, definitions: m.Definitions, caption: str | None) -> nodes.Element:
        rows = [(f"{cost.letter} ({cost.name})", cost.payment) for cost in definitions.rules.costs]
        return table(["表記 (名称)", "対価"], rows, title=caption, widths=[2, 3])


class RegulationTable(TableDirective):
    caption = "フレーム対応一覧"
    kinds = ("frames",)

    def build(self, definitions: m.Definitions, caption: str | None) -> nodes.Element:
        rows = [
            [ref(frame.anchor, frame.name), *(YES if definitions.is_legal(f.id, frame.id) else NO for f in definitions.formats)]
            for frame in definitions.frames
        ]
        return table(["【フレーム】", *(f.name for f in definitions.formats)], rows, title=caption, widths=[3, 2, 2, 2, 2],
                     classes=["bp-regulations"])


def common_zones(definitions: m.Definitions) -> list[m.Zone]:
    """The zones of the common rules: those no frame adds."""
    added = {zone for frame in definitions.frames for zone in frame.zones}
    return [zone for zone in definitions.rules.zones if zone.id not in added]


class AccessLevels(SphinxDirective):
    """2.11.1: each common zone's 完全公開 / 個人公開 / 非公開; `:levels:` lists the three levels themselves instead."""

    option_spec: ClassVar[OptionSpec] = {"levels": directives.flag}

    def run(self) -> list[nodes.Node]:
        definitions = source.use(self.env, ("frames",))
        if "levels" not in self.options:
            return [access_levels(definitions, common_zones(definitions))]
        return [_definitions((level.name, level.description) for level in definitions.rules.access_levels)]


class FormatList(SphinxDirective):
    """4.3: the formats with their descriptions (formats.yaml)."""

    def run(self) -> list[nodes.Node]:
        definitions = source.use(self.env, ())
        return [_definitions((fmt.name, fmt.description) for fmt in definitions.formats)]


class Zones(SphinxDirective):
    """2.5: the common zones with their descriptions."""

    def run(self) -> list[nodes.Node]:
        definitions = source.use(self.env, ("frames",))
        return [_definitions((zone.name, zone.description or "") for zone in common_zones(definitions))]


def _definitions(pairs: Iterable[tuple[str, str]]) -> nodes.definition_list:
    listing = nodes.definition_list(classes=["bp-terms"])
    for term, text in pairs:
        item = nodes.definition_list_item()
        item += nodes.term(term, term)
        definition = nodes.definition()
        definition += para(text)
        item += definition
        listing += item
    return listing


# -- version history -------------------------------------------------------------------------

_VERSION = re.compile(r"^(?P<prefix>[a-z]+)(?P<numbers>\d+(?:\.\d+)*)$")


def version_key(version: str) -> tuple[int, tuple[int, ...], str]:
    """Newest first: v-versions by number (v9.1.1 before v9.1), then the extra list's ex-versions."""
    edition = edition_number(version)
    if edition is not None:
        return (0, tuple(-n for n in edition), version)
    match = _VERSION.match(version)
    if not match:
        return (2, (), version)
    numbers = tuple(-int(n) for n in match["numbers"].split("."))
    return (0 if match["prefix"] == "v" else 1, numbers, version)


def versioned(definitions: m.Definitions) -> list[tuple[str, str, str | None, tuple[str, ...]]]:
    """Every definition with a version: (label, display name, since, updated)."""
    d = definitions
    items: list[tuple[str, str, str | None, tuple[str, ...]]] = []
    for action in (*d.actions, *d.frame_actions):
        items.append((action.anchor, f"{action.name} ({d.name_of('categories', action.category)})", action.since, action.updated))
    for character in d.characters:
        items.append((character.anchor, f"{character.name} ({d.name_of('character_types', character.type)})", character.since, character.updated))
    for entry in (*d.fog, *d.frame_fog):
        items.append((entry.anchor, f"{entry.name} (フォグ)", entry.since, entry.updated))
    for trump in d.trumps:
        items.append((trump.anchor, f"{trump.name} (切札)", trump.since, trump.updated))
    return items


class VersionHistory(TableDirective):
    """導入 and 更新 per version, newest first, from every definition's since/updated."""

    caption = "定義の変更履歴"
    # The kinds it renders (bp diff reads them); the page relies on the view "versioned" only, so an
    # effect changed does not read it again.
    kinds = ("actions", "characters", "fog", "frame-actions", "frame-fog", "trumps")

    def run(self) -> list[nodes.Node]:
        items = source.view(self.env, "versioned")
        return self.finish(self.table(items, self.options.get("caption", self.caption)))

    def table(self, items: list[tuple[str, str, str | None, tuple[str, ...]]], caption: str | None) -> nodes.Element:
        introduced: dict[str, list[nodes.Node]] = {}
        changed: dict[str, list[nodes.Node]] = {}
        for label, name, since, updated in items:
            if since:
                introduced.setdefault(since, []).append(ref(label, name))
            for version in updated:
                changed.setdefault(version, []).append(ref(label, name))
        versions = sorted({*introduced, *changed}, key=version_key)
        rows = [[version, _cell(introduced.get(version)), _cell(changed.get(version))] for version in versions]
        return table(["バージョン", "導入", "更新"], rows, title=caption, widths=[2, 5, 5], classes=["bp-history"])


def _cell(links: list[nodes.Node] | None) -> nodes.Node:
    """The definitions of one version, inline: a v8.0 cell lists nearly every definition."""
    return para(*join(links, "、")) if links else para("")


source.add_view("versioned", versioned)

TABLES: dict[str, type[SphinxDirective]] = {
    "bp-rank-table": RankTable,
    "bp-cost-table": CostTable,
    "bp-regulation-table": RegulationTable,
    "bp-access-levels": AccessLevels,
    "bp-zones": Zones,
    "bp-format-list": FormatList,
    "bp-version-history": VersionHistory,
}
