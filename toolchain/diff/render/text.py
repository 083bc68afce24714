"""The rules diff for a terminal: with colours (deletions red, insertions green), or without them as
`[-deleted-]{+inserted+}`, the way `git diff --word-diff=plain` writes it."""

from __future__ import annotations

from ...diagnostics import Diagnostic
from ...i18n import N_, _
from .. import RulesDiff
from ..changes import DefinitionChange
from ..prose import ProseChange
from ..textdiff import Segment
from . import (
    ELIDED, SYMBOL, changed_paragraphs, example_line, group_counts, group_heading, heading, pages_text, printable, program_lines,
    prose_heading, reason_text, returned_text, rulings_line, shown_fields, summary_line,
)

_RED, _GREEN, _YELLOW, _BOLD, _DIM, _RESET = "\033[31m", "\033[32m", "\033[33m", "\033[1m", "\033[2m", "\033[0m"
_INDENT = "    "
_CHANGE = {"added": N_("added"), "removed": N_("removed"), "changed": N_("changed"), "returned": N_("returned")}


class _Style:
    def __init__(self, color: bool) -> None:
        self.color = color

    def __call__(self, text: str, code: str) -> str:
        text = printable(text)
        return f"{code}{text}{_RESET}" if self.color and text else text

    def segments(self, segments: tuple[Segment, ...]) -> str:
        parts = []
        for segment in segments:
            text = printable(segment.text)
            if segment.op == "equal":
                parts.append(text)
            elif self.color:
                parts.append(self(text, _RED if segment.op == "delete" else _GREEN))
            else:
                parts.append(f"[-{text}-]" if segment.op == "delete" else f"{{+{text}+}}")
        return "".join(parts)


def render(report: RulesDiff, color: bool = False) -> str:
    style = _Style(color)
    lines = [style(f"bp diff: {report.old.revision.label} → {report.new.revision.label}", _BOLD)]
    if report.old.edition != report.new.edition:
        lines.append(printable(_("edition: {old} → {new}").format(old=report.old.edition, new=report.new.edition)))
    lines.append(_("definitions: {summary}").format(summary=summary_line(report.summary())))
    if rulings := rulings_line(report.rulings_summary()):
        lines.append(_("rulings: {summary}").format(summary=rulings))
    if report.empty:
        lines.append(_("no rules changes"))
    listed_under = None
    for change in report.definitions:
        if group_heading(change) not in (None, listed_under):
            listed_under = group_heading(change)
            lines += ["", style(f"{listed_under}:", _BOLD)]
        lines.extend(_definition(change, style))
    if report.prose:
        lines += ["", style(_("rulebook prose (docs/):"), _BOLD)]
        for rewritten in report.prose:
            lines.extend(_prose(rewritten, style))
    if report.regulations:
        lines += ["", style(_("regulations (format + frame, table 3.1):"), _BOLD)]
        for regulation in report.regulations:
            state = {"changed": "", "added": _(" (now allowed)"), "removed": _(" (no longer allowed)")}[regulation.change]
            lines.append(f"  {printable(regulation.title)}{state}:")
            for group in regulation.groups:
                moves = [style(f"+{m.name}", _GREEN) for m in group.entered] + [style(f"-{m.name}", _RED) for m in group.left]
                lines.append(f"    {group_counts(group)}" + (f" ({' '.join(moves)})" if moves else ""))
    if report.outputs or report.rulebook:
        lines += ["", style(_("outputs that change:"), _BOLD)]
        for output in report.outputs:
            extra = [f"+ {output.two_up.rsplit('/', 1)[-1]}"] if output.two_up else []
            if pages := pages_text(output):
                extra.append(pages)
            lines.append(f"  {output.path} ({_(_CHANGE.get(output.change, output.change))}{''.join(', ' + e for e in extra)})")
        for section in report.rulebook:
            lines.append(printable(f"  {section.page} § {section.heading} ({reason_text(section.reason)}): {', '.join(section.labels)}"))
        if report.outputs and not report.pages_counted and any(o.two_up for o in report.outputs):
            lines.append(style("  " + _("(page counts of the leaflets: bp diff --pages)"), _DIM))
    lines.extend(_findings(_("history (the current edition is missing from updated):"), report.history, style))
    for side in (report.old, report.new):
        lines.extend(_findings(_("{revision} does not load cleanly:").format(revision=side.revision.label), side.errors, style))
    for note in report.skipped:
        lines.append(style(note, _DIM))
    if report.checklist:
        lines += ["", style(_("checklist for players (プレイヤー向けチェックリスト):"), _BOLD)]
        lines += [printable(f"  □ {item.text}") for item in report.checklist]
    return "\n".join(lines) + "\n"


def _definition(change: DefinitionChange, style: _Style) -> list[str]:
    colour = {"added": _GREEN, "removed": _RED, "changed": _YELLOW, "returned": _GREEN}[change.change]
    lines = ["", style(f"{SYMBOL[change.change]} {heading(change)}", colour)]
    if change.change != "changed":
        lines[-1] += f" ({returned_text(change) if change.change == 'returned' else _(_CHANGE.get(change.change, change.change))})"
    for field in shown_fields(change):
        if field.behaviour:
            lines.append(f"{_INDENT}{style(field.item, _BOLD)}: {style(_('behaviour change'), _YELLOW)}")
            for line in program_lines(field):
                code = _GREEN if line.startswith("+") else _RED if line.startswith("-") else _DIM
                lines.append(f"{_INDENT}  {style(line, code)}")
            continue
        # a new definition's values as they are; a changed one's as a character-level diff
        text = style(field.new or "", _GREEN) if change.new else style.segments(field.segments)
        body = text.replace("\n", "\n" + _INDENT * 2)
        lines.append(f"{_INDENT}{style(field.item, _BOLD)}:" + (f"\n{_INDENT * 2}{body}" if "\n" in text else f" {body}"))
    for example in change.examples:
        lines.append(f"{_INDENT}{printable(example_line(example))}")
    return lines


def _prose(section: ProseChange, style: _Style) -> list[str]:
    """A section's heading, and its paragraphs: every one of a new section, the changed ones of a
    rewritten section (`…` for those left out), none of a removed one."""
    colour = {"added": _GREEN, "removed": _RED, "changed": _YELLOW}[section.change]
    lines = ["", style(f"{SYMBOL[section.change]} {prose_heading(section)}", colour)]
    if section.change != "changed":
        lines[-1] += f" ({_(_CHANGE.get(section.change, section.change))})"
    if section.change == "added":
        lines += [f"{_INDENT}{style(paragraph, _GREEN)}" for paragraph in (section.new or "").splitlines()]
    elif section.old != section.new:
        lines += [f"{_INDENT}{ELIDED if part is None else style.segments(part)}" for part in changed_paragraphs(section.segments)]
    return lines


def _findings(title: str, findings: list[Diagnostic], style: _Style) -> list[str]:
    if not findings:
        return []
    return ["", style(title, _BOLD), *(f"  {printable(finding.text())}" for finding in findings)]
