"""The search page cuts a query into words the way the index cut the text.

Sphinx indexes Japanese text with TinySegmenter (sphinx.search.ja.DefaultSplitter, in Python), but
its search page splits a query only at spaces and punctuation: a compound the index holds as two
words is looked up as one, and found nowhere (パス記録 is indexed as パス + 記録;
sphinx-doc/sphinx#13395). Sphinx lets a search language give its own JavaScript `splitQuery`
in language_data.js: this adds the same segmenter there, static/bp-splitquery.js, with the model
read from Sphinx's own class, so the two cannot drift apart when Sphinx changes its model.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.search.ja import DefaultSplitter, SearchJapanese

SCRIPT = Path(__file__).parent / "static" / "bp-splitquery.js"
LANGUAGE_DATA = "language_data.js"
MARKER = "/* bp-splitquery: the index's own segmenter (toolchain/sphinxext/querysplit.py) */"


def model() -> dict[str, Any]:
    """DefaultSplitter's model: its bias, its character types (regular expressions, in order) and its tables."""
    tables = {name: value for name, value in vars(DefaultSplitter).items()
              if name.endswith("__") and not name.startswith("__") and isinstance(value, dict)}
    types = [[pattern.pattern, value] for pattern, value in DefaultSplitter.patterns_.items()]
    return {"bias": DefaultSplitter.BIAS__, "types": types, "tables": tables}


def splitter_code() -> str:
    """The JavaScript of `splitQuery`, with the model inlined."""
    data = json.dumps(model(), ensure_ascii=True, separators=(",", ":"))
    return f"var BP_SEGMENTER = {data};\n{SCRIPT.read_text(encoding='utf-8')}"


def _segments_like_the_default(language: object) -> bool:
    """The index is cut by DefaultSplitter, itself or wrapped (rulebook/search_words.py remembers its answers).
    Another splitter (MeCab, Janome) has no JavaScript twin: Sphinx's own query splitting stays."""
    if not isinstance(language, SearchJapanese):
        return False
    splitter = language.splitter
    return isinstance(splitter, DefaultSplitter) or isinstance(getattr(splitter, "splitter", None), DefaultSplitter)


def build_finished(app: Sphinx, exception: BaseException | None) -> None:
    """Sphinx writes language_data.js from the language's `js_splitter_code` before any page, and no
    event comes between making the index's language and writing that file: the code is added after
    the build. The search page loads language_data.js after searchtools.js, so its splitQuery wins."""
    if exception is not None or app.builder.name != "html":
        return
    language = getattr(getattr(app.builder, "indexer", None), "lang", None)
    target = Path(app.outdir, "_static", LANGUAGE_DATA)
    if not _segments_like_the_default(language) or not target.is_file():
        return
    text = target.read_text(encoding="utf-8")
    if MARKER not in text:  # written fresh by every build; never twice
        target.write_text(f"{text.rstrip()}\n\n{MARKER}\n{splitter_code()}", encoding="utf-8")


def setup(app: Sphinx) -> None:
    app.connect("build-finished", build_finished)
