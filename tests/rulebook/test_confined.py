"""A rulebook page reads only files of docs/ (toolchain/sphinxext/confined.py): every directive and role that
names a file is refused, at its line, when the file is outside docs/, and what it names is in no output.

One page holds every kind of reading, each of its own secret (a marker no output may hold); one build of a
minimal repository reports them all."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import pytest

from tests.repos import minimal_repository
from tests.runbp import bp

OUTSIDE = "is outside docs/: a page may read only the files of docs/"
PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                    "1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082")
FETCHED = "is an address, not a file: a page may read only the files of docs/"


@dataclass(frozen=True)
class Reading:
    kind: str
    directive: str  # the page's text: `{secret}` the secret's path, `{url}` the server, `{absolute}`, `{picture}` absolute paths
    secret: str | None  # the file the directive reads (beside docs/), holding the marker; None: nothing to plant
    message: str

    @property
    def marker(self) -> str:
        return f"LEAKED-{self.kind}-do-not-publish"


READINGS = (
    Reading("literalinclude", ".. literalinclude:: ../{secret}", "secret-literalinclude.txt", OUTSIDE),
    Reading("include", ".. include:: ../{secret}", "secret-include.rst", OUTSIDE),
    Reading("standard-include", ".. include:: <isonum.txt>", None, "'<isonum.txt>' " + OUTSIDE),
    Reading("csv-table-file", ".. csv-table:: 表\n   :file: ../{secret}", "secret-csv.csv", OUTSIDE),
    Reading("raw-file", ".. raw:: html\n   :file: ../{secret}", "secret-raw.html", OUTSIDE),
    Reading("raw-url", ".. raw:: html\n   :url: {url}/raw", None, FETCHED),
    Reading("csv-table-url", ".. csv-table:: 表\n   :url: {url}/csv-table", None, FETCHED),
    Reading("image", ".. image:: ../{secret}", "secret-image.png", OUTSIDE),
    Reading("figure", ".. figure:: ../{secret}\n\n   図", "secret-figure.png", OUTSIDE),
    Reading("figure-width", ".. figure:: {picture}\n   :figwidth: image\n\n   図", None, OUTSIDE),  # measured where written
    Reading("absolute", ".. raw:: html\n   :file: {absolute}", None, OUTSIDE),
    Reading("symlink", ".. literalinclude:: linked.txt", "secret-link.txt", "'linked.txt' " + OUTSIDE),
    Reading("download", "取得: :download:`../{secret}`", "secret-download.txt", OUTSIDE),
    Reading("graphviz", ".. graphviz:: ../{secret}", "secret-graph.dot", OUTSIDE),
)


@dataclass
class Build:
    returncode: int
    stderr: str
    lines: dict[str, int]  # kind → the line of docs/page.rst its directive is on
    written: list[Path]  # every file the build wrote (site and cache)
    site: Path
    requests: list[str]  # what the build asked the test's web server for


class _Recorder(http.server.BaseHTTPRequestHandler):
    asked: ClassVar[list[str]] = []

    def do_GET(self) -> None:  # the name http.server calls
        self.asked.append(self.path)
        body = f"LEAKED-{self.path.strip('/')}-url-do-not-publish".encode()
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


def _plant(root: Path, outside: Path, url: str) -> dict[str, int]:
    """Each reading's secret beside docs/, and one page reading them all; the line of each."""
    docs = root / "docs"
    docs.mkdir()
    absolute = outside / "secret-absolute.html"
    absolute.write_text("LEAKED-absolute-do-not-publish\n", encoding="utf-8")
    picture = outside / "secret-picture.png"
    picture.write_bytes(PNG)
    for reading in READINGS:
        if reading.secret is None:
            continue
        marker = reading.marker
        content = f'digraph {{ "{marker}" }}\n' if reading.kind == "graphviz" else f"{marker}\n"
        (root / reading.secret).write_text(content, encoding="utf-8")
    (docs / "linked.txt").symlink_to(Path("..", "secret-link.txt"))
    (docs / "index.rst").write_text("本\n==\n\n.. toctree::\n\n   page\n", encoding="utf-8")
    text, lines = "ページ\n======\n\n", {}
    for reading in READINGS:
        lines[reading.kind] = text.count("\n") + 1
        text += reading.directive.format(secret=reading.secret, url=url, absolute=absolute, picture=picture) + "\n\n"
    (docs / "page.rst").write_text(text, encoding="utf-8")
    return lines


@pytest.fixture(scope="module")
def build(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Build]:
    place = tmp_path_factory.mktemp("confined")
    root = minimal_repository(place)
    outside = place / "outside"
    outside.mkdir()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Recorder)
    asked: list[str] = []
    _Recorder.asked = asked
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        lines = _plant(root, outside, f"http://127.0.0.1:{server.server_address[1]}")
        run = bp("build", "--root", str(root), "--only", "rulebook-html", "--out", str(place / "site"),
                 "--cache", str(place / "cache"), timeout=600)
    finally:
        server.shutdown()
        server.server_close()
    written = [path for folder in (place / "site", place / "cache") if folder.exists()
               for path in folder.rglob("*") if path.is_file() and not path.is_symlink()]
    yield Build(run.returncode, run.stderr, lines, written, place / "site", asked)


def test_the_build_fails_and_publishes_nothing(build: Build) -> None:
    assert build.returncode != 0, build.stderr
    assert "Traceback" not in build.stderr
    assert not build.site.exists()  # a site appears whole or not at all


@pytest.mark.parametrize("reading", READINGS, ids=[reading.kind for reading in READINGS])
def test_a_file_outside_docs_is_refused_at_its_line_and_is_in_no_output(build: Build, reading: Reading) -> None:
    line = build.lines[reading.kind]
    located = [text for text in build.stderr.splitlines() if text.startswith(f"docs/page.rst:{line}: ")]
    assert located and reading.message in located[0], build.stderr
    marker = reading.marker.encode()
    assert [path for path in build.written if marker in path.read_bytes()] == []
    assert reading.marker not in build.stderr


def test_a_url_is_never_fetched(build: Build) -> None:
    assert build.requests == []
    assert not [path for path in build.written if b"-url-do-not-publish" in path.read_bytes()]


def test_the_files_of_docs_are_read_and_one_made_a_link_out_later_is_not_copied(tmp_path: Path) -> None:
    """Every reading of a file inside docs/ works; a picture replaced by a link leading out, its page not read
    again (the link's target is older than the build), is refused when the builder would copy it."""
    root = minimal_repository(tmp_path)
    docs = root / "docs"
    docs.mkdir()
    secret = root / "secret.png"
    secret.write_bytes(PNG + b"LEAKED-later-link-do-not-publish")
    (docs / "index.rst").write_text("本\n==\n\n.. toctree::\n\n   page\n", encoding="utf-8")
    (docs / "inside.txt").write_text("INSIDE-literalinclude\n", encoding="utf-8")
    (docs / "part.inc").write_text("INSIDE-include\n", encoding="utf-8")
    (docs / "table.csv").write_text("INSIDE-csv,2\n", encoding="utf-8")
    (docs / "raw.html").write_text("<p>INSIDE-raw</p>\n", encoding="utf-8")
    (docs / "picture.png").write_bytes(PNG)
    (docs / "handout.txt").write_text("INSIDE-download\n", encoding="utf-8")
    (docs / "page.rst").write_text("ページ\n======\n\n.. literalinclude:: inside.txt\n   :language: none\n\n.. include:: part.inc\n\n"
                                   ".. csv-table:: 表\n   :file: table.csv\n\n.. raw:: html\n   :file: raw.html\n\n"
                                   ".. figure:: picture.png\n\n   図\n\n取得: :download:`handout.txt`\n", encoding="utf-8")
    places = ("--root", str(root), "--only", "rulebook-html", "--out", str(tmp_path / "site"), "--cache", str(tmp_path / "cache"))
    run = bp("build", *places, timeout=600)
    assert run.returncode == 0, run.stderr
    page = (tmp_path / "site" / "rulebook" / "page.html").read_text(encoding="utf-8")
    assert all(f"INSIDE-{kind}" in page for kind in ("literalinclude", "include", "csv", "raw")), page
    assert "handout.txt" in page and list((tmp_path / "site" / "rulebook" / "_images").glob("picture*.png"))

    (docs / "picture.png").unlink()
    (docs / "picture.png").symlink_to(Path("..", "secret.png"))
    again = bp("build", *places, timeout=600)
    assert again.returncode != 0 and "'picture.png' is outside docs/" in again.stderr, again.stderr
    written = [path for folder in (tmp_path / "site", tmp_path / "cache") for path in folder.rglob("*")
               if path.is_file() and not path.is_symlink()]
    assert [path for path in written if b"LEAKED-later-link" in path.read_bytes()] == []
