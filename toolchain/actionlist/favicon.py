"""The site's icon: a red heart (♡ red as the lists print it), drawn as a path so no font is needed.

`bp build` writes it as favicon.svg at the site's root (the landing page and the rulebook use that
file); the action lists' pages carry it inline, so a page saved on its own keeps its icon.
"""

from __future__ import annotations

from urllib.parse import quote

FAVICON = "favicon.svg"
RED = "#c62828"  # the red of the suits (suits.py, the lists' CSS) and of the figures

_HEART = "M16 29C16 29 2 19.6 2 10.6 2 5.8 5.6 3 9.2 3c3.1 0 5.4 1.9 6.8 4.6C17.4 4.9 19.7 3 22.8 3 26.4 3 30 5.8 30 10.6 30 19.6 16 29 16 29z"


def favicon_svg() -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">'
            f'<rect width="32" height="32" rx="6" fill="#fff"/><path d="{_HEART}" fill="{RED}"/></svg>\n')


def favicon_data_uri() -> str:
    return "data:image/svg+xml," + quote(favicon_svg().strip(), safe=" =:/\"'#,.")
