"""Sphinx configuration of the BlackPoker rulebook, for `sphinx-build -b html docs OUT` (or `-b bppdf`):
the toolchain's own (toolchain/rulebook/sphinxconf.py), which `bp build` uses without this file too."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the toolchain package, also when it is not installed

from toolchain.rulebook.sphinxconf import settings

globals().update(settings(ROOT))
