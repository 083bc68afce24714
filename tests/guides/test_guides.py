"""The documents per reader: the README is short and leads to the guides; the rules editor's guide,
in Japanese and in English, runs as written (its console session in a copy of this repository, see
session.py), each in its reader's locale; the two guides run the same session; every finding code a document names is one `bp codes` lists;
every relative link and anchor of the README, the guides and the benchmarks' README resolves."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.guides.session import Append, Command, Shell, Step, pattern, run_server, steps
from tests.runbp import bp, bp_command
from tests.shared import once

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
GUIDES = ROOT / "guides"
EDITOR_JA = GUIDES / "editor.ja.md"
EDITOR_EN = GUIDES / "editor.md"
DOCUMENTS = [README, *sorted(GUIDES.glob("*.md")), ROOT / "benchmarks" / "README.md"]
PRACTICE_COPY = "/tmp/blackpoker-rules"  # where the guide makes its copy of the rules
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def test_the_readme_is_short_and_links_every_guide() -> None:
    text = _read(README)
    assert len(text.splitlines()) < 200
    targets = {target.split("#")[0] for target in LINK.findall(text)}
    assert {"guides/editor.ja.md", "guides/editor.md", "guides/developer.md", "guides/player.md",
            "benchmarks/README.md"} <= targets


def test_every_code_the_documents_name_is_one_bp_codes_lists() -> None:
    listed = set(re.findall(r"^(BP\d{3}) ", bp("codes").stdout, flags=re.M))
    assert "BP001" in listed, "bp codes prints one code a line"
    for document in DOCUMENTS:
        named = set(re.findall(r"\bBP\d{3}\b", _read(document)))
        assert named <= listed, f"{document.name}: {sorted(named - listed)}"


def _slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped (kana and kanji kept), spaces to -."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower().replace("`", "")).replace(" ", "-")


def _anchors(markdown: Path) -> set[str]:
    text = re.sub(r"^```.*?^```$", "", _read(markdown), flags=re.S | re.M)
    return {_slug(line.lstrip("#")) for line in text.splitlines() if line.startswith("#")}


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_relative_link_resolves(document: Path) -> None:
    text = re.sub(r"^```.*?^```$", "", _read(document), flags=re.S | re.M)
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            continue  # an address on the web
        path, _, anchor = target.partition("#")
        resolved = (document.parent / path).resolve() if path else document
        assert resolved.exists(), f"{document.name}: {target}"
        if anchor and resolved.suffix == ".md":
            assert anchor in _anchors(resolved), f"{document.name}: {target}: no such heading"


def _without_output(step: Step) -> Step:
    return Command(step.line, stopped=None if step.stopped is None else []) if isinstance(step, Command) else step


def test_the_english_guide_runs_the_same_session() -> None:
    """editor.md is editor.ja.md in English: the same commands and YAML, in the same order (each shows
    the output in its own language, which test_the_editors_guide_runs_as_written checks)."""
    assert [_without_output(step) for step in steps(_read(EDITOR_EN))] == \
        [_without_output(step) for step in steps(_read(EDITOR_JA))]


def test_the_guides_list_every_code_with_its_name() -> None:
    """The editor's message list covers every code `bp codes` prints, named as it names them."""
    codes = dict(re.findall(r"^(BP\d{3})\s+(\S+)", bp("codes").stdout, flags=re.M))
    for guide in (EDITOR_JA, EDITOR_EN):
        rows = dict(re.findall(r"^\| (BP\d{3}) \| ([a-z0-9-]+) \|", _read(guide), flags=re.M))
        assert rows == codes, guide.name


@pytest.fixture
def reader_checkout(tmp_path: Path) -> Iterator[Path]:
    """A copy of this repository as the guide's reader has it: the rules, and `bp` in .venv/bin. That `bp` is
    forked as the suite's bp(...) runs are (tests/runbp.py's bp_command): some 25 runs of a cold start each
    spent a third of a second or more importing. The servers too: the shell's SIGTERM to its `bp` reaches them."""
    checkout = tmp_path / "checkout"
    # history/ too: the reader's checkout has the folder rules.yaml's `history:` names, and the guide's copy
    # must take it along (a copy without it is warned of, BP052, in every bp check the guide shows).
    for part in ("definitions", "schema", "docs", "history"):
        shutil.copytree(ROOT / part, checkout / part)
    venv = checkout / ".venv" / "bin"
    venv.mkdir(parents=True)
    with bp_command(venv):
        yield checkout


# The locale of each guide's reader: the Japanese guide shows what bp prints in Japanese, the English
# guide what it prints in English. Only LANG is set for the Japanese reader, as a Japanese desktop
# sets it (LANGUAGE, LC_ALL and LC_MESSAGES unset: the session's env has only what is given here).
READER_LOCALE = {
    EDITOR_JA: {"LANG": "ja_JP.UTF-8"},
    EDITOR_EN: {"LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"},
}


def _matplotlib_cache(folder: Path) -> None:
    run = subprocess.run([sys.executable, "-c", "import matplotlib.font_manager"], env={**os.environ, "MPLCONFIGDIR": str(folder)},
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr


@pytest.fixture(scope="session")
def matplotlib_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Matplotlib's font list, made once for the session: a reader's matplotlib has made it the first time
    it ran. (Made on the first bp balance of a new HOME, it takes seconds of CPU, and when that is over five
    seconds matplotlib says so in the middle of the output the guide shows.)"""
    return once(tmp_path_factory, "matplotlib", _matplotlib_cache)


def run_guide(guide: Path, reader_checkout: Path, tmp_path: Path,
              compare: Callable[[Command, list[str], str], None], matplotlib_cache: Path) -> None:
    """The guide's session in reader_checkout, in the locale of its reader: each command's output
    (and a server's output after ^C) is given to compare, with the lines the guide shows for it."""
    practice = tmp_path / "blackpoker-rules"
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "MPLCONFIGDIR": str(matplotlib_cache), "PYTHONPATH": str(ROOT),
           **READER_LOCALE[guide],
           "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "editor", "GIT_COMMITTER_NAME": "editor",
           "GIT_AUTHOR_EMAIL": "editor@example.invalid", "GIT_COMMITTER_EMAIL": "editor@example.invalid"}
    shell = Shell(reader_checkout, env)
    session = list(steps(_read(guide).replace(PRACTICE_COPY, str(practice))))
    assert any(isinstance(step, Append) for step in session), "the walkthrough adds an action"
    appended: list[str] = []
    try:
        for number, step in enumerate(session):
            if isinstance(step, Append):
                rc, cwd = shell.run("pwd")
                with (Path(cwd.strip()) / step.path).open("a", encoding="utf-8") as target:
                    target.write(step.text)
                appended.append(re.search(r"name: (\S+)", step.text).group(1))  # type: ignore[union-attr]
                continue
            if step.line == "echo $?":
                continue  # it runs with the command before it, below
            if step.stopped is not None:
                def the_new_entries_are_served(port: int) -> None:
                    if "bp serve" in step.line:  # the reader opens the action list: what was added is there
                        with urllib.request.urlopen(f"http://127.0.0.1:{port}/actionlist/html/all.html", timeout=10) as page:
                            html = page.read().decode("utf-8")
                        assert all(name in html for name in appended), appended

                before, after = run_server(shell, step, tmp_path / f"server-{number}.log", the_new_entries_are_served)
                compare(step, step.stopped, after[len(before):])
                continue
            rc, output = shell.run(step.line)
            following = session[number + 1] if number + 1 < len(session) else None
            if isinstance(following, Command) and following.line == "echo $?":
                assert [str(rc)] == following.shown, (step.line, rc, output)
            else:
                assert rc == 0, (step.line, output)
            compare(step, step.shown, output)
    finally:
        shell.close()


def shows_what_was_printed(step: Command, shown: list[str], printed: str) -> None:
    assert re.fullmatch(pattern(shown), printed), \
        f"$ {step.line}\n--- shown:\n" + "\n".join(shown) + f"\n--- printed:\n{printed}"


@pytest.mark.parametrize("guide", READER_LOCALE, ids=lambda path: path.name)
def test_the_editors_guide_runs_as_written(guide: Path, reader_checkout: Path, tmp_path: Path, matplotlib_cache: Path) -> None:
    # Slow (about a minute each on a quiet machine): the whole walkthrough, some 30 bp commands one after
    # the other, two servers and a balance run among them, as the reader types them.
    run_guide(guide, reader_checkout, tmp_path, shows_what_was_printed, matplotlib_cache)
