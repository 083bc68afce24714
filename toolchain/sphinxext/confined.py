"""A page reads only files of the rulebook's folder (docs/): nothing else of the machine is published.

Directives and roles name files: `literalinclude`, `include`, `graphviz`, `image`, `figure`, the
`download` role (Sphinx resolves these with `env.relfn2path`), and `raw :file:`, `csv-table :file:`,
`include <...>`, `figure :figwidth: image` (docutils resolves these itself: an absolute path is the
machine's; the figure's image is measured where its path points from the working folder). A path
may lead out with `..`, be absolute, or be a symbolic link inside docs/ that points out: each would
copy the file it reaches into the rulebook. So every path a page reads is resolved (links followed) and must
be a regular file inside the source folder, else the directive fails with a located error
(`docs/page.rst:LINE: ERROR: …`), which fails the build; and `raw :url:` and `csv-table :url:`
(a request from the build machine) are refused always.

Three guards, one rule (`check`):
- Sphinx's resolver: `relfn2path` refuses a path outside the source folder (OutsideDocs, a
  DirectiveError: docutils reports it at the directive's line).
- docutils's own readers (READERS): the paths they will open are checked before they run.
- images and downloads, which Sphinx's collectors read after the page is parsed: checked when the
  page has been read, before the collectors, and the refused node is taken out of the page; and
  again on every build, as the builder copies them from the files the environment remembers (a
  picture of docs/ made a link that leads out after its page was read is not copied).
"""

from __future__ import annotations

import glob
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import Directive, DirectiveError, directives
from docutils.parsers.rst.directives.misc import Raw, adapt_path
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.directives.other import Include
from sphinx.directives.patches import CSVTable, Figure
from sphinx.environment import BuildEnvironment
from sphinx.util import logging

from ..i18n import _

logger = logging.getLogger(__name__)


class OutsideDocs(DirectiveError):
    """A path a page reads that is not a regular file of the source folder."""

    def __init__(self, message: str) -> None:
        super().__init__(3, message)  # 3: an error, as a directive's self.error()

    def __str__(self) -> str:
        return self.msg


def check(path: Path | str, srcdir: Path, written: str) -> None:
    """Refuse `path` (as the reader will open it) unless it is, links resolved, a regular file inside `srcdir`.
    A path to nothing reads nothing: the reader says it is not found (Sphinx also asks for a picture's
    translation, `picture.ja.png`, which seldom exists). `written`: the path as the page gives it."""
    folder = Path(srcdir).resolve()
    try:
        target = Path(path).resolve()
    except (OSError, RuntimeError):  # a loop of links, an unreadable folder on the way
        raise OutsideDocs(_("'{path}' is not a regular file: a page may read only regular files").format(path=written)) from None
    if not target.exists():
        return
    if not target.is_relative_to(folder):
        raise OutsideDocs(_("'{path}' is outside {folder}/: a page may read only the files of {folder}/").format(
            path=written, folder=folder.name))
    if not target.is_file():
        raise OutsideDocs(_("'{path}' is not a regular file: a page may read only regular files").format(path=written))


def refuse_url(written: str, srcdir: Path) -> None:
    raise OutsideDocs(_("'{url}' is an address, not a file: a page may read only the files of {folder}/").format(
        url=written, folder=Path(srcdir).resolve().name))


# -- Sphinx's resolver -------------------------------------------------------------------------

_GUARDED = "_bp_confined"


def _guard_sphinx_resolver() -> None:
    """Every path Sphinx resolves for a page (literalinclude, include, graphviz, images, downloads) is checked.
    Once per process: the class's method is wrapped, so a pickled environment holds nothing of it."""
    resolve = BuildEnvironment.relfn2path
    if getattr(resolve, _GUARDED, False):
        return

    def relfn2path(self: BuildEnvironment, filename: str | Path, docname: str | None = None) -> tuple[str, str]:
        relative, absolute = resolve(self, filename, docname)
        check(absolute, self.srcdir, str(filename))
        return relative, absolute

    setattr(relfn2path, _GUARDED, True)
    relfn2path.__wrapped__ = resolve  # type: ignore[attr-defined]
    BuildEnvironment.relfn2path = relfn2path  # type: ignore[method-assign]


def _unguarded(env: BuildEnvironment, filename: str, docname: str) -> str:
    resolve = getattr(BuildEnvironment.relfn2path, "__wrapped__", BuildEnvironment.relfn2path)
    return resolve(env, filename, docname)[1]


# -- docutils's own readers ----------------------------------------------------------------------


def _opened_by_docutils(directive: Directive, written: str) -> Path:
    """The file docutils's include, raw and csv-table open for `written`: beside the page, an absolute path as it is."""
    settings = directive.state.document.settings
    return Path(adapt_path(written, directive.state.document.current_source, settings.root_prefix))


def _file_and_url(directive: Directive) -> Iterator[tuple[str, Path | None]]:
    """`:file:` and `:url:` (raw, csv-table); a `:file:` absolute is also read from the source folder (Sphinx's csv-table)."""
    if "url" in directive.options:
        yield directive.options["url"], None
    written = directive.options.get("file")
    if written is not None:
        yield written, _opened_by_docutils(directive, written)
        if written.startswith("/"):
            yield written, Path(directive.state.document.settings.env.srcdir, written.lstrip("/"))


def _standard_include(directive: Directive) -> Iterator[tuple[str, Path | None]]:
    """`include <name>`: a file of docutils's own folder (other includes go through Sphinx's resolver)."""
    written = directive.arguments[0]
    if written.startswith("<") and written.endswith(">"):
        yield written, Path(Include.standard_include_path, written[1:-1])


def _figure_width(directive: Directive) -> Iterator[tuple[str, Path | None]]:
    """`figure :figwidth: image` opens the image to measure it, at the path as written (from the working folder)."""
    if directive.options.get("figwidth") == "image":
        yield directive.arguments[0], Path(directives.uri(directive.arguments[0]))


# directive name → (the class Sphinx registers for it, the paths it will open: (as written, path; None for a URL))
READERS: dict[str, tuple[type[Directive], Callable[[Directive], Iterator[tuple[str, Path | None]]]]] = {
    "raw": (Raw, _file_and_url),
    "csv-table": (CSVTable, _file_and_url),
    "include": (Include, _standard_include),
    "figure": (Figure, _figure_width),
}


def _confined(name: str, base: type[Directive], paths: Callable[[Directive], Iterator[tuple[str, Path | None]]]) -> type[Directive]:
    def run(self: Directive) -> list[nodes.Node]:
        srcdir = self.state.document.settings.env.srcdir
        for written, path in paths(self):
            if path is None:
                refuse_url(written, srcdir)
            else:
                check(path, srcdir, written)
        return base.run(self)

    return type(base.__name__, (base,), {"run": run, "__doc__": f"`{name}`, reading only files of the source folder."})


# -- images and downloads --------------------------------------------------------------------------


def _local_file(uri: str) -> bool:
    """A URI that names a file of the machine (a remote address or data: stays a link, read by no one at build time)."""
    return uri.startswith("file:") or not (uri.startswith("data:") or "://" in uri)


def _refuse_outside_files(app: Sphinx, doctree: nodes.document) -> None:
    """Images and downloads leading out of the source folder are reported where they are written and taken out
    of the page, before Sphinx's collectors copy them."""
    env = app.env
    for node in list(doctree.findall(lambda n: isinstance(n, (nodes.image, addnodes.download_reference)))):
        written = node["uri"] if isinstance(node, nodes.image) else node["reftarget"]
        if not _local_file(written):
            continue
        try:
            if written.startswith("file:"):
                refuse_url(written, env.srcdir)
            path = _unguarded(env, written, env.docname)
            check(path, env.srcdir, written)
            for match in glob.glob(path) if "*" in written else ():  # `picture.*`: every candidate Sphinx may copy
                check(match, env.srcdir, written)
        except OutsideDocs as refused:
            logger.error(str(refused), location=node)
            node.parent.remove(node)


def _refuse_remembered_files(app: Sphinx, env: BuildEnvironment) -> None:
    """The images and downloads the builder will copy, whether or not their page was read again: a file of
    docs/ replaced by a link leading out keeps its page's doctree, but is not copied."""
    _forget_outside_files(env.images, env.srcdir)
    _forget_outside_files(env.dlfiles, env.srcdir)


def _forget_outside_files(remembered: dict[Any, Any], srcdir: Path) -> None:
    """`remembered`: the environment's images or downloads, by their path from the source folder."""
    for written in list(remembered):
        try:
            check(Path(srcdir, written), srcdir, str(written))
        except OutsideDocs as refused:
            logger.error(str(refused), location=min(remembered[written][0]))  # a page that uses it
            del remembered[written]


def setup(app: Sphinx) -> None:
    _guard_sphinx_resolver()
    for name, (base, paths) in READERS.items():
        app.add_directive(name, _confined(name, base, paths), override=True)
    app.connect("doctree-read", _refuse_outside_files, priority=100)  # before the collectors (500)
    app.connect("env-updated", _refuse_remembered_files)
