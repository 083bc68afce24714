"""`make fuzz`: every fuzzer of properties.py, long and random, and the figures.

    python -m tests.fuzz.run            # the default numbers of cases
    FUZZ_SCALE=0.1 python -m tests.fuzz.run   # a tenth of them, for a quick look

Prints, per fuzzer and in total, the cases tried, the crashes (a property that failed: an
exception or a wrong answer, shown with Hypothesis's smallest failing example) and the hangs
(one case longer than properties.HANG_SECONDS). Exit 1 if there was any crash or hang.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

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
        root = p.minimal_repository(scratch)

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
# Games: the simulator's random games over every regulation of table 3.1 join `make fuzz` here
# (see the Makefile's fuzz target), with their own figures (games, violations).


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


def main() -> int:
    scale = float(os.environ.get("FUZZ_SCALE", "1"))
    totals = [0, 0, 0]
    with tempfile.TemporaryDirectory(prefix="bp-fuzz-") as scratch:
        for number, fuzzer in enumerate(FUZZERS):
            started = time.perf_counter()
            tried, crashes, hangs = run(fuzzer, scale, Path(scratch, str(number)))
            seconds = time.perf_counter() - started
            print(f"{fuzzer.label:22} {tried:6} cases tried, {crashes} crashes, {hangs} hangs ({seconds:.0f} s)", flush=True)
            totals = [totals[0] + tried, totals[1] + crashes, totals[2] + hangs]
    print(f"{'fuzzers':22} {totals[0]:6} cases tried, {totals[1]} crashes, {totals[2]} hangs")
    return 1 if totals[1] or totals[2] else 0


if __name__ == "__main__":
    sys.exit(main())
