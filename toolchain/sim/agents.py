"""Players' decisions: which request or pass, costs, targets, cards, hit or stand.

An agent gets a Decision (whose seat, what kind, the options) and returns the index of the
option it takes. RandomAgent plays uniformly at random (seeded); ScriptedAgent follows a list
of option texts (examples, scenario tests, replays).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .observation import Observation


class Decision:
    """One choice for one seat: the contract every agent implements `choose` against.

    seat         the deciding player (0 / 1)
    kind         request (at [3], PASS among the options), cost, target, choose, option, order, buffer, setup
    prompt       what is asked, in Japanese (`対象`, `D: 捨てる手札`, `表にする切札`, …)
    options      the legal options (engine objects; an agent answers with an index)
    texts()      the options as the notation writes them (stable; scripts and transcripts use these)
    seen_texts() the options as the deciding player sees them (the other player's face-down cards as `?`)
    observation  what the deciding player sees of the game (2.11.1, sim.Observation)
    """

    __slots__ = ("game", "player", "kind", "prompt", "options", "_observation")

    def __init__(self, game: Game, player: int, kind: str, prompt: str, options: list) -> None:
        self.game, self.player, self.kind, self.prompt, self.options = game, player, kind, prompt, options
        self._observation: Observation | None = None

    @property
    def seat(self) -> int:
        return self.player

    @property
    def observation(self) -> Observation:
        if self._observation is None:
            from .observation import observe

            self._observation = observe(self.game, self.player)
        return self._observation

    def text(self, index: int) -> str:
        """The option as the notation writes it, seen from the deciding seat (`opponent:♢3`, `アップ ★♡3`)."""
        from .notation import option_text

        return option_text(self.game, self.options[index], self.player, targets=self.kind == "target")

    def texts(self) -> list[str]:
        return [self.text(i) for i in range(len(self.options))]

    def seen_texts(self) -> list[str]:
        from .observation import seen_option_text

        return [seen_option_text(self.game, option, self.player, targets=self.kind == "target") for option in self.options]


class Agent(Protocol):
    def choose(self, decision: Decision) -> int: ...


class RandomAgent:
    """Uniformly random; for requests, first an action (or pass) and then one way to make it."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, decision: Decision) -> int:
        options = decision.options
        if decision.kind != "request":
            return self.rng.randrange(len(options))
        groups: dict[str, list[int]] = {}
        for i, option in enumerate(options):
            groups.setdefault(getattr(getattr(option, "action", None), "id", "pass"), []).append(i)
        indices = list(groups.values())[self.rng.randrange(len(groups))]
        return indices[self.rng.randrange(len(indices))]


class ScriptError(ValueError):
    """A scripted choice that is not among the options (or a script that ran out)."""

    def __init__(self, message: str, decision: Decision | None = None) -> None:
        super().__init__(message)
        self.decision = decision


class ScriptedAgent:
    """Takes the options named by a script, in order: an option's text or its index.

    Several agents may share one script (a list), so that a scenario reads in the order the
    decisions come. With `fallback`, decisions after the script go to another agent.
    """

    def __init__(self, script: list[str | int] | None = None, fallback: Agent | None = None) -> None:
        self.script = script if script is not None else []
        self.fallback = fallback
        self.log: list[tuple[str, str]] = []  # (prompt, text) of every decision taken

    def choose(self, decision: Decision) -> int:
        if not self.script:
            if self.fallback is None:
                raise ScriptError(f"no choice scripted for {decision.prompt}: {' | '.join(decision.texts())}", decision)
            return self.fallback.choose(decision)
        wanted = self.script.pop(0)
        index = wanted if isinstance(wanted, int) else find_option(decision, wanted)
        self.log.append((decision.prompt, decision.text(index)))
        return index


def find_option(decision: Decision, wanted: str) -> int:
    texts = decision.texts()
    if wanted in texts:
        return texts.index(wanted)
    # A card or character may be named without its owner when that is unambiguous.
    loose = [i for i, text in enumerate(texts) if text.split(":", 1)[-1] == wanted]
    if len(loose) == 1:
        return loose[0]
    raise ScriptError(f"'{wanted}' is not an option of {decision.prompt}: {' | '.join(texts)}", decision)


def scripted_agents(script: Iterable[Any], seats: int = 2, fallback: Agent | None = None) -> list[ScriptedAgent]:
    """Agents for every seat that read one script, in the order decisions are asked."""
    queue = list(script)
    return [ScriptedAgent(queue, fallback) for _ in range(seats)]
