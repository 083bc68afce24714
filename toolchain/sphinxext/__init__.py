"""The Sphinx extension of the BlackPoker rulebook: the definitions rendered into the document tree.

Register it in conf.py (`extensions = ["toolchain.sphinxext"]`). Directives and roles:

    lists      bp-action-list, bp-character-list, bp-fog-list, bp-frame-list,
               bp-frame-action-list, bp-frame-fog-list, bp-trump-list
    tables     bp-rank-table, bp-cost-table, bp-regulation-table, bp-access-levels,
               bp-zones, bp-format-list, bp-version-history
    figures    bp-figure, bp-flowchart
    readings   bp-readings (chapter 6's readings about one thing, as a ※ note)
    rulings    bp-ruling (a ruling where the rulebook asks its question), bp-faq (every ruling: docs/faq.rst)
    roles      bp-count
    links      bp-site (a PDF or action list of the site: the public address in print, a relative link in HTML)
    interface  Furo's English interface in Japanese, in the written pages (interface.py)
    search     every definition found by its name on the search page, landing on its entry (namesearch.py);
               a query cut into words as the index cut the text (querysplit.py)
    suits      every printed ♠ ♡ ♢ ♣ in span.suit, the red ones also .suit-red (suit_spans.py)
    index      `よみ|用語` entries, ordered by reading (indexorder.py)
    text       bp-edition (a field of rules.yaml's edition, in substitutions: never parsed as markup)
    files      every path a page reads (literalinclude, include, image, download, raw :file: …) is a file of
               the source folder, links resolved; raw :url: and csv-table :url: are refused (confined.py)

Every definition gets a label for :ref: (`act-<id>`, `char-<id>`, `fog-<id>`, `frame-<id>`,
`trump-<id>`). The definitions are found above the source directory, or at `bp_root`.
Definitions text is never parsed as markup, and the HTML search index is escaped (searchindex.py).
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx

from . import (chapters, confined, domain, edition_fields, figures, indexorder, interface, lists, namesearch, nobr_spans, querysplit, readings,
               roles, rulings, searchindex, sectionrefs, sitelinks, source, suit_spans, tables)

VERSION = "1"


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("sphinx.ext.graphviz")
    app.add_config_value("bp_root", None, "env", types=frozenset({str, type(None)}))
    domain.setup(app)  # the extension's state in the environment
    confined.setup(app)  # every file a page reads is one of the source folder's
    for name, directive in {**lists.LISTS, **tables.TABLES}.items():
        app.add_directive(name, directive)
    for module in (figures, readings, rulings, roles, sectionrefs, chapters, edition_fields, searchindex, sitelinks, indexorder, suit_spans,
                   interface, namesearch, querysplit, nobr_spans):
        module.setup(app)
    app.connect("env-get-outdated", source.outdated)
    # env_version 3: the state is the bp domain's data (domain.py), no longer attributes of the environment.
    return {"version": VERSION, "env_version": 3, "parallel_read_safe": True, "parallel_write_safe": True}
