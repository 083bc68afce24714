"""Links from the rulebook to the site's other outputs: the PDFs and the action lists.

    :bp-site:`rulebook-pdf`        blackpoker.pdf
    :bp-site:`rulebook-booklet`    blackpoker_a5-booklet.pdf
    :bp-site:`list:lite`           actionlist/html/lite.html  (`list:all`: the whole list)
    :bp-site:`list-pdf:lite`       actionlist/pdf/blackpoker-lite.pdf
    :bp-site:`list-2up:lite`       actionlist/pdf/blackpoker-lite-2up.pdf

The file names are the action lists' and the rulebook's own (never typed here). The link text is
the public address (`bp_site_url`, by default rules.yaml edition.url) with its Japanese left as
Japanese; the HTML rulebook links the file relative to itself (`../blackpoker.pdf`, so a local
build links its own files), and the PDF prints and links the public address (assemble.py).
The HTML sidebar lists the same outputs (`bp_site_links` in the page context, the extension's
template sidebar/bp-links.html, which conf.py's html_sidebars places).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote, urljoin

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxRole

from .. import model as m
from ..i18n import _
from ..rulebook import BOOKLET_NAME, HTML_DIR, PDF_NAME
from . import source

TEMPLATES = Path(__file__).parent / "templates"
ACTIONLIST_DIR = "actionlist"
EVERYTHING = "all"
_RULEBOOK_TARGETS = {"rulebook-pdf": PDF_NAME, "rulebook-booklet": BOOKLET_NAME}
_LIST_KINDS = ("list", "list-pdf", "list-2up")


def site_path(definitions: m.Definitions, target: str) -> str:
    """The file a target names, relative to the site's root (`actionlist/pdf/blackpoker-lite.pdf`)."""
    from ..actionlist.selection import select
    from ..actionlist.site import page_name, pdf_name, two_up_name

    if target in _RULEBOOK_TARGETS:
        return _RULEBOOK_TARGETS[target]
    kind, _colon, format_key = target.partition(":")
    if kind not in _LIST_KINDS or not format_key:
        known = ", ".join([*_RULEBOOK_TARGETS, *(f"{kind}:<format|{EVERYTHING}>" for kind in _LIST_KINDS)])
        raise ValueError(_("unknown site target '{target}'; the targets are {known}").format(target=target, known=known))
    if format_key != EVERYTHING and definitions.find_format(format_key) is None:
        raise ValueError(_("no format '{format}'; the formats are {known}").format(
            format=format_key, known=", ".join(f.id for f in definitions.formats)))
    selection = select(definitions, None if format_key == EVERYTHING else format_key)
    folder, name = {"list": ("html", page_name), "list-pdf": ("pdf", pdf_name), "list-2up": ("pdf", two_up_name)}[kind]
    return f"{ACTIONLIST_DIR}/{folder}/{name(selection)}"


def site_url(env: BuildEnvironment) -> str:
    """The public address of the site's root, ending in `/`."""
    url = env.config.bp_site_url or source.edition(source.repository_root(env)).get("url", "")
    return url if url.endswith("/") else url + "/"


def public_address(base: str, path: str) -> str:
    """The address as printed: absolute, with any Japanese as Japanese (never %E3…)."""
    return unquote(urljoin(base, path))


def printed_link(base: str, uri: str) -> str:
    """A link of the HTML rulebook (relative to rulebook/) as the PDF has it: the absolute, encoded address."""
    return quote(urljoin(f"{base}{HTML_DIR}/", uri), safe=":/?&=#%~")


def from_rulebook(path: str) -> str:
    """A site file as the HTML rulebook links it (its pages are all in rulebook/)."""
    return "../" + quote(path)


class SiteRole(SphinxRole):
    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        definitions = source.use(self.env, ())  # the formats' names, and rules.yaml's edition (its address)
        try:
            path = site_path(definitions, self.text.strip())
        except ValueError as exc:
            message = self.inliner.reporter.error(f"bp-site: {exc}", line=self.lineno)
            return [nodes.problematic(self.rawtext, self.rawtext)], [message]
        address = public_address(site_url(self.env), path)
        return [nodes.reference(address, address, refuri=from_rulebook(path), classes=["bp-site-link"])], []


def sidebar_links(definitions: m.Definitions) -> list[tuple[str, list[tuple[str, str]]]]:
    """The HTML sidebar's groups of (label, link relative to a rulebook page)."""
    lists = [(f.name, from_rulebook(site_path(definitions, f"list:{f.id}"))) for f in definitions.formats]
    lists.append(("すべて(絞り込み)", from_rulebook(site_path(definitions, f"list:{EVERYTHING}"))))
    pdfs = [("ルールブック(A5)", from_rulebook(PDF_NAME)), ("ルールブック(中綴じ印刷用)", from_rulebook(BOOKLET_NAME))]
    pdfs += [(f"アクションリスト {f.name}", from_rulebook(site_path(definitions, f"list-pdf:{f.id}"))) for f in definitions.formats]
    return [("アクションリスト", lists), ("PDF", pdfs)]


def page_context(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    context.update(context_inputs(app))


def context_inputs(app: Sphinx) -> dict[str, Any]:
    """What the extension adds to every HTML page's template context, from the definitions (not from
    the environment): the HTML page cache (toolchain.rulebook.pagecache) keys pages by it too."""
    if app.builder.format != "html":
        return {}
    return {"bp_site_links": sidebar_links(source.load(app.env).definitions)}


def add_templates(app: Sphinx, config: Any) -> None:
    """The extension's own templates (sidebar/bp-links.html), wherever docs/ is."""
    if str(TEMPLATES) not in config.templates_path:
        config.templates_path.append(str(TEMPLATES))


def setup(app: Sphinx) -> None:
    app.connect("config-inited", add_templates)
    app.add_config_value("bp_site_url", None, "env", types=frozenset({str, type(None)}))
    app.add_role("bp-site", SiteRole())
    app.connect("html-page-context", page_context)

