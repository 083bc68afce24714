"""Where the outputs come from, besides the definitions: the build date every output carries,
and a hash of the toolchain's own code and of the renderers' versions (mixed into the key of
every cached rendering). Standard library only: a no-op `bp build` imports this and little else.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

TOOLCHAIN = Path(__file__).resolve().parent  # the toolchain package
# The libraries whose output lands in the site (a new version may render differently).
RENDERERS = ("sphinx", "docutils", "furo", "weasyprint", "pydyf", "tinycss2", "pikepdf", "pypdf", "jinja2", "pyyaml")
_SKIPPED = {"__pycache__", ".pytest_cache", ".mypy_cache", "_build"}


def skipped_folder(name: str) -> bool:
    """A folder no input is in: caches, a Sphinx output, hidden folders."""
    return name in _SKIPPED or name.startswith(".")


def skipped_file(name: str) -> bool:
    """A file no input is: compiled Python, an editor's backup, swap or lock file."""
    return name.endswith((".pyc", ".swp", "~")) or name.startswith(".#")


def source_files(top: Path) -> Iterator[Path]:
    """Every file under `top` (following no symlinked directories), in a stable order."""
    for directory, subdirs, names in os.walk(top):
        subdirs[:] = sorted(d for d in subdirs if not skipped_folder(d))
        for name in sorted(names):
            if not skipped_file(name):
                yield Path(directory, name)


def renderer_versions() -> list[str]:
    return installed_versions(RENDERERS)


def installed_versions(libraries: Iterable[str]) -> list[str]:
    """The installed versions of `libraries`, from the names of their .dist-info folders (cheap:
    importlib.metadata costs more than the whole no-op build may)."""
    wanted = {name.lower().replace("-", "_") for name in libraries}
    found = set()
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        for name in names:
            match = re.fullmatch(r"(.+?)-([^-]+)\.dist-info", name)
            if match and match.group(1).lower().replace("-", "_") in wanted:
                found.add(f"{match.group(1).lower()}=={match.group(2)}")
    return sorted(found)


@dataclass(frozen=True)
class BuildDate:
    """The date every output carries: the day of SOURCE_DATE_EPOCH, else of the last commit, else
    of the newest definitions file (UTC). A day, not a second: saving a file in a repository
    without git does not re-render every output until the day changes."""

    day: dt.date
    source: str  # SOURCE_DATE_EPOCH, git, mtime

    @property
    def iso(self) -> str:
        return self.day.isoformat()

    @property
    def w3c(self) -> str:
        """For PDF metadata (WeasyPrint's dcterms.created form)."""
        return f"{self.iso}T00:00:00Z"

    @property
    def japanese(self) -> str:
        return f"{self.day.year}年{self.day.month}月{self.day.day}日"


def _day(seconds: float) -> dt.date:
    return dt.datetime.fromtimestamp(seconds, tz=dt.timezone.utc).date()


def build_date(root: Path) -> BuildDate:
    import subprocess  # here: bp check, which hashes the toolchain with this module, never asks git

    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch.isdigit():
        return BuildDate(_day(int(epoch)), "SOURCE_DATE_EPOCH")
    try:
        done = subprocess.run(["git", "-C", str(root), "log", "-1", "--format=%ct"], capture_output=True, text=True, timeout=10)
        if done.returncode == 0 and done.stdout.strip().isdigit():
            return BuildDate(_day(int(done.stdout.strip())), "git")
    except (OSError, subprocess.SubprocessError):
        pass
    newest = max((path.stat().st_mtime for path in source_files(root / "definitions")), default=0.0)
    return BuildDate(_day(newest), "mtime")




def code_salt(libraries: Iterable[str] = RENDERERS, *, contents: bool = True) -> str:
    """The toolchain's code, the Python and the versions of `libraries` (the renderers), to mix into
    the key of every cached result: a new version of any of them makes everything again. Without
    `contents`, the toolchain's files are taken by their sizes and times (bp check, which must answer
    in a few milliseconds; an edited file gets a new time)."""
    digest = hashlib.sha256()
    digest.update(f"python {sys.version}\n".encode())
    for line in installed_versions(libraries):
        digest.update(f"{line}\n".encode())
    for path in source_files(TOOLCHAIN):
        digest.update(path.relative_to(TOOLCHAIN).as_posix().encode() + b"\n")
        if contents:
            digest.update(path.read_bytes())
        else:
            status = path.stat()
            digest.update(f"{status.st_size} {status.st_mtime_ns}\n".encode())
    return digest.hexdigest()


_RELEASE_DATE = re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2})")


def is_release_date(text: str) -> bool:
    """Whether an edition's release (edition.release) is a real day written as 2025/6/14, not a
    placeholder such as 2025/6/x (bp check --release refuses one, bp build warns of it)."""
    match = _RELEASE_DATE.fullmatch(text)
    if match is None:
        return False
    try:
        dt.date(*(int(part) for part in match.groups()))
    except ValueError:
        return False
    return True
