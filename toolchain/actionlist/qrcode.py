"""The QR code a leaflet prints: the address of the same list's web page at the site's public
base URL (rules.yaml edition.url, or `bp build --base-url`), so a printed sheet leads to the page."""

from __future__ import annotations

from urllib.parse import quote, urljoin

from markupsafe import Markup

ACTIONLIST_PAGES = "actionlist/html/"  # where `bp build` puts the pages, under the site's root


def public_url(base_url: str, page: str) -> str:
    """`https://…/master/actionlist/html/pro-strategy.html`: absolute, since paper has no relative links."""
    base = base_url if base_url.endswith("/") else base_url + "/"
    return urljoin(base, ACTIONLIST_PAGES + quote(page))


def qr_svg(url: str) -> Markup:
    """The QR code as inline SVG (scalable: its size is the stylesheet's), error correction M."""
    import segno

    return Markup(segno.make(url, error="m").svg_inline(scale=1, border=2, omitsize=True, title=url))
