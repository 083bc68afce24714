"""What a PDF is to a printer and a screen reader, read back: the ink near the paper's edge (pages
rasterised by poppler's pdftoppm), the tags and the metadata (pypdf)."""

from __future__ import annotations

import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from pypdf import PdfReader

from tests.pdfread import rasterised

MM = 72 / 25.4
DPI = 50  # 5 mm = 9.8 pixels


@dataclass(frozen=True)
class Ink:
    page: int  # from 1
    side: str  # top, bottom, left, right
    mm: float  # how near the edge the ink comes


def ink_near_edges(pdf: Path, within_mm: float = 5.0, cache: Path | None = None) -> list[Ink]:
    """The pages with ink (anything not white) less than `within_mm` from the paper's edge (the
    media box: what a home printer is given), each with the side and the distance. With `cache`, the
    pages rendered once in the session (tests/pdfread.py)."""
    if cache is not None:
        return _ink_near_edges(rasterised(pdf, DPI, cache), within_mm)
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run(["pdftoppm", "-r", str(DPI), "-gray", str(pdf), f"{folder}/p"], check=True)
        return _ink_near_edges(sorted(Path(folder).iterdir(), key=lambda p: int(p.stem.split("-")[-1])), within_mm)


def _ink_near_edges(pages: list[Path], within_mm: float) -> list[Ink]:
    from PIL import Image

    found: list[Ink] = []
    for number, image_path in enumerate(pages, 1):
        image = Image.open(image_path)
        width, height = image.size
        limit = int(within_mm / 25.4 * DPI) - 1  # the pixels wholly inside the strip (antialiasing spills one)
        lines = {
            "top": lambda d: (0, d, width, d + 1), "bottom": lambda d: (0, height - 1 - d, width, height - d),
            "left": lambda d: (d, 0, d + 1, height), "right": lambda d: (width - 1 - d, 0, width - d, height),
        }
        for side, line in lines.items():
            distance = next((d for d in range(limit) if image.crop(line(d)).getextrema()[0] < 250), None)
            if distance is not None:
                found.append(Ink(number, side, round(distance / DPI * 25.4, 1)))
    return found


def tagged_pdf_problems(pdf: Path) -> list[str]:
    """What a tagged PDF for a screen reader lacks: tags, /Lang ja, a title shown as the window's."""
    reader = PdfReader(pdf)
    root = reader.trailer["/Root"]
    problems = []
    if "/StructTreeRoot" not in root or not root["/StructTreeRoot"].get("/K"):
        problems.append("no tag tree")
    if not root.get("/MarkInfo", {}).get("/Marked"):
        problems.append("not marked as tagged")
    if root.get("/Lang") != "ja":
        problems.append(f"/Lang is {root.get('/Lang')!r}")
    if not (reader.metadata and reader.metadata.title):
        problems.append("no title")
    if not root.get("/ViewerPreferences", {}).get("/DisplayDocTitle"):
        problems.append("the title is not shown (DisplayDocTitle)")
    xmp = reader.xmp_metadata
    if xmp is None or b"pdfuaid:part" not in xmp.stream.get_data() and b'pdfuaid:part="1"' not in xmp.stream.get_data():
        problems.append("no PDF/UA identification in the XMP metadata")
    return problems


@dataclass(frozen=True)
class Font:
    name: str  # as the PDF names it: JRLKGN+Noto-Sans-CJK-JP (a subset's tag, then the face)
    embedded: bool

    @property
    def subset(self) -> bool:
        tag, plus, _face = self.name.partition("+")
        return bool(plus) and len(tag) == 6 and tag.isupper()


def fonts(pdf: Path) -> list[Font]:
    """The fonts the pages use, each font object once, as poppler's pdffonts lists them: read from the
    pages' resources (and their forms') with pikepdf, which does not parse the pages' content as
    pdffonts does (seconds for the book)."""
    import pikepdf

    found: dict[tuple[int, int], Font] = {}
    seen: set[tuple[int, int]] = set()

    def embedded(font: pikepdf.Dictionary) -> bool:
        if font.get("/Subtype") == "/Type0":
            font = font.DescendantFonts[0]
        descriptor = font.get("/FontDescriptor")
        return descriptor is not None and any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))

    def walk(resources: pikepdf.Dictionary | None) -> None:
        if resources is None or (resources.is_indirect and resources.objgen in seen):
            return
        if resources.is_indirect:
            seen.add(resources.objgen)
        for font in (resources.get("/Font") or {}).values():
            found.setdefault(font.objgen, Font(str(font.get("/BaseFont", "[none]"))[1:], embedded(font)))
        for xobject in (resources.get("/XObject") or {}).values():
            if xobject.get("/Subtype") == "/Form" and xobject.objgen not in seen:
                seen.add(xobject.objgen)
                walk(xobject.get("/Resources"))

    with pikepdf.open(pdf) as document:
        for page in document.pages:
            walk(page.obj.get("/Resources"))
        return list(found.values())
