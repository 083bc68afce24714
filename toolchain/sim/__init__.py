"""The embedded simulator: a rules engine for BlackPoker 第8.1版 that runs the definitions.

The names below are the simulator's only door: nothing outside toolchain/sim/ imports one of
its modules (tests/architecture/test_layers.py).

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
    sim.board(game)                             # what a figure draws: sides, zones, characters, the stage; who went first
                                                # (.first), each request's keycards and key soldier (.keycards, .key_unit)
    sim.observe(game, seat)                     # what one player sees (2.11.1); agents get it as decision.observation
                                                # and the options as decision.options (sim.OptionSeen), and answer with an index
    sim.seen_zones(sim.observe(game, seat).opponent)   # … zone by zone in the notation (the examples' sees:)
    sim.run_examples(engine, tally=sim.Tally())  # every action's examples (bp check); what they showed of the programs
    sim.run_example(engine, action, example)    # one example (a model Example), as bp check runs it
    sim.run_ruling_examples(engine)             # every ruling's examples (definitions/rulings.yaml)
    sim.position(game, seat)                    # the situation as `seat` knows it, in the examples' notation (given:)
    draft = sim.ExampleDraft(engine, game, seat)    # that position, `you` to request: draft.decision(), draft.apply(i),
    draft.example(name)                         # … then the example (given, request, choices, expect)
    sim.tell(game, kind, data, seat)            # an event (a Game's observer hears it) as `seat` is told it (a Told)
    sim.tell_decision(decision, index, seat)    # a decision taken (a Game's recorder hears it), as `seat` is told it
    sim.start_game(engine, header)              # the game a transcript's game line describes (seed, first player, given)
    sim.refusal(game, seat, "up", ("♡3",))      # why a request is refused (a key of sim.REFUSAL_REASONS, each with its
                                                # rulebook item), or None; a key soldier by id: unit=board's character id
    sim.refusal_reasons(game, seat, "up", ("♡3",))   # every reason it is refused, in the order of sim.REFUSAL_REASONS
    sim.refusals(game, seat)                    # why each action not offered to the seat now is not (action id → reason)
    sim.play(engine, "pro", "strategy", 100, seed=7)   # random games with the invariants (bp sim)
    sim.play(…, coverage=sim.Coverage())        # + how often each action, character, fog entry was played (bp sim --coverage)
    sim.play(…, agent="policy")                 # played by sim.PolicyAgent (rules of thumb) instead of RandomAgent
    sim.play_tally(engine, "pro", "strategy", seed, restriction=sim.Restriction(frozenset({"kill"})), restricted_seat=1)
                                                # one game, one seat's agent forbidden an action (or trumps' cards): a sim.GameTally
    sim.RestrictedAgent(agent, restriction)     # any agent, never taking what the restriction refuses (restricted play)
    sim.find_loop(game); sim.first_turn_win(game)   # the design guidelines' bounded searches (guideline_search.py)
    sim.double_trigger(engine, ("pro", "strategy"))  # two 誘発-通常-メイン requests at once, in random games
    sim.compiled()                              # whether the modules running are the ones mypyc compiled (native.py)
"""

from __future__ import annotations

from . import native

__path__ = native.search_path(__path__)  # the modules compiled by mypyc first, when they are current (native.py)

from .agents import Agent, Decision, Glance, RandomAgent, RestrictedAgent, Restriction, ScriptedAgent, ScriptError, scripted_agents
from .cards import text as card_text
from .engine import Engine, ProgramProblem
from .errors import EngineError, IllegalRequest, ProgramError
from .game import Game
from .notation import option_text
from .observation import CharacterSeen, Observation, OptionSeen, RequestSeen, SideSeen, observe, seen_option_text, seen_zones
from .policy import PolicyAgent
from .refusal import REASONS as REFUSAL_REASONS, reasons as refusal_reasons, refusal, refusals
from .requests import PASS, RequestOption
from .native import running_compiled as compiled
from .ruleset import Ruleset
from .situation import from_situation
from .statehash import state_hash
from .tally import Tally
from .state import Character, Request, State
from .telling import Told, tell, tell_decision

__all__ = [
    "Agent", "Character", "CharacterSeen", "Decision", "Engine", "EngineError", "Game", "Glance", "IllegalRequest",
    "Observation", "OptionSeen", "PASS", "PolicyAgent", "ProgramError", "ProgramProblem", "REFUSAL_REASONS",
    "RandomAgent", "Request", "RequestOption", "RequestSeen", "RestrictedAgent", "Restriction", "Ruleset",
    "ScriptError", "ScriptedAgent", "SideSeen", "State", "Tally", "Told", "card_text", "compiled", "from_situation",
    "observe", "option_text", "refusal", "refusal_reasons", "refusals", "scripted_agents", "seen_option_text",
    "seen_zones", "state_hash", "tell", "tell_decision",
]
