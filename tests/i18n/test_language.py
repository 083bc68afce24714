"""The language of bp's messages: chosen from --lang, rules.yaml's messages_language, the locale;
Japanese where asked, with the same codes and locations; English costs nothing.

The tests' own processes speak English (tests/conftest.py sets LANGUAGE=en): a test that wants the
locale to choose clears LANGUAGE."""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.repos import MINIMAL, drop_missing_history, minimal_rules_yaml
from tests.runbp import ROOT, bp
from toolchain import i18n
from toolchain.diagnostics import CODES

JAPANESE = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "ja_JP.UTF-8"}
BASIC = "definitions/actions/1-basic.yaml"
LOCATED = re.compile(r"^\s*(\S+:\d+:\d+: error\[BP\d+\])")


@pytest.fixture()
def fresh(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """This process's choice of language undone after the test."""
    for name, value in (("_explicit", None), ("_setting", None), ("_settled", None), ("_catalogue", None)):
        monkeypatch.setattr(i18n, name, value)
    yield


@pytest.mark.parametrize(("environ", "language"), [
    ({"LANG": "ja_JP.UTF-8"}, "ja"),
    ({"LANGUAGE": "en", "LANG": "ja_JP.UTF-8"}, "en"),  # LANGUAGE first
    ({"LC_ALL": "ja_JP.UTF-8", "LANG": "en_US.UTF-8"}, "ja"),
    ({"LC_MESSAGES": "ja_JP", "LANG": "C.UTF-8"}, "ja"),
    ({"LANGUAGE": "fr:ja", "LANG": "C"}, "ja"),  # a list: the first bp speaks
    ({"LANGUAGE": "", "LANG": "ja"}, "ja"),  # an empty variable is not set
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),  # unknown: English
    ({"LANG": "@@@"}, "en"),
    ({}, "en"),
])
def test_the_locale_chooses_as_gettext_reads_it(environ: dict[str, str], language: str) -> None:
    assert i18n.from_locale(environ) == language


def _rules(tmp_path: Path, line: str) -> Path:
    rules = tmp_path / "rules.yaml"
    rules.write_text(f"edition:\n  id: v8.1\n{line}\nranks: []\n", encoding="utf-8")
    return rules


@pytest.mark.parametrize(("line", "language"), [
    ("messages_language: ja", "ja"),
    ('messages_language: "ja"  # for the editors', "ja"),
    ("messages_language: en", "en"),
    ("messages_language: fr", "en"),  # bp check reports it (BP010); messages stay English
    ("  messages_language: ja", "en"),  # not a top-level key
    ("# messages_language: ja", "en"),
])
def test_the_repository_setting(tmp_path: Path, fresh: None, monkeypatch: pytest.MonkeyPatch, line: str, language: str) -> None:
    monkeypatch.setenv("LANGUAGE", "en")
    i18n.read_setting(_rules(tmp_path, line))
    assert i18n.language() == language


def test_lang_beats_the_setting_and_the_setting_beats_the_locale(tmp_path: Path, fresh: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANGUAGE", "ja")
    i18n.read_setting(_rules(tmp_path, "messages_language: en"))
    assert i18n.language() == "en"
    assert i18n.choose("ja_JP") and i18n.language() == "ja"
    assert not i18n.choose("klingon") and i18n.language() == "en"


def test_a_setting_in_a_fifo_is_not_waited_for(tmp_path: Path, fresh: None) -> None:
    fifo = tmp_path / "rules.yaml"
    os.mkfifo(fifo)
    i18n.read_setting(fifo)  # would block for ever if opened
    assert i18n._setting is None


def test_without_a_current_mo_the_po_is_read_in_memory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A fresh clone has no .mo; a .mo older than its .po is stale. Neither is written by bp."""
    folder = tmp_path / "ja" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    shutil.copy(i18n.LOCALE_DIR / "ja" / "LC_MESSAGES" / "bp.po", folder / "bp.po")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    assert i18n.catalogue("ja").gettext("nothing") == "なし"
    assert sorted(p.name for p in folder.iterdir()) == ["bp.po"]

    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    stale = Catalog(locale="ja")
    stale.add("nothing", "古い")
    with (folder / "bp.mo").open("wb") as mo:
        write_mo(mo, stale)
    os.utime(folder / "bp.mo", ns=(1, 1))
    assert i18n.catalogue("ja").gettext("nothing") == "なし"
    os.utime(folder / "bp.mo")  # now newer than the .po: read
    assert i18n.catalogue("ja").gettext("nothing") == "古い"


def test_plurals_in_english_and_one_form_in_japanese(fresh: None) -> None:
    i18n.choose("en")
    assert i18n.ngettext("{n} file", "{n} files", 1) == "{n} file"
    assert i18n.ngettext("{n} file", "{n} files", 2) == "{n} files"
    i18n.choose("ja")
    one = i18n.ngettext("{failed} example fails because of this:", "{failed} examples fail because of this:", 1)
    assert one == i18n.ngettext("{failed} example fails because of this:", "{failed} examples fail because of this:", 5)
    assert one == "この原因で {failed} 件の例が失敗:"


def test_an_output_in_the_documents_language_leaves_the_other_threads_in_the_terminals(
        fresh: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """bp build renders the balance page in Japanese on its main thread while the job pool's callback
    thread says a PDF is rendered: that line is the terminal's (C.UTF-8: English), not the page's."""
    import threading

    for variable, value in {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}.items():
        monkeypatch.setenv(variable, value)
    said: list[str] = []
    message = "rendered {pdf}: {pages} pages ({seconds:.1f} s)"
    with i18n.documents_language_unless_chosen():
        page = i18n._(message)
        progress = threading.Thread(target=lambda: said.append(i18n._(message)))
        progress.start()
        progress.join()
    assert page != message  # the page speaks Japanese
    assert said == [message]  # the terminal line English
    assert i18n._(message) == message


def test_the_serve_overlay_title_is_translated(fresh: None) -> None:
    from toolchain.site.live_server import RELOAD_SCRIPT, ServeState

    assert "status.title" in RELOAD_SCRIPT and "do not check" not in RELOAD_SCRIPT  # the script has no words of its own
    i18n.choose("ja")
    assert json.loads(ServeState().to_json())["title"].startswith("bp serve: 定義の検査で指摘があります")


@pytest.fixture(scope="module")
def broken(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real rules with チャージ's trigger misspelt `edn`: one cause (BP031), six examples it breaks."""
    root = tmp_path_factory.mktemp("i18n") / "rules"
    for folder in ("definitions", "schema"):
        shutil.copytree(ROOT / folder, root / folder)
    drop_missing_history(root)
    path = root / BASIC
    text = path.read_text(encoding="utf-8")
    assert text.count("trigger: {on: resolved, action: end,") == 1
    path.write_text(text.replace("trigger: {on: resolved, action: end,", "trigger: {on: resolved, action: edn,"), encoding="utf-8")
    return root


def _located(stderr: str) -> list[str]:
    return [m.group(1) for line in stderr.splitlines() if (m := LOCATED.match(line))]


def test_a_japanese_locale_gets_japanese_with_the_same_codes_and_locations(broken: Path) -> None:
    english = bp("check", "--root", str(broken))
    japanese = bp("check", "--root", str(broken), env=JAPANESE)
    assert english.returncode == japanese.returncode == 1
    assert _located(japanese.stderr) == _located(english.stderr) and len(_located(english.stderr)) == 7
    cascade = japanese.stderr.splitlines()[1]
    assert cascade == "  この原因で 6 件の例が失敗（そこを 'end' にすると成功）:"
    summary, examples, rulings = japanese.stdout.splitlines()
    assert summary.startswith("アクション ") and summary.endswith(": 1 ファイルにエラー 7 件（うち 6 件はほかのエラーが原因）")
    assert re.fullmatch(r"アクション \d+/\d+ を実行(（.+は一度も実行されませんでした.+）)?、例 \d+ 件、失敗 6 件", examples)
    assert re.fullmatch(r"裁定 \d+ 件: 例 \d+ 件、失敗 \d+ 件(、未実行 \d+ 件（エラーのあるアクションを使うため）)?"
                        r"(、実行できないもの \d+ 件（bp check --rulings）)?", rulings)

    # --lang en overrides the locale, after the command or before it
    for args in (("check", "--root", str(broken), "--lang", "en"), ("--lang=en", "check", "--root", str(broken))):
        again = bp(*args, env=JAPANESE)
        assert (again.returncode, again.stdout, again.stderr) == (1, english.stdout, english.stderr)


def test_json_and_github_stay_english_unless_lang_is_given(broken: Path) -> None:
    japanese = bp("check", "--format", "github", "--root", str(broken), env=JAPANESE)
    english = bp("check", "--format", "github", "--root", str(broken))
    assert japanese.stderr == english.stderr and "(caused by definitions/actions/1-basic.yaml:" in english.stderr
    asked = bp("check", "--format", "github", "--lang", "ja", "--root", str(broken))
    assert "（原因: definitions/actions/1-basic.yaml:" in asked.stderr
    assert [line.split("::")[1] for line in asked.stderr.splitlines()] == [line.split("::")[1] for line in english.stderr.splitlines()]
    data = json.loads(bp("check", "--format", "json", "--root", str(broken), env=JAPANESE).stdout)
    assert data == json.loads(bp("check", "--format", "json", "--root", str(broken)).stdout)


def test_the_repository_setting_speaks_japanese_and_lang_overrides_it(tmp_path: Path) -> None:
    root = tmp_path / "rules"
    shutil.copytree(MINIMAL, root)
    shutil.copytree(ROOT / "schema", root / "schema")
    rules = minimal_rules_yaml(root / "definitions" / "rules.yaml").read_text(encoding="utf-8")
    (root / "definitions" / "rules.yaml").write_text(rules.replace("\n# Table 2.1", "messages_language: ja\n\n# Table 2.1", 1),
                                                     encoding="utf-8")
    done = bp("check", "--root", str(root))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0].endswith(": 問題なし")
    assert bp("check", "--root", str(root), "--lang", "en").stdout.splitlines()[0].endswith(": OK")
    assert bp("codes", cwd=root).stdout.splitlines()[0].endswith("ファイルが正しい YAML ではありません")  # the setting found from the cwd


def test_help_in_japanese() -> None:
    done = bp("--help", env=JAPANESE)
    assert done.returncode == 0
    assert "BlackPoker ルールツールチェーン" in done.stdout and "オプション" in done.stdout and "コマンド" in done.stdout
    assert "すべての定義を検査します" in done.stdout and "このヘルプを表示して終了します" in done.stdout
    check = bp("check", "--help", env=JAPANESE)
    assert "前回から変わっていないものはキャッシュ" in check.stdout and "…" not in check.stdout  # folded, never cut short
    assert "Validate every definition" in bp("check", "--help", "--lang", "en", env=JAPANESE).stdout


def test_codes_in_japanese_with_the_same_codes_and_names() -> None:
    english = bp("codes").stdout.splitlines()
    japanese = bp("codes", env=JAPANESE).stdout.splitlines()
    assert len(japanese) == len(english) == len(CODES)
    for en, ja, code in zip(english, japanese, CODES.values()):
        assert en.split()[:2] == ja.split()[:2] == [code.code, code.name]
        assert en.endswith(code.summary) and not ja.endswith(code.summary)


def test_an_unknown_language_is_english_with_a_warning() -> None:
    done = bp("--lang", "xx", "codes")
    assert done.returncode == 0 and done.stdout == bp("codes").stdout
    assert done.stderr == "bp: --lang xx: bp speaks en, ja; English is used\n"
    missing = bp("codes", "--lang")
    assert (missing.returncode, missing.stderr) == (2, "bp: --lang needs a value: en, ja\n")


def test_english_loads_no_catalogue(broken: Path) -> None:
    """The English path imports no Babel and reads no catalogue (the cached check's speed is benchmarked;
    gettext itself comes with argparse)."""
    bp("check", "--root", str(broken))  # the cache, made
    done = bp("check", "--root", str(broken), env={"PYTHONPROFILEIMPORTTIME": "1"})
    imported = {line.split("|")[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    assert "toolchain.i18n" in imported
    assert not {name for name in imported if name.split(".")[0] == "babel"}


def test_a_terminal_that_cannot_show_japanese_gets_escapes(tmp_path: Path) -> None:
    """PYTHONIOENCODING=ascii (or a C locale) with Japanese messages: escapes, never UnicodeEncodeError."""
    import subprocess

    root = tmp_path / "rules"
    shutil.copytree(MINIMAL, root)
    minimal_rules_yaml(root / "definitions" / "rules.yaml")
    git = ["git", "-C", str(root), "-c", "user.name=bp", "-c", "user.email=bp@example.org"]
    for command in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "rules"], ["tag", "v8.1"]):
        subprocess.run([*git, *command], check=True, capture_output=True)
    for args in (("check", "--root", str(root)), ("codes",), ("diff", "v8.1", "--root", str(root))):
        run = bp("--lang", "ja", *args, env={"PYTHONIOENCODING": "ascii"})
        assert "Traceback" not in run.stderr and "UnicodeEncodeError" not in run.stderr, (args, run.stderr)
        assert run.returncode == 0, (args, run.stderr)
    assert "\\u554f\\u984c\\u306a\\u3057" in bp("--lang", "ja", "check", "--root", str(root), "--no-cache",
                                                 env={"PYTHONIOENCODING": "ascii"}).stdout  # 問題なし
