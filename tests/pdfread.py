"""Poppler's readings of a PDF (pdftotext's text, pdftoppm's pages), made once per test session.

Poppler takes about 5 s of CPU over the rulebook (118 pages) whatever it is asked, and several test modules
read the same readings of the shared build's PDFs (tests/shared.py): given a `cache` folder that every
worker of the session sees (`session_folder`), a reading is made by the first worker that asks and read
back by the others, keyed by the PDF's path, size and time (a PDF written again is read again). Without
`cache`, each call runs poppler."""

from __future__ import annotations

import fcntl
import hashlib
import json
import subprocess
from collections.abc import Callable
from pathlib import Path


def pdftotext(pdf: Path, *args: str, cache: Path | None = None) -> str:
    """What `pdftotext ARGS PDF -` prints (as subprocess's text mode reads it)."""
    def make(folder: Path) -> None:
        out = subprocess.run(["pdftotext", *args, str(pdf), "-"], capture_output=True, text=True, check=True).stdout
        (folder / "text").write_text(out, encoding="utf-8")

    if cache is None:
        return subprocess.run(["pdftotext", *args, str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return (_once(cache, pdf, ["pdftotext", *args], make) / "text").read_text(encoding="utf-8")


def rasterised(pdf: Path, dpi: int, cache: Path) -> list[Path]:
    """Every page of the PDF as poppler renders it in grey at `dpi` (`pdftoppm -gray`), page 1 first: PGM files
    in `cache` (read them, never change them)."""
    def make(folder: Path) -> None:
        subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", str(pdf), str(folder / "page")], check=True)

    folder = _once(cache, pdf, ["pdftoppm", "-gray", str(dpi)], make)
    return sorted(folder.glob("page-*.pgm"), key=lambda image: int(image.stem.split("-")[-1]))


def _once(cache: Path, pdf: Path, reading: list[str], make: Callable[[Path], None]) -> Path:
    """The folder `make` filled with this reading of `pdf`, made by the first process that asks (the others wait)."""
    stat = pdf.stat()
    key = hashlib.sha256(json.dumps([str(pdf.resolve()), stat.st_size, stat.st_mtime_ns, reading]).encode()).hexdigest()[:24]
    cache.mkdir(parents=True, exist_ok=True)
    folder, done = cache / key, cache / f"{key}.done"
    with (cache / f"{key}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not done.exists():
            if folder.exists():  # a process that failed or was killed while making it
                for leftover in folder.iterdir():
                    leftover.unlink()
            folder.mkdir(exist_ok=True)
            make(folder)
            done.touch()
    return folder
