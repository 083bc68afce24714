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
    game = sim.from_situation(engine, {"you": {"hand": "♠5 ♡9"}, "opponent": {"field": "♣4"}})
    sim.board(game)                             # what a figure draws: sides, zones, characters, the stage
    sim.observe(game, seat)                     # what one player sees (2.11.1); agents get it as decision.observation
                                                # and the options as decision.options (sim.OptionSeen), and answer with an index
    sim.run_examples(engine)                    # every action's examples (bp check)
    sim.run_ruling_examples(engine)             # every ruling's examples (definitions/rulings.yaml)
    sim.refusal(game, seat, spec, keys, unit)   # why a request is refused (a key of sim.REFUSAL_REASONS), or None
    sim.play(engine, "pro", "strategy", 100, seed=7)   # random games with the invariants (bp sim)
    sim.play(…, coverage=sim.Coverage())        # + how often each action, character, fog entry was played (bp sim --coverage)
    sim.play(…, agent="policy")                 # played by sim.PolicyAgent (rules of thumb) instead of RandomAgent
    sim.compiled()                              # whether the modules running are the ones mypyc compiled (native.py)
"""

from __future__ import annotations

from . import native

__path__ = native.search_path(__path__)  # the modules compiled by mypyc first, when they are current (native.py)

from .agents import Agent, Decision, RandomAgent, ScriptedAgent, ScriptError, scripted_agents
from .cards import text as card_text
from .coverage import Coverage
from .engine import Engine, ProgramProblem
from .errors import EngineError, IllegalRequest, ProgramError
from .examples import Outcome, run_all as run_examples, run_rulings as run_ruling_examples
from .game import Game
from .notation import option_text
from .observation import ACCESS, Observation, OptionSeen, observe, seen_option_text
from .policy import PolicyAgent
from .randomplay import AGENTS, Stats, game_seeds, play, play_one
from .refusal import REASONS as REFUSAL_REASONS, refusal
from .requests import PASS, RequestOption
from .native import running_compiled as compiled
from .ruleset import Ruleset
from .situation import from_situation
from .statehash import state_hash
from .state import Character, Request, State
from .transcript import Recorder, Replayed, TranscriptWriter, digest, games as transcript_games, replay_game
from .views import BoardView, CharacterView, RequestView, SideView, TargetView, board

__all__ = [
    "ACCESS", "AGENTS", "Agent", "BoardView", "Character", "CharacterView", "Coverage", "Decision", "Engine", "EngineError", "Game",
    "IllegalRequest", "Observation", "OptionSeen", "Outcome", "PASS", "PolicyAgent", "ProgramError", "ProgramProblem", "REFUSAL_REASONS",
    "RandomAgent", "Recorder", "Replayed", "Request", "RequestOption", "RequestView", "Ruleset", "ScriptError", "ScriptedAgent", "SideView",
    "State", "Stats", "TargetView", "TranscriptWriter", "board", "card_text", "compiled", "digest", "from_situation", "game_seeds", "observe",
    "option_text", "play", "play_one", "refusal", "replay_game", "run_examples", "run_ruling_examples", "scripted_agents", "seen_option_text", "state_hash",
    "transcript_games",
]
