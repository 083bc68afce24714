"""What the benchmarks measure under: the host's speed, and bp's own settings.

The host's speed is the yardstick printed beside the build's and the simulator's figures: the virtual
machine this project is developed on has run the same code from one to four times as fast from one
day (or hour) to the next, so figures are comparable only at the same host speed.

    .venv/bin/python benchmarks/conditions.py
"""

from __future__ import annotations

import time


def host_speed() -> float:
    """CPU seconds of a fixed piece of pure Python (10,000,000 additions)."""
    start, total = time.process_time(), 0
    for number in range(10_000_000):
        total += number
    return time.process_time() - start


def describe() -> str:
    return (f"host: a loop of 10,000,000 additions in pure Python took {host_speed():.2f} s of CPU (compare figures "
            "measured at the same host speed: this virtual machine's speed varies from day to day)")


def collect_as_bp_does() -> None:
    """The garbage collector set as in bp's processes (toolchain/collector.py); a checkout from
    before it keeps Python's settings."""
    try:
        from toolchain.collector import collect_less_often
    except ImportError:
        return
    collect_less_often()


if __name__ == "__main__":
    print(describe())
