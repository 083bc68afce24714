"""`bppdf`: the A5 PDF of the rulebook, written by WeasyPrint from one print-styled HTML page.

    sphinx-build -b bppdf docs OUT        → OUT/blackpoker.pdf (and OUT/index.html, its source)

`bp build` sets `bp_pdf_render = False`: the builder then writes only the print page, which
toolchain.rulebook.parts lays out in parts, in parallel (the same pages, faster).

The builder is Sphinx's single-page HTML builder with its own theme (cover, table of contents
and index with page numbers, running headers; see theme/static/print.css); fit.py mends the
pages a figure left half empty, here as in the parts. Everything is
read from local files: WeasyPrint is given a URL fetcher that refuses anything else.
"""

from __future__ import annotations

import html
from collections.abc import Set
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.builders.singlehtml import SingleFileHTMLBuilder
from sphinx.environment.adapters.indexentries import IndexEntries
from sphinx.util import logging
from sphinx.util.display import progress_message
from sphinx.util.nodes import inline_all_toctrees

from ..sphinxext.chapters import ChapterNumbers, chapter
from ..sphinxext.indexorder import in_reading_order
from ..sphinxext.sitelinks import site_url
from ..sphinxext.source import edition, repository_root
from . import assemble, fit

logger = logging.getLogger(__name__)
THEME = Path(__file__).parent / "theme"


class PdfBuilder(SingleFileHTMLBuilder):
    name = "bppdf"
    format = "html"
    epilog = "The PDF is in %(outdir)s."
    search = False
    add_permalinks = False  # no ¶ after headings: they would show in the running headers
    default_translator_class = ChapterNumbers

    def get_theme_config(self) -> tuple[str, dict[str, str | int | bool]]:
        return "bp_print", {}

    def assemble_doctree(self) -> nodes.document:
        """As the single-page builder does, but skipping toctree entries that are no pages (genindex)."""
        root = self.config.root_doc
        tree = self.env.get_doctree(root)
        for toctree in tree.findall(addnodes.toctree):
            toctree["includefiles"] = [name for name in toctree["includefiles"] if name in self.env.all_docs]
        tree = inline_all_toctrees(self, set(), root, tree, str, [root])  # str: no colour in the log
        tree["docname"] = root
        self.env.resolve_references(tree, root, self)
        return tree

    def write_documents(self, _docnames: Set[str]) -> None:
        self.prepare_writing(self.env.all_docs.keys())
        with progress_message("assembling the book"):
            tree = assemble.flatten(self.assemble_doctree())
            assemble.absolute_site_links(tree, site_url(self.env))
            numbers = assemble.make_ids_unique(tree, self.env)
            root = self.config.root_doc
            self.env.toc_secnumbers = {root: numbers.secnumbers}
            self.env.toc_fignumbers = {root: numbers.fignumbers}
            self._toc = assemble.toc(tree, numbers.secnumbers)
        with progress_message("writing the print page"):
            self.write_doc_serialized(root, tree)
            self.write_doc(root, tree)

    def get_doc_context(self, docname: str, body: str, metatags: str) -> dict[str, Any]:
        context = super().get_doc_context(docname, body, metatags)
        context.update(
            bp_edition=edition(repository_root(self.env)),
            bp_toc=self._render_toc(),
            bp_index=self._render_index(),
        )
        return context

    def _render_toc(self) -> str:
        items = []
        for entry in self._toc:
            number = chapter(entry.number[0]) if entry.level == 1 and entry.number else ".".join(map(str, entry.number))
            items.append(
                f'<li class="toc-level-{entry.level}"><a href="#{html.escape(entry.anchor)}">'
                f'<span class="toc-number">{html.escape(number)}</span> {html.escape(entry.title)}</a></li>'
            )
        items.append('<li class="toc-level-1"><a href="#book-index"><span class="toc-number"></span> 索引</a></li>')
        return "\n".join(items)

    def _render_index(self) -> str:
        """索引: every term with a link per place; the stylesheet prints the links as page numbers."""
        lines = []
        for row, terms in in_reading_order(self.env, IndexEntries(self.env).create_index(self)):
            lines.append(f'<li class="index-heading">{html.escape(row)}</li>')
            for term, (links, subentries, _key) in terms:
                lines.append(f'<li class="index-entry">{html.escape(term)}{_page_links(links)}')
                if subentries:
                    lines.append('<ul class="index-sub">')
                    lines.extend(f"<li>{html.escape(sub)}{_page_links(sublinks)}</li>" for sub, sublinks in subentries)
                    lines.append("</ul>")
                lines.append("</li>")
        return "\n".join(lines)

    def finish(self) -> None:
        self.copy_image_files()
        self.copy_static_files()
        if self.config.bp_pdf_render:
            self.write_pdf()

    @progress_message("writing the PDF with WeasyPrint")
    def write_pdf(self) -> None:
        import weasyprint  # imported here: only this builder needs it

        from ..html_parsing import parse_with_cached_patterns
        from ..pdf.fetch import LocalFetcher

        parse_with_cached_patterns()

        source = Path(self.outdir, self.config.root_doc + self.out_suffix)
        target = Path(self.outdir, self.config.bp_pdf_name)
        fetcher = LocalFetcher(Path(self.outdir))  # the print page's folder: its images and stylesheet, nothing else
        document = fit.lay_out(weasyprint.HTML(filename=str(source), url_fetcher=fetcher), logger.info)
        fetcher.check()
        document.write_pdf(target)
        logger.info("%s: %d pages", target.name, len(document.pages))


def _page_links(links: list[tuple[str | None, Any]]) -> str:
    anchors = [
        f'<a class="page-ref{" main" if main else ""}" href="{html.escape(assemble.rewrite_uri(uri))}"></a>'
        for main, uri in links
        if uri
    ]
    return f'<span class="index-pages">{"".join(anchors)}</span>' if anchors else ""


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_html_theme("bp_print", str(THEME))
    app.add_builder(PdfBuilder)
    app.add_config_value("bp_pdf_name", "blackpoker.pdf", "", types=frozenset({str}))
    app.add_config_value("bp_pdf_render", True, "", types=frozenset({bool}))  # False: only the print page
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}

