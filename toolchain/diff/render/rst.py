"""The rules diff as reStructuredText for the rulebook's 変更履歴 chapter (docs/history.rst): a
section per edition in the chapter's style, the changed items before and after, the regulations,
and a checklist for players of the gameplay changes only (no version bumps, lore or programs).

Definitions are linked with `:ref:` where the new rulebook still has them."""

from __future__ import annotations

import re

from .. import RulesDiff
from ..changes import DefinitionChange, FieldChange
from ..regulations import RegulationChange
from . import printable, shown_fields

_RULE = "=" * 50
_SUBRULE = "-" * 50
_SPECIAL = re.compile(r"([\\`*_|])")
_NOTHING = "なし"
_ONE_LINE = 60  # characters of old and new together that read well as `old → new` on one line
# The regulation groups as the rulebook names them (4.3.1–4.3.3, 5.3.4).
_GROUPS = {"actions": "アクション", "characters": "キャラクター", "fog": "フォグ", "trumps": "切札"}
# Not for a changelog: the version bookkeeping (the version table is generated) and the simulator's data.
_LEFT_OUT = ("since", "updated", "program", "examples")


def escape(text: str) -> str:
    return _SPECIAL.sub(r"\\\1", printable(text))


def _link(change: DefinitionChange) -> str:
    """`:ref:`act-kill`` (the rulebook prints its heading) or, for what it no longer has, the heading as text."""
    if change.anchor and change.change != "removed":
        return f":ref:`{change.anchor}`"
    return escape(change.title)


def _fields(change: DefinitionChange) -> list[FieldChange]:
    return [f for f in shown_fields(change) if f.top not in _LEFT_OUT]


def render(report: RulesDiff) -> str:
    edition = report.new.edition or "新しい版"
    edition_id = _edition_id(report)
    lines = [f".. _history-{edition_id}:", "", f"{escape(edition)}の変更点", _RULE, "",
             f"{escape(report.old.revision.spec)} からの変更点です。", ""]
    listed = [c for c in report.definitions if c.kind != "rules" and (c.change != "changed" or c.renamed or _fields(c))]
    for title, chosen in (
        ("追加", [c for c in listed if c.change == "added"]),
        ("削除", [c for c in listed if c.change == "removed"]),
        ("名称変更", [c for c in listed if c.renamed]),
    ):
        if chosen:
            lines += _section(edition_id, title)
            for change in chosen:
                renamed = f"{escape(change.old_name or '')} → " if title == "名称変更" else ""
                lines.append(f"- {renamed}{_link(change)}")
            lines.append("")
    changed = [c for c in listed if c.change == "changed" and _fields(c)]
    if changed:
        lines += _section(edition_id, "変更")
        for change in changed:
            lines += [_link(change), ""]
            for field in _fields(change):
                lines += _field(field)
            lines.append("")
    if report.regulations:
        lines += _section(edition_id, "対戦レギュレーション")
        lines += [f"- {line}" for line in map(_regulation, report.regulations)]
        lines.append("")
    checklist = list(_checklist(report))
    lines += _section(edition_id, "プレイヤー向けチェックリスト")
    lines += [f"- □ {item}" for item in checklist] if checklist else ["ゲームの遊び方に関わる変更はありません。"]
    text = re.sub(r"\n{4,}", "\n\n\n", "\n".join(lines))  # two blank lines at most, as docs/history.rst has them
    return text.rstrip("\n") + "\n"


def _edition_id(report: RulesDiff) -> str:
    """`v8-1` for labels (`history-v8-1`): the edition id of rules.yaml, else the revision's name."""
    return re.sub(r"[^a-z0-9]+", "-", (report.new.edition_id or report.new.revision.spec).lower()).strip("-")


def _section(edition_id: str, title: str) -> list[str]:
    anchor = {"追加": "added", "削除": "removed", "名称変更": "renamed", "変更": "changed", "対戦レギュレーション": "regulations",
              "プレイヤー向けチェックリスト": "checklist"}[title]
    return ["", f".. _history-{edition_id}-{anchor}:", "", title, _SUBRULE, ""]


def _field(field: FieldChange) -> list[str]:
    old, new = field.old or _NOTHING, field.new or _NOTHING
    if "\n" not in old + new and len(old) + len(new) <= _ONE_LINE:
        return [f"- {escape(field.item)}: {escape(old)} → {escape(new)}"]
    lines = [f"- {escape(field.item)}", ""]
    for label, text in (("変更前", old), ("変更後", new)):
        lines += [f"  {label}:", "", *(f"  | {escape(line)}" if line.strip() else "  |" for line in text.splitlines()), ""]
    return lines


def _moves(regulation: RegulationChange) -> list[str]:
    parts = []
    for group in regulation.groups:
        name = _GROUPS.get(group.group, group.group)
        counts = f"{name} {'—' if group.before is None else group.before} → {'—' if group.after is None else group.after}"
        moves = [f"追加 {'、'.join(m.name for m in group.entered)}" if group.entered else "",
                 f"削除 {'、'.join(m.name for m in group.left)}" if group.left else ""]
        moves = [m for m in moves if m]
        parts.append(counts + (f" ({'; '.join(moves)})" if moves else ""))
    return parts


def _regulation(regulation: RegulationChange) -> str:
    state = {"added": " (新たに対戦可能)", "removed": " (対戦不可に)", "changed": ""}[regulation.change]
    return escape(f"{regulation.title}{state}: {'、'.join(_moves(regulation))}")


def _checklist(report: RulesDiff):  # noqa: ANN202 - an iterator of checklist lines
    """One line per thing a player must learn again: what came, went, was renamed, changed its rules,
    or moved into or out of a regulation."""
    for change in report.definitions:
        if change.kind == "rules" or not change.rules_changed:
            continue
        name = escape(f"「{change.name}」({change.category})" if change.category else f"「{change.name}」")
        if change.change == "added":
            yield f"{name}が追加されました。"
        elif change.change == "removed":
            yield f"{name}が削除されました。"
        else:
            if change.renamed:
                yield escape(f"「{change.old_name}」の名前が「{change.name}」に変わりました。")
            items = list(dict.fromkeys(f.item.split(" (")[0] for f in change.fields if f.rules))
            if items:
                yield f"{name}の{escape('、'.join(items))}が変わりました。"
    for regulation in report.regulations:
        yield _regulation(regulation)
