"""`make fuzz`: every fuzzer of properties.py, long and random, then 10,000 random games over every
regulation of table 3.1, and the figures.

    python -m tests.fuzz.run            # the default numbers of cases and games
    FUZZ_SCALE=0.1 python -m tests.fuzz.run   # a tenth of them, for a quick look
    python -m tests.fuzz.run games      # only the games (or: fuzzers, editions)
    FUZZ_SEED=7 python -m tests.fuzz.run games   # the same games again (the seed is printed)

Prints, per fuzzer and in total, the cases tried, the crashes (a property that failed: an
exception or a wrong answer, shown with Hypothesis's smallest failing example) and the hangs
(one case longer than properties.HANG_SECONDS); per regulation and in total, the games played, the
invariant violations (simtools.invariants, checked after every step), the crashes (an exception inside
the engine) and the hangs (one game longer than GAME_HANG_SECONDS); then the next edition's 2,000
seeded マスター + エクストラ games (tests/editions/v9.0), every new action played, and 2,000 games of each regulation of 第9.1.1版
(editions/v9.1.1). Exit 1 if there was any crash, hang or violation, or a new action no game played.
"""

from __future__ import annotations

import os
import random
import shutil
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import toolchain
from tests.repos import minimal_repository
from toolchain import sim, simtools

from . import properties as p


@dataclass
class Fuzzer:
    label: str
    name: str  # as counted in properties.CALLS
    cases: int  # Hypothesis examples at FUZZ_SCALE 1
    make: Callable[[Path], Callable[[], None]]  # the @given test, for a scratch directory


def _round_trip(_: Path) -> Callable[[], None]:
    return given(p.patterns())(p.keycards_round_trip)


def _any_text(_: Path) -> Callable[[], None]:
    return given(st.lists(p.NOTATION_ALPHABET, max_size=10))(p.keycards_any_text)


def _matcher(_: Path) -> Callable[[], None]:
    return given(p.patterns(), p.hands)(p.keycards_matcher)


def _loader(scratch: Path) -> Callable[[], None]:
    data = st.binary(max_size=2000) | p.token_texts(200)
    return given(data)(lambda raw: p.loader_any_bytes(raw, scratch / "any.yaml"))


def _mutations(mutate: Callable[[str], st.SearchStrategy[str]]) -> Callable[[Path], Callable[[], None]]:
    def make(scratch: Path) -> Callable[[], None]:
        root = minimal_repository(scratch)

        @given(st.data())
        def mutated(data: st.DataObject) -> None:
            file = data.draw(st.sampled_from(p.definition_files()))
            p.definitions_mutated(root, file, data.draw(mutate((root / "definitions" / file).read_text(encoding="utf-8"))))

        return mutated

    return make


FUZZERS = [
    Fuzzer("keycards round trip", "keycards round trip", 5000, _round_trip),
    Fuzzer("keycards any text", "keycards any text", 10000, _any_text),
    Fuzzer("keycards matcher", "keycards matcher", 3000, _matcher),
    Fuzzer("YAML loader", "loader any bytes", 10000, _loader),
    Fuzzer("definitions (text)", "definitions mutated", 1500, _mutations(p.text_mutations)),  # typos, bad merges
    Fuzzer("definitions (data)", "definitions mutated", 1500, _mutations(p.data_mutations)),  # wrong values in valid YAML
]
GAMES = 10_000  # random games at FUZZ_SCALE 1, spread evenly over the regulations of table 3.1
AGENTS = ("random", "policy")  # taken in turn: random play wanders, the policy reaches what a player would
GAME_HANG_SECONDS = 60  # one game (a few hundred steps at most; 5-7 s would already be a hundred times slow)


def run(fuzzer: Fuzzer, scale: float, scratch: Path) -> tuple[int, int, int]:
    """(cases tried, crashes, hangs) of one fuzzer."""
    scratch.mkdir(parents=True, exist_ok=True)
    before = p.CALLS[fuzzer.name]
    test = settings(max_examples=max(1, int(fuzzer.cases * scale)), deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))(fuzzer.make(scratch))
    crashes = hangs = 0
    try:
        test()
    except p.Hang as exc:
        hangs = 1
        print(f"  HANG in {fuzzer.label}: {exc}", flush=True)
    except Exception:  # noqa: BLE001 - any failure of a property is a crash to report, not to stop on
        crashes = 1
        print(f"  CRASH in {fuzzer.label}:\n{traceback.format_exc(limit=-3)}", flush=True)
    return p.CALLS[fuzzer.name] - before, crashes, hangs


def fuzzers(scale: float) -> bool:
    """Every fuzzer; True when none crashed or hung."""
    totals = [0, 0, 0]
    with tempfile.TemporaryDirectory(prefix="bp-fuzz-") as scratch:
        for number, fuzzer in enumerate(FUZZERS):
            started = time.perf_counter()
            tried, crashes, hangs = run(fuzzer, scale, Path(scratch, str(number)))
            seconds = time.perf_counter() - started
            print(f"{fuzzer.label:22} {tried:6} cases tried, {crashes} crashes, {hangs} hangs ({seconds:.0f} s)", flush=True)
            totals = [totals[0] + tried, totals[1] + crashes, totals[2] + hangs]
    print(f"{'fuzzers':22} {totals[0]:6} cases tried, {totals[1]} crashes, {totals[2]} hangs", flush=True)
    return not (totals[1] or totals[2])


def play_games(engine: sim.Engine, format_id: str, frame_id: str, games: int, seed: int) -> tuple[int, int, int]:
    """(violations, crashes, hangs) of `games` random games of one regulation, each under a watchdog."""
    violations = crashes = hangs = 0
    for index, game_seed in enumerate(simtools.game_seeds(seed, games)):
        agent = AGENTS[index % len(AGENTS)]
        try:
            with p.watchdog(GAME_HANG_SECONDS):
                _, _, problems = simtools.play_one(engine, format_id, frame_id, game_seed, agent=agent)
        except p.Hang:
            hangs += 1
            print(f"  HANG in {format_id} + {frame_id}, game seed {game_seed} ({agent})", flush=True)
            continue
        except Exception:  # noqa: BLE001 - an engine failure is a crash to count and show, not to stop on
            crashes += 1
            print(f"  CRASH in {format_id} + {frame_id}, game seed {game_seed} ({agent}):\n{traceback.format_exc(limit=-3)}", flush=True)
            continue
        violations += len(problems)
        for problem in problems[:3]:
            print(f"  VIOLATION in {format_id} + {frame_id}, game seed {game_seed} ({agent}): {problem}", flush=True)
    return violations, crashes, hangs


def games(scale: float, seed: int) -> bool:
    """GAMES random games over every regulation of table 3.1; True when none crashed, hung or broke an invariant."""
    definitions = toolchain.load(p.ROOT).definitions
    engine = sim.Engine(definitions)
    regulations = [(fmt, frame) for frame, formats in definitions.regulations.items() for fmt in formats]
    total = max(len(regulations), int(GAMES * scale))
    print(f"games: {total} over {len(regulations)} regulations, FUZZ_SEED={seed}", flush=True)
    totals = [0, 0, 0, 0]
    for index, (format_id, frame_id) in enumerate(regulations):
        count = total // len(regulations) + (index < total % len(regulations))
        started = time.perf_counter()
        violations, crashes, hangs = play_games(engine, format_id, frame_id, count, seed + index)
        label = f"{format_id} + {frame_id}"
        print(f"{label:22} {count:6} games, {violations} violations, {crashes} crashes, {hangs} hangs "
              f"({time.perf_counter() - started:.0f} s)", flush=True)
        totals = [totals[0] + count, totals[1] + violations, totals[2] + crashes, totals[3] + hangs]
    print(f"{'games':22} {totals[0]:6} games, {totals[1]} violations, {totals[2]} crashes, {totals[3]} hangs", flush=True)
    return not (totals[1] or totals[2] or totals[3])


def editions(scale: float) -> bool:
    """The 9.0 rules' seeded マスター + エクストラ games (the suite plays a tenth of them): True when every game
    was decided, no invariant broke and every new action was played."""
    from tests.editions.conftest import copy_v9
    from tests.editions.test_v9 import FUZZ_GAMES, unplayed_new_actions

    count = max(1, int(FUZZ_GAMES * scale))
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="bp-fuzz-") as scratch:
        try:
            unplayed = unplayed_new_actions(copy_v9(Path(scratch)), count)
        except AssertionError as failure:  # a game undecided, an invariant broken, or bp sim failed
            print(f"  FAILED in the 9.0 games: {failure}", flush=True)
            return False
    print(f"{'9.0 master + extra':22} {count:6} games, new actions never played: {sorted(unplayed) or 'none'} "
          f"({time.perf_counter() - started:.0f} s)", flush=True)
    return current_edition(scale) and not unplayed


V911_GAMES = 2000  # per regulation of 第9.1.1版's table 3.1 (the suite plays 20: tests/editions/test_v911.py)


def current_edition(scale: float) -> bool:
    """第9.1.1版 (editions/v9.1.1): seeded games of every regulation, none breaking an invariant."""
    import json
    import subprocess

    root = Path(__file__).resolve().parents[2]
    count = max(1, int(V911_GAMES * scale))
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="bp-fuzz-") as scratch:
        copy = Path(scratch) / "rules"
        for part in ("definitions", "docs"):
            shutil.copytree(root / "editions" / "v9.1.1" / part, copy / part)
        run = subprocess.run([sys.executable, "-m", "toolchain", "sim", "--root", str(copy), "--all-regulations",
                              "--games", str(count), "--seed", "0", "--json"], capture_output=True, text=True, cwd=copy, check=False,
                             env={**os.environ, "PYTHONPATH": str(root)})
    if run.returncode != 0:
        print(f"  FAILED in the 9.1.1 games: {run.stderr[-2000:]}", flush=True)
        return False
    played = json.loads(run.stdout)["regulations"]
    broken = [p for p in played if p["violations"]]
    print(f"{'9.1.1 every regulation':22} {count * len(played):6} games, {len(broken)} regulations with violations "
          f"({time.perf_counter() - started:.0f} s)", flush=True)
    return not broken


PARTS = ("fuzzers", "games", "editions")


def main(argv: list[str]) -> int:
    scale = float(os.environ.get("FUZZ_SCALE", "1"))
    seed = int(os.environ.get("FUZZ_SEED") or random.randrange(2**31))
    parts = set(argv) or set(PARTS)
    unknown = parts - set(PARTS)
    if unknown:
        print(f"unknown part {sorted(unknown)}: the parts are {', '.join(PARTS)}", file=sys.stderr)
        return 2
    ok = fuzzers(scale) if "fuzzers" in parts else True
    if "games" in parts:
        ok = games(scale, seed) and ok
    if "editions" in parts:
        ok = editions(scale) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
