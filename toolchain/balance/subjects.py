"""What a balance run restricts in a regulation (restricted play, Jaffe et al., AIIDE 2012): each action a
player chooses, each trump and each character, one at a time; and, for what cannot be restricted, why.

    subjects(engine, "master", "extra")   # [Subject, …]: actions, then trumps, then characters

A restricted agent is the standard agent forbidden something: an action (it never requests it), a trump (it
never takes that trump's card as a trump at the game start, so the trump never comes face up for it) or a
character (it never requests an action that puts that character on the field: the actions whose `summons`
name it). Everything is read from the definitions; nothing here names an action, trump or character.
Two subjects forbidding the same (英雄 and 英雄召喚, the one action that summons it) share their games.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any

from .. import sim
from ..balancepage.words import REASONS  # said on the report's page too
from ..i18n import _

KINDS = ("action", "trump", "character")

# The step of the effect language by which the turn passes (model/effect_language.py): an action whose program
# holds it is how a turn ends, and an agent forbidden it would hold the turn for ever.
PASS_TURN_STEP = "pass_turn"


@dataclass(frozen=True)
class Subject:
    """One thing a restricted agent is forbidden, or the reason it is not restricted."""

    kind: str  # action / trump / character
    id: str
    name: str
    actions: tuple[str, ...] = ()  # the actions the restricted agent never requests
    trump_cards: tuple[str, ...] = ()  # the cards it never takes as trumps (`♠2`)
    reason: str | None = None  # a key of REASONS when it is not restricted

    @property
    def restricted(self) -> bool:
        return self.reason is None

    @property
    def key(self) -> str:
        """The restricted agent it makes: subjects of one key play the same games."""
        return "forbid:" + ",".join(self.actions) + "|" + ",".join(self.trump_cards)

    @property
    def label(self) -> str:
        """`kind:id`, unique in a regulation (an action and a trump may share an id: 激励)."""
        return f"{self.kind}:{self.id}"


def selected(found: list[Subject], names: tuple[str, ...]) -> list[Subject]:
    """The subjects with only those named (by id or name, `kind:id` where an id is shared) still restricted; the
    others not measured. ValueError names what matches nothing."""
    if not names:
        return found
    unknown = [name for name in names if not any(name in (s.id, s.name, s.label) for s in found)]
    if unknown:
        raise ValueError(_("nothing named {names}: name an action, trump or character by id or name").format(
            names=", ".join(repr(u) for u in unknown)))
    return [s if not s.restricted or any(name in (s.id, s.name, s.label) for name in names)
            else replace(s, actions=(), trump_cards=(), reason="not-selected") for s in found]


def _holds_step(program: Any, step: str) -> bool:
    if isinstance(program, Mapping):
        return step in program or any(_holds_step(value, step) for value in program.values())
    if isinstance(program, (list, tuple)):
        return any(_holds_step(item, step) for item in program)
    return False


def subjects(engine: sim.Engine, format_id: str, frame_id: str) -> list[Subject]:
    """Every action, trump and character of the regulation, as a restricted agent's subject or with the reason it is not one."""
    rules = engine.ruleset(format_id, frame_id)
    return [*_actions(rules), *_trumps(rules), *_characters(rules)]


def _actions(rules: sim.ruleset.Ruleset) -> Iterator[Subject]:
    for spec in rules.actions:
        reason = None
        if spec.trigger != "direct":
            reason = "triggered"
        elif _holds_step(spec.action.program, PASS_TURN_STEP):
            reason = "passes-turn"
        yield Subject("action", spec.id, spec.name, (spec.id,) if reason is None else (), reason=reason)


def _trumps(rules: sim.ruleset.Ruleset) -> Iterator[Subject]:
    for trump in rules.trumps:
        codes = rules.trump_codes.get(trump.id, frozenset())
        cards = tuple(sorted({sim.cards.text(code) for code in codes}))
        yield Subject("trump", trump.id, trump.name, trump_cards=cards, reason=None if cards else "no-card")


def _characters(rules: sim.ruleset.Ruleset) -> Iterator[Subject]:
    direct = [spec for spec in rules.direct if not _holds_step(spec.action.program, PASS_TURN_STEP)]
    for character in rules.format_characters:
        summoners = tuple(spec.id for spec in direct if character.id in spec.action.summons)
        yield Subject("character", character.id, character.definition.name, summoners,
                      reason=None if summoners else "not-summoned")
