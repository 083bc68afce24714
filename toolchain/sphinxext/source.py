"""Where the rulebook's definitions come from, and which pages depend on what of them.

The repository is found by walking up from the Sphinx source directory (or named by the
`bp_root` setting, relative to the source directory). It is loaded once per version of its
files. Every directive records what of the definitions it renders from, with a digest of it
(`Reliance`): all the data of some kinds of definitions (`use`), or a value computed from the
definitions, such as a figure's SVG or the rows of a table (`view`). When the definitions
change, a page is read again only if one of its digests changed (`outdated`): a change to an
action's effect text re-reads the action list's page, not the pages whose figures the action's
file is among the inputs of but whose drawings stay the same. The toolchain modules a directive
renders with stay Sphinx's file dependencies of the page.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sphinx.environment import BuildEnvironment
from sphinx.errors import ConfigError
from sphinx.util import logging

from .. import model as m
from ..i18n import _
from ..checks import load as load_checked
from ..model.repository import DEFINITIONS_DIR, KINDS, RepositoryError, check_root, definition_files, find_root
from ..model.yamlload import load as load_yaml
from . import domain

logger = logging.getLogger(__name__)
TOOLCHAIN = Path(__file__).resolve().parent.parent
# Every page that renders definitions names things from these two (item names, categories, formats).
EVERY_PAGE_KINDS = ("rules", "formats")


@dataclass(frozen=True)
class Source:
    root: Path
    definitions: m.Definitions
    signature: tuple[tuple[str, int, int], ...]  # the paths, times and sizes of every file under definitions/ when loaded
    # Digests of what pages rely on, computed once per version of the definitions (see `digest`).
    _digests: dict[Reliance, str] = field(default_factory=dict, compare=False, repr=False)
    _views: dict[Reliance, Any] = field(default_factory=dict, compare=False, repr=False)

    def view(self, reliance: Reliance) -> Any:
        """The value of a view of these definitions (computed once)."""
        if reliance not in self._views:
            self._views[reliance] = VIEWS[reliance.view](self.definitions, *reliance.arguments)
        return self._views[reliance]

    def digest(self, reliance: Reliance) -> str:
        """The digest of what `reliance` names in these definitions."""
        if reliance not in self._digests:
            if reliance.view:
                text = repr(self.view(reliance))
            else:
                text = "\0".join(self._kind_text(kind) for kind in reliance.kinds)
            self._digests[reliance] = hashlib.sha256(text.encode()).hexdigest()
        return self._digests[reliance]

    def _kind_text(self, kind: str) -> str:
        """The text of the files the definitions of `kind` were loaded from, as the loader read them
        (so the digest is of the very data the pages were rendered from, however the files change meanwhile)."""
        documents = {source.path: source.doc for source in _sources(self.definitions, kind)}
        return "\0".join(f"{path}\n" + "\n".join(documents[path].lines) for path in sorted(documents))


def _sources(definitions: m.Definitions, kind: str) -> list[m.Source]:
    d = definitions
    items: dict[str, list[Any]] = {
        "rules": [d.rules] if d.rules else [],
        "formats": [*d.formats, *([d.regulations_source] if d.regulations_source else [])],
        "actions": d.actions, "characters": d.characters, "fog": d.fog, "frames": d.frames,
        "frame-actions": d.frame_actions, "frame-fog": d.frame_fog, "trumps": d.trumps, "rulings": d.rulings,
        "frame-characters": d.frame_characters,
    }
    return [item if isinstance(item, m.Source) else item.source for item in items[kind]]


@dataclass(frozen=True)
class Reliance:
    """What a page renders from the definitions: every definition of `kinds` (`view` empty), or
    the value of the view `view` (a function of VIEWS) with `arguments`."""

    kinds: tuple[str, ...] = ()
    view: str = ""
    arguments: tuple[str, ...] = ()


# A view: a function of the definitions (and the directive's arguments) whose value is all a directive
# renders from them; its repr is its digest's text, so it is made of str, int, None, tuples and lists.
VIEWS: dict[str, Callable[..., Any]] = {}


def add_view(name: str, function: Callable[..., Any]) -> None:
    VIEWS[name] = function


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
    cached = domain.data(env)["loaded"].get(root)
    if cached and cached.signature == signature:
        return cached
    result = load_checked(root)
    for finding in result.findings:
        logger.warning("%s: %s", finding.code, finding.message, location=(str(root / finding.location.path), finding.location.line))
    if result.definitions.rules is None:
        raise ConfigError(_("{rules} could not be loaded: run `bp check`").format(rules=root / DEFINITIONS_DIR / "rules.yaml"))
    return remember(env, root, result.definitions, files, signature)


def remember(env: BuildEnvironment, root: Path, definitions: m.Definitions, files: list[Path] | None = None,
             signature: tuple[tuple[str, int, int], ...] | None = None) -> Source:
    """Keep definitions already loaded and checked (by `bp build`) for the extension, which then
    loads them again only if a file changes."""
    root = root.resolve()
    files = definition_files(root) if files is None else files
    if signature is None:
        signature = _signature(files)
        if not _as_loaded(root, definitions):
            signature = ()  # a file changed since it was loaded: these are never taken for the files' present state
    source = Source(root, definitions, signature)
    domain.data(env)["loaded"][root] = source
    return source


def _as_loaded(root: Path, definitions: m.Definitions) -> bool:
    """Whether the files the definitions were loaded from still hold what was loaded (their times,
    taken after loading, are otherwise those of a newer text)."""
    documents = {source.path: source.doc for kind in KINDS for source in _sources(definitions, kind.name)}
    try:
        return all(document.path.read_bytes().decode("utf-8-sig").splitlines() == document.lines for document in documents.values())
    except (OSError, UnicodeDecodeError):
        return False


def use(env: BuildEnvironment, kinds: Iterable[str], modules: Iterable[str] = ()) -> m.Definitions:
    """The definitions for the current page, which relies on every definition of `kinds` (and of
    rules and formats) and renders with the toolchain `modules` (paths or globs relative to the
    toolchain package, noted as the page's file dependencies)."""
    source = load(env)
    wanted = {*EVERY_PAGE_KINDS, *kinds}
    rely(env, source, Reliance(tuple(kind.name for kind in KINDS if kind.name in wanted)))
    note_modules(env, modules)
    return source.definitions


def view(env: BuildEnvironment, name: str, *arguments: str, modules: Iterable[str] = ()) -> Any:
    """The value of the view `name` (of VIEWS) for the current page, which relies on that value only
    (and renders with the toolchain `modules`)."""
    source = load(env)
    reliance = Reliance(view=name, arguments=arguments)
    value = source.view(reliance)
    rely(env, source, reliance)
    note_modules(env, modules)
    return value


def note_modules(env: BuildEnvironment, modules: Iterable[str]) -> None:
    for module in modules:  # a file, or a glob such as sim/*.py
        for path in sorted(TOOLCHAIN.glob(module)):
            env.note_dependency(str(path))


def rely(env: BuildEnvironment, source: Source, reliance: Reliance) -> None:
    _relied(env).setdefault(env.docname, {})[reliance] = source.digest(reliance)
    _signatures(env)[env.docname] = _signature_digest(source.signature)


# -- environment bookkeeping: what the pages rely on (the domain's data, domain.py) ---------------


def _relied(env: BuildEnvironment) -> dict[str, dict[Reliance, str]]:
    """Page → what it relies on → the digest it had when the page was read."""
    return domain.data(env)["relied"]


def _signatures(env: BuildEnvironment) -> dict[str, str]:
    """Page → the definitions files' times and sizes (a digest of them) against which its digests were
    last found current: when no file changed since, nothing is even loaded."""
    return domain.data(env)["signatures"]


def _signature_digest(signature: tuple[tuple[str, int, int], ...]) -> str:
    return hashlib.sha256(repr(signature).encode()).hexdigest()


def outdated(app: object, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]) -> list[str]:
    """The pages that rely on something of the definitions that changed (a file added or removed
    changes the digests of its kind of definitions too)."""
    signatures = _signatures(env)
    try:
        now = _signature_digest(_signature(definition_files(repository_root(env))))
        if all(signatures.get(docname) == now for docname in _relied(env)):
            return []  # no definitions file changed since the pages were read: nothing to load
        source = load(env)
    except ConfigError:
        return sorted(set(_relied(env)) - removed)  # reading them again reports why
    current = _signature_digest(source.signature)
    stale = []
    for docname, relied in sorted(_relied(env).items()):
        if docname in removed or docname in changed:
            continue
        if signatures.get(docname) == current:
            continue
        if _changed(source, relied):
            stale.append(docname)
        else:
            signatures[docname] = current  # its digests are those of these definitions
    return stale


def _changed(source: Source, relied: dict[Reliance, str]) -> bool:
    for reliance, digest in relied.items():
        try:
            if source.digest(reliance) != digest:
                return True
        except Exception:  # noqa: BLE001 - a view that fails now: reading the page again reports it
            return True
    return False


def edition(root: Path) -> dict[str, str]:
    """The edition of definitions/rules.yaml (title, name, author, release, copyright), for conf.py and the cover."""
    data = load_yaml(root / DEFINITIONS_DIR / "rules.yaml").data
    if not isinstance(data, dict) or not isinstance(data.get("edition"), dict):
        raise ConfigError(_("{rules} has no edition: run `bp check`").format(rules=root / DEFINITIONS_DIR / "rules.yaml"))
    return {key: str(value) for key, value in data["edition"].items()}
