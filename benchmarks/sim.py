"""Games per second of the simulator, per regulation of table 3.1 (one core; random agents).

    .venv/bin/python benchmarks/sim.py [--games 500] [--seed 7] [--check]

--check also checks the invariants after every step, as `bp sim` does. The goal: at least 200
complete random games per second for ライト + エントリー20.
"""

from __future__ import annotations

import argparse
import sys
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from toolchain import sim  # noqa: E402
from toolchain.model.loader import load_definitions  # noqa: E402

GOAL = ("lite", "entry20", 200.0)


def pad(text: str, width: int) -> str:
    """Left-align by display width (a kana or kanji takes two columns)."""
    return text + " " * max(0, width - sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--check", action="store_true", help="check the invariants after every step")
    args, _ = parser.parse_known_args()  # benchmarks/run.py passes its own arguments along
    defs = load_definitions(ROOT).definitions
    engine = sim.Engine(defs)
    regulations = [(fmt, frame) for frame, formats in defs.regulations.items() for fmt in formats]
    sim.play(engine, "lite", "entry20", 20, args.seed, check=False)  # warm up caches
    print(f"{'regulation':<24} {'games/s':>8} {'turns':>6} {'requests':>9}  ({args.games} games each{', invariants checked' if args.check else ''})")
    met = True
    for fmt, frame in regulations:
        stats = sim.play(engine, fmt, frame, args.games, args.seed, check=args.check)
        rate = stats.games / stats.seconds
        print(f"{pad(stats.regulation, 24)} {rate:>8.1f} {stats.turns / stats.games:>6.1f} {stats.requests / stats.games:>9.1f}")
        if (fmt, frame) == GOAL[:2]:
            met = rate >= GOAL[2]
    print(f"goal (≥{GOAL[2]:.0f} games/s for ライト + エントリー20): {'met' if met else 'NOT met'}")


if __name__ == "__main__":
    main()
