"""The statistics against published worked examples: Newcombe (1998) for Wilson's interval and for the
difference of two proportions, and the textbook sample sizes (Fleiss's formula without continuity correction)."""

from __future__ import annotations

import pytest

from toolchain.balance import stats

Z95 = stats.z_value(0.05)


def test_the_normal_quantile_and_bonferroni() -> None:
    assert Z95 == pytest.approx(1.959964, abs=1e-6)
    assert stats.z_value(0.05, 10) == pytest.approx(stats.z_value(0.005), abs=1e-12) == pytest.approx(2.807034, abs=1e-6)


@pytest.mark.parametrize(("wins", "games", "low", "high"), [
    # Newcombe, Statistics in Medicine 17 (1998) 857-872, table I, method 3 (score, no continuity correction)
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
])
def test_wilson_interval(wins: int, games: int, low: float, high: float) -> None:
    interval = stats.wilson(wins, games, Z95)
    assert (round(interval.low, 4), round(interval.high, 4)) == (low, high)
    assert interval.estimate == wins / games


@pytest.mark.parametrize(("a", "m", "b", "n", "low", "high"), [
    # Newcombe, Statistics in Medicine 17 (1998) 873-890, table II, method 10 (hybrid score, no continuity correction)
    (56, 70, 48, 80, 0.0524, 0.3339),
    (9, 10, 3, 10, 0.1705, 0.8090),
    (5, 56, 0, 29, -0.0381, 0.1926),
    (0, 10, 0, 20, -0.1611, 0.2775),
    (0, 10, 0, 10, -0.2775, 0.2775),
    (10, 10, 0, 20, 0.6791, 1.0),
    (10, 10, 0, 10, 0.6075, 1.0),
])
def test_newcombe_difference(a: int, m: int, b: int, n: int, low: float, high: float) -> None:
    interval = stats.newcombe(a, m, b, n, Z95)
    assert (round(interval.low, 4), round(interval.high, 4)) == (low, high)
    assert interval.excludes_zero == (low > 0 or high < 0)


def test_games_needed_as_the_textbooks_give_them() -> None:
    # 50 % against 40 %, two-sided 5 %, power 80 %: 388 per group (two samples); 194 against a known 50 % (one sample)
    assert stats.games_needed(0.10, 0.05, 0.8, two_samples=True) == 388
    assert stats.games_needed(0.10, 0.05, 0.8) == 194
    # issue 26: about 1,600 games per agent for 5 points, about 10,000 for 2 (two samples)
    assert stats.games_needed(0.05, two_samples=True) == 1565
    assert 9_700 < stats.games_needed(0.02, two_samples=True) < 10_000
    # sharing the error rate among more comparisons asks for more games
    assert stats.games_needed(0.05, comparisons=48) > stats.games_needed(0.05)


def test_detectable_is_the_inverse() -> None:
    for games in (200, 1565, 10_000):
        effect = stats.detectable(games, two_samples=True)
        assert stats.games_needed(effect, two_samples=True) <= games < stats.games_needed(effect * 0.999, two_samples=True)
    with pytest.raises(ValueError, match="between 0 and 50"):
        stats.games_needed(0.6)


def test_mean_difference() -> None:
    interval = stats.mean_difference(10.0, 4.0, 100, 9.0, 4.0, 100, Z95)
    assert interval.estimate == 1.0
    assert interval.low == pytest.approx(1 - Z95 * (0.08 ** 0.5)) and interval.excludes_zero
