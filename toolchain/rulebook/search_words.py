"""The words of the rulebook's search index, remembered between builds.

The HTML rulebook is written into a new folder by every build (sphinx_run.py says why), so Sphinx
feeds every page to its search index every time, and its Japanese word splitter (TinySegmenter,
in pure Python) is the largest single cost of an HTML build that read one page again. The
splitter gives the same words for the same text, so its answers are kept in the cache
(`search-words.json`, only those the last build used) and only new text is split.

    run_sphinx(..., overrides=search_overrides(cache))   # then remember_words(app) after the build
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from sphinx import __version__ as sphinx_version
from sphinx.search.ja import BaseSplitter, DefaultSplitter

WORDS_FILE = "search-words.json"
WORDS_OPTION = "bp_words"  # html_search_options' entry naming the file: where the cache is, not what a page shows


class RememberingSplitter(BaseSplitter):
    """Sphinx's own Japanese splitter, asked once per text (html_search_options: type, bp_words)."""

    def __init__(self, options: dict[str, str]) -> None:
        super().__init__(options)
        self.splitter = DefaultSplitter(options)
        self.path = Path(options[WORDS_OPTION])
        self.known = _read(self.path)
        self.used: dict[str, list[str]] = {}
        self.listener: list[str] | None = None  # the texts asked for, while the HTML page cache records a page

    def split(self, input: str) -> list[str]:
        if self.listener is not None:
            self.listener.append(input)
        words = self.used.get(input)
        if words is None:
            words = self.known.get(input)
            if words is None:
                words = self.splitter.split(input)
            self.used[input] = words
        return list(words)

    def save(self) -> None:
        """Keep what this build used (written whole, then renamed: a killed build leaves the old file)."""
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps({"sphinx": sphinx_version, "words": self.used}, ensure_ascii=False), encoding="utf-8")
        tmp.replace(self.path)


def _read(path: Path) -> dict[str, list[str]]:
    """The remembered words, if they were made by this Sphinx (whose splitter may change); else none."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return data["words"] if data.get("sphinx") == sphinx_version and isinstance(data.get("words"), dict) else {}
    except (OSError, ValueError, AttributeError, KeyError):
        return {}


def search_overrides(cache: Path) -> dict[str, Any]:
    """The Sphinx configuration that makes the HTML build use the remembering splitter."""
    return {"html_search_options": {"type": f"{__name__}.RememberingSplitter", WORDS_OPTION: str(cache / WORDS_FILE)}}


def remember_words(app: Any) -> None:
    """After a build without errors: keep the words it used for the next one."""
    indexer = getattr(app.builder, "indexer", None)
    splitter = getattr(getattr(indexer, "lang", None), "splitter", None)
    if isinstance(splitter, RememberingSplitter):
        splitter.save()
