"""The model layer: the definitions as typed objects, loaded once from definitions/ (YAML, JSON
Schema, located errors), with everything the checks, the simulator and the renderers read.

    from toolchain import model as m
    defs: m.Definitions

The types are loaded when first used, so that `toolchain.model.repository` alone stays cheap
(a no-op `bp build` needs only that).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .definitions import *


def __getattr__(name: str) -> Any:
    import importlib

    definitions = importlib.import_module(f"{__name__}.definitions")
    if name == "__all__" or name in definitions.__all__:
        return getattr(definitions, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
