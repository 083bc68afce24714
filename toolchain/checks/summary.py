"""The examples' summary line, from the counts bp check reports and keeps (programs.Report.as_dict):
made in the language of the run that prints it, never kept."""

from __future__ import annotations

from typing import Any

from ..i18n import _


def examples_summary(counts: dict[str, Any]) -> str:
    """`48/48 actions executed, 120 examples, 0 failed` from a Report's counts (programs.Report.as_dict)."""
    if counts.get("not_run"):
        return _("examples not run: {reason}").format(reason=counts["not_run"])
    values = {name: counts.get(name, 0) for name in ("executed", "actions", "examples", "failed", "blocked")}
    if values["blocked"]:
        return _("{executed}/{actions} actions executed, {examples} examples, {failed} failed, "
                 "{blocked} not run (they use an action with errors)").format(**values)
    return _("{executed}/{actions} actions executed, {examples} examples, {failed} failed").format(**values)
