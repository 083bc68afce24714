"""`pip install -e .` (make) prints no setuptools warning box: the editable install is the plain .pth of a
simple layout, which setuptools installs silently, not the import hook it warns about ("Editable installation.
Please be careful with folders in your working directory…", shown by pip 26 at every install)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_editable_install_is_a_plain_pth() -> None:
    # imported here: setuptools takes 0.15 s of CPU to import, which every pytest process would pay at collection
    from setuptools import find_packages
    from setuptools.command.editable_wheel import _simple_layout

    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    package_dir = setuptools.get("package-dir", {})
    packages = find_packages(str(ROOT), include=setuptools["packages"]["find"]["include"])
    assert "toolchain.sim" in packages
    # setuptools' own condition (editable_wheel._select_strategy) for the .pth, which says nothing
    assert set(package_dir) == {""} and _simple_layout(packages, package_dir, str(ROOT))
