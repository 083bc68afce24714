"""Coverage of random play: how often each action was offered, requested, resolved and negated, how
often each character came onto the field, and each fog entry got a card; and, for what never
happened, why (its keycards cannot be made from the frame's deck, it was never legal, or it was
legal but never chosen).

    coverage = Coverage()
    play(engine, "lite", "entry20", 2000, seed, coverage=coverage)
    coverage.unplayed(ruleset)      # [(kind, id, name, reason), …]
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..i18n import N_, _
from ..sim.refusal import refusal
from ..sim.requests import hand_enumerator, key_options

if TYPE_CHECKING:  # pragma: no cover
    from ..sim.agents import Decision
    from ..sim import Game
    from ..sim.ruleset import Ruleset

ACTION_COUNTS = ("offered", "requested", "resolved", "negated")


@dataclass
class Coverage:
    """Counts over many games of one regulation (merge() adds another's)."""

    offered: Counter[str] = field(default_factory=Counter)  # decisions at [3] where the action was a legal request
    requested: Counter[str] = field(default_factory=Counter)  # made by a player, or triggered (6.4.1)
    resolved: Counter[str] = field(default_factory=Counter)  # resolved with effect (2.10.4)
    negated: Counter[str] = field(default_factory=Counter)  # 無効: off the stage without effect
    characters: Counter[str] = field(default_factory=Counter)  # came onto the field, by character id
    fog: Counter[str] = field(default_factory=Counter)  # a card put in the fog by the entry's action
    refused: dict[str, Counter[str]] = field(default_factory=dict)  # why a never-offered action was refused (refusal.REASONS)
    deck: tuple[int, ...] = ()  # a deck of the frame (the first game's), to tell what it cannot make

    def merge(self, other: Coverage) -> None:
        for name in (*ACTION_COUNTS, "characters", "fog"):
            getattr(self, name).update(getattr(other, name))
        for action, reasons in other.refused.items():
            self.refused.setdefault(action, Counter()).update(reasons)
        self.deck = self.deck or other.deck

    # -- what never happened, and why -----------------------------------------------------------
    def _unmakeable(self, pattern: Any) -> bool:
        """Whether no cards of the frame's deck make the keycards pattern (エントリー20's 20 cards)."""
        return pattern is not None and bool(self.deck) and not hand_enumerator(pattern)(list(self.deck))

    def action_reason(self, spec: Any, say: Callable[[str], str] = str) -> str:
        """Why the action was never requested, in English (the report's data), or as `say` translates it."""
        if spec.key_from == "hand" and self._unmakeable(spec.pattern):
            return say(N_("unreachable: its keycards cannot be made from the frame's deck"))
        if spec.trigger == "triggered":
            return say(N_("never triggered in the games played"))
        if self.offered[spec.id]:
            return say(N_("legal {times} times, but never chosen")).format(times=self.offered[spec.id])
        reasons = self.refused.get(spec.id)
        if not reasons:
            return say(N_("never legal in the games played"))
        return say(N_("never legal in the games played: refused for {reasons}")).format(
            reasons=", ".join(f"{why} {n}" for why, n in reasons.most_common(3)))

    def unplayed(self, rules: Ruleset, say: Callable[[str], str] = str) -> list[dict[str, str]]:
        """Every action of the regulation never requested, character never on the field and fog entry
        never used, with the reason (English in the data, translated by `say` where it is printed)."""
        found = [
            {"kind": "action", "id": spec.id, "name": spec.name, "reason": self.action_reason(spec, say)}
            for spec in rules.actions if not self.requested[spec.id]
        ]
        for character in rules.format_characters:
            if not self.characters[character.id]:
                reason = (say(N_("unreachable: its keycards cannot be made from the frame's deck")) if self._unmakeable(character.pattern)
                          else say(N_("never came onto the field in the games played")))
                found.append({"kind": "character", "id": character.id, "name": character.definition.name, "reason": reason})
        for entry, action in fog_entries(rules):
            if not self.fog[entry.id]:
                reason = say(N_("its action {action} never resolved")).format(action=action.name) if not self.resolved[action.id] \
                    else say(N_("no card reached the fog"))
                found.append({"kind": "fog", "id": entry.id, "name": entry.name, "reason": reason})
        return found

    def as_dict(self, rules: Ruleset) -> dict[str, Any]:
        return {
            "actions": {spec.id: {name: getattr(self, name)[spec.id] for name in ACTION_COUNTS} for spec in rules.actions},
            "characters": {c.id: self.characters[c.id] for c in rules.format_characters},
            "fog": {entry.id: self.fog[entry.id] for entry, _ in fog_entries(rules)},
            "unplayed": self.unplayed(rules),
        }

    def lines(self, rules: Ruleset) -> list[str]:
        width = max((_columns(spec.name) for spec in rules.actions), default=0) + 2
        heads = [(_("offered"), 8), (_("requested"), 9), (_("resolved"), 8), (_("negated"), 7)]
        out = ["  " + _pad(_("action"), width) + "".join(" " + " " * max(0, size - _columns(head)) + head for head, size in heads)]
        for spec in rules.actions:
            out.append(f"  {_pad(spec.name, width)} {self.offered[spec.id]:8} {self.requested[spec.id]:9} "
                       f"{self.resolved[spec.id]:8} {self.negated[spec.id]:7}")
        out.append("  " + _("characters: {counts}").format(
            counts=", ".join(f"{c.definition.name} {self.characters[c.id]}" for c in rules.format_characters)))
        fog = fog_entries(rules)
        if fog:
            out.append("  " + _("fog: {counts}").format(counts=", ".join(f"{entry.name} {self.fog[entry.id]}" for entry, _action in fog)))
        for item in self.unplayed(rules, _):
            out.append("  " + _("never played: {kind} {name}: {reason}").format(kind=_(_KINDS[item["kind"]]), name=item["name"], reason=item["reason"]))
        return out


_KINDS = {"action": N_("action"), "character": N_("character"), "fog": N_("fog entry")}  # as the lines name them


def _columns(text: str) -> int:
    """The width of a text on a terminal: wide (全角) characters take two columns."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - _columns(text))


def fog_entries(rules: Ruleset) -> list[tuple[Any, Any]]:
    """(fog entry, its action spec) for the fog and frame fog whose action the regulation has."""
    actions = {spec.id: spec for spec in rules.actions}
    defs = rules.defs
    return [(entry, actions[entry.action]) for entry in (*defs.fog, *defs.frame_fog) if entry.action in actions]


class CoverageObserver:
    """Counts one game into a Coverage: hook it as the game's observer and recorder (it passes both on)."""

    def __init__(self, coverage: Coverage, rules: Ruleset, observer: Any = None, recorder: Any = None) -> None:
        self.coverage = coverage
        self.observer, self.recorder = observer, recorder
        self.game: Game | None = None
        self.seen: set[tuple[int, str]] = set()  # (character id, character) counted: 装備 makes a soldier an 装備兵
        self.fog_of: dict[str, list[str]] = {}
        for entry, action in fog_entries(rules):
            self.fog_of.setdefault(action.id, []).append(entry.id)

    def attach(self, game: Game) -> None:
        """The game, once Game.new has set it up (its preset characters count as coming onto the field)."""
        self.game = game
        self._characters()
        if not self.coverage.deck:
            self.coverage.deck = tuple(game.state.players[0].deck)

    def decision(self, decision: Decision, index: int) -> None:
        if decision.kind == "request":
            offered = {action for action in decision.actions if action != "pass"}
            self.coverage.offered.update(offered)
            if self.game is not None:
                self._refused(self.game, decision.player, offered)
        if self.recorder is not None:
            self.recorder(decision, index)

    def observe(self, kind: str, data: Any) -> None:
        coverage = self.coverage
        if kind == "request":
            coverage.requested[data.action.id] += 1
        elif kind == "resolve":
            request, effective = data
            if effective:
                coverage.resolved[request.action.id] += 1
                self._fog(request)
            self._characters()
        elif kind == "negate":
            coverage.negated[data.action.id] += 1
        if self.observer is not None:
            self.observer(kind, data)

    def _refused(self, game: Game, seat: int, offered: set[str]) -> None:
        """For the actions never offered so far, why not now (the first way to make them, as sim.refusal says)."""
        coverage = self.coverage
        for spec in game.ruleset.direct:
            if spec.id in offered or coverage.offered[spec.id]:
                continue
            ways = key_options(game, spec, seat)
            reason = refusal(game, seat, spec, *ways[0]) if ways else "keycards"
            coverage.refused.setdefault(spec.id, Counter())[reason or "legal"] += 1

    def _characters(self) -> None:
        if self.game is None:
            return
        for character in self.game.state.characters():
            key = (character.id, character.component)
            if key not in self.seen:
                self.seen.add(key)
                self.coverage.characters[character.component] += 1

    def _fog(self, request: Any) -> None:
        entries = self.fog_of.get(request.action.id)
        if entries and self.game is not None and any(k in self.game.state.players[request.controller].fog for k in request.keys):
            for entry in entries:
                self.coverage.fog[entry] += 1
