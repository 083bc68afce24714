"""The players' checklist (プレイヤー向けチェックリスト): one line per thing a player must learn again, in
the order the rulebook tells it, each line once.

What came, went, returned, was renamed or changed its rules; what a frame uses (one line per frame); the regulations that gain or lose
entries; the rulebook's sections whose prose changed. A definition stands where its list is printed
(the list directive's page and line), a regulation where table 3.1 is, a section where its title
is; without docs/ they keep the report's order (definitions, regulations, sections). Two changes
that read the same (a trump and its soldiers' action renamed alike) are one line.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

from .changes import RULES, RULINGS, DefinitionChange
from .frame_uses import FrameUseChange
from .prose import ProseChange, Rulebook
from .regulations import RegulationChange

About = Literal["definition", "ruling", "regulation", "rulebook", "frame"]
# The regulation groups as the rulebook names them (4.3.1–4.3.3, 5.3.4).
GROUP_NAMES = {"actions": "アクション", "characters": "キャラクター", "fog": "フォグ", "trumps": "切札"}
_REGULATIONS = "regulations"  # what the table directive of table 3.1 shows, beside the kinds of definition
_NOWHERE = (1 << 30, 0)  # a position after every page: the rulebook does not show it


@dataclass(frozen=True)
class ChecklistItem:
    text: str  # 「停戦」(速攻魔法)のキーカード、コストが変わりました。
    about: About
    ref: str | None  # the definition's label (act-ceasefire), the regulation's title, the section's label

    def as_dict(self) -> dict[str, Any]:
        return {"text": self.text, "about": self.about, "ref": self.ref}


def _directives() -> dict[str, str]:
    """The directive that prints each kind of definition (and table 3.1), from the Sphinx extension."""
    from ..sphinxext.lists import LISTS  # imported here: Sphinx loads only when the rulebook is read
    from ..sphinxext.tables import TABLES, FormatList, RegulationTable

    from ..sphinxext.rulings import FAQ_DIRECTIVE

    shown = {directive.listing: name for name, directive in LISTS.items()}
    shown[RULINGS] = FAQ_DIRECTIVE
    tables = {FormatList: "formats", RegulationTable: _REGULATIONS}
    shown.update({tables[directive]: name for name, directive in TABLES.items() if directive in tables})
    return shown


def _quoted(change: DefinitionChange) -> str:
    return f"「{change.name}」({change.category})" if change.category else f"「{change.name}」"


# A line of the checklist as its subject (「ドロー」(基本)) and what is said of it (の効果が変わりました。): lines of
# one list that say the same of different subjects are one line, their subjects joined.
Said = tuple[str, str]


def ruling_lines(change: DefinitionChange) -> list[Said]:
    """What a player must learn of a ruling: that it came or went, its answer (or what it says) changed, or
    the engine plays it another way now (an example's expected situation or result)."""
    name = f"裁定「{change.name}」"
    if change.change == "added":
        return [(name, "が追加されました。")]
    if change.change == "removed":
        return [(name, "が削除されました。")]
    items = "、".join(dict.fromkeys(f.item for f in change.fields if f.rules))
    lines = [(name, f"の{items}が変わりました。")] if items else []
    if change.outcome_changed:
        lines.append((name, "の実行例の結果が変わりました。"))
    return lines


def definition_lines(change: DefinitionChange) -> list[Said]:
    """What a player must learn of one definition's change (nothing for lore, versions or programs)."""
    if change.kind == RULINGS:
        return ruling_lines(change)
    if change.kind == RULES or not change.rules_changed:
        return []
    name = _quoted(change)
    items = "、".join(dict.fromkeys(f.item.split(" (")[0] for f in change.fields if f.rules))
    if change.change == "added":
        return [(name, "が追加されました。")]
    if change.change == "removed":
        return [(name, "が削除されました。")]
    if change.change == "returned":
        if change.last_printed is not None and items:
            since = change.last_printed.edition or change.last_printed.label
            return [(name, f"が再録されました。{since}から{items}が変わりました。")]
        return [(name, "が再録されました。")]
    lines = [(f"「{change.old_name}」", f"の名前が「{change.name}」に変わりました。")] if change.renamed else []
    if items:
        lines.append((name, f"の{items}が変わりました。"))
    return lines


def regulation_line(regulation: RegulationChange) -> str:
    """`ライト + エントリー20: アクション 19 → 20 (追加 偵察)`."""
    return "".join(_regulation_said(regulation))


def _regulation_said(regulation: RegulationChange) -> Said:
    state = {"added": " (新たに対戦可能)", "removed": " (対戦不可に)", "changed": ""}[regulation.change]
    parts = []
    for group in regulation.groups:
        counts = f"{'—' if group.before is None else group.before} → {'—' if group.after is None else group.after}"
        moves = [f"追加 {'、'.join(m.name for m in group.entered)}" if group.entered else "",
                 f"削除 {'、'.join(m.name for m in group.left)}" if group.left else ""]
        moves = [m for m in moves if m]
        parts.append(f"{GROUP_NAMES.get(group.group, group.group)} {counts}" + (f" ({'; '.join(moves)})" if moves else ""))
    return regulation.title, f"{state}: {'、'.join(parts)}"


def prose_lines(change: ProseChange) -> list[Said]:
    if change.change == "added":
        return [(f"「{change.heading}」", "が追加されました。")]
    if change.change == "removed":
        return [(f"「{change.heading}」", "が削除されました。")]
    lines = [(f"「{change.old_title}」", f"の見出しが「{change.heading}」に変わりました。")] if change.old_title else []
    if change.old != change.new:
        lines.append((f"「{change.heading}」", "の記述が変わりました。"))
    return lines


def _within_added(section: ProseChange, added: list[str]) -> bool:
    """Whether a section stands inside a section that was added too (3.4.1 under a new 3.4): the new one says it."""
    return section.number is not None and any(section.number.startswith(number + ".") for number in added)


def _chapter(section: ProseChange) -> str:
    """The chapter a section belongs to (3 of 3.4.1): its changes that read alike are one line."""
    return section.number.split(".")[0] if section.number else section.page


# (page and line, stream, index in it, the list or chapter it belongs to, what is said, about, ref)
Placed = tuple[tuple[int, int], int, int, str, Said, About, str | None]


def _joined(placed: list[Placed]) -> list[ChecklistItem]:
    """One line for the subjects of one list (or chapter, or the regulations) of which the same is said, where
    the first of them stands; a line said twice (a trump and its soldiers' action renamed alike) once."""
    subjects: dict[tuple[str, str, str], list[str]] = {}
    first: dict[tuple[str, str, str], tuple[About, str | None]] = {}
    for _position, _stream, _index, scope, (subject, said), about, ref in sorted(placed, key=lambda p: p[:3]):
        key = (about, scope, said)
        if subject not in subjects.setdefault(key, []):
            subjects[key].append(subject)
        first.setdefault(key, (about, ref))
    items = [ChecklistItem("、".join(subjects[key]) + key[2], about, ref) for key, (about, ref) in first.items()]
    return list({item.text: item for item in reversed(items)}.values())[::-1]


def checklist(definitions: Iterable[DefinitionChange], regulations: Iterable[RegulationChange],
              prose: Iterable[ProseChange], rulebook: Rulebook, frame_uses: Iterable[FrameUseChange] = ()) -> list[ChecklistItem]:
    """The checklist, in the order of the rulebook read by `rulebook` (the newer revision's)."""
    directives = _directives() if rulebook.directives else {}

    def where(shown: str) -> tuple[int, int] | None:
        return rulebook.position_of(directives[shown]) if shown in directives else None

    placed: list[Placed] = []
    known: tuple[int, int] | None = None
    waiting: list[tuple[int, str, Said, About, str | None]] = []  # definitions of a kind the rulebook does not show: beside the ones before
    for index, change in enumerate(definitions):
        position = where(change.kind) or known
        about: About = "ruling" if change.kind == RULINGS else "definition"
        for said in definition_lines(change):
            line = (index, change.listing or change.kind, said, about, change.anchor)
            if position is None:
                waiting.append(line)
            else:
                placed.append((position, 0, *line))
        if position is not None:
            placed += [(position, 0, *line) for line in waiting]
            waiting, known = [], position
    placed += [(_NOWHERE, 0, *line) for line in waiting]
    frames = where("frames") or _NOWHERE  # a frame's line stands where the frames are listed
    placed += [(frames, 3, index, f"frame-{change.frame}", (change.line(), ""), "frame", f"frame-{change.frame}")
               for index, change in enumerate(frame_uses)]
    table = where(_REGULATIONS) or _NOWHERE
    placed += [(table, 1, index, _REGULATIONS, _regulation_said(r), "regulation", r.title) for index, r in enumerate(regulations)]
    prose = list(prose)
    added = [section.number for section in prose if section.change == "added" and section.number]
    for index, section in enumerate(prose):
        if section.change == "added" and _within_added(section, added):
            continue
        placed += [(section.position, 2, index, _chapter(section), said, "rulebook", section.label) for said in prose_lines(section)]
    return _joined(placed)
