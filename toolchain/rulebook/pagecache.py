"""The rulebook's HTML pages kept between builds, so that Sphinx writes only the pages that changed.

Sphinx writes the HTML into an empty folder every time (sphinx_run.py says why), and writing a page
(docutils' HTML translation, then Furo's template and navigation) is most of an HTML build that
read one page again. A page's HTML is made from its doctree and from what surrounds it: the
titles, tables of contents, labels, numbers and index of every page (Sphinx's environment), the
configuration and the theme, the sidebar's links. Each page gets a key, the hash of all that
(`PageKeys`); a page whose key has been written before is copied from the cache instead
of written again, so that the folder holds the bytes of a clean build either way. Anything in the
environment that changed (a title anywhere, a new label, a number) changes every page's key.

A copied page is neither unpickled nor resolved: its key is made from its doctree file. What
writing a page does besides its HTML file is recorded beside it (`<key>.json`) and done again
for a copied page: the images Sphinx chose for copying, what it fed the search index (and the
texts the Japanese splitter split, so that search_words.py remembers them), the SVG figures the page
shows (written into `_images/`). A page showing a graphviz figure of sphinx.ext.graphviz (which
writes its files while translating) is always written. Resolving a page may warn (a reference to
no label), which fails the build: a page is kept for the next builds only when its build ended
cleanly (entries are pending until `finish`), so a warning comes back until it is fixed.

    cache = PageCache(CACHE/pages, salt)
    cache.install(app)        # before app.build()
    cache.finish()            # after a build without errors: entries this build did not use go
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import __version__ as sphinx_version

from ..ownfiles import read_regular_file
from ..sphinxext import domain
from .search_words import WORDS_OPTION

# The environment's attributes that are not what pages are made from: the read times of pages,
# the objects of this process, Sphinx's per-build caches, the docutils settings (made from the
# configuration, which is fingerprinted by itself), the configuration's status. Of the bp domain's
# data, its bookkeeping is left out too (domain.page_surroundings): the digests of the definitions
# each page was read with, and the definitions loaded (they reach the pages through their doctrees).
_NOT_SURROUNDINGS = frozenset({
    "all_docs", "app", "domains", "events", "project", "_srcdir", "_doctreedir", "current_document", "temp_data", "ref_context",
    "settings", "config", "config_status", "config_status_extra", "_pickled_doctree_cache", "_write_doc_doctree_cache",
    "versioning_compare", "versioning_condition",
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
            digest.update(canonical(_surroundings(env)).encode())
            digest.update(canonical(_configuration(env.config)).encode())
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


def _surroundings(env: Any) -> dict[str, Any]:
    """What of the environment every page is made from."""
    values = {name: value for name, value in vars(env).items() if name not in _NOT_SURROUNDINGS and not name.startswith(_SEARCH_INDEX_STATE)}
    ours = values["domaindata"].get(domain.NAME)
    if ours is not None:
        values["domaindata"] = {**values["domaindata"], domain.NAME: domain.page_surroundings(ours)}
    return values


def _configuration(config: Any) -> dict[str, Any]:
    """The configuration's values, but for the path of the search words' file (search_words.py), which
    names the cache's folder: a cache moved or copied elsewhere keeps its pages."""
    values = {item.name: item.value for item in config}
    options = values.get("html_search_options")
    if isinstance(options, dict) and WORDS_OPTION in options:
        values["html_search_options"] = {name: value for name, value in options.items() if name != WORDS_OPTION}
    return values


def _theme_files(srcdir: Path) -> Iterable[Path]:
    """Every file of the docs folder that is not a page's own text."""
    return sorted(path for path in srcdir.rglob("*") if path.is_file() and path.suffix != ".rst" and "_build" not in path.parts)


class KeptPage:
    """What stands for a page's resolved doctree when the page is taken from the cache: nothing is
    unpickled or resolved, and what writing it did besides its file is done again from its record."""

    def __init__(self, key: str, record: dict[str, Any]) -> None:
        self.key, self.record = key, record


class PageCache:
    """HTML pages by key, in one folder; see the module's docstring."""

    def __init__(self, folder: Path, salt: str) -> None:
        self.folder = folder
        self.salt = salt
        self.used: set[str] = set()
        self.copied: list[str] = []  # the pages taken from the cache this build
        self._keys: dict[str, str | None] = {}  # page → its key, once its doctree is known
        self._records: dict[str, dict[str, Any]] = {}  # page → what writing it did besides its file

    def install(self, app: Any) -> None:
        """Replace the HTML builder's resolving and writing of a page: a page written under its key
        before is copied, and neither unpickled nor resolved."""
        from ..sphinxext.figures import page_figures, write_figures
        from ..sphinxext.sitelinks import context_inputs

        builder, env = app.builder, app.env
        keys = PageKeys(app, self.salt, context_inputs)
        write, serialized, write_documents = builder.write_doc, builder.write_doc_serialized, builder.write_documents

        def get_and_resolve_doctree(docname: str, asking: Any, *args: Any, **kwargs: Any) -> Any:
            if asking is builder and not args and not kwargs:
                key = keys.key(docname)
                record = self._kept(key)
                if key is not None and record is not None:
                    return KeptPage(key, record)
            return type(env).get_and_resolve_doctree(env, docname, asking, *args, **kwargs)

        def write_documents_keeping(docnames: Any) -> None:
            env.get_and_resolve_doctree = get_and_resolve_doctree  # only while writing: the environment is pickled before
            try:
                write_documents(docnames)
            finally:
                del env.get_and_resolve_doctree

        def write_doc_serialized(docname: str, doctree: Any) -> None:
            if isinstance(doctree, KeptPage):
                _replay(builder, docname, doctree.record)
                return
            key = keys.key(docname) if not _writes_files_while_translating(doctree) else None
            self._keys[docname] = key
            if key is None:
                serialized(docname, doctree)
                return
            self._records[docname] = _recorded(builder, docname, lambda: serialized(docname, doctree))

        def write_doc(docname: str, doctree: Any) -> None:
            target = Path(builder.get_outfilename(docname))
            if isinstance(doctree, KeptPage):
                kept = self.folder / f"{doctree.key}.html"
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(kept, target)
                write_figures(builder, doctree.record["figures"])
                self.used.update({kept.name, f"{doctree.key}.json"})
                self.copied.append(docname)
                return
            write(docname, doctree)
            key = self._keys.pop(docname, None)
            if key is not None:
                record = {**self._records.pop(docname), "figures": page_figures(doctree)}
                self._store(key, target, record)

        builder.write_documents = write_documents_keeping
        builder.write_doc_serialized = write_doc_serialized
        builder.write_doc = write_doc

    def _kept(self, key: str | None) -> dict[str, Any] | None:
        """The record of a page kept under `key` by a build that ended cleanly, if any."""
        if key is None or not (self.folder / f"{key}.html").is_file():
            return None
        try:
            record = json.loads(read_regular_file(self.folder / f"{key}.json").decode("utf-8"))  # a FIFO there: OSError
        except (OSError, ValueError):
            return None
        return record if isinstance(record, dict) and record.get("sphinx") == sphinx_version else None

    def _store(self, key: str, page: Path, record: dict[str, Any]) -> None:
        """The page and its record under its key, pending until the build ends cleanly (finish): a page
        whose resolving warned is never taken, unresolved, by the next build. Each file is written whole,
        then renamed: a killed build leaves no half file."""
        self.folder.mkdir(parents=True, exist_ok=True)
        for name, write in ((f"{key}.html", lambda tmp: shutil.copyfile(page, tmp)),
                            (f"{key}.json", lambda tmp: tmp.write_text(json.dumps({**record, "sphinx": sphinx_version},
                                                                                  ensure_ascii=False), encoding="utf-8"))):
            tmp = self.folder / f".{name}.{os.getpid()}.tmp"
            write(tmp)
            tmp.replace(self.folder / f"{name}{_PENDING}")
            self.used.add(name)

    def finish(self) -> None:
        """After a build without errors: its pages are kept for the next builds, and only those (every page
        of the rulebook, under its current key)."""
        if not self.folder.is_dir():
            return
        for path in sorted(self.folder.glob(f"*{_PENDING}")):
            name = path.name.removesuffix(_PENDING)
            if name in self.used:
                path.replace(self.folder / name)
        for path in self.folder.iterdir():
            if path.name not in self.used:
                path.unlink()


_PENDING = ".pending"


def _recorded(builder: Any, docname: str, serialize: Callable[[], None]) -> dict[str, Any]:
    """Run Sphinx's write_doc_serialized for a page, and record what it did: the images it chose for
    copying, what it fed the search index, and the texts it had the Japanese splitter split."""
    from .search_words import RememberingSplitter

    indexer = getattr(builder, "indexer", None)
    splitter = getattr(getattr(indexer, "lang", None), "splitter", None)
    split: list[str] = []
    if isinstance(splitter, RememberingSplitter):
        splitter.listener = split
    images, builder.images = builder.images, {}
    try:
        serialize()
    finally:
        chosen, builder.images = builder.images, images
        builder.images.update(chosen)
        if isinstance(splitter, RememberingSplitter):
            splitter.listener = None
    feed = None
    if indexer is not None and docname in indexer._titles:
        feed = {
            "title": indexer._titles[docname], "filename": indexer._filenames[docname],
            "all_titles": indexer._all_titles.get(docname, []), "index_entries": indexer._index_entries.get(docname, []),
            "words": sorted(word for word, pages in indexer._mapping.items() if docname in pages),
            "title_words": sorted(word for word, pages in indexer._title_mapping.items() if docname in pages),
        }
    words = {text: splitter.used[text] for text in split} if isinstance(splitter, RememberingSplitter) else {}
    return {"images": chosen, "feed": feed, "split": words}


def _replay(builder: Any, docname: str, record: dict[str, Any]) -> None:
    """What Sphinx's write_doc_serialized did for the page when it was written (_recorded), done again."""
    from .search_words import RememberingSplitter

    builder.images.update(record["images"])
    indexer = getattr(builder, "indexer", None)
    feed = record["feed"]
    if indexer is not None and feed is not None:
        indexer._titles[docname] = feed["title"]
        indexer._filenames[docname] = feed["filename"]
        indexer._all_titles[docname] = [tuple(title) for title in feed["all_titles"]]
        for word in feed["title_words"]:
            indexer._title_mapping.setdefault(word, set()).add(docname)
        for word in feed["words"]:
            indexer._mapping.setdefault(word, set()).add(docname)
        indexer._index_entries[docname] = [tuple(entry) for entry in feed["index_entries"]]
    splitter = getattr(getattr(indexer, "lang", None), "splitter", None)
    if isinstance(splitter, RememberingSplitter):
        splitter.used.update(record["split"])  # remembered for the next build, as if split again


def _writes_files_while_translating(doctree: nodes.document) -> bool:
    """Whether translating the page writes files of sphinx.ext.graphviz (which only writing the page makes)."""
    from sphinx.ext.graphviz import graphviz

    return any(True for _ in doctree.findall(graphviz))
