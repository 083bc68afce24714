"""`pytest` started outside the project's environment (a system pytest, the venv not activated) runs
the suite in it: the tests need what `make build` installed into .venv, not what the system holds."""

from __future__ import annotations

import os
import sys
from pathlib import Path

_VENV = Path(__file__).resolve().parent / ".venv"
_GUARD = "BP_TESTS_IN_VENV"  # set before the switch: the environment's own pytest never switches again


def pytest_configure(config: object) -> None:
    python = _VENV / "bin" / "python"
    if Path(sys.prefix).resolve() == _VENV.resolve() or os.environ.get(_GUARD) or not python.exists():
        return
    capture = config.pluginmanager.getplugin("capturemanager")  # type: ignore[attr-defined]
    if capture is not None:
        capture.stop_global_capturing()  # the output goes to the terminal again, not to pytest's capture files
    os.environ[_GUARD] = "1"
    print(f"pytest: running in the project's environment ({python})", file=sys.stderr)
    os.execv(python, [str(python), "-m", "pytest", *sys.argv[1:]])

