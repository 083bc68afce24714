"""The rulebook's Sphinx configuration, which every rules repository shares: a repository's docs/
holds its prose only.

`bp build` and `bp serve` use it when docs/ has no conf.py (toolchain.rulebook.sphinx_run); a docs/conf.py,
for running sphinx-build directly, takes it over with `globals().update(settings(ROOT))`. The
title, edition, author, release date and © come from definitions/rules.yaml (`edition`), like every
other rules text. They are data, not markup: the page substitutions insert them as plain text
(bp-edition), and html_title, which Sphinx and Furo insert into pages as HTML, is escaped here. The
style sheet and the icon are the toolchain's (static/), as are the extension that renders the
definitions (toolchain.sphinxext) and the A5 PDF builder (toolchain.rulebook.pdf_builder).
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from ..i18n import DOCUMENTS

STATIC = Path(__file__).resolve().parent / "static"  # rulebook.css, favicon.svg


def settings(root: Path) -> dict[str, Any]:
    """The configuration values of the rulebook of the repository at `root`."""
    from ..sphinxext.edition_fields import prolog
    from ..sphinxext.source import edition as read_edition

    edition = read_edition(root)
    return {
        # -- Project
        "project": edition["title"],
        "author": edition["author"],
        "version": edition["name"],  # 第8.1版
        "release": edition["release"],  # 2025/6/x
        "copyright": edition["copyright"].removeprefix("©").strip(),
        "language": DOCUMENTS,
        "extensions": ["toolchain.sphinxext", "toolchain.rulebook.pdf_builder"],
        "root_doc": "index",
        "exclude_patterns": ["_build"],
        "rst_prolog": prolog(edition),  # |bp-title|, |bp-subtitle|, |bp-edition|, |bp-author|, |bp-release|, |bp-copyright|
        # -- Numbering: chapters 第N章, sections 2.10.4, figures and tables per chapter (図 2.1, 表 2.1). The labels
        # are Japanese, as the text around them, in the HTML and the PDF alike; a :numref: reads the same (表 2.1 参照).
        "numfig": True,
        "numfig_secnum_depth": 1,
        "numfig_format": {"figure": "図 %s", "table": "表 %s", "code-block": "リスト %s", "section": "{number} {name}"},
        "html_secnumber_suffix": " ",
        # -- Figures
        "graphviz_output_format": "svg",
        # -- HTML
        "html_theme": "furo",
        "html_title": html.escape(f"{edition['title']} {edition['name']}"),  # inserted as HTML by the themes
        "html_static_path": [str(STATIC)],
        "html_css_files": ["rulebook.css"],
        "html_copy_source": False,
        "html_show_sourcelink": False,
        "html_search_language": DOCUMENTS,
        "html_last_updated_fmt": None,
        "html_sidebars": {
            "**": ["sidebar/brand.html", "sidebar/search.html", "sidebar/scroll-start.html", "sidebar/navigation.html",
                   "sidebar/bp-links.html", "sidebar/scroll-end.html"],
        },
        "html_favicon": str(STATIC / "favicon.svg"),
    }
