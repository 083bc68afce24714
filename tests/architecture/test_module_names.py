"""Every module of toolchain/ has a file name of its own. Two `build.py` (or `cards.py`, `search.py`)
in different packages leave a reader, a traceback, an editor's tabs and `git log -- '*/build.py'`
guessing which one is meant; a name that says what the module does tells them apart. A package's
`__init__.py` is its own. Exceptions are named below, each with why."""

from __future__ import annotations

from collections import defaultdict

from .imports import PACKAGE

# file name → why two modules of the package may share it. Empty: the cli/ modules are named after their
# commands (cli/build.py is `bp build`), and every module elsewhere after what it does.
SHARED_NAMES: dict[str, str] = {}


def test_no_two_modules_share_a_file_name() -> None:
    by_name: dict[str, list[str]] = defaultdict(list)
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name != "__init__.py":
            by_name[path.name].append(path.relative_to(PACKAGE).as_posix())
    shared = {name: paths for name, paths in sorted(by_name.items()) if len(paths) > 1 and name not in SHARED_NAMES}
    assert shared == {}, f"modules sharing a file name (rename all but one after what it does): {shared}"
