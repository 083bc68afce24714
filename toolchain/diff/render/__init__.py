"""The rules diff as text for a terminal (text.py), a pull-request comment (markdown.py) and the
rulebook's 変更履歴 chapter (rst.py). What they share: the order of the report and its wording."""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from ...diagnostics import printable
from ...i18n import N_, _, ngettext
from ..changes import RULES, DefinitionChange, ExampleChange, FieldChange
from ..prose import ProseChange
from ..regulations import GroupChange
from ..site_changes import OutputChange
from ..textdiff import Segment

__all__ = ["printable"]  # shared with the renderers, from the one definition in diagnostics.py

SYMBOL = {"added": "+", "removed": "-", "changed": "~", "returned": "+"}
ELIDED = "…"  # unchanged paragraphs left out of a section's diff


def summary_line(summary: dict[str, int]) -> str:
    """`1 added, 0 removed, 1 renamed, 3 changed (1 behaviour change)`; `1 returned` after `added` when one returned."""
    counted = [what for what in ("added", "returned", "removed", "renamed", "changed") if what != "returned" or summary.get(what)]
    line = ", ".join(_(_COUNTED[what]).format(count=summary[what]) for what in counted)
    behaviour = summary["behaviour"]
    return line + (ngettext(" ({count} behaviour change)", " ({count} behaviour changes)", behaviour).format(count=behaviour)
                   if behaviour else "")


_COUNTED = {"added": N_("{count} added"), "returned": N_("{count} returned"), "removed": N_("{count} removed"),
            "renamed": N_("{count} renamed"), "changed": N_("{count} changed")}
# why a rulebook section changes (rulebook.py's reasons, the keys of json), as the reports say it
_REASONS = {"entries": N_("entries"), "version history": N_("version history"), "counts": N_("counts"), "tables": N_("tables"),
            "references": N_("references"), "broken references": N_("broken references"), "edition": N_("edition"),
            "rulings": N_("rulings"), "ruling": N_("ruling")}
# an example's state in a revision (changes.py), as the reports say it
_STATUS = {"passed": N_("passed"), "failed": N_("failed"), "blocked": N_("blocked"), "not run": N_("not run")}


def rulings_line(summary: dict[str, int]) -> str | None:
    """`1 added, 0 removed, 1 changed (1 outcome changed)`; None when no ruling changed."""
    if not any(summary.values()):
        return None
    line = ", ".join(_(_COUNTED[what]).format(count=summary[what]) for what in ("added", "removed", "changed"))
    return line + (_(" ({count} outcome changed)").format(count=summary["outcome"]) if summary["outcome"] else "")


def reason_text(reason: str) -> str:
    """Why a rulebook section changes, as the reports say it (`version history`)."""
    return _(_REASONS.get(reason, reason))


def heading(change: DefinitionChange) -> str:
    """`actions/kill デス (速攻魔法), renamed from キル`."""
    if change.kind == RULES:
        return change.name  # definitions/rules.yaml
    text = f"{change.kind}/{change.id} {change.title}"
    return text + (_(", renamed from {name}").format(name=change.old_name) if change.renamed else "")


def returned_text(change: DefinitionChange) -> str:
    """`returned: 再録, last printed in 第7版 (3f2a1c9)`, or without a version to compare with."""
    if change.last_printed is None:
        return _("returned: 再録, no earlier version in git")
    return _("returned: 再録, last printed in {label}").format(label=change.last_printed.label)


def group_heading(change: DefinitionChange) -> str | None:
    """`アクションリスト › 速攻魔法`: where the lists print it; None for rules.yaml and the formats."""
    if change.listing is None:
        return None
    return f"{change.listing} › {change.group}" if change.group else change.listing


def shown_fields(change: DefinitionChange) -> tuple[FieldChange, ...]:
    """The fields worth listing: every one of a changed definition (or of a returning one, against its
    last printed version); of a new one the rules fields (its lore and program are new by
    definition); none of a removed one."""
    if change.change == "removed":
        return ()
    if change.new:
        return tuple(f for f in change.fields if f.rules)
    return change.fields


def prose_heading(change: ProseChange) -> str:
    """`docs/core.rst § 6.2.1 アクションの定義項目, retitled from …, was 6.2.2`."""
    text = f"{change.page} § {change.heading}"
    if change.old_title:
        text += _(", retitled from {title}").format(title=change.old_title)
    if change.old_number:
        text += _(", was {number}").format(number=change.old_number)
    return text


def changed_paragraphs(segments: tuple[Segment, ...]) -> list[tuple[Segment, ...] | None]:
    """A section's diff paragraph by paragraph, only those that changed; None where unchanged ones were left out."""
    lines: list[list[Segment]] = [[]]
    for segment in segments:
        for index, part in enumerate(segment.text.split("\n")):
            if index:
                lines.append([])
            if part:
                lines[-1].append(Segment(segment.op, part))
    shown: list[tuple[Segment, ...] | None] = []
    for line in lines:
        if any(s.op != "equal" for s in line):
            shown.append(tuple(line))
        elif not shown or shown[-1] is not None:
            shown.append(None)
    return shown


def example_line(example: ExampleChange) -> str:
    """`example '…': passed → failed (expect changed)`."""
    before, after = (_(_STATUS.get(status or "not run", status or "")) for status in (example.before, example.after))  # None: ran none
    if example.change == "added":
        state = _("added, {after}").format(after=after)
    elif example.change == "removed":
        state = _("removed")
    else:
        state = before if before == after else f"{before} → {after}"
        if example.parts:
            state += _(" ({parts} changed)").format(parts=", ".join(example.parts))
    return _("example '{name}': {state}").format(name=example.name, state=state)


def program_lines(field: FieldChange) -> Iterator[str]:
    """The program's change, line by line (`+`/`-` and one line of context; `…` between the parts)."""
    old = (field.old or "").splitlines()
    new = (field.new or "").splitlines()
    first = True
    for line in list(difflib.unified_diff(old, new, lineterm="", n=1))[2:]:
        if line.startswith("@@"):
            if not first:
                yield "…"
            first = False
            continue
        yield line


# The regulations' groups (regulations.GROUPS), as the report names them in the language of the messages.
_GROUPS = {"actions": N_("actions"), "characters": N_("characters"), "fog": N_("fog"), "trumps": N_("trumps")}


def group_counts(group: GroupChange) -> str:
    """`actions 19 → 20`; `actions 20` (new regulation), `actions 19 → —` (gone)."""
    before = "—" if group.before is None else str(group.before)
    after = "—" if group.after is None else str(group.after)
    name = _(_GROUPS[group.group]) if group.group in _GROUPS else group.group
    return f"{name} {after}" if group.before is None else f"{name} {before} → {after}"


def pages_text(output: OutputChange) -> str:
    """`4 → 5 pages, 2-up 2 → 3 sheets` for a leaflet whose pages were counted, else ''."""
    if output.pages_before is None and output.pages_after is None:
        return ""

    def counts(before: int | None, after: int | None) -> str:
        return f"{'—' if before is None else before} → {'—' if after is None else after}"

    pages, sheets = counts(output.pages_before, output.pages_after), counts(output.sheets_before, output.sheets_after)
    return _("{pages} pages, 2-up {sheets} sheets").format(pages=pages, sheets=sheets)
