"""White box of rulebook/parts.py's log: a part laid out, and a page mended in it, are said in the language of
the messages (bp build and bp serve print these lines)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from toolchain import i18n
from toolchain.rulebook.parts import PartCache, _Renderer

PAGE = """<!DOCTYPE html><html lang="ja"><head><title>t</title><style>
@page { size: 100mm 100mm; margin: 10mm; } body { margin: 0; font: 10pt/15pt sans-serif; } p, h2 { margin: 0; }
h2 { break-after: avoid; } figure { margin: 0; break-inside: avoid; } figure div { background: #888; }
</style></head><body><h2>見出し</h2><p>行1</p><p>行2</p>
<figure id="fig"><div style="height: 72mm"></div><figcaption>図 1 配置</figcaption></figure>
<p>行1</p><p>行2</p><p>行3</p><p>行4</p><p>行5</p><p>行6</p><h2>次の節</h2><p>本文</p></body></html>"""


@pytest.mark.parametrize(("language", "said"), [
    ("en", ["rulebook PDF: chapter laid out: 3 pages (", "rulebook PDF: chapter, page 1: 6 block(s) after 図 1 moved before it"]),
    ("ja", ["ルールブック PDF: chapter をレイアウトしました: 3 ページ（",
            "ルールブック PDF: chapter、1 ページ: 図 1 の後ろの 6 ブロックをその前へ移しました"]),
])
def test_a_part_laid_out_is_said_in_the_language_of_the_messages(language: str, said: list[str], tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("_explicit", "_setting", "_settled", "_catalogue"):
        monkeypatch.setattr(i18n, name, None)
    i18n.choose(language)
    lines: list[str] = []
    with ThreadPoolExecutor(1) as pool:  # its callbacks have all run once it is shut down
        _Renderer(pool, PartCache(tmp_path / "cache"), tmp_path, "salt", lines.append).submit("chapter", PAGE, [])()
    assert len(lines) == 2 and lines[0].startswith(said[0]) and lines[1] == said[1], lines


def test_a_part_laid_out_for_its_pages_only_writes_no_pdf_and_is_kept(tmp_path: Path) -> None:
    """The 目次's first layout (build_pdf's probe) is wanted for its length alone: no PDF is written, and the
    next build takes its pages from the cache without a PDF; a part that is written is not taken for it."""
    cache = PartCache(tmp_path / "cache")
    with ThreadPoolExecutor(1) as pool:
        key, result = _Renderer(pool, cache, tmp_path, "salt", lambda _: None).submit("probe", PAGE, [], written=False)()
        assert result.pages == 3 and not list((tmp_path / "cache").glob("*.pdf"))
        again = _Renderer(pool, cache, tmp_path, "salt", lambda _: None)
        kept_key, kept = again.submit("probe", PAGE, [], written=False)()
        assert (kept_key, kept.pages, kept.anchors) == (key, result.pages, result.anchors) and again.kept == ["probe"]
        written = again.submit("chapter", PAGE, [])
        assert written()[0] != key and again.rendered == ["chapter"] and cache.pdf(written()[0]).is_file()
