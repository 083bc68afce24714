"""The statistics of a balance run: proportions with their intervals, and how many games a wanted effect needs.

    wilson(wins, games, z)                       # Wilson's score interval of one proportion
    newcombe(wins1, games1, wins2, games2, z)    # Newcombe's hybrid score interval of p1 - p2 (his method 10)
    games_needed(detect, alpha, power, comparisons, two_samples)

Each is a few lines of a published formula (Wilson 1927; Newcombe, Statistics in Medicine 17, 1998), checked
against the worked examples of those papers in tests/balance/test_stats.py: a statistics library would bring
pandas and scipy to a command that needs the normal quantile, which the standard library has.

A run compares many things at once (every action of a regulation), so each interval is a simultaneous one:
the error rate `alpha` is shared by the `comparisons` (Bonferroni), and a figure is flagged exactly when its
interval leaves out zero. Played at the size `games_needed` gives, an effect of `detect` is flagged with
probability `power`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist

_NORMAL = NormalDist()


def z_value(alpha: float, comparisons: int = 1) -> float:
    """The two-sided normal quantile for an error rate `alpha` shared by `comparisons` intervals (Bonferroni)."""
    return _NORMAL.inv_cdf(1 - alpha / (2 * max(comparisons, 1)))


@dataclass(frozen=True)
class Interval:
    estimate: float
    low: float
    high: float

    @property
    def excludes_zero(self) -> bool:
        return self.low > 0 or self.high < 0

    def shifted(self, by: float) -> Interval:
        return Interval(self.estimate + by, self.low + by, self.high + by)

    def as_dict(self, digits: int = 4) -> dict[str, float]:
        return {"estimate": round(self.estimate, digits), "low": round(self.low, digits), "high": round(self.high, digits)}


def wilson(successes: int, trials: int, z: float) -> Interval:
    """Wilson's score interval of a proportion: never outside [0, 1], and right at small counts and near 0 or 1."""
    if trials <= 0:
        return Interval(math.nan, 0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half))


def newcombe(successes1: int, trials1: int, successes2: int, trials2: int, z: float) -> Interval:
    """Newcombe's hybrid score interval of the difference p1 - p2 of two independent proportions, from each
    one's Wilson interval (his method 10)."""
    one, two = wilson(successes1, trials1, z), wilson(successes2, trials2, z)
    p1, p2 = one.estimate, two.estimate
    if math.isnan(p1) or math.isnan(p2):
        return Interval(math.nan, -1.0, 1.0)
    low = p1 - p2 - math.sqrt((p1 - one.low) ** 2 + (two.high - p2) ** 2)
    high = p1 - p2 + math.sqrt((one.high - p1) ** 2 + (p2 - two.low) ** 2)
    return Interval(p1 - p2, low, high)


def mean_difference(mean1: float, variance1: float, count1: int, mean2: float, variance2: float, count2: int, z: float) -> Interval:
    """The difference of two means with its normal interval (Welch's standard error: the counts here are large)."""
    if count1 < 2 or count2 < 2:
        return Interval(mean1 - mean2, -math.inf, math.inf)
    half = z * math.sqrt(variance1 / count1 + variance2 / count2)
    return Interval(mean1 - mean2, mean1 - mean2 - half, mean1 - mean2 + half)


def games_needed(detect: float, alpha: float = 0.05, power: float = 0.8, comparisons: int = 1, two_samples: bool = False) -> int:
    """Games per agent for a win rate `detect` away from one half to be flagged with probability `power`, at an
    error rate `alpha` shared by `comparisons` intervals: against the exact one half of a seat-balanced
    self-play (one sample), or against the same agent under other rules (two samples, as many games each)."""
    if not 0 < detect < 0.5:
        raise ValueError(f"the effect to detect must be between 0 and 50 percentage points, not {detect * 100:g}")
    z_alpha, z_beta = z_value(alpha, comparisons), _NORMAL.inv_cdf(power)
    p1, p2 = 0.5, 0.5 - detect
    if two_samples:
        mean = (p1 + p2) / 2
        spread = z_alpha * math.sqrt(2 * mean * (1 - mean)) + z_beta * math.sqrt(p1 * (1 - p1) + p2 * (1 - p2))
    else:
        spread = z_alpha * math.sqrt(p1 * (1 - p1)) + z_beta * math.sqrt(p2 * (1 - p2))
    return math.ceil((spread / detect) ** 2)


def detectable(games: int, alpha: float = 0.05, power: float = 0.8, comparisons: int = 1, two_samples: bool = False) -> float:
    """The smallest effect `games` games per agent flag with probability `power` (games_needed's inverse)."""
    low, high = 1e-4, 0.4999
    if games_needed(high, alpha, power, comparisons, two_samples) > games:
        return high
    for _ in range(60):
        middle = (low + high) / 2
        if games_needed(middle, alpha, power, comparisons, two_samples) <= games:
            high = middle
        else:
            low = middle
    return high
