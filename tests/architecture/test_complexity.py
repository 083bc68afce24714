"""No function of the simulator is more complex than a reader can follow: ruff's C901 (McCabe's
cyclomatic complexity) over toolchain/sim/ and the tools built on it (toolchain/simtools/), at the limit pyproject.toml sets (issue 21: at most 15)."""

from __future__ import annotations

import subprocess
import sys
import tomllib

from .imports import PACKAGE, ROOT

LIMIT = 15


def test_the_limit_is_at_most_15() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["tool"]["ruff"]["lint"]["mccabe"]["max-complexity"] <= LIMIT


def test_no_function_of_the_simulator_exceeds_the_limit() -> None:
    ran = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--select", "C901", "--output-format",
                          "concise", str(PACKAGE / "sim"), str(PACKAGE / "simtools")], cwd=ROOT, capture_output=True, text=True)
    assert ran.returncode == 0, ran.stdout + ran.stderr
