"""One embedded program per font face in a PDF joined from parts that each embed their own subset.

WeasyPrint embeds, per document, a subset of every face it used (the glyphs it drew, at their
original glyph ids: HarfBuzz's retain-gids). Joined, the rulebook's eleven parts carried 32 font
programs for four faces: 4.45 MB of its 5.45. Here each face's copies become one: the union of
their glyphs is cut from the system's font by WeasyPrint's own subsetter (the same program it
would have embedded had it laid the whole book out at once), with the union of their widths and
of their Unicode maps, and every part's resources point at it.

The face is found as WeasyPrint names it: the subset tag is a hash of Pango's description of the
font, so a font loaded by family, weight and style that gets the same name is the same face. A
face not found so, or a font not made by WeasyPrint as read here, is left as it was (the PDF is
larger, never wrong).
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

_BFCHAR = re.compile(rb"beginbfchar(.*?)endbfchar", re.S)
_PAIR = re.compile(rb"<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]*)>")
_WEIGHTS = (400, 700, 100, 200, 300, 500, 600, 800, 900)
_STYLES = (0, 2, 1)  # Pango's normal, italic, oblique


@dataclass
class _Face:
    name: str  # the BaseFont, subset tag included: /JRLKGN+Noto-Sans-CJK-JP
    fonts: list[Any]  # the Type0 font dictionaries naming it
    widths: dict[int, float]
    text: dict[int, bytes]  # glyph id → UTF-16BE of the text it stands for


def _resources(pdf: Any) -> Iterator[Any]:
    """Every resource dictionary of the pages and of the forms they draw."""
    seen: set[tuple[int, int]] = set()
    stack = [page.obj.get("/Resources") for page in pdf.pages]
    while stack:
        resources = stack.pop()
        if resources is None or (resources.is_indirect and resources.objgen in seen):
            continue
        if resources.is_indirect:
            seen.add(resources.objgen)
        yield resources
        for xobject in resources.get("/XObject", {}).values():
            if xobject.get("/Subtype") == "/Form" and "/Resources" in xobject:
                stack.append(xobject.Resources)


def _widths(array: Any) -> dict[int, float] | None:
    """A CID font's /W: `first [w w …]` or `first last w` runs."""
    import pikepdf

    widths: dict[int, float] = {}
    items = list(array)
    i = 0
    while i < len(items):
        first = int(items[i])
        if i + 1 < len(items) and isinstance(items[i + 1], pikepdf.Array):
            widths.update({first + k: float(w) for k, w in enumerate(items[i + 1])})
            i += 2
        elif i + 2 < len(items):
            widths.update({cid: float(items[i + 2]) for cid in range(first, int(items[i + 1]) + 1)})
            i += 3
        else:
            return None
    return widths


def _text(to_unicode: Any) -> dict[int, bytes] | None:
    data = to_unicode.read_bytes()
    if b"bfrange" in data:
        return None  # WeasyPrint writes single characters only: another producer's map is left alone
    return {int(glyph, 16): bytes.fromhex(text.decode()) for block in _BFCHAR.findall(data) for glyph, text in _PAIR.findall(block)}


def _faces(pdf: Any) -> dict[str, _Face]:
    faces: dict[str, _Face] = {}
    skipped: set[str] = set()
    seen: set[tuple[int, int]] = set()
    for resources in _resources(pdf):
        for font in resources.get("/Font", {}).values():
            if font.objgen in seen or font.get("/Subtype") != "/Type0":
                continue
            seen.add(font.objgen)
            name = str(font.get("/BaseFont", ""))
            descendant = font.DescendantFonts[0]
            widths = _widths(descendant.get("/W", []))
            text = _text(font.ToUnicode) if "/ToUnicode" in font else None
            descriptor = descendant.get("/FontDescriptor")
            if widths is None or text is None or descriptor is None or "/FontFile3" not in descriptor or "+" not in name:
                skipped.add(name)
                continue
            face = faces.setdefault(name, _Face(name, [], {}, {}))
            face.fonts.append(font)
            face.widths.update(widths)
            face.text.update(text)
    return {name: face for name, face in faces.items() if name not in skipped and len(face.fonts) > 1}


@lru_cache(maxsize=1)
def _font_configuration() -> Any:
    from weasyprint.text.fonts import FontConfiguration

    return FontConfiguration()


def _program(name: str, family: str, glyphs: frozenset[int]) -> bytes | None:
    """The face WeasyPrint names `name`, cut to `glyphs` as WeasyPrint cuts it; None when not found."""
    from weasyprint.pdf.fonts import Font
    from weasyprint.text.ffi import ffi, pango

    font_map = _font_configuration().font_map
    context = ffi.gc(pango.pango_font_map_create_context(font_map), pango.g_object_unref)
    for weight in _WEIGHTS:
        for style in _STYLES:
            description = ffi.gc(pango.pango_font_description_new(), pango.pango_font_description_free)
            pango.pango_font_description_set_family(description, family.encode())
            pango.pango_font_description_set_weight(description, weight)
            pango.pango_font_description_set_style(description, style)
            pango.pango_font_description_set_absolute_size(description, 12 * 1024)
            pango_font = pango.pango_font_map_load_font(font_map, context, description)
            if pango_font == ffi.NULL:
                continue
            described = ffi.gc(pango.pango_font_describe(pango_font), pango.pango_font_description_free)
            pango.pango_font_description_unset_fields(described, pango.PANGO_FONT_MASK_SIZE + pango.PANGO_FONT_MASK_GRAVITY)
            font = Font(pango_font, described, 12)
            if font.name.decode() == name:
                font.clean(dict.fromkeys(sorted(glyphs), ""), False)
                return font.file_content if font.type == "otf" else None
            if font.family.decode() != family:
                return None  # not installed: Pango gave another family
    return None


def _to_unicode(text: dict[int, bytes]) -> bytes:
    lines = [b"/CIDInit /ProcSet findresource begin", b"12 dict begin", b"begincmap",
             b"/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
             b"/CMapName /Adobe-Identity-UCS def", b"/CMapType 2 def",
             b"1 begincodespacerange", b"<0000> <ffff>", b"endcodespacerange"]
    items = sorted(text.items())
    for start in range(0, len(items), 100):
        batch = items[start:start + 100]
        lines.append(f"{len(batch)} beginbfchar".encode())
        lines.extend(f"<{glyph:04x}> <{value.hex()}>".encode() for glyph, value in batch)
        lines.append(b"endbfchar")
    lines += [b"endcmap", b"CMapName currentdict /CMap defineresource pop", b"end", b"end"]
    return b"\n".join(lines)


def _width_array(widths: dict[int, float]) -> list[Any]:
    import pikepdf

    array: list[Any] = []
    for glyph in sorted(widths):
        if glyph - 1 not in widths:
            array += [glyph, pikepdf.Array()]
        width = widths[glyph]
        array[-1].append(int(width) if width == int(width) else width)
    return array


def merge_subsets(pdf: Any) -> list[str]:
    """Embed each face once; returns the faces merged."""
    import pikepdf

    merged: list[str] = []
    for name, face in sorted(_faces(pdf).items()):
        first = face.fonts[0]
        descendant = first.DescendantFonts[0]
        family = str(descendant.FontDescriptor.get("/FontFamily", ""))
        program = _program(name, family, frozenset(face.widths) | frozenset(face.text))
        if program is None:
            continue
        file = pdf.make_stream(zlib.compress(program, 9), Filter=pikepdf.Name.FlateDecode, Subtype=pikepdf.Name.OpenType)
        descriptor = pdf.make_indirect(pikepdf.Dictionary(
            {key: value for key, value in descendant.FontDescriptor.items() if key != "/FontFile3"}))
        descriptor.FontFile3 = file
        box = list(descriptor.get("/FontBBox", [0, 0, 0, 0]))
        if len(box) == 4:
            descriptor.FontBBox = pikepdf.Array([box[0], box[1], max(face.widths.values(), default=0), box[3]])
        cid_font = pdf.make_indirect(pikepdf.Dictionary({key: value for key, value in descendant.items()}))
        cid_font.W = pikepdf.Array(_width_array(face.widths))
        cid_font.FontDescriptor = descriptor
        font = pdf.make_indirect(pikepdf.Dictionary({key: value for key, value in first.items()}))
        font.DescendantFonts = pikepdf.Array([cid_font])
        font.ToUnicode = pdf.make_stream(zlib.compress(_to_unicode(face.text), 9), Filter=pikepdf.Name.FlateDecode)
        replaced = {old.objgen for old in face.fonts}
        for resources in _resources(pdf):
            fonts = resources.get("/Font")
            for key in list(fonts.keys()) if fonts is not None else []:
                if fonts[key].objgen in replaced:
                    fonts[key] = font
        merged.append(name)
    return merged
