"""Fingerprints of seeded random games: the proof that an optimisation of the simulator did not change
the rules. Every regulation of table 3.1, games with seeds 0..N-1 (random agents): the winner, the
turns, the requests, the decisions and the final `sim.state_hash` of each game.

    .venv/bin/python benchmarks/fingerprints.py --write [--games 200]   # record (from the engine to trust)
    .venv/bin/python benchmarks/fingerprints.py [--games 200]           # compare with the recorded file

The recorded file, tests/sim/golden/fingerprints.json, was written by main's engine before the
speed work; tests/sim/test_fingerprints.py compares the first games of it in the test suite, this
script all of them. Run it with --root to fingerprint another checkout's engine.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "sim" / "golden" / "fingerprints.json"


def fingerprint(game, decided: bool) -> list:  # noqa: ANN001 - a sim.Game of whichever checkout is loaded
    from toolchain import sim
    return [game.winner if decided else None, game.state.turn_number, game.requests, game.decisions, sim.state_hash(game)[:16]]


def fingerprints(root: Path, games: int) -> dict[str, list[list]]:
    """{"format/frame": [fingerprint of seed 0, seed 1, …]} of the checkout at `root`."""
    sys.path.insert(0, str(root))
    from toolchain import sim
    from toolchain.model.loader import load_definitions

    defs = load_definitions(root).definitions
    engine = sim.Engine(defs)
    result: dict[str, list[list]] = {}
    for frame, formats in defs.regulations.items():
        for fmt in formats:
            rows = []
            for seed in range(games):
                game, decided, _ = sim.play_one(engine, fmt, frame, seed, check=False)
                rows.append(fingerprint(game, decided))
            result[f"{fmt}/{frame}"] = rows
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout whose engine plays")
    parser.add_argument("--write", action="store_true", help=f"record into {GOLDEN.relative_to(ROOT)}")
    args = parser.parse_args()
    found = fingerprints(args.root.resolve(), args.games)
    if args.write:
        GOLDEN.write_text("{\n" + ",\n".join(f"{json.dumps(key)}: {json.dumps(rows)}" for key, rows in found.items()) + "\n}\n",
                          encoding="utf-8")
        print(f"wrote {sum(map(len, found.values()))} fingerprints to {GOLDEN}")
        return 0
    expected = json.loads(GOLDEN.read_text(encoding="utf-8"))
    differences = 0
    for key, rows in found.items():
        for seed, (row, want) in enumerate(zip(rows, expected.get(key, []))):
            if row != want:
                differences += 1
                if differences <= 20:
                    print(f"{key} seed {seed}: {row} != recorded {want}")
        if len(expected.get(key, [])) < len(rows):
            print(f"{key}: only {len(expected.get(key, []))} games recorded")
    print(f"{sum(map(len, found.values()))} games, {differences} differ from the recorded fingerprints")
    return 1 if differences else 0


if __name__ == "__main__":
    raise SystemExit(main())
