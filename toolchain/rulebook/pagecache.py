"""The rulebook's HTML pages kept between builds, so that Sphinx writes only the pages that changed.

Sphinx writes the HTML into an empty folder every time (build.py says why), and writing a page
(docutils' HTML translation, then Furo's template and navigation) is most of an HTML build that
read one page again. A page's HTML is made from its doctree and from what surrounds it: the
titles, tables of contents, labels, numbers and index of every page (Sphinx's environment), the
configuration and the theme, the sidebar's links. Each page gets a key, the hash of all that
(`PageKeys`); a page whose key has been written before is copied from the cache instead
of written again, so that the folder holds the bytes of a clean build either way. Anything in the
environment that changed (a title anywhere, a new label, a number) changes every page's key.

What writing a page does besides its HTML file is done for a copied page too: the search index
is fed and the images collected by Sphinx as before (only `write_doc` is replaced), and the SVG
figures the page shows are written into `_images/`. A page showing a graphviz figure of
sphinx.ext.graphviz (which writes its files while translating) is always written.

    cache = PageCache(CACHE/pages, salt)
    cache.install(app)        # before app.build()
    cache.finish()            # after a build without errors: entries this build did not use go
"""

from __future__ import annotations

import hashlib
import os
import shutil
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from docutils import nodes

from ..sphinxext.source import RELIED, SIGNATURES

# The environment's attributes that are not what pages are made from: the read times of pages,
# the objects of this process, Sphinx's per-build caches, the docutils settings (made from the
# configuration, which is fingerprinted by itself), the configuration's status, and the digests of
# the definitions each page was read with (the definitions reach the pages through their doctrees).
_NOT_SURROUNDINGS = frozenset({
    "all_docs", "app", "domains", "events", "project", "_srcdir", "_doctreedir", "current_document", "temp_data", "ref_context",
    "settings", "config", "config_status", "config_status_extra", "_pickled_doctree_cache", "_write_doc_doctree_cache",
    "versioning_compare", "versioning_condition", RELIED, SIGNATURES,
})
_SEARCH_INDEX_STATE = "_search_index_"  # Sphinx's per-build search index state (the index is written whole every build)


def canonical(value: Any, seen: frozenset[int] = frozenset()) -> str:
    """A text that is equal for equal values in any process: sets and dicts sorted, docutils nodes
    as their pseudo-XML (attributes sorted), objects by their class and attributes. A value that
    cannot be told apart that way (an object known only by its address) gives a text that differs
    between processes, so its pages are written again: never a stale page."""
    if value is None or isinstance(value, (bool, int, float, str, bytes)):
        return repr(value)
    if id(value) in seen:
        return "<cycle>"
    seen = seen | {id(value)}
    if isinstance(value, nodes.Node):
        return value.pformat() if isinstance(value, nodes.Element) else repr(value.astext())
    if isinstance(value, dict):
        items = sorted(f"{canonical(key, seen)}: {canonical(item, seen)}" for key, item in value.items())
        return f"{type(value).__name__}{{{', '.join(items)}}}"
    if isinstance(value, (set, frozenset)):
        return f"{type(value).__name__}{{{', '.join(sorted(canonical(item, seen) for item in value))}}}"
    if isinstance(value, (list, tuple)):
        return f"{type(value).__name__}[{', '.join(canonical(item, seen) for item in value)}]"
    if isinstance(value, os.PathLike):
        return f"path {os.fspath(value)!r}"
    if callable(value) and hasattr(value, "__qualname__"):
        return f"{getattr(value, '__module__', '')}.{value.__qualname__}"
    attributes = getattr(value, "__dict__", None)
    if attributes is not None:
        return f"{type(value).__qualname__}({canonical(attributes, seen)})"
    return repr(value)


class PageKeys:
    """Each page's key: its doctree file, and the surroundings every page shares, fingerprinted once
    (after Sphinx has read and resolved everything, when the first page is written)."""

    def __init__(self, app: Any, salt: str, context_inputs: Callable[[Any], object]) -> None:
        self.app = app
        self.salt = salt
        self.context_inputs = context_inputs
        self._shared: str | None = None

    def shared(self) -> str:
        if self._shared is None:
            env, builder = self.app.env, self.app.builder
            digest = hashlib.sha256(self.salt.encode())
            digest.update(canonical({name: value for name, value in vars(env).items()
                                     if name not in _NOT_SURROUNDINGS and not name.startswith(_SEARCH_INDEX_STATE)}).encode())
            digest.update(canonical({item.name: item.value for item in env.config}).encode())
            digest.update(canonical(builder.globalcontext).encode())
            digest.update(canonical(self.context_inputs(self.app)).encode())
            for path in _theme_files(Path(self.app.srcdir)):  # conf.py, templates, static files (their checksums are in the pages)
                digest.update(path.relative_to(self.app.srcdir).as_posix().encode() + b"\0" + path.read_bytes())
            self._shared = digest.hexdigest()
        return self._shared

    def key(self, docname: str) -> str | None:
        doctree = Path(self.app.env.doctreedir, f"{docname}.doctree")
        try:
            page = doctree.read_bytes()
        except OSError:
            return None
        return hashlib.sha256(f"{self.shared()}\0{docname}\0".encode() + page).hexdigest()


def _theme_files(srcdir: Path) -> Iterable[Path]:
    """Every file of the docs folder that is not a page's own text."""
    return sorted(path for path in srcdir.rglob("*") if path.is_file() and path.suffix != ".rst" and "_build" not in path.parts)


class PageCache:
    """HTML pages by key, in one folder; see the module's docstring."""

    def __init__(self, folder: Path, salt: str) -> None:
        self.folder = folder
        self.salt = salt
        self.used: set[str] = set()
        self.copied: list[str] = []  # the pages taken from the cache this build

    def install(self, app: Any) -> None:
        """Replace the HTML builder's write_doc: a page already written under its key is copied."""
        from ..sphinxext.figures import write_page_figures
        from ..sphinxext.sitelinks import context_inputs

        builder = app.builder
        keys = PageKeys(app, self.salt, context_inputs)
        write = builder.write_doc

        def write_doc(docname: str, doctree: nodes.document) -> None:
            key = keys.key(docname) if not _writes_files_while_translating(doctree) else None
            target = Path(builder.get_outfilename(docname))
            kept = self.folder / f"{key}.html"
            if key is not None and kept.is_file():
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(kept, target)
                write_page_figures(builder, doctree)
                self.used.add(kept.name)
                self.copied.append(docname)
                return
            write(docname, doctree)
            if key is not None:
                self._store(target, kept)

        builder.write_doc = write_doc

    def _store(self, page: Path, kept: Path) -> None:
        """A copy of the page under its key (written whole, then renamed: a killed build leaves no half page)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        tmp = kept.with_name(f".{kept.name}.{os.getpid()}.tmp")
        shutil.copyfile(page, tmp)
        tmp.replace(kept)
        self.used.add(kept.name)

    def finish(self) -> None:
        """Keep only the pages this build used (every page of the rulebook, under its current key)."""
        if not self.folder.is_dir():
            return
        for path in self.folder.iterdir():
            if path.name not in self.used:
                path.unlink()


def _writes_files_while_translating(doctree: nodes.document) -> bool:
    """Whether translating the page writes files of sphinx.ext.graphviz (which only writing the page makes)."""
    from sphinx.ext.graphviz import graphviz

    return any(True for _ in doctree.findall(graphviz))
