"""BlackPoker rules toolchain: definitions, validation, simulator and renderers.

    import toolchain
    checked = toolchain.load(root)   # the definitions of a rules repository, checked
    checked.definitions, checked.findings

The layers, each importing only from those below it: notation → model → sim, checks →
export, figures, actionlist, sphinxext, rulebook → site → diff → cli (guides/developer.md, "Architecture").
Nothing is imported here eagerly, so `import toolchain.notation` loads only the notation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:  # pragma: no cover
    from .checks import Checked, load  # noqa: F401


def __getattr__(name: str) -> Any:
    if name in ("load", "Checked"):
        from . import checks

        return getattr(checks, name)
    raise AttributeError(name)
