"""Every command's --help, and typer's usage errors, in Japanese when the locale is Japanese: no
English sentence of bp's own (or of typer's) is left, only option names, metavars, codes, ids, paths
and the command line itself."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from tests.runbp import bp, expect_many

JAPANESE = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "ja_JP.UTF-8"}
WIDE = {**JAPANESE, "COLUMNS": "200"}  # one sentence on one line, so that a line is a sentence
PLAIN = {"TYPER_USE_RICH": "0"}  # click's own show; unset, typer's default, is rich

# What a Japanese help line may hold in ASCII: the command line and the names it is written with.
_NOT_WORDS = re.compile(
    r"`[^`]*`"  # a command or a value quoted
    r"|--?[A-Za-z][\w-]*(?:=\S*)?"  # an option
    r"|<[^>]*>|\[[^\]]*\]|\{[^}]*\}"  # a metavar, a type, a default
    r"|\S*(?:/|\.[a-z]{2,4}\b|://)\S*"  # a path, a file name, an address
    r"|\b[A-Z][A-Z0-9_]+\b"  # a metavar (REV, LANG), a code (BP031), an acronym (HTML, PDF, YAML)
    r"|\b(?:bp|python|toolchain|[a-z]+(?:-[a-z]+)+)\b"  # the program, an id (frame-actions)
)
_ASCII_WORD = re.compile(r"[A-Za-z]{2,}")
_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff01-\uff5e]")


@pytest.fixture(scope="module", autouse=True)
def japanese_runs_preloaded() -> Iterator[None]:
    """Some sixty runs in Japanese, a dozen of them plain: a preloaded process for each starts at its first run.
    Rich is typer's default, unset: the rich cases set no variable, which would need a process of their own."""
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("TYPER_USE_RICH", raising=False)
        expect_many(WIDE)
        expect_many({**WIDE, **PLAIN})
        yield


def commands() -> list[tuple[str, ...]]:
    """Every command of the click group typer makes of bp's app, groups and their commands too."""
    import typer.main

    from toolchain.cli.commands import app

    found: list[tuple[str, ...]] = [()]

    def walk(group: object, path: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
        for name, command in sorted(getattr(group, "commands", {}).items()):
            yield (*path, name)
            yield from walk(command, (*path, name))

    found += walk(typer.main.get_command(app), ())
    return found


def english_lines(text: str, names: set[str]) -> list[str]:
    """The lines of `text` whose words are mostly English: more ASCII words than Japanese characters
    allow, once the command line's names are taken out."""
    found = []
    for line in text.splitlines():
        bare = _NOT_WORDS.sub(" ", re.sub(r"[│╭╮╰╯─]", " ", line))
        words = [w for w in _ASCII_WORD.findall(bare) if w not in names]
        if len(words) >= 3 and len(words) * 2 > len(_JAPANESE.findall(bare)):
            found.append(line.strip())
    return found


def test_english_lines_finds_english_and_leaves_the_command_line() -> None:
    names = {"check", "diff"}
    assert english_lines("│ --format  <str>  The game's format, by id or name (default: the first). │", names)
    assert english_lines("│ schema   Write the schemas for editors: the shapes bp checks, with the ids (rules.yaml) │", names)
    assert not english_lines("使い方: python -m toolchain check [OPTIONS]", names)
    assert not english_lines("│ --since  REV  REV から変わった定義だけ（`bp check --since v8.0`、BP031）。 │", names)
    assert not english_lines("変更履歴を書きます（bp diff --format rst、definitions/rules.yaml、index.html）。", names)


@pytest.mark.parametrize("command", commands(), ids=lambda path: " ".join(path) or "bp")
def test_help_has_no_english_sentence(command: tuple[str, ...]) -> None:
    done = bp(*command, "--help", env=WIDE)
    assert done.returncode == 0, done.stderr
    names = {word for path in commands() for word in path}
    assert english_lines(done.stdout, names) == []
    assert done.stdout.lstrip().startswith("使い方: ")  # typer's words too


@pytest.mark.parametrize("shown", [{}, PLAIN], ids=["rich", "plain"])
@pytest.mark.parametrize(("args", "said"), [
    (("check", "--nope"), "そのようなオプションはありません: --nope"),
    (("nosuch",), "そのようなコマンドはありません: 'nosuch'"),
    (("chek",), "そのようなコマンドはありません: 'chek'（近いコマンド: 'check', 'schema'）"),
    (("edition", "nw"), "そのようなコマンドはありません: 'nw'（近いコマンド: 'new'）"),
    (("check", "extra"), "余分な引数があります: extra"),
    (("check", "--root"), "オプション '--root' には値が 1 つ必要です"),
    (("edition", "new"), "引数 'edition' がありません"),
    (("diff", "--format", "xx"), "'--format' の値が正しくありません: 'xx' は 'text', 'md', 'json', 'rst' のどれでもありません"),
    (("balance", "--detect", "99"), "'--detect' の値が正しくありません: 49.9 以下でなければなりません"),
    (("balance", "--games", "x"), "'--games' の値が正しくありません: 整数でなければなりません"),
])
def test_usage_errors_in_japanese(args: tuple[str, ...], said: str, shown: dict[str, str]) -> None:
    done = bp(*args, env={**WIDE, **shown})
    assert done.returncode == 2
    assert said in done.stderr
    assert "エラー" in done.stderr and "Error" not in done.stderr and "Try " not in done.stderr
    if done.stderr.lstrip().startswith(("使い方", "Usage")):
        assert done.stderr.lstrip().startswith("使い方: ")
        assert "ヘルプは 'python -m toolchain" in done.stderr


@pytest.mark.parametrize("command", [(), ("check",), ("balance",)], ids=lambda path: " ".join(path) or "bp")
def test_plain_help_in_japanese(command: tuple[str, ...]) -> None:
    """Without rich, click's formatter writes the help: typer's headings and an option's default too."""
    done = bp(*command, "--help", env={**WIDE, **PLAIN})
    assert done.returncode == 0, done.stderr
    assert english_lines(done.stdout, {word for path in commands() for word in path}) == []
    assert done.stdout.lstrip().startswith("使い方: ") and "\nオプション:\n" in done.stdout
    assert "default" not in done.stdout and "既定: " in done.stdout


def test_a_usage_error_without_rich_installed_is_japanese_and_plain() -> None:
    """typer reaches for rich unless TYPER_USE_RICH=0 says not to: where rich cannot be imported it prints
    plainly, in bp's language, with no traceback."""
    import os
    import subprocess
    import sys

    from tests.runbp import ROOT

    blocked = "import runpy, sys; sys.modules['rich'] = None; sys.argv[0] = 'bp'; runpy.run_module('toolchain', run_name='__main__')"
    done = subprocess.run([sys.executable, "-c", blocked, "check", "--nope"], capture_output=True, text=True, timeout=120,
                          env={**os.environ, **WIDE, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr == ("使い方: bp check [OPTIONS]\nヘルプは 'bp check --help' で見られます。\n\n"
                           "エラー: そのようなオプションはありません: --nope（近いオプション: --no-cache, --since）\n")


def test_the_commands_panel_folds_japanese_instead_of_cutting_it() -> None:
    done = bp("--help", env={**JAPANESE, "COLUMNS": "80"})
    assert done.returncode == 0 and "…" not in done.stdout and "書き込めないフォルダ。" in done.stdout


def test_usage_errors_stay_english_in_english() -> None:
    done = bp("check", "--nope", env={"COLUMNS": "200"})
    assert done.returncode == 2 and "No such option: --nope" in done.stderr and done.stderr.startswith("Usage: ")


def test_plain_usage_errors_stay_english_in_english() -> None:
    """As click says them, byte for byte."""
    done = bp("check", "--nope", env={"COLUMNS": "200", **PLAIN})
    assert done.returncode == 2
    assert done.stderr == ("Usage: python -m toolchain check [OPTIONS]\nTry 'python -m toolchain check --help' for help.\n\n"
                           "Error: No such option: --nope (Possible options: --no-cache, --since)\n")


def test_a_usage_error_is_said_by_its_shape(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each shape matches the whole message; what a placeholder holds is said too; an unknown shape stays."""
    from toolchain import i18n
    from toolchain.cli.typer_language import said

    for name in ("_explicit", "_setting", "_settled", "_catalogue"):
        monkeypatch.setattr(i18n, name, None)
    english = "Invalid value for '--detect': Input should be less than or equal to 49.9"
    assert said(english) == english
    i18n.choose("ja")
    assert said(english) == "'--detect' の値が正しくありません: 49.9 以下でなければなりません"
    assert said("No such option: --x (Possible options: --xy)") == "そのようなオプションはありません: --x（近いオプション: --xy）"
    assert said("Something click may say one day.") == "Something click may say one day."


NARROW = {**JAPANESE, "COLUMNS": "80"}
_NEVER_FIRST = "。、，．：；！？）」』】)]}"
_PATH = re.compile(r"[\w.-]*[/:][\w./:-]*[\w/]")  # a path, an address, file:line


@pytest.mark.parametrize("command", [(), ("check",), ("build",), ("serve",), ("diff",), ("play",)],
                         ids=lambda path: " ".join(path) or "bp")
def test_help_breaks_japanese_lines_between_phrases(command: tuple[str, ...]) -> None:
    """At 80 columns no line begins with 。、） (13 did), and a path or an address is never cut in two."""
    narrow = bp(*command, "--help", env=NARROW)
    assert narrow.returncode == 0, narrow.stderr
    lines = [re.sub(r"[│╭╮╰╯─]", " ", line).strip() for line in narrow.stdout.splitlines()]
    assert [line for line in lines if line[:1] in _NEVER_FIRST and line] == []
    wide = bp(*command, "--help", env=WIDE).stdout
    shown = re.sub(r"/ +", "/", " ".join(lines))  # a path may go on at its next part, after a /
    for path in {match.group() for match in _PATH.finditer(wide)}:
        assert path in shown, f"{path} is cut"


def test_line_breaking_keeps_paths_and_closing_marks() -> None:
    from toolchain.cli.line_breaking import divide_line

    def lines(text: str, width: int) -> list[str]:
        cuts = [0, *divide_line(text, width), len(text)]
        return [text[a:b].strip() for a, b in zip(cuts, cuts[1:])]

    assert lines("この git リビジョン（直前のタグの版）からルールが変わったのに", 26) == [
        "この git リビジョン", "（直前のタグの版）から", "ルールが変わったのに"]
    assert lines("キャッシュ（既定: ROOT/build/cache/rulebook）。", 26) == ["キャッシュ（既定:", "ROOT/build/cache/", "rulebook）。"]
    assert lines("Serve the site and rebuild it on every save", 20) == ["Serve the site and", "rebuild it on every", "save"]


def test_a_command_that_shows_no_help_loads_none_of_its_renderer() -> None:
    """typer's help and error panels (typer.rich_utils, with rich and markdown_it under it) are a good part of a
    command's start: bp says its words in them when typer loads them, for help or an error, not before every
    command (the Japanese panels: the tests above)."""
    run = bp("--lang", "ja", "codes", env={"PYTHONPROFILEIMPORTTIME": "1"})
    assert run.returncode == 0 and "BP001" in run.stdout, run.stderr
    imported = {line.split("|")[-1].strip() for line in run.stderr.splitlines() if line.startswith("import time:")}
    assert "typer.main" in imported  # a typer command, and the importtime log read right
    assert not {"typer.rich_utils", "rich.markdown", "markdown_it"} & imported
