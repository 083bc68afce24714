"""A catalogue that cannot be used (a FIFO or a device in its place, truncated, not UTF-8, a
translation naming a placeholder the message does not have): one line on stderr, then the next
catalogue (the .mo, the .po, English); never a hang nor a traceback."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from toolchain import i18n

MESSAGE = "{line}, and {warned}"  # a message of bp's, with its two placeholders


@pytest.fixture()
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty ja/LC_MESSAGES of a locale folder of the test's own, and the language Japanese."""
    for name, value in (("_explicit", None), ("_setting", None), ("_settled", None), ("_catalogue", None)):
        monkeypatch.setattr(i18n, name, value)
    monkeypatch.setattr(i18n, "_usable", {}, raising=False)
    messages = tmp_path / "ja" / "LC_MESSAGES"
    messages.mkdir(parents=True)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.choose("ja")
    yield messages


def _po(folder: Path) -> Path:
    po = folder / "bp.po"
    shutil.copy(Path(__file__).resolve().parents[2] / "toolchain" / "locale" / "ja" / "LC_MESSAGES" / "bp.po", po)
    os.utime(po, ns=(1, 1))  # older than any .mo the test makes
    return po


def _said(capsys: pytest.CaptureFixture[str]) -> str:
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("bp: warning: "), lines
    return lines[0]


def test_a_fifo_in_place_of_the_mo_is_not_waited_on(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _po(folder)
    os.mkfifo(folder / "bp.mo")  # opened, it would block every Japanese command for ever
    assert i18n._(MESSAGE).format(line="L", warned="W") == "L、ほかにW"  # from the .po
    assert "bp.mo cannot be read (not a regular file)" in _said(capsys)


def test_a_link_to_dev_zero_in_place_of_the_mo_is_not_read(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _po(folder)
    (folder / "bp.mo").symlink_to("/dev/zero")  # read, it would exhaust the memory
    assert i18n._(MESSAGE).format(line="L", warned="W") == "L、ほかにW"
    assert "not a regular file" in _said(capsys)


@pytest.mark.parametrize("mo", [b"", b"\xde\x12\x04\x95\x00\x00", b"not a catalogue at all"], ids=["empty", "truncated", "garbage"])
def test_a_broken_mo_gives_way_to_the_po(folder: Path, capsys: pytest.CaptureFixture[str], mo: bytes) -> None:
    _po(folder)
    (folder / "bp.mo").write_bytes(mo)
    assert i18n._(MESSAGE).format(line="L", warned="W") == "L、ほかにW"
    assert "bp.mo cannot be read" in _said(capsys)


def test_a_po_not_utf8_newer_than_the_mo_speaks_english(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (folder / "bp.mo").write_bytes(b"")
    os.utime(folder / "bp.mo", ns=(1, 1))
    (folder / "bp.po").write_bytes(b'msgid "a"\nmsgstr "\xff\xfe"\n')
    assert i18n._(MESSAGE).format(line="L", warned="W") == "L, and W"
    assert "bp.po cannot be read" in _said(capsys)


def test_a_fifo_in_place_of_the_po_is_not_waited_on(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    os.mkfifo(folder / "bp.po")
    assert i18n._(MESSAGE) == MESSAGE
    assert "bp.po cannot be read (not a regular file)" in _said(capsys)


@pytest.mark.parametrize(("translation", "named"), [("{line}、ほかに{warnd}", "warnd"), ("{line}、ほかに{warned", "{")])
def test_a_translation_with_an_unknown_placeholder_is_shown_in_english(folder: Path, capsys: pytest.CaptureFixture[str],
                                                                        translation: str, named: str) -> None:
    po = _po(folder)
    text = po.read_text(encoding="utf-8")
    assert 'msgstr "{line}、ほかに{warned}"' in text
    po.write_text(text.replace('msgstr "{line}、ほかに{warned}"', f'msgstr "{translation}"'), encoding="utf-8")
    for _time in range(2):  # said once
        assert i18n._(MESSAGE).format(line="L", warned="W") == "L, and W"
    assert f"names {named}, which the message does not have" in _said(capsys)
    assert i18n._("nothing") == "なし"  # the other messages stay Japanese
