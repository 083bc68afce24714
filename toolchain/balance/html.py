"""The report's page, drawn by the renderer toolchain.balancepage (which bp build uses too, for a stored run)."""

from __future__ import annotations

from ..balancepage import FOLDER, INDEX, JSON, KIND, render, write

__all__ = ["FOLDER", "INDEX", "JSON", "KIND", "render", "write"]
