"""Games per second of a balance run (bp balance's machinery: the standard agents and every restricted agent
of a regulation), on one core and on a local Dask cluster; and the policy agent's speed against the random
agent's, with the share of its time the agent itself takes.

    .venv/bin/python benchmarks/balance.py [--games 60] [--workers 2] [--seed 3]

"one core" plays every batch of a regulation in this process; "cluster" starts a LocalCluster of --workers
processes (one thread each) and plays the same batches there, and says whether they gave the same records.
Both are wall clock, from the first game to the last; the cluster's start and its workers' engines (built once
per worker) come before the clock. "cpu games/s" counts this process's CPU time (the steadier figure on a
shared machine). The agents' comparison plays bp sim's games with each agent, in alternating rounds, by CPU
time, and times the agent's decisions apart from the engine's work ("agent share"); the goal is the policy
agent within 1.5× of the random agent's games/s (issue 26).
"""

from __future__ import annotations

import argparse
import sys
import time
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import conditions  # noqa: E402  (this folder, on the path of a script run from it)
from toolchain import sim, simtools  # noqa: E402
from toolchain.balance import run as balance_run  # noqa: E402
from toolchain.balance.work import DaskRunner, Runner  # noqa: E402
from toolchain.model.loader import load_definitions  # noqa: E402

REGULATIONS = (("lite", "entry20"), ("master", "extra"))
SPEED_GOAL = 1.5


def pad(text: str, width: int) -> str:
    return text + " " * max(0, width - sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text))


class _Timed:
    """An agent whose decisions are timed apart from the engine's work."""

    spent = 0.0

    def __init__(self, inner: sim.agents.Agent) -> None:
        self.inner = inner

    def choose(self, decision: sim.Decision) -> int:
        started = time.perf_counter()
        index = self.inner.choose(decision)
        _Timed.spent += time.perf_counter() - started
        return index


def agents(engine: sim.Engine, games: int, seed: int, rounds: int = 6) -> None:
    """The two agents' games/s by this process's CPU time, played in alternating rounds (as scripts/sim-compare
    does: on a machine other work shares, the two then meet the same load)."""
    print(f"{'agents':<24} {'random games/s':>15} {'policy games/s':>15} {'ratio':>7} {'policy: agent share':>20} {'turns r/p':>10}")
    for fmt, frame in REGULATIONS:
        cpu = {"random": 0.0, "policy": 0.0}
        turns = {"random": 0, "policy": 0}
        per_round = max(1, games // rounds)
        for name in cpu:
            simtools.play(engine, fmt, frame, 10, seed + 1, agent=name, check=False)  # warm up
        for number in range(rounds):
            for name in cpu:
                started = time.process_time()
                stats = simtools.play(engine, fmt, frame, per_round, seed + number, agent=name, check=False)
                cpu[name] += time.process_time() - started
                turns[name] += stats.turns
        rates = {name: per_round * rounds / max(spent, 1e-9) for name, spent in cpu.items()}
        shares = {}
        for name in cpu:
            _Timed.spent, started = 0.0, time.perf_counter()
            for game_seed in simtools.game_seeds(seed, per_round):
                pair = (_Timed(simtools.AGENTS[name](game_seed * 2 + 1)), _Timed(simtools.AGENTS[name](game_seed * 2 + 2)))
                sim.Game.new(engine, fmt, frame, seed=game_seed, agents=pair).play(200)
            shares[name] = _Timed.spent / max(time.perf_counter() - started, 1e-9)
        ratio = rates["random"] / rates["policy"]
        played = per_round * rounds
        print(f"{pad(engine.ruleset(fmt, frame).name, 24)} {rates['random']:>15.0f} {rates['policy']:>15.0f} {ratio:>6.2f}× "
              f"{shares['policy'] * 100:>19.0f}% {turns['random'] / played:>4.1f}/{turns['policy'] / played:<4.1f}")
        print(f"  goal: policy within {SPEED_GOAL}× of random: {'met' if ratio <= SPEED_GOAL else 'NOT met'} ({ratio:.2f}×; "
              f"the random agent's own share {shares['random'] * 100:.0f}%)")


def _build_engine(digest: str, definitions: object) -> None:
    from toolchain.balance.work import engine_for

    engine_for(digest, definitions)  # type: ignore[arg-type]


def balance(definitions: object, games: int, seed: int, workers: int) -> None:
    rules = balance_run.Rules.of("working tree", definitions)  # type: ignore[arg-type]
    settings = balance_run.Settings(seed=seed, games=games)
    plan = balance_run.make_plan([rules], list(REGULATIONS), settings)
    balance_run.calibrate(plan, Runner(), lambda _: None)  # as bp balance: the batches sized by the measured rate
    batches = balance_run.batches(plan)
    print(f"{'balance run':<24} {'games':>7} {'one core games/s':>17} {'cpu games/s':>12} {f'cluster ×{workers} games/s':>20} {'speed-up':>9}")
    one: list = []
    many: list = []
    from distributed import LocalCluster

    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None, host="127.0.0.1") as cluster:
        for regulation in plan.regulations:
            mine = [batch for batch in batches if (batch.format_id, batch.frame_id) == (regulation.format_id, regulation.frame_id)]
            total = sum(len(batch.seeds) for batch in mine)
            cpu, started = time.process_time(), time.perf_counter()
            one += Runner().run(mine, lambda _: None)
            wall, cpu = time.perf_counter() - started, time.process_time() - cpu
            runner = DaskRunner(cluster.scheduler_address, {rules.digest: rules.definitions})  # its engines built before the clock
            runner.client.run(_build_engine, rules.digest, rules.definitions)
            started = time.perf_counter()
            many += runner.run(mine, lambda _: None)  # closes its client
            cluster_wall = time.perf_counter() - started
            print(f"{pad(regulation.name, 24)} {total:>7} {total / wall:>17.0f} {total / cpu:>12.0f} {total / cluster_wall:>20.0f} "
                  f"{wall / cluster_wall:>8.2f}×")
    same = sorted((b.name, r) for b, r in one) == sorted((b.name, r) for b, r in many)
    print(f"  the same games on the cluster: {'yes' if same else 'NO'} ({len(one)} batches)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games per agent of the balance run")
    parser.add_argument("--agent-games", type=int, default=300, help="games per agent for the agents' comparison")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=3)
    args, _ = parser.parse_known_args()  # benchmarks/run.py passes its own arguments along
    definitions = load_definitions(ROOT).definitions
    engine = sim.Engine(definitions)
    print(conditions.describe())
    print(f"engine: {'compiled by mypyc' if sim.compiled() else 'pure Python (make bootstrap compiles it)'}")
    agents(engine, args.agent_games, args.seed)
    balance(definitions, args.games, args.seed, args.workers)


if __name__ == "__main__":
    main()
