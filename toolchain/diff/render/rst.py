"""The rules diff as reStructuredText for the rulebook's 変更履歴 chapter (docs/history.rst): a
section per edition in the chapter's style, the changed items before and after, grouped as the
lists group them (【アクションリスト › 速攻魔法】), the rulebook's own sections that changed, the
regulations, and a checklist for players of the gameplay changes only (no version bumps, lore or
programs), in the rulebook's order.

    from toolchain.diff.render.rst import changelog_section
    text = changelog_section(root)        # the last tag against the working tree, as `bp diff --format rst`

Definitions and sections are linked with `:ref:` where the new rulebook still has them."""

from __future__ import annotations

import json
import re
from pathlib import Path

from .. import RulesDiff, changelog_label, diff_revisions
from ..changes import RULINGS, DefinitionChange, FieldChange
from ..checklist import regulation_line
from ..prose import ProseChange
from ..textdiff import new_text, old_text
from . import changed_paragraphs, group_heading, printable, shown_fields

_RULE = "=" * 50
_SUBRULE = "-" * 50
_SPECIAL = re.compile(r"([\\`*_|])")
_NOTHING = "なし"
_ONE_LINE = 60  # characters of old and new together that read well as `old → new` on one line
# Not for a changelog: the version bookkeeping (the version table is generated) and the simulator's data.
_LEFT_OUT = ("since", "updated", "program", "examples")
_WORDS = "text"  # the key of a mapping that holds its printed words (target, ability: changes.py)
# The subsections, each with the label it gets under the edition's (history-v8-1-added).
_SECTIONS = {"追加": "added", "再録": "returned", "削除": "removed", "名称変更": "renamed", "変更": "changed",
             "裁定": "rulings", "ルールブック本文": "prose", "対戦レギュレーション": "regulations", "プレイヤー向けチェックリスト": "checklist",
             "データのみの変更": "data"}


def changelog_section(root: Path, base: str | None = None, head: str | None = None) -> str:
    """The 変更履歴 section of the edition that `root`'s rules.yaml names: what changed since `base`
    (default: the last tag, else HEAD) in `head` (default: the working tree). Raises
    toolchain.diff.RevisionError when git does not know a revision or `root` is not in a git repository."""
    return render(diff_revisions(root, base, head, outputs=False))  # render prints no outputs


def escape(text: str) -> str:
    return _SPECIAL.sub(r"\\\1", printable(text))


def _link(change: DefinitionChange) -> str:
    """`:ref:`act-kill`` (the rulebook prints its heading) or, for what it no longer has, the heading as text."""
    if change.anchor and change.change != "removed":
        return f":ref:`{change.anchor}`"
    return escape(change.title)


def _section_link(change: ProseChange) -> str:
    """`6.2.1 :ref:`core-action-items``: its number and a link where the new rulebook has it."""
    if change.label and change.change != "removed":
        return f"{change.number} :ref:`{change.label}`" if change.number else f":ref:`{change.label}`"
    return escape(change.heading)


def _fields(change: DefinitionChange) -> list[FieldChange]:
    """The fields a player reads changed (the printed text); data-only ones are the editors' (_data_only).
    Of a mapping whose printed words changed (能力's text), the keys the program reads beside them (grants,
    scope) are said by those words already."""
    fields = [f for f in shown_fields(change) if f.top not in _LEFT_OUT and f.rules]
    worded = {f.top for f in fields if f.field == f"{f.top}.{_WORDS}"}
    return [f for f in fields if f.field in (f.top, f"{f.top}.{_WORDS}") or f.top not in worded]


def _item(field: FieldChange) -> str:
    """The item as the rulebook names it (ゲームの始め方), without the key inside it the editor types (procedure)."""
    return field.item.split(" (")[0]


def _data_only(change: DefinitionChange) -> list[str]:
    """The item names of a definition's changed fields that no player reads (readings, programs, frame data)."""
    if change.change != "changed":
        return []
    return list(dict.fromkeys(f.item.split(" (")[0] for f in change.fields if not f.rules and f.top not in _LEFT_OUT))


def render(report: RulesDiff) -> str:
    edition = report.new.edition or "新しい版"
    label = changelog_label(report.new.edition_id or report.new.revision.spec)
    lines = [f".. _{label}:", "", f"{escape(edition)}の変更点", _RULE, "",
             f"{escape(report.old.revision.spec)} からの変更点です。", ""]
    listed = [c for c in report.definitions if c.kind not in ("rules", RULINGS) and (c.change != "changed" or c.renamed or _fields(c))]
    for title, chosen in (
        ("追加", [c for c in listed if c.change == "added"]),
        ("再録", [c for c in listed if c.change == "returned"]),
        ("削除", [c for c in listed if c.change == "removed"]),
        ("名称変更", [c for c in listed if c.renamed]),
    ):
        if chosen:
            lines += _section(label, title)
            for group, changes in _grouped(chosen):
                lines += group
                for change in changes:
                    lines += _returned(change) if title == "再録" else _listed(change, title == "名称変更")
                lines.append("")
    changed = [c for c in listed if c.change == "changed" and _fields(c)]
    if changed:
        lines += _section(label, "変更")
        for group, changes in _grouped(changed):
            lines += group
            for change in changes:
                lines += [_link(change), ""]
                for field in _fields(change):
                    lines += _field(field)
                lines.append("")
    data_only = [c for c in report.definitions if c.kind not in ("rules", RULINGS) and _data_only(c)]
    if data_only:
        lines += _section(label, "データのみの変更")
        lines += ["遊び方は変わらない、編集者向けのデータの変更です。", ""]
        lines += [f"- {_link(change)}: {escape('、'.join(_data_only(change)))}" for change in data_only]
        lines.append("")
    rulings = [c for c in report.rulings if c.change != "changed" or _fields(c) or c.outcome_changed]
    if rulings:
        lines += _section(label, "裁定")
        for change in rulings:
            lines += _ruling(change)
    if report.prose:
        lines += _section(label, "ルールブック本文")
        for section in report.prose:
            lines += _prose(section)
    if report.regulations:
        lines += _section(label, "対戦レギュレーション")
        lines += [f"- {escape(regulation_line(regulation))}" for regulation in report.regulations]
        lines.append("")
    lines += _section(label, "プレイヤー向けチェックリスト")
    lines += [f"- □ {escape(item.text)}" for item in report.checklist] if report.checklist else ["ゲームの遊び方に関わる変更はありません。"]
    text = re.sub(r"\n{4,}", "\n\n\n", "\n".join(lines))  # two blank lines at most, as docs/history.rst has them
    return text.rstrip("\n") + "\n"


def _section(label: str, title: str) -> list[str]:
    return ["", f".. _{label}-{_SECTIONS[title]}:", "", title, _SUBRULE, ""]


def _grouped(changes: list[DefinitionChange]) -> list[tuple[list[str], list[DefinitionChange]]]:
    """The changes under their lists' group headings (【アクションリスト › 速攻魔法】), in order."""
    groups: list[tuple[list[str], list[DefinitionChange]]] = []
    current: str | None = ""
    for change in changes:
        heading = group_heading(change)
        if heading != current or not groups:
            groups.append(([f"【{escape(heading)}】", ""] if heading else [], []))
            current = heading
        groups[-1][1].append(change)
    return groups


def _listed(change: DefinitionChange, renamed: bool) -> list[str]:
    return [f"- {escape(change.old_name or '') + ' → ' if renamed else ''}{_link(change)}"]


def _returned(change: DefinitionChange) -> list[str]:
    """A returning definition: when it was last printed, and what differs from that version."""
    if change.last_printed is None:
        return [f"- {_link(change)}"]
    since = escape(change.last_printed.edition or change.last_printed.label)
    lines = [f"- {_link(change)} (前回の掲載: {since})"]
    for field in _fields(change):
        lines += ["", *(f"  {line}" if line else "" for line in _field(field))]
    return lines


def _ruling(change: DefinitionChange) -> list[str]:
    """A ruling added or removed; or changed: its items before and after, and its examples whose outcome changed."""
    if change.change != "changed":
        return [f"- {'追加' if change.change == 'added' else '削除'}: {_link(change)}", ""]
    lines = [_link(change), ""]
    for field in _fields(change):
        lines += _field(field)
    for example in change.examples:
        if example.outcome_changed:
            result = f" ({example.before} → {example.after})" if example.before != example.after else ""
            lines.append(f"- 実行例「{escape(example.name)}」の結果が変わりました{result}")
    return [*lines, ""]


def _printed(value: str | None) -> str:
    """A field's value as printed: an entry kept as data ({"name": …, "text": …}, one a line) by its text."""
    lines = []
    for line in (value or "").splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            entry = line
        if isinstance(entry, dict):
            entry = entry.get("text") or "、".join(str(v) for v in entry.values() if isinstance(v, str))
        lines.append(str(entry))
    return "\n".join(lines)


def _field(field: FieldChange) -> list[str]:
    old, new = _printed(field.old) or _NOTHING, _printed(field.new) or _NOTHING
    if "\n" not in old + new and len(old) + len(new) <= _ONE_LINE:
        return [f"- {escape(_item(field))}: {escape(old)} → {escape(new)}"]
    return [f"- {escape(_item(field))}", "", *_before_after(old, new)]


def _before_after(old: str, new: str) -> list[str]:
    lines: list[str] = []
    for label, text in (("変更前", old), ("変更後", new)):
        lines += [f"  {label}:", "", *(f"  | {escape(line)}" if line.strip() else "  |" for line in text.splitlines()), ""]
    return lines


def _prose(change: ProseChange) -> list[str]:
    """A section of the rulebook: added or removed, or its rewritten paragraphs before and after."""
    if change.change != "changed":
        return [f"- {'追加' if change.change == 'added' else '削除'}: {_section_link(change)}", ""]
    lines = [f"- {_section_link(change)}" + (f" (旧題 {escape(change.old_title)})" if change.old_title else ""), ""]
    if change.old == change.new:
        return lines
    parts = [part for part in changed_paragraphs(change.segments) if part is not None]
    # a paragraph only one side has is no line of the other (not an empty `|` line in its place)
    old, new = ("\n".join(line for line in map(side, parts) if line.strip()) for side in (old_text, new_text))
    return [*lines, *_before_after(old or _NOTHING, new or _NOTHING)]
