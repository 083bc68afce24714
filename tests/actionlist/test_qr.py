"""The QR code each leaflet prints, decoded from the rendered PDF: the absolute address of the same
regulation's web page (the edition's address in the site + the page the site wrote for it)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from .conftest import ROOT


DPI = 200  # 15 mm of QR code: about 3 pixels a module, as a phone's camera sees the paper
HEAD_MM = (148, 70)  # the top of the A5 first page, where the header prints it: a third of the rendering time


def _qr_codes(pdf: Path, tmp_path: Path) -> list[str]:
    """The text of every QR code in the head of the leaflet's first page, rendered as pixels."""
    import zxingcpp
    from PIL import Image

    png = tmp_path / pdf.stem
    width, height = (round(mm / 25.4 * DPI) for mm in HEAD_MM)
    subprocess.run(["pdftoppm", "-f", "1", "-l", "1", "-r", str(DPI), "-x", "0", "-y", "0", "-W", str(width), "-H", str(height),
                    "-gray", "-singlefile", "-png", str(pdf), str(png)], check=True)
    with Image.open(png.with_suffix(".png")) as image:
        return [code.text for code in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)]


def _leaflets(definitions) -> list[tuple[str, str, str]]:
    """(title, leaflet PDF, web page) of every list the site makes, relative to the action-list folder."""
    from toolchain.actionlist.site import list_outputs

    return [(output.title, output.pdf, output.page) for output in list_outputs(ROOT, definitions)]


def test_every_leaflets_qr_code_leads_to_its_own_page(site: Path, site_url: str, definitions, tmp_path: Path) -> None:
    leaflets = _leaflets(definitions)
    assert len(leaflets) == 15  # 4 formats, everything, the 10 regulations of table 3.1
    for title, pdf, page in leaflets:
        assert _qr_codes(site / pdf, tmp_path) == [f"{site_url}actionlist/{page}"], title
        heading = re.search(r"<title>(.*?)</title>", (site / page).read_text(encoding="utf-8"))
        assert heading and (title in heading[1] if title != "すべて" else "—" not in heading[1]), (title, page)
