"""The engine's own draws (sim/draws.py) are Python's: the same numbers and permutations from the same
generator state as `random.Random.choice` and `shuffle`, and the generator left in the same state, so that a
seed plays the games it always did."""

from __future__ import annotations

import random

from toolchain.sim import draws


def test_below_draws_what_choice_draws() -> None:
    for seed in range(20):
        theirs, ours = random.Random(seed), random.Random(seed)
        for n in (1, 2, 3, 7, 8, 9, 54, 55, 1000):
            assert draws.below(ours, n) == theirs.choice(range(n))
        assert ours.getstate() == theirs.getstate()


def test_shuffle_makes_the_permutation_shuffle_makes() -> None:
    for seed in range(20):
        theirs, ours = random.Random(seed), random.Random(seed)
        for size in (0, 1, 2, 20, 54):
            expected, shuffled = list(range(size)), list(range(size))
            theirs.shuffle(expected)
            draws.shuffle(ours, shuffled)
            assert shuffled == expected
        assert ours.getstate() == theirs.getstate()
