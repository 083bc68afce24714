"""Build the rulebook: the HTML site, the A5 PDF and the A5 saddle-stitch booklet.

    <site>/rulebook/index.html              the HTML rulebook
    <site>/blackpoker.pdf                   the A5 PDF
    <site>/blackpoker_a5-booklet.pdf        the booklet: A5 pages two per A4 side, saddle-stitch order

Sphinx keeps its environment (the doctrees) in a cache between builds, so a change to one YAML
file re-reads only the pages that render it; but it writes the HTML into a new, empty folder
every time, so that the HTML of an incremental build is the HTML of a clean build (a deleted
page is gone, the search index is whole). A Sphinx run that reported anything leaves its
environment marked, and the next run reads every page again: an error is reported by every
build until it is fixed, never hidden by the cache. A cache moved or copied together with its
sources (a renamed checkout, a copied build, a cache restored in another folder) is taken up where
it is, as incrementally as in its old place (`_moved_with_its_sources`).

The PDF: the `bppdf` builder writes the print page, from a copy of the HTML environment, and
toolchain.rulebook.parts lays it out in parts, in parallel, keeping the parts that did not change.
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import shutil
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import model as m
from ..i18n import _
from . import PDF_NAME, PRINT_SHOP_NAME
from .pagecache import PageCache

PAGES_DIR = "pages"  # the HTML pages of earlier builds, by key (pagecache.py)
_UNVERIFIED = ".bp-unverified"  # in a doctrees folder while a run has not ended cleanly
_SPHINX_BOOKKEEPING = (".buildinfo", ".doctrees", "objects.inv", "_sources")


class RulebookError(Exception):
    """Sphinx reported warnings or errors (the rulebook is built with warnings as errors)."""


class Stopped(RulebookError):
    """The caller asked the run to stop (`stop`): it ended between two pages, its environment marked as
    a killed run's, and wrote nothing for the caller to publish."""


def run_sphinx(docs: Path, out: Path, doctrees: Path, builder: str, *, strict: bool = True,
               fresh: bool = False, overrides: dict[str, Any] | None = None, pages: PageCache | None = None,
               definitions: tuple[Path, m.Definitions] | None = None, stop: Callable[[], bool] | None = None) -> list[str]:
    """One Sphinx build in this process; any warning fails it when `strict`. Returns the pages
    Sphinx read (again). A run that did not end cleanly (a warning, an error, a kill) leaves
    its environment marked, and the next run reads every page again. `pages`: the HTML pages
    of earlier runs, copied instead of written again when their key is the same (pagecache.py).
    `definitions`: a repository's definitions, loaded and checked already (the extension loads
    them again only if a file changes). `stop`: asked before each page is read or written; when it says so,
    the run ends there (Stopped): Sphinx runs in the caller's thread, which nothing else can interrupt."""
    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    if not docs.is_dir():  # said here as Sphinx says it (in English only)
        raise RulebookError(_("Cannot find source directory ({folder})").format(folder=docs))
    doctrees.mkdir(parents=True, exist_ok=True)
    marker = doctrees / _UNVERIFIED
    fresh = fresh or marker.exists()
    marker.touch()
    status, warnings = io.StringIO(), io.StringIO()
    read: list[str] = []
    moved_from: list[str] = []  # the source folder the environment was read in, when it was elsewhere
    confdir, settings = configuration(docs)
    with patch_docutils(docs), docutils_namespace(), _root_logger_kept(), _only_the_builders_bp_uses():
        with _moved_environments_taken_up(moved_from):
            app = Sphinx(str(docs), confdir, str(out), str(doctrees), builder, confoverrides={**settings, **(overrides or {})},
                         status=status, warning=warnings, freshenv=fresh, warningiserror=strict)
        app.connect("env-before-read-docs", lambda _app, _env, docnames: read.extend(sorted(docnames)))
        if stop is not None:
            _stop_between_pages(app, stop)
        _read_numref_targets_once(app)
        if definitions is not None:
            from ..sphinxext.source import remember

            remember(app.env, *definitions)
        if pages is not None:
            pages.install(app)
        app.build()
    problems = _as_the_editor_reads(warnings.getvalue().strip(), docs, *moved_from)
    if app.statuscode or (strict and problems):
        raise RulebookError(_("sphinx-build -b {builder} failed:").format(builder=builder) + f"\n{problems or status.getvalue()[-2000:]}")
    from .search_words import remember_words

    remember_words(app)
    if pages is not None:
        pages.finish()
    marker.unlink()
    return read


def _stop_between_pages(app: Any, stop: Callable[[], bool]) -> None:
    """Stopped raised before a page is read and before one is written, once `stop` says so."""
    from sphinx.errors import SphinxError

    class StoppedHere(SphinxError, Stopped):  # a SphinxError: Sphinx lets it through its event handling as it is
        category = "stopped"

    def check(*_args: Any) -> None:
        if stop():
            raise StoppedHere(_("stopped"))

    app.connect("source-read", check)
    app.connect("doctree-resolved", check)
    app.connect("html-page-context", check)


def _as_the_editor_reads(problems: str, docs: Path, *moved_from: str) -> str:
    """Sphinx's warnings without its colours, each page named from the repository (`docs/page.rst:6: …`);
    `moved_from`: where the docs were when the pages not read again were read (their doctrees say it)."""
    from sphinx.util.console import strip_colors

    text = strip_colors(problems)
    for folder in {str(docs.absolute()), str(docs.resolve()), *moved_from}:
        text = text.replace(folder + os.sep, docs.name + "/")
    return text


def configuration(docs: Path) -> tuple[str | None, dict[str, Any]]:
    """Sphinx's configuration folder for a repository's docs/, and the values given besides: docs/conf.py
    where the repository has one, else none and the toolchain's own values (sphinxconf.py)."""
    if (docs / "conf.py").is_file():
        return str(docs), {}
    from .sphinxconf import settings

    return None, settings(docs.parent)  # docs/ is ROOT/docs


@contextlib.contextmanager
def _root_logger_kept() -> Iterator[None]:
    """A Pygments style plugin Sphinx finds (a11y_pygments) calls logging.basicConfig(INFO) when
    imported: afterwards every process bp forks (bp serve's PDF renderers) printed the INFO lines
    of pikepdf and WeasyPrint. The root logger is put back as it was."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    try:
        yield
    finally:
        for handler in [h for h in root.handlers if h not in handlers]:
            root.removeHandler(handler)
        root.setLevel(level)


# Sphinx sets up every builder it has, each with its imports (linkcheck: requests; latex, epub, texinfo…), in
# every run: about a tenth of a one-page HTML build. bp runs only the HTML builders (html; bppdf is a singlehtml);
# gettext stays, as Sphinx reads its gettext_compact for any language.
_BUILDERS_BP_DOES_NOT_RUN = frozenset({
    "sphinx.builders.changes", "sphinx.builders.epub3", "sphinx.builders.dirhtml",
    "sphinx.builders.latex", "sphinx.builders.linkcheck", "sphinx.builders.manpage", "sphinx.builders.texinfo",
    "sphinx.builders.text", "sphinx.builders.xml", "sphinxcontrib.applehelp", "sphinxcontrib.devhelp",
    "sphinxcontrib.htmlhelp", "sphinxcontrib.qthelp", "sphinxcontrib.serializinghtml",
})


@contextlib.contextmanager
def _only_the_builders_bp_uses() -> Iterator[None]:
    """While a Sphinx application is made: its built-in extensions without the builders bp never runs."""
    from sphinx import application

    every = application.builtin_extensions
    application.builtin_extensions = tuple(name for name in every if name not in _BUILDERS_BP_DOES_NOT_RUN)
    try:
        yield
    finally:
        application.builtin_extensions = every


@contextlib.contextmanager
def _moved_environments_taken_up(moved_from: list[str]) -> Iterator[None]:
    """While a Sphinx application is made: a pickled environment whose sources moved with it is taken
    up where it is (`_moved_with_its_sources`); the folder it was read in is added to `moved_from`."""
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

    setup = BuildEnvironment.setup

    def setup_where_it_is(env: BuildEnvironment, app: Sphinx) -> None:
        old = _moved_with_its_sources(env, app)
        if old is not None:
            moved_from.append(old)
        setup(env, app)

    BuildEnvironment.setup = setup_where_it_is  # type: ignore[method-assign,assignment]
    try:
        yield
    finally:
        BuildEnvironment.setup = setup  # type: ignore[method-assign]


def _moved_with_its_sources(env: Any, app: Any) -> str | None:
    """Sphinx's pickled environment names the folder its pages were read in, and Sphinx takes any
    other source folder for other sources: every page is read again. A cache moved or copied with
    its sources (a renamed checkout, a copied build, a CI cache restored elsewhere) holds the
    doctrees where they were relative to the docs: then the environment is these sources', and is
    given their folder. Everything else is Sphinx's to check as in the old place (its and the
    extensions' environment versions, the configuration, each page's time and dependencies; the
    extension checks the definitions by their digests). A cache beside other sources (its place
    relative to them differs: another checkout using the same --cache) is still read fresh.
    Returns the folder the environment was read in, when it is taken up elsewhere."""
    old_docs, old_doctrees = env.srcdir, env.doctreedir
    if not old_docs or not old_doctrees or old_docs == app.srcdir:
        return None  # a new environment, or one read here
    if os.path.relpath(old_docs, old_doctrees) != os.path.relpath(app.srcdir, app.doctreedir):
        return None  # Sphinx refuses it: "source directory has changed", and reads every page
    env.srcdir = app.srcdir  # setup gives it the new doctrees folder itself
    return str(old_docs)


def _read_numref_targets_once(app: Any) -> None:
    """Sphinx 8 unpickles the whole target page for every :numref: it resolves, only to look up
    the target's node (about 100 in the rulebook, most into the largest pages: seconds per build).
    The lookup only reads that page, so during one build each page is unpickled once for it;
    every other reader of doctrees still gets its own fresh copy."""
    domain = app.env.domains.standard_domain
    resolve = domain._resolve_numref_xref
    pages: dict[str, Any] = {}

    def resolve_reading_once(env: Any, *args: Any, **kwargs: Any) -> Any:
        fresh_copy = env.get_doctree

        def shared_copy(docname: str) -> Any:
            if docname not in pages:
                pages[docname] = fresh_copy(docname)
            return pages[docname]

        env.get_doctree = shared_copy
        try:
            return resolve(env, *args, **kwargs)
        finally:
            del env.get_doctree  # the class's own method again

    domain._resolve_numref_xref = resolve_reading_once


def build_html(root: Path, cache: Path, out: Path | None = None, *, strict: bool = True, definitions: m.Definitions | None = None,
               overrides: dict[str, Any] | None = None) -> Path:
    """The HTML rulebook, written into `out` (default: CACHE/html), emptied first."""
    return build_html_reporting(root, cache, out, strict=strict, definitions=definitions, overrides=overrides)[0]


def build_html_reporting(root: Path, cache: Path, out: Path | None = None, *, strict: bool = True,
                         definitions: m.Definitions | None = None, overrides: dict[str, Any] | None = None,
                         salt: str | None = None, stop: Callable[[], bool] | None = None) -> tuple[Path, list[str]]:
    """build_html, and the pages Sphinx read again. Sphinx runs on one process: its parallel mode forks
    from a process whose other threads (bp serve's server, the build's pool) may hold a lock the child
    would wait on for ever, and it saved no CPU time (a changed action re-reads four pages)."""
    out = out or cache / "html"
    if out.exists():
        shutil.rmtree(out)
    from .search_words import search_overrides

    if salt is None:
        from ..provenance import code_salt

        salt = code_salt()
    read = run_sphinx(root / "docs", out, cache / "doctrees", "html", strict=strict,
                      overrides={**search_overrides(cache), **(overrides or {})}, pages=PageCache(cache / PAGES_DIR, salt),
                      definitions=(root, definitions) if definitions is not None else None, stop=stop)
    for name in _SPHINX_BOOKKEEPING:
        path = out / name
        if path.is_dir():
            shutil.rmtree(path)
        elif path.exists():
            path.unlink()
    return out, read


def build_print_page(root: Path, cache: Path, *, strict: bool = True, definitions: m.Definitions | None = None,
                     stop: Callable[[], bool] | None = None) -> Path:
    """The print page of the PDF (CACHE/pdf/index.html), from a copy of the HTML build's
    environment: nothing is read again, and the HTML environment keeps its own configuration
    (the print theme's differs from Furo's)."""
    out = cache / "pdf"
    doctrees = cache / "doctrees-pdf"
    if (cache / "doctrees").is_dir():
        replace_tree(cache / "doctrees", doctrees)
    run_sphinx(root / "docs", out, doctrees, "bppdf", strict=strict, overrides={"bp_pdf_render": False},
               definitions=(root, definitions) if definitions is not None else None, stop=stop)
    return out / "index.html"


@dataclass(frozen=True)
class Stamp:
    """What every page of the rulebook says about its edition: the header line of the HTML,
    the footer line of the PDF, the PDF's metadata."""

    title: str
    edition: str  # 第8.1版
    release: str  # rules.yaml edition.release
    author: str
    subtitle: str
    built: str  # the build date, 2026年11月23日
    built_w3c: str  # the same for PDF metadata

    @property
    def line(self) -> str:
        return f"{self.title} {self.edition}（{self.release} 発行）・ {self.built} ビルド"

    def html_overrides(self) -> dict[str, Any]:
        import html

        return {"html_theme_options.announcement": html.escape(self.line)}


def stamp_of(edition: dict[str, str], built: str, built_w3c: str) -> Stamp:
    return Stamp(edition.get("title", ""), edition.get("name", ""), edition.get("release", ""), edition.get("author", ""),
                 edition.get("subtitle", ""), built, built_w3c)


def build_pdf(print_page: Path, site: Path, cache: Path, *, executor: Executor, salt: str, stamp: Stamp,
              log: Callable[[str], None] = print, print_shop: bool = False) -> Any:
    """The A5 PDF from the print page, in parts (see parts.py), into SITE/blackpoker.pdf; `print_shop`:
    with 3 mm bleed and crop marks, into SITE/blackpoker_print-shop.pdf (the parts it lays out itself cached beside
    the others: the A5 book's, built first, give it the rest)."""
    from . import parts

    title = f"{stamp.title} {stamp.edition}" + (" (印刷所入稿用)" if print_shop else "")
    report = parts.build_pdf(
        print_page, site / (PRINT_SHOP_NAME if print_shop else PDF_NAME), executor=executor,
        cache=parts.PartCache(cache / "parts-print-shop", shared=cache / "parts") if print_shop else parts.PartCache(cache / "parts"),
        salt=salt, log=log,
        folio=parts.Folio(stamp.line), info=parts.BookInfo(title, stamp.author, stamp.subtitle, stamp.built_w3c),
        print_shop=print_shop,
    )
    return report


def replace_tree(source: Path, target: Path) -> None:
    """Copy a directory over another; Sphinx's bookkeeping (.buildinfo, objects.inv) stays behind."""
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(*_SPHINX_BOOKKEEPING))
