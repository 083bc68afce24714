"""Random draws made as Python's `random.Random` makes them, in compiled code.

`rng.choice(seq)` and `rng.shuffle(items)` run as interpreted Python (random.py) even when the engine is
compiled, and the random agent and the deals call them at almost every decision. These draw the same numbers
from the same generator state (`Random._randbelow` by getrandbits, the loops of `choice` and `shuffle` in
Python 3.11–3.13), so a seed plays the games it always did (tests/sim/golden/fingerprints.json).
"""

from __future__ import annotations

from random import Random


def below(rng: Random, n: int) -> int:
    """An integer in [0, n), as `rng._randbelow(n)` draws it (n > 0)."""
    bits = n.bit_length()
    drawn = rng.getrandbits(bits)
    while drawn >= n:
        drawn = rng.getrandbits(bits)
    return drawn


def shuffle(rng: Random, items: list) -> None:
    """`rng.shuffle(items)`: the same permutation from the same state (below's loop, the method looked up once)."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        bits = n.bit_length()
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]
