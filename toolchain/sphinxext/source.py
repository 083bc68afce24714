"""Where the rulebook's definitions come from, and which pages depend on which files.

The repository is found by walking up from the Sphinx source directory (or named by the
`bp_root` setting, relative to the source directory). It is loaded once per version of its
files; every directive records the files it renders from as dependencies of its page, so
that Sphinx re-reads exactly those pages when one YAML file changes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from sphinx.environment import BuildEnvironment
from sphinx.errors import ConfigError
from sphinx.util import logging

from .. import model as m
from ..checks import load as load_checked
from ..model.repository import DEFINITIONS_DIR, RepositoryError, check_root, definition_files, find_root, kind_of
from ..model.yamlload import load as load_yaml

logger = logging.getLogger(__name__)
TOOLCHAIN = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Source:
    root: Path
    definitions: m.Definitions
    files: dict[str, tuple[Path, ...]]  # kind of definition (repository.KINDS) → its files
    all_files: tuple[str, ...]  # every YAML file under definitions/, known kind or not

    def files_of(self, kinds: Iterable[str]) -> list[Path]:
        return [path for kind in kinds for path in self.files.get(kind, ())]


_cache: dict[Path, tuple[tuple[tuple[str, int, int], ...], Source]] = {}


def repository_root(env: BuildEnvironment) -> Path:
    try:
        configured = env.config.bp_root
        return check_root(Path(env.srcdir, configured)) if configured else find_root(Path(env.srcdir))
    except RepositoryError as exc:
        raise ConfigError(f"bp_root: {exc}") from exc


def _signature(files: list[Path]) -> tuple[tuple[str, int, int], ...]:
    stats = ((path, path.stat()) for path in files)
    return tuple((str(path), stat.st_mtime_ns, stat.st_size) for path, stat in stats)


def load(env: BuildEnvironment) -> Source:
    """The definitions, loaded again only when a file under definitions/ changed."""
    root = repository_root(env)
    files = definition_files(root)
    signature = _signature(files)
    cached = _cache.get(root)
    if cached and cached[0] == signature:
        return cached[1]
    result = load_checked(root)
    for finding in result.findings:
        logger.warning("%s: %s", finding.code, finding.message, location=(str(root / finding.location.path), finding.location.line))
    if result.definitions.rules is None:
        raise ConfigError(f"{root / DEFINITIONS_DIR}/rules.yaml could not be loaded: run `bp check`")
    return remember(root, result.definitions, files, signature)


def remember(root: Path, definitions: m.Definitions, files: list[Path] | None = None,
             signature: tuple[tuple[str, int, int], ...] | None = None) -> Source:
    """Keep definitions already loaded and checked (by `bp build`) for the extension, which then
    loads them again only if a file changes."""
    root = root.resolve()
    files = definition_files(root) if files is None else files
    signature = _signature(files) if signature is None else signature
    by_kind: dict[str, list[Path]] = {}
    base = root / DEFINITIONS_DIR
    for path in files:
        kind = kind_of(path.relative_to(base).as_posix())
        if kind:
            by_kind.setdefault(kind.name, []).append(path)
    source = Source(root, definitions, {kind: tuple(paths) for kind, paths in by_kind.items()}, tuple(map(str, files)))
    _cache[root] = (signature, source)
    return source


def use(env: BuildEnvironment, kinds: Iterable[str], modules: Iterable[str] = ()) -> m.Definitions:
    """The definitions for the current page, noting the files of `kinds` (and the toolchain
    `modules`, paths or globs relative to the toolchain package) as the page's dependencies."""
    source = load(env)
    for path in source.files_of({"rules", "formats", *kinds}):  # every page names things from these two
        env.note_dependency(str(path))
    for module in modules:  # a file, or a glob such as sim/*.py
        for path in sorted(TOOLCHAIN.glob(module)):
            env.note_dependency(str(path))
    _docs(env).add(env.docname)
    env.bp_files = source.all_files  # type: ignore[attr-defined]
    return source.definitions


# -- environment bookkeeping: the pages that render definitions ------------------------------


def _docs(env: BuildEnvironment) -> set[str]:
    if not hasattr(env, "bp_docs"):
        env.bp_docs = set()  # type: ignore[attr-defined]
    return env.bp_docs  # type: ignore[attr-defined]


def purge_doc(app: object, env: BuildEnvironment, docname: str) -> None:
    _docs(env).discard(docname)


def merge_info(app: object, env: BuildEnvironment, docnames: set[str], other: BuildEnvironment) -> None:
    _docs(env).update(_docs(other) & docnames)


def outdated(app: object, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]) -> list[str]:
    """A definitions file added or removed changes no existing file's time: re-read the pages that render definitions."""
    recorded = getattr(env, "bp_files", None)
    if recorded is None:
        return []
    try:
        current = tuple(str(path) for path in definition_files(repository_root(env)))
    except ConfigError:
        return []
    if sorted(current) == sorted(recorded):
        return []
    return sorted(_docs(env) - removed)


def edition(root: Path) -> dict[str, str]:
    """The edition of definitions/rules.yaml (title, name, author, release, copyright), for conf.py and the cover."""
    data = load_yaml(root / DEFINITIONS_DIR / "rules.yaml").data
    if not isinstance(data, dict) or not isinstance(data.get("edition"), dict):
        raise ConfigError(f"{root / DEFINITIONS_DIR}/rules.yaml has no edition: run `bp check`")
    return {key: str(value) for key, value in data["edition"].items()}
