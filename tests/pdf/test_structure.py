"""The tag tree's table headers are named by reading order, not by where WeasyPrint's boxes were in
memory: the same page gives the same bytes in every process (a clean build equals an incremental one)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pikepdf

from toolchain.pdf.structure import save, stable_ids

TABLE = """<html lang="ja"><head><title>t</title></head><body><table>
<tr><th>コスト</th><th>効果</th></tr><tr><td>D</td><td>1 枚引く</td></tr><tr><td>DD</td><td>2 枚引く</td></tr>
</table></body></html>"""

RENDER = """
import io, pathlib, sys
import pikepdf
from weasyprint import HTML
from toolchain.pdf.structure import save, stable_ids
written = HTML(string=sys.argv[1]).write_pdf(pdf_variant="pdf/ua-1")
if sys.argv[3] == "stable":  # as a leaflet is written (actionlist/leaflet_pdf.py)
    with pikepdf.open(io.BytesIO(written)) as pdf:
        stable_ids(pdf)
        save(pdf, pathlib.Path(sys.argv[2]))
else:
    pathlib.Path(sys.argv[2]).write_bytes(written)
"""


def _render(target: Path, stable: bool) -> bytes:
    subprocess.run([sys.executable, "-c", RENDER, TABLE, str(target), "stable" if stable else "raw"], check=True)
    return target.read_bytes()


def _headers(path: Path) -> tuple[list[str], list[list[str]]]:
    with pikepdf.open(path) as pdf:
        ids, headers = [], []
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/StructElem":
                if "/ID" in obj:
                    ids.append(str(obj.ID))
                attributes = obj.get("/A")
                if isinstance(attributes, pikepdf.Dictionary) and "/Headers" in attributes:
                    headers.append([str(header) for header in attributes.Headers])
        return ids, headers


def test_two_processes_give_the_same_bytes_once_the_headers_are_renamed(tmp_path: Path) -> None:
    raw = [_render(tmp_path / f"raw{n}.pdf", stable=False) for n in (1, 2)]
    assert raw[0] != raw[1]  # WeasyPrint alone: the headers' names are memory addresses
    assert _render(tmp_path / "a.pdf", stable=True) == _render(tmp_path / "b.pdf", stable=True)


def test_the_cells_still_name_their_headers(tmp_path: Path) -> None:
    _render(tmp_path / "a.pdf", stable=True)
    ids, headers = _headers(tmp_path / "a.pdf")
    assert sorted(ids) == ["H1", "H2"]
    assert sorted(map(tuple, headers)) == [("H1",), ("H1",), ("H2",), ("H2",)]


def test_a_pdf_without_tags_is_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "plain.pdf"
    pdf = pikepdf.new()
    pdf.add_blank_page()
    pdf.save(path)
    with pikepdf.open(path, allow_overwriting_input=True) as opened:
        stable_ids(opened)
        save(opened, path)
    with pikepdf.open(path) as again:
        assert "/StructTreeRoot" not in again.Root
