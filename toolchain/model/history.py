"""Version history of the definitions: the current edition, which fields are the rules, and
whether an entry changed in the current edition (derived from its `updated`, never stored).

    changed_in_current_edition(action, defs)   # True when defs' edition (v8.1) is in action.updated
"""

from __future__ import annotations

import re
from collections.abc import Iterable
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
# Which frames use an entry (an entry's own `frames`, a frame's `uses`): the frame's lists change, not the entry's rules;
# bp diff says it once per frame (diff/frame_uses.py).
MEMBERSHIP_FIELDS = ("frames", "uses")


def is_rules_field(field: str) -> bool:
    """Whether a change of this field (a top-level key of a definition) changes the rules: everything
    but the story, the flavour, `since`/`updated`, the simulator's program and examples, readings, the name's kana
    and search terms, how the figures picture it, and which frames use it."""
    return field not in (*LORE_FIELDS, *VERSION_FIELDS, *MACHINE_FIELDS, *READING_FIELDS, *NAME_READING_FIELDS, *FIGURE_FIELDS,
                         *MEMBERSHIP_FIELDS)


# v<major>.<minor>, or v<major>.<minor>.<patch> for an edition between two (第9.1.1版, after 第9.1版)
_EDITION = re.compile(r"v(\d{1,9})\.(\d{1,9})(?:\.(\d{1,9}))?")  # thousands of digits are no edition (int() refuses them)


def edition_number(version: str | None) -> tuple[int, int, int] | None:
    """v8.1 as (8, 1, 0) and v9.1.1 as (9, 1, 1), to put editions in order (v9.1 < v9.1.1 < v9.2; v9.1.0 is
    v9.1 written out); None for the extra line's ex3.4.0, which has its own numbering, or for what is no edition."""
    match = _EDITION.fullmatch(version or "")
    return (int(match.group(1)), int(match.group(2)), int(match.group(3) or 0)) if match else None


def same_edition(one: str | None, other: str | None) -> bool:
    """Whether two versions name one edition: v9.1 and v9.1.0 do; versions of no edition only when written alike."""
    number = edition_number(one)
    return number == edition_number(other) if number is not None else one is not None and one == other


def lists_edition(versions: Iterable[str], edition: str | None) -> bool:
    """Whether `edition` is among `versions` (an entry's `updated`), however each writes it."""
    return any(same_edition(version, edition) for version in versions)


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
    return edition is not None and has_history(item) and lists_edition(item.updated, edition)


def new_in_current_edition(item: Any, definitions: Definitions) -> bool:
    """Whether the entry was introduced in the current edition (its `since` is the edition)."""
    edition = current_edition(definitions)
    return edition is not None and has_history(item) and same_edition(item.since, edition)
