"""The embedded simulator's engine: a rules engine for BlackPoker 第8.1版 that runs the definitions.

The names below are the engine's only door (at most 25 of them, tests/architecture/test_engine.py): nothing
outside toolchain/sim/ imports one of its modules but through them (tests/architecture/test_layers.py). A few
of them are the engine's modules that its tools read in depth (sim.notation.view, sim.requests.triggered);
the tools themselves (examples, transcripts, random play, the design guidelines' searches, the figures'
board views) are toolchain.simtools, which imports the engine and which the engine never imports.

    from toolchain import sim
    engine = sim.Engine(defs)                   # the definitions compiled, once
    engine.problems                             # what it cannot compile (BP031)
    game = sim.Game.new(engine, "lite", "entry20", seed=7, agents=(sim.RandomAgent(1), sim.RandomAgent(2)))
    game.legal_requests()                       # [sim.PASS, RequestOption, …] at [3]
    game.apply(option); game.play(); game.clone()
    game = sim.Game.new(engine, "lite", "entry20", seed=7, agents=None)   # every decision public:
    game.decision(); game.legal_decisions(); game.apply(index); game.undo(); sim.state_hash(game)
    game.rerun(alter)                           # played again from the last stable point, its state altered (property tests)
    game.regulation; game.first_player          # (format id, frame id); the seat that went first (先攻)
    sim.Game.new(engine, "lite", "entry20", seed=7, agents=None, first=1)   # the players agreed who starts (no 2.9.2)
    game = sim.from_situation(engine, {"you": {"hand": "♠5 ♡9"}, "opponent": {"field": "♣4"}})   # agents=None: every decision public
    sim.observe(game, seat)                     # what one player sees (2.11.1); agents get it as decision.observation
                                                # and the options as decision.options (sim.observation.OptionSeen), and answer with an index
    sim.observation.seen_zones(sim.observe(game, seat).opponent)   # … zone by zone in the notation (the examples' sees:)
    sim.telling.tell(game, kind, data, seat)    # an event (a Game's observer hears it) as `seat` is told it (a Told)
    sim.telling.tell_decision(decision, index, seat)   # a decision taken (a Game's recorder hears it), as `seat` is told it
    sim.refusal.refusal(game, seat, "up", ("♡3",))   # why a request is refused (a key of sim.refusal.REASONS, each with its
                                                # rulebook item), or None; a key soldier by id: unit=board's character id
    sim.refusal.reasons(game, seat, "up", ("♡3",))   # every reason it is refused, in the order of sim.refusal.REASONS
    sim.refusal.refusals(game, seat)            # why each action not offered to the seat now is not (action id → reason)
    sim.PolicyAgent(seat)                       # plays by rules of thumb; sim.agents.RestrictedAgent(agent, restriction)
                                                # never takes what a sim.agents.Restriction refuses (restricted play)
    sim.compiled()                              # whether the modules running are the ones mypyc compiled (native.py)
"""

from __future__ import annotations

from . import native

__path__ = native.search_path(__path__)  # the modules compiled by mypyc first, when they are current (native.py)

# the modules the tools read in depth: their names are part of the door
from . import abilities, agents, cards, errors, flow, notation, observation, refusal, requests, ruleset, situation, state, telling
from .agents import Decision, RandomAgent
from .engine import Engine
from .game import Game
from .native import running_compiled as compiled
from .observation import observe
from .policy import PolicyAgent
from .requests import PASS, RequestOption
from .situation import from_situation
from .statehash import state_hash
from .tally import Tally

__all__ = [
    "Decision", "Engine", "Game", "PASS", "PolicyAgent", "RandomAgent", "RequestOption", "Tally", "compiled", "from_situation",
    "observe", "state_hash",
    # modules
    "abilities", "agents", "cards", "errors", "flow", "notation", "observation", "refusal", "requests", "ruleset", "situation", "state",
    "telling",
]
