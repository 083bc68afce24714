"""The search player's strength: its win rate against the policy agent at two budgets (simulations per request
decision), with Wilson's 95 % interval, and its time per decision.

    .venv/bin/python benchmarks/search.py [--games 60] [--budgets 8,32] [--regulation lite/entry20] [--workers 2]

Game i is played from seed 1000 + i with the search player at seat i % 2 (so that each seat goes first as often),
against the policy agent (simtools.treesearch.SearchAgent against sim.PolicyAgent). The default budget is
simtools.treesearch.DEFAULT_BUDGET; the goal (issue 37) is an interval above 50 % there.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from toolchain import sim  # noqa: E402
from toolchain.balance import stats  # noqa: E402
from toolchain.model.loader import load_definitions  # noqa: E402
from toolchain.simtools import treesearch as search  # noqa: E402

Z95 = 1.959964
_ENGINE: list[sim.Engine] = []


def one_game(job: tuple[str, str, int, int]) -> tuple[bool, bool, int, int, float]:
    """(the search player won, the game was decided, its decisions searched, simulations, CPU seconds)."""
    format_id, frame_id, budget, index = job
    seat = index % 2
    agents: list = [sim.PolicyAgent(index * 2 + 1), sim.PolicyAgent(index * 2 + 2)]
    player = agents[seat] = search.SearchAgent(index * 2 + 1 + seat, budget)
    started = time.process_time()
    game = sim.Game.new(_ENGINE[0], format_id, frame_id, seed=1000 + index, agents=agents)
    decided = game.play(search.TURN_CAP)
    return game.winner == seat, decided, player.simulations // max(budget, 1), player.simulations, time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--budgets", default=f"8,{search.DEFAULT_BUDGET}")
    parser.add_argument("--regulation", default="lite/entry20")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    format_id, frame_id = args.regulation.split("/")
    _ENGINE.append(sim.Engine(load_definitions(ROOT).definitions))
    print(f"search player against the policy agent, {format_id}/{frame_id}, {args.games} games per budget"
          f" (engine compiled: {sim.compiled()})")
    print(f"{'budget':>6}  {'wins':>9}  {'win rate':>8}  {'95 % Wilson':>15}  {'ms/decision':>11}  verdict")
    with multiprocessing.get_context("fork").Pool(max(1, args.workers)) as pool:
        for budget in (int(b) for b in args.budgets.split(",")):
            results = pool.map(one_game, [(format_id, frame_id, budget, i) for i in range(args.games)])
            wins = sum(won for won, *_rest in results)
            decisions = sum(r[2] for r in results)
            seconds = sum(r[4] for r in results)
            rate = stats.wilson(wins, len(results), Z95)
            verdict = ("stronger" if rate.low > 0.5 else "weaker" if rate.high < 0.5 else "not told apart")
            default = " (default)" if budget == search.DEFAULT_BUDGET else ""
            print(f"{budget:>6}  {wins:>4} / {len(results):<3}  {rate.estimate:>7.1%}  [{rate.low:>5.1%}, {rate.high:>5.1%}]"
                  f"  {1000 * seconds / max(decisions, 1):>11.1f}  {verdict}{default}")


if __name__ == "__main__":
    main()
