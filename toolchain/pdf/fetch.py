"""What WeasyPrint may load into a PDF: the files of the folders the PDF is made from, and data: URLs.

A page's <img>, <link> or a style's url() can name any file of the machine (`file:///home/…`, a path
with `..` from the print page's folder, written in a `raw` block of docs/) or an address on the network;
WeasyPrint's own fetcher would load it into the PDF. Here it is refused and remembered, and the PDF
fails with the list of what it asked for (`refused`, `check`), instead of being published with the
file in it or silently without it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit
from urllib.request import url2pathname

from ..i18n import _


class RefusedResource(ValueError):
    """A PDF asked for something outside its folders (WeasyPrint reports a fetcher's error and goes on)."""


class LocalFetcher:
    """WeasyPrint's `url_fetcher`, loading only regular files inside `folders` (links resolved) and data: URLs."""

    def __init__(self, *folders: Path) -> None:
        self.folders = tuple(Path(folder).resolve() for folder in folders)
        self.refused: list[str] = []

    @classmethod
    def beside(cls, base_url: str) -> LocalFetcher:
        """For a document whose base URL is a folder (`file:///…/pdf/`): the files of that folder."""
        return cls(*([_path_of(base_url)] if base_url else []))

    def allows(self, url: str) -> bool:
        if url.startswith("data:"):
            return True
        parts = urlsplit(url)
        if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
            return False
        path = _path_of(url).resolve()
        return path.is_file() and any(path.is_relative_to(folder) for folder in self.folders)

    def __call__(self, url: str, timeout: int = 10, ssl_context: Any = None) -> dict[str, Any]:
        import weasyprint

        if not self.allows(url):
            self.refused.append(url)
            raise RefusedResource(url)
        return weasyprint.default_url_fetcher(url, timeout=timeout, ssl_context=ssl_context)

    def check(self) -> None:
        """Fail when anything was refused: the PDF would lack it (and the page asked for a file it may not read)."""
        if not self.refused:
            return
        urls = ", ".join(sorted(set(self.refused)))
        if not self.folders:
            raise RefusedResource(_("the PDF asked for {urls}: it loads only data: URLs").format(urls=urls))
        raise RefusedResource(_("the PDF asked for {urls}: it loads only the files of {folders} and data: URLs").format(
            urls=urls, folders=", ".join(str(folder) for folder in self.folders)))


def _path_of(url: str) -> Path:
    return Path(url2pathname(urlsplit(url).path))
