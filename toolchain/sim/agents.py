"""Players' decisions: which request or pass, costs, targets, cards, hit or stand.

An agent gets a Decision (whose seat, what kind, the options) and returns the index of the
option it takes. RandomAgent plays uniformly at random (seeded); ScriptedAgent follows a list
of option texts (examples, scenario tests, replays).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Protocol

from mypy_extensions import mypyc_attr

from ..i18n import _
from .errors import EngineError

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .observation import Observation, OptionSeen


GRAVEYARD_TOP = "墓地の一番上"  # the prompt of the owner's choice of the public top card (2.11.1), and how a script names it


class Decision:
    """One choice for one seat: the contract every agent implements `choose` against. An agent sees
    what the deciding player may see (2.11.1) and answers with the index of the option it takes.

    seat         the deciding player (0 / 1)
    kind         request (at [3], PASS among the options), cost, target, choose, option, order, buffer, setup
    prompt       what is asked, in Japanese (`対象`, `D: 捨てる手札`, `表にする切札`, …)
    forced       a choice of one: the engine takes it without asking (transcripts still record it)
    options      the legal options as the deciding player sees them (sim.OptionSeen: text, kind, ref, …)
    observation  what the deciding player sees of the game (2.11.1, sim.Observation)
    len(d)       how many options there are
    texts()      the options as the notation writes them (stable, the referee's view: scripts and transcripts use these)

    The engine objects the options stand for stay inside the simulator. A decision describes the game as it
    stood when it was asked: once taken, what it had not yet worked out is no longer available.
    """

    __slots__ = ("player", "kind", "prompt", "_game", "_options", "_seen", "_observation", "_actions")

    def __init__(self, game: Game, player: int, kind: str, prompt: str, options: list) -> None:
        self.player, self.kind, self.prompt = player, kind, prompt
        self._game: Game | None = game
        self._options = options
        self._seen: tuple[OptionSeen, ...] | None = None
        self._observation: Observation | None = None
        self._actions: tuple[str, ...] | None = None

    def __len__(self) -> int:
        return len(self._options)

    def __repr__(self) -> str:
        return f"Decision(seat {self.player}, {self.kind}, {self.prompt!r}, {len(self._options)} options)"

    @property
    def seat(self) -> int:
        return self.player

    @property
    def forced(self) -> bool:
        return len(self._options) == 1

    def _live(self) -> Game:
        if self._game is None:
            raise EngineError(f"the decision {self.prompt!r} was taken: the game has gone on since")
        return self._game

    def seal(self) -> None:
        """The decision is taken: it keeps what it has worked out, and lets go of the game."""
        self._game = None

    @property
    def options(self) -> tuple[OptionSeen, ...]:
        if self._seen is None:
            from .observation import seen_option

            game, targets = self._live(), self.kind == "target"
            self._seen = tuple(seen_option(game, option, self.player, targets) for option in self._options)
        return self._seen

    @property
    def actions(self) -> tuple[str, ...]:
        """For a request decision: each option's action id (`pass` for PASS), cheaper than `options`."""
        if self._actions is None:
            self._actions = tuple([action.id if (action := getattr(option, "action", None)) is not None else "pass"
                                   for option in self._options])
        return self._actions

    @property
    def observation(self) -> Observation:
        if self._observation is None:
            from .observation import observe

            self._observation = observe(self._live(), self.player)
        return self._observation

    def text(self, index: int) -> str:
        """The option as the notation writes it, seen from the deciding seat (`opponent:♢3`, `アップ ★♡3`)."""
        from .notation import option_text

        return option_text(self._live(), self._options[index], self.player, targets=self.kind == "target")

    def texts(self) -> list[str]:
        return [self.text(i) for i in range(len(self._options))]

    def seen_texts(self) -> list[str]:
        return [option.text for option in self.options]


def engine_options(decision: Decision) -> list:
    """The engine objects a decision's options stand for: for the simulator itself (the protocol, the
    examples' scripts, coverage), never for an agent."""
    return decision._options


class Agent(Protocol):
    def choose(self, decision: Decision) -> int: ...


@mypyc_attr(allow_interpreted_subclasses=True)  # tests and users subclass it
class RandomAgent:
    """Uniformly random; for requests, first an action (or pass) and then one way to make it."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, decision: Decision) -> int:
        # rng.choice(seq) draws as rng.randrange(len(seq)) does (one _randbelow), with less on the way.
        if decision.kind != "request":
            return self.rng.choice(range(len(decision)))
        actions = decision.actions
        chosen = self.rng.choice(list(dict.fromkeys(actions)))  # an action (or pass), each once, in the order they come
        return self.rng.choice([i for i, action in enumerate(actions) if action == chosen])


class ScriptError(ValueError):
    """A scripted choice that is not among the options (or a script that ran out)."""

    def __init__(self, message: str, decision: Decision | None = None, *, ran_out: bool = False) -> None:
        super().__init__(message)
        self.decision = decision
        self.ran_out = ran_out  # no scripted choice was left for `decision`


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
        if decision.kind == "order" and decision.prompt == GRAVEYARD_TOP:
            return self._graveyard_top(decision)
        if not self.script:
            if self.fallback is None:
                raise ScriptError(_("no choice scripted for {prompt}: {options}").format(prompt=decision.prompt, options=" | ".join(decision.texts())),
                                  decision,
                                  ran_out=True)
            return self.fallback.choose(decision)
        wanted = self.script.pop(0)
        index = wanted if isinstance(wanted, int) else find_option(decision, wanted)
        self.log.append((decision.prompt, decision.text(index)))
        return index


    def _graveyard_top(self, decision: Decision) -> int:
        """Which card goes public on top of the graveyard: the one the script names as `墓地の一番上:♠5`;
        unnamed, the card put there last, as it came (a script need not say what it does not care about)."""
        named = self.script[0] if self.script else None
        if isinstance(named, str) and named.startswith(GRAVEYARD_TOP + ":"):
            self.script.pop(0)
            index = find_option(decision, named.split(":", 1)[1].strip())
            self.log.append((decision.prompt, decision.text(index)))
            return index
        if not self.script and self.fallback is not None:
            return self.fallback.choose(decision)
        return len(decision) - 1


def find_option(decision: Decision, wanted: str) -> int:
    texts = decision.texts()
    if wanted in texts:
        return texts.index(wanted)
    # A card or character may be named without its owner when that is unambiguous.
    loose = [i for i, text in enumerate(texts) if text.split(":", 1)[-1] == wanted]
    if len(loose) == 1:
        return loose[0]
    raise ScriptError(_("'{wanted}' is not an option of {prompt}: {options}").format(wanted=wanted, prompt=decision.prompt, options=" | ".join(texts)),
                      decision)


def scripted_agents(script: Iterable[Any], seats: int = 2, fallback: Agent | None = None) -> list[ScriptedAgent]:
    """Agents for every seat that read one script, in the order decisions are asked."""
    queue = list(script)
    return [ScriptedAgent(queue, fallback) for _seat in range(seats)]
