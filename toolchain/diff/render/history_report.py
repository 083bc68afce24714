"""Two editions of the history compared (diff/history_editions.py), for a terminal (`text`) or a pull-request comment
(`markdown`): each kind's entries that entered, left, were renamed or changed their rules, then what the records
cannot compare."""

from __future__ import annotations

from ...i18n import _
from ..history_editions import KIND_NAMES, KindChanges, PastDiff, label
from . import printable
from .markdown import escape


def _entry(name: str | None, id_: str | None) -> str:
    return f"{name} ({id_})" if id_ and name else str(name or id_)


def _counts(changes: KindChanges) -> str:
    parts = []
    for what, entries in ((_("{count} entered"), changes.entered), (_("{count} left"), changes.left)):
        if entries is not None:
            parts.append(what.format(count=len(entries)))
    parts.append(_("{count} renamed").format(count=len(changes.renamed)))
    if changes.changed is not None:
        parts.append(_("{count} with changed rules").format(count=len(changes.changed)))
    return ", ".join(parts)


def _lines(changes: KindChanges) -> list[tuple[str, str]]:
    """(symbol, what) for each entry that moved, in the newer edition's order, those that left after."""
    lines = [("+", _entry(e.name, e.id)) for e in changes.entered or []]
    lines += [("-", _entry(e.name, e.id)) for e in changes.left or []]
    lines += [("~", _("{id}: renamed {old} → {new}").format(id=r.id, old=r.old, new=r.new)) for r in changes.renamed]
    lines += [("~", _("{entry}: rules changed").format(entry=_entry(e.name, e.id))) for e in changes.changed or []]
    return lines


def text(report: PastDiff) -> str:
    lines = [printable(f"bp diff: {label(report.old)} → {label(report.new)}")]
    if report.empty:
        lines.append(_("no entry entered, left or changed in what the records compare"))
    for changes in report.kinds:
        lines += ["", printable(f"{_(KIND_NAMES[changes.kind])}: {_counts(changes)}")]
        lines += [printable(f"  {symbol} {what}") for symbol, what in _lines(changes)]
    if report.not_compared:
        lines += ["", _("not compared:")]
        lines += [printable(f"  {reason}") for reason in report.not_compared]
    return "\n".join(lines) + "\n"


def markdown(report: PastDiff) -> str:
    lines = [f"## bp diff: {escape(label(report.old))} → {escape(label(report.new))}"]
    if report.empty:
        lines += ["", escape(_("no entry entered, left or changed in what the records compare"))]
    for changes in report.kinds:
        lines += ["", f"### {escape(_(KIND_NAMES[changes.kind]))}: {escape(_counts(changes))}"]
        moved = _lines(changes)
        if moved:
            lines.append("")
            lines += [f"- `{symbol}` {escape(what)}" for symbol, what in moved]
    if report.not_compared:
        lines += ["", f"### {escape(_('not compared:'))}", ""]
        lines += [f"- {escape(reason)}" for reason in report.not_compared]
    return "\n".join(lines) + "\n"
