"""The tools built on the simulator's engine (toolchain.sim): they import it, it never imports them."""

from __future__ import annotations

from .coverage import Coverage
from .example_writer import ExampleDraft, position
from .examples import Outcome, default_regulation, run as run_example, run_all as run_examples, run_rulings as run_ruling_examples
from .guideline_search import DoubleTrigger, Loop, double_trigger, example_situations, find_loop, first_turn_win, start_positions
from .randomplay import AGENTS, PROCESSES_PER_CORE, GameTally, Stats, game_seeds, play, play_one, play_tally, worker_cap
from .treesearch import DEFAULT_BUDGET as SEARCH_BUDGET, SearchAgent
from .transcript import (Recorder, Replayed, TranscriptWriter, digest, finished as transcript_finished, games as transcript_games,
                         replay_game, start_game)
from .views import BoardView, CharacterView, RequestView, SideView, TargetView, board

__all__ = [
    "AGENTS", "BoardView", "CharacterView", "Coverage", "DoubleTrigger", "ExampleDraft", "GameTally", "Loop", "Outcome",
    "PROCESSES_PER_CORE", "Recorder", "Replayed", "RequestView", "SEARCH_BUDGET", "SearchAgent", "SideView", "Stats", "TargetView", "TranscriptWriter", "board",
    "default_regulation", "digest", "double_trigger", "example_situations", "find_loop", "first_turn_win", "game_seeds", "play",
    "play_one", "play_tally", "position", "replay_game", "run_example", "run_examples", "run_ruling_examples", "start_game",
    "start_positions", "transcript_finished", "transcript_games", "worker_cap",
]
