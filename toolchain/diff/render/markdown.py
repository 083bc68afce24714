"""The rules diff as a pull-request comment (GitHub-flavoured Markdown): deletions as <del>, insertions
as <ins>, the program's change folded away in a <details>, every definition's text escaped so
that `<アタッカー>` stays text."""

from __future__ import annotations

import html
import re

from ...diagnostics import Diagnostic
from ...i18n import N_, _
from .. import RulesDiff
from ..changes import DefinitionChange
from ..prose import ProseChange
from ..textdiff import Segment
from . import (
    ELIDED, changed_paragraphs, example_line, group_counts, group_heading, heading, pages_text, printable, program_lines,
    prose_heading, reason_text, returned_text, rulings_line, shown_fields, summary_line,
)

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]|~])")
_TITLES = {"added": N_("Added"), "removed": N_("Removed"), "changed": N_("Changed"), "returned": N_("Returned")}
_CHANGE = {"added": N_("added"), "removed": N_("removed"), "changed": N_("changed"), "returned": N_("returned")}


def escape(text: str) -> str:
    """Text that GitHub shows as written: HTML escaped, Markdown's punctuation backslashed."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", html.escape(printable(text), quote=False))


def fenced(body: list[str], info: str = "", indent: str = "") -> list[str]:
    """A code block whose fence is longer than any run of backticks in it."""
    longest = max((len(run) for line in body for run in re.findall(r"`+", line)), default=0)
    fence = "`" * max(3, longest + 1)
    return [f"{indent}{fence}{info}", *(f"{indent}{line}" for line in body), f"{indent}{fence}"]


def _inline(text: str) -> str:
    return escape(text).replace("\n", "<br>")


def segments(parts: tuple[Segment, ...]) -> str:
    out = []
    for segment in parts:
        text = _inline(segment.text)
        out.append(text if segment.op == "equal" else f"<del>{text}</del>" if segment.op == "delete" else f"<ins>{text}</ins>")
    return "".join(out)


def render(report: RulesDiff) -> str:
    lines = ["## " + _("Rules diff: {old} → {new}").format(old=escape(report.old.revision.label), new=escape(report.new.revision.label)), ""]
    if report.old.edition != report.new.edition:
        lines += [_("Edition: {old} → {new}").format(old=escape(str(report.old.edition)), new=escape(str(report.new.edition))), ""]
    lines += [f"**{summary_line(report.summary())}**", ""]
    if rulings := rulings_line(report.rulings_summary()):
        lines += [f"**rulings: {rulings}**", ""]
    if report.empty:
        lines += [_("No rules changes."), ""]
    listed_under = None
    for change in report.definitions:
        if group_heading(change) not in (None, listed_under):
            listed_under = group_heading(change)
            lines += [f"### {escape(listed_under or '')}", ""]
        lines += _definition(change)
    if report.prose:
        lines += ["### " + _("Rulebook prose (docs/)"), ""]
        for rewritten in report.prose:
            lines += _prose(rewritten)
    if report.regulations:
        lines += ["### " + _("Regulations (table 3.1)"), "", "| {} | {} |".format(_("regulation"), _("change")), "|---|---|"]
        for regulation in report.regulations:
            cells = []
            for group in regulation.groups:
                moves = [f"<ins>{escape(m.name)}</ins>" for m in group.entered]
                moves += [f"<del>{escape(m.name)}</del>" for m in group.left]
                cells.append(group_counts(group) + (f" ({' '.join(moves)})" if moves else ""))
            state = "" if regulation.change == "changed" else f" ({_(_CHANGE.get(regulation.change, regulation.change))})"
            lines.append(f"| {escape(regulation.title)}{state} | {'<br>'.join(cells)} |")
        lines.append("")
    if report.outputs or report.rulebook:
        lines += ["### " + _("Outputs that change"), ""]
        for output in report.outputs:
            extra = _(" and `{file}`").format(file=output.two_up.rsplit("/", 1)[-1]) if output.two_up else ""
            pages = pages_text(output)
            lines.append(f"- `{output.path}`{extra}: {_(_CHANGE.get(output.change, output.change))}" + (f", {pages}" if pages else ""))
        for section in report.rulebook:
            labels = ", ".join(f"`{label}`" for label in section.labels)
            lines.append("- " + _("rulebook `{page}` § {heading} ({reason}): {labels}").format(
                page=section.page, heading=escape(section.heading), reason=reason_text(section.reason), labels=labels))
        lines.append("")
    lines += _findings(_("History: the current edition is missing from `updated`"), report.history)
    for side in (report.old, report.new):
        lines += _findings(_("{revision} does not load cleanly").format(revision=escape(side.revision.label)), side.errors)
    for note in report.skipped:
        lines += [f"_{escape(note)}_", ""]
    if report.checklist:
        lines += ["### " + _("Checklist for players (プレイヤー向けチェックリスト)"), ""]
        lines += [*(f"- [ ] {escape(item.text)}" for item in report.checklist), ""]
    return "\n".join(lines).rstrip("\n") + "\n"


def _definition(change: DefinitionChange) -> list[str]:
    lines = [f"#### {_(_TITLES[change.change])}: {escape(heading(change))}", ""]
    if change.change == "returned":
        lines += [f"_{escape(returned_text(change))}_", ""]
    for field in shown_fields(change):
        if field.behaviour:
            lines += [f"- **{escape(field.item)}**: {_('behaviour change')}", "", f"  <details><summary>{_('program')}</summary>", "",
                      *fenced([printable(line) for line in program_lines(field)], "diff", "  "), "", "  </details>", ""]
            continue
        value = _inline(field.new or "") if change.new else segments(field.segments)
        lines.append(f"- **{escape(field.item)}**: {value}")
    lines += [f"- {escape(example_line(example))}" for example in change.examples]
    return [*lines, ""]


def _prose(section: ProseChange) -> list[str]:
    """The section's heading, and its paragraphs quoted: every one of a new section, the changed ones of a
    rewritten section (`…` for those left out), none of a removed one."""
    quoted: list[str] = []
    if section.change == "added":
        quoted = [_inline(paragraph) for paragraph in (section.new or "").splitlines()]
    elif section.old != section.new:
        quoted = [ELIDED if part is None else segments(part) for part in changed_paragraphs(section.segments)]
    # a bare `>` between two paragraphs, so that GitHub keeps them apart
    body = [line for index, paragraph in enumerate(quoted) for line in ([">"] if index else []) + [f"> {paragraph}"]]
    return [f"#### {_(_TITLES[section.change])}: {escape(prose_heading(section))}", "", *body, *([""] if body else [])]


def _findings(title: str, findings: list[Diagnostic]) -> list[str]:
    if not findings:
        return []
    return [f"### {title}", "", *fenced([printable(finding.text()) for finding in findings]), ""]
