"""The words of a balance report that its page says too: why a subject is not restricted, and where the games
were played (balance.json keeps both in words of no language)."""

from __future__ import annotations

from typing import Any

from ..i18n import N_, _

REASONS: dict[str, str] = {  # said in bp's language where shown; English in balance.json's `why`
    "triggered": N_("a triggered action, not one a player chooses"),
    "passes-turn": N_("the turn ends only by this action: forbidden, the game would not go on"),
    "no-card": N_("not a particular card, so it cannot be left unchosen"),
    "not-summoned": N_("no action of this regulation puts it into play (presets only)"),
    "not-selected": N_("not measured this time (not chosen by --only)"),
}


def said_where(where: dict[str, Any]) -> str:
    """Where the games were played (`where` of balance.json), in the language of the messages."""
    if where["kind"] == "processes":
        return _("{count} processes").format(count=where["count"])
    if where["kind"] == "cluster":
        return _("the cluster {address} ({workers} workers, {threads} threads)").format(**where)
    return _("one core")
