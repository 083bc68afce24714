"""How fast this machine runs Python right now: the yardstick printed beside every benchmark's figures.

The virtual machine this project is developed on has run the same code from one to four times as fast
from one day (or hour) to the next; figures are comparable only at the same host speed.

    .venv/bin/python benchmarks/hostspeed.py
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


if __name__ == "__main__":
    print(describe())
