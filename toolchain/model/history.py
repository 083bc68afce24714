"""Version history of the definitions: the current edition, which fields are the rules, and
whether an entry changed in the current edition (derived from its `updated`, never stored).

    changed_in_current_edition(action, defs)   # True when defs' edition (v8.1) is in action.updated
"""

from __future__ import annotations

import re
from typing import Any

from .definitions import Definitions

# Fields that are not the rules a player plays by: the lore, the version bookkeeping itself, and
# the simulator's restatement of the rules (`program`, `examples`), which the rulebook never prints.
LORE_FIELDS = ("story", "flavor")
VERSION_FIELDS = ("since", "updated")
MACHINE_FIELDS = ("program", "examples")
# The toolchain's reading of the text where it is silent: a note about the rules, not a change of them.
READING_FIELDS = ("reading",)
# How a name is read (its kana) and the other words it is searched by: a help to find it, not a rule.
NAME_READING_FIELDS = ("kana", "search_terms")
# How the rulebook's figures picture an entry (Fig. 2.2's cards): a drawing, not a rule.
FIGURE_FIELDS = ("pictured",)


def is_rules_field(field: str) -> bool:
    """Whether a change of this field (a top-level key of a definition) changes the rules: everything
    but the story, the flavour, `since`/`updated`, the simulator's program and examples, readings, the name's kana
    and search terms, and how the figures picture it."""
    return field not in (*LORE_FIELDS, *VERSION_FIELDS, *MACHINE_FIELDS, *READING_FIELDS, *NAME_READING_FIELDS, *FIGURE_FIELDS)


_EDITION = re.compile(r"v(\d{1,9})\.(\d{1,9})")  # thousands of digits are no edition (int() refuses them)


def edition_number(version: str | None) -> tuple[int, int] | None:
    """v8.1 as (8, 1), to put editions in order; None for the extra line's ex3.4.0, which has its own numbering."""
    match = _EDITION.fullmatch(version or "")
    return (int(match.group(1)), int(match.group(2))) if match else None


def introduced_before(item: Any, edition: str | None) -> bool:
    """Whether the entry's `since` is an edition older than `edition`: an entry absent from that
    edition but introduced before it is one that returns (再録)."""
    since, base = edition_number(getattr(item, "since", None)), edition_number(edition)
    return since is not None and base is not None and since < base


def current_edition(definitions: Definitions) -> str | None:
    """The id of the edition the definitions describe (rules.yaml `edition.id`, e.g. `v8.1`)."""
    if definitions.rules is None:
        return None
    edition = definitions.rules.edition.get("id")
    return str(edition) if edition else None


def has_history(item: Any) -> bool:
    """Whether a kind of definition keeps a version history (actions, characters, fog, trumps do;
    frames and formats do not)."""
    return hasattr(item, "updated") and hasattr(item, "since")


def changed_in_current_edition(item: Any, definitions: Definitions) -> bool:
    """Whether the entry was updated in the current edition: the edition is in its `updated`."""
    edition = current_edition(definitions)
    return edition is not None and has_history(item) and edition in item.updated


def new_in_current_edition(item: Any, definitions: Definitions) -> bool:
    """Whether the entry was introduced in the current edition (its `since` is the edition)."""
    edition = current_edition(definitions)
    return edition is not None and has_history(item) and item.since == edition
