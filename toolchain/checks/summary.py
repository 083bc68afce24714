"""The examples' and the rulings' summary lines, from the counts bp check reports and keeps (programs.Report.as_dict):
made in the language of the run that prints it, never kept."""

from __future__ import annotations

from typing import Any

from ..diagnostics import printable
from ..i18n import _, ngettext


def examples_summary(counts: dict[str, Any]) -> str:
    """`48/48 actions executed, 120 examples, 0 failed` from a Report's counts (programs.Report.as_dict),
    with the actions that never ran and why: `47/48 actions executed (ダウン never ran: its examples failed), …`."""
    if counts.get("not_run"):
        return _("examples not run: {reason}").format(reason=printable(counts["not_run"]))  # it names files
    values = {name: counts.get(name, 0) for name in ("executed", "actions", "examples", "failed", "blocked")}
    never_ran = _never_ran(counts)
    if never_ran and values["blocked"]:
        return _("{executed}/{actions} actions executed ({never_ran}), {examples} examples, {failed} failed, "
                 "{blocked} not run (they use an action with errors)").format(never_ran=never_ran, **values)
    if never_ran:
        return _("{executed}/{actions} actions executed ({never_ran}), {examples} examples, {failed} failed").format(
            never_ran=never_ran, **values)
    if values["blocked"]:
        return _("{executed}/{actions} actions executed, {examples} examples, {failed} failed, "
                 "{blocked} not run (they use an action with errors)").format(**values)
    return _("{executed}/{actions} actions executed, {examples} examples, {failed} failed").format(**values)


def _never_ran(counts: dict[str, Any]) -> str:
    """Which actions no example ran the effect of, and why: their program has errors, their examples failed (reported
    above), or none runs it."""
    failing, unrun = list(counts.get("never_ran_failing") or ()), list(counts.get("never_ran_unrun") or ())
    broken = list(counts.get("never_ran_broken") or ())
    causes = []
    if broken:
        causes.append(ngettext("{names} never ran: its program has errors (reported above), so its examples could not run",
                               "{names} never ran: their programs have errors (reported above), so their examples could not run",
                               len(broken)).format(names=_some(broken)))
    if failing:
        causes.append(ngettext("{names} never ran: its examples failed", "{names} never ran: their examples failed",
                               len(failing)).format(names=_some(failing)))
    if unrun:
        causes.append(ngettext("{names} never ran: no example runs its effect; add one (an `illegal:` example runs none)",
                               "{names} never ran: no example runs their effect; add one (an `illegal:` example runs none)",
                               len(unrun)).format(names=_some(unrun)))
    return "; ".join(causes)


def _some(names: list[str], shown: int = 5) -> str:
    if len(names) <= shown:
        return ", ".join(names)
    return _("{names} and {more} more").format(names=", ".join(names[:shown]), more=len(names) - shown)


def rulings_summary(counts: dict[str, Any]) -> str | None:
    """The rulings' line from a Report's counts (programs.Report.as_dict), when there are rulings."""
    rulings = counts.get("rulings")
    return rulings_line(rulings) if rulings else None


def rulings_line(counts: dict[str, int]) -> str:
    """`5 rulings: 6 examples, 0 failed, 1 not executable (bp check --rulings)` from programs.RulingsRun.as_dict."""
    values = {name: counts.get(name, 0) for name in ("rulings", "examples", "failed", "blocked", "not_executable")}
    line = ngettext("{rulings} ruling: {examples} examples, {failed} failed",
                    "{rulings} rulings: {examples} examples, {failed} failed", values["rulings"]).format(**values)
    if values["blocked"]:
        line += _(", {blocked} not run (they use an action with errors)").format(**values)
    if values["not_executable"]:
        line += _(", {not_executable} not executable (bp check --rulings)").format(**values)
    return line
