"""Games per second of the simulator, per regulation of table 3.1, on one core and with --workers 2
(random agents; the same games either way: every game has its own seed).

    .venv/bin/python benchmarks/sim.py [--games 500] [--seconds 2] [--seed 7] [--check] [--workers 2]

Each regulation plays at least --games games, and more where those would take less than --seconds
on one core (estimated from a first 50): starting the worker processes costs some 10–20 ms, which
in a run of a tenth of a second would be measured instead of the games (timeit's autorange, in
effect), and this host's speed wavers from one second to the next: with a second per regulation one
speed-up in ten read 1.78× where two seconds read 1.84–2.12× (26 November). The number played is
printed on each row.

--check also checks the invariants after every step, as `bp sim` does. The goals on a 2-core
machine (issue 10): ライト + エントリー20 ≥ 1,000 games/s on one core, マスター + エクストラ ≥ 200,
and --workers 2 ≥ 1.8× one core. games/s are wall-clock; "cpu games/s" counts this process's CPU
time only (one core), the steadier figure on a machine other work shares, where the speed-up of the
workers is bounded by the cores that are free. To compare two versions of the engine, run both at the
same time (they then share the machine alike); scripts/sim-fingerprints shows that a faster engine
still plays the same games.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import conditions
from toolchain import sim, simtools
from toolchain.model.loader import load_definitions

GOALS = {("lite", "entry20"): 1000.0, ("master", "extra"): 200.0}
SPEEDUP_GOAL = 1.8


def pad(text: str, width: int) -> str:
    """Left-align by display width (a kana or kanji takes two columns)."""
    return text + " " * max(0, width - sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="play more than --games where they would take less than this on one core")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--check", action="store_true", help="check the invariants after every step")
    parser.add_argument("--workers", type=int, default=2, help="processes for the second column")
    args, _ = parser.parse_known_args()  # benchmarks/run.py passes its own arguments along
    defs = load_definitions(ROOT).definitions
    engine = sim.Engine(defs)
    regulations = [(fmt, frame) for frame, formats in defs.regulations.items() for fmt in formats]
    simtools.play(engine, "lite", "entry20", 20, args.seed, check=False)  # warm up caches
    print(conditions.describe())
    print(f"engine: {'compiled by mypyc' if sim.compiled() else 'pure Python (make bootstrap compiles it; BP_PURE_PYTHON=1 keeps it)'}")
    many = f"×{args.workers}"
    print(f"{'regulation':<24} {'games/s':>8} {'cpu games/s':>12} {many + ' games/s':>12} {'speed-up':>9} {'turns':>6} {'requests':>9} {'games':>6}"
          f"{'  (invariants checked)' if args.check else ''}")
    verdicts = []
    for fmt, frame in regulations:
        sample = simtools.play(engine, fmt, frame, 50, args.seed + 1, check=args.check)
        games = max(args.games, math.ceil(args.seconds * sample.games / max(sample.seconds, 1e-9)))
        cpu = time.process_time()
        one = simtools.play(engine, fmt, frame, games, args.seed, check=args.check)
        cpu_rate = one.games / max(time.process_time() - cpu, 1e-9)
        parallel = simtools.play(engine, fmt, frame, games, args.seed, check=args.check, workers=args.workers)
        rate, parallel_rate = one.games / one.seconds, parallel.games / parallel.seconds
        speedup = parallel_rate / rate
        print(f"{pad(one.regulation, 24)} {rate:>8.1f} {cpu_rate:>12.1f} {parallel_rate:>12.1f} {speedup:>8.2f}× "
              f"{one.turns / one.games:>6.1f} {one.requests / one.games:>9.1f} {games:>6}")
        goal = GOALS.get((fmt, frame))
        if goal is not None:
            verdicts.append(f"{one.regulation} ≥ {goal:.0f} games/s on one core: {'met' if rate >= goal else 'NOT met'} "
                            f"({rate:.0f} wall, {cpu_rate:.0f} by CPU time)")
        verdicts.append(f"{one.regulation} --workers {args.workers} ≥ {SPEEDUP_GOAL}×: "
                        f"{'met' if speedup >= SPEEDUP_GOAL else 'NOT met'} ({speedup:.2f}×)")
    print("goals:")
    for verdict in verdicts:
        if "one core" in verdict or "NOT" in verdict:
            print(f"  {verdict}")


if __name__ == "__main__":
    main()
