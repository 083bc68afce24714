"""`bp balance --games 10**12` holds a few batches at a time, as bp sim holds one seed: the batches are drawn
as they are handed out, never listed (a child process with a bounded address space proves it)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

from tests.runbp import ROOT

_FIRST_BATCHES = textwrap.dedent("""
    import itertools, resource
    from toolchain.balance.run import Settings, batches, load_rules, make_plan
    from toolchain import simtools

    rules = load_rules(__import__("pathlib").Path({root!r}), [])
    resource.setrlimit(resource.RLIMIT_AS, (2 * 1024**3, 2 * 1024**3))  # a list of 10**12 seeds ends in MemoryError
    defs = rules[0].definitions
    frame, formats = next(iter(defs.regulations.items()))
    plan = make_plan(rules, [(formats[0], frame)], Settings(games=10**12, only=("attack",)))
    first = list(itertools.islice(batches(plan), 3))
    print(first[0].first, len(first[0].seeds), first[1].first)
    assert first[0].seeds[:2] == tuple(itertools.islice(simtools.game_seeds(0, 2), 2))
""")


def test_a_trillion_games_are_handed_out_batch_by_batch() -> None:
    run = subprocess.run([sys.executable, "-c", _FIRST_BATCHES.format(root=str(ROOT))], capture_output=True, text=True, check=False,
                         env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=300)
    assert run.returncode == 0, run.stderr
    first, size, second = map(int, run.stdout.split())
    assert first == 0 and second == size and size <= 400
