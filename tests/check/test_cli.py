"""`bp check`, `bp export` and `bp build` as a rules editor and CI run them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from tests.runbp import bp


def test_check_on_the_repository(repo_root: Path) -> None:
    run = bp("check", cwd=repo_root / "definitions" / "actions")  # found from a subdirectory
    assert run.returncode == 0, run.stderr
    counts, examples, rulings = run.stdout.splitlines()
    assert counts == "37 actions, 6 characters, 3 fog, 5 frames, 11 frame actions, 1 frame fog, 5 trumps, 5 rulings: OK"
    assert re.fullmatch(r"48/48 actions executed, [1-9][0-9]+ examples, 0 failed", examples)
    assert re.fullmatch(r"5 rulings: [1-9][0-9]* examples, 0 failed", rulings)  # every Q&A item of 第8.1版 runs
    assert run.stderr == ""


def _break(root: Path) -> None:
    summon = root / "definitions" / "actions" / "2-summon.yaml"
    summon.write_text(summon.read_text(encoding="utf-8").replace("  timing: main", "  timing: later"), encoding="utf-8")
    fog = root / "definitions" / "fog.yaml"
    fog.write_text(fog.read_text(encoding="utf-8").replace("  action: up", "  action: upp"), encoding="utf-8")


def test_the_summary_names_the_actions_no_example_ran(minimal_repo: Path) -> None:
    spells = minimal_repo / "definitions" / "actions" / "2-summon.yaml"
    text = spells.read_text(encoding="utf-8")  # アップ's one example, made a refused request (no card to pay D): it runs no effect
    text = text.replace("      given: {you: {hand: ♡3 ♠9, field: Joker}}", "      given: {you: {hand: ♡3, field: Joker}}")
    spells.write_text(text.replace('      expect: {you: {hand: "", field: "Joker(+3)", graveyard: ♠9 ♡3}}', "      illegal: cost"),
                      encoding="utf-8")
    run = bp("check", "--root", str(minimal_repo))
    assert run.stdout.splitlines()[-1] == (
        "0/6 actions executed (エンド, チャージ, 魔術士召喚, アップ, クローズ and 1 more never ran: no example runs their effect; "
        "add one (an `illegal:` example runs none)), 1 examples, 0 failed"
    )


def test_all_findings_sorted_on_stderr_with_exit_1(minimal_repo: Path) -> None:
    _break(minimal_repo)
    run = bp("check", "--root", str(minimal_repo))
    assert run.returncode == 1
    lines = run.stderr.splitlines()
    assert lines == [
        "definitions/actions/2-summon.yaml:8:11: error[BP028]: 'later' is not one of the timings of definitions/rules.yaml "
        "(the timings are main, quick; a new one is added to timings in definitions/rules.yaml)",
        "definitions/fog.yaml:6:11: error[BP021]: no action has the id 'upp'; did you mean 'up'?",
    ]
    assert run.stdout.splitlines()[0].endswith(": 2 errors in 2 files")


def test_json_output(minimal_repo: Path) -> None:
    _break(minimal_repo)
    run = bp("check", "--root", str(minimal_repo), "--format", "json")
    assert run.returncode == 1
    report = json.loads(run.stdout)
    assert report["summary"]["errors"] == 2 and report["summary"]["ok"] is False
    first = report["diagnostics"][0]
    assert (first["path"], first["line"], first["column"], first["code"], first["name"]) == (
        "definitions/actions/2-summon.yaml", 8, 11, "BP028", "vocabulary",
    )


def test_github_annotations(minimal_repo: Path) -> None:
    _break(minimal_repo)
    run = bp("check", "--root", str(minimal_repo), "--format", "github")
    assert run.stderr.splitlines()[1] == (
        "::error file=definitions/fog.yaml,line=6,col=11,title=BP021 unresolved-reference::no action has the id 'upp'; did you mean 'up'?"
    )


@pytest.mark.parametrize("args", [("check", "--root", "/nonexistent/rules"), ("check", "--format", "xml")])
def test_usage_and_io_errors_exit_2(args: tuple[str, ...], repo_root: Path) -> None:
    run = bp(*args, cwd=repo_root)
    assert run.returncode == 2
    assert "Traceback" not in run.stderr


def test_outside_a_repository_exit_2(tmp_path: Path) -> None:
    run = bp("check", cwd=tmp_path)
    assert run.returncode == 2
    assert "no rules repository" in run.stderr and "--root" in run.stderr


@pytest.mark.parametrize(
    "content",
    [b"- id: [unclosed\n", b"\xff\xfe garbage", b"", b"just text\n", b"- 1\n- 2\n", b"{}\n", b"- id: x\n  name: {a: [1, 2]}\n"],
)
def test_malformed_input_never_crashes(minimal_repo: Path, content: bytes) -> None:
    for name in ("characters.yaml", "frames/frames.yaml", "formats.yaml", "rules.yaml"):
        (minimal_repo / "definitions" / name).write_bytes(content)
    run = bp("check", "--root", str(minimal_repo))
    assert run.returncode == 1
    assert "Traceback" not in run.stderr
    assert all(line.startswith("definitions/") for line in run.stderr.splitlines())


def test_export_says_what_it_wrote_as_actionlist_does(repo_root: Path, tmp_path: Path) -> None:
    """-o FILE: one line naming the file, in the user's language (the words of bp actionlist); into stdout, nothing
    but the data (tests/build/test_special_targets.py: -o /dev/stdout)."""
    out = tmp_path / "defs.json"
    english = bp("export", "-o", str(out), cwd=repo_root)
    assert english.returncode == 0, english.stderr
    assert (english.stdout, english.stderr) == (f"wrote {out}\n", "")
    japanese = bp("--lang", "ja", "export", "--format", "extra-yaml", "-o", str(tmp_path / "extra.yaml"), cwd=repo_root)
    assert japanese.returncode == 0, japanese.stderr
    assert japanese.stdout == f"{tmp_path / 'extra.yaml'} を書きました\n"
    piped = bp("export", "-o", "/dev/stdout", cwd=repo_root)
    assert piped.returncode == 0 and json.loads(piped.stdout)["actions"], piped.stderr


def test_export_matches_its_schema(repo_root: Path, tmp_path: Path) -> None:
    out = tmp_path / "defs.json"
    run = bp("export", "-o", str(out), cwd=repo_root)
    assert run.returncode == 0, run.stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    schemas = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in (repo_root / "schema").glob("*.schema.json")}
    registry = Registry().with_resources((name, Resource.from_contents(s)) for name, s in schemas.items())
    errors = list(Draft202012Validator(schemas["export.schema.json"], registry=registry).iter_errors(data))
    assert errors == []
    end = data["actions"][0]
    assert (end["name"], end["category"], end["trigger"], end["speed"], end["timing"]) == ("エンド", "基本", "直接", "通常", "メイン")
    equip = next(a for a in data["actions"] if a["name"] == "英雄召喚")
    assert (equip["cost"], equip["keycards"], equip["formats"]) == ("BBL", "J〜K", ["lite", "standard", "pro", "master"])
    slash = next(a for a in data["frame_actions"] if a["name"] == "スラッシュ")
    assert slash["frames"] == ["extra"] and slash["formats"] == ["master"]
    self_target = next(r for r in data["rulings"] if r["id"] == "self-target")
    assert self_target["anchor"] == "ruling-self-target" and self_target["concerns"][0] == "act-counter"
    assert self_target["examples"] and self_target["not_executable"] is None and data["counts"]["rulings"] == 5


def test_export_refuses_broken_definitions(minimal_repo: Path) -> None:
    _break(minimal_repo)
    run = bp("export", "--root", str(minimal_repo))
    assert run.returncode == 1 and run.stdout == ""


def test_build_is_all_or_nothing(minimal_repo: Path) -> None:
    site = minimal_repo / "build" / "site"
    assert bp("build", "--root", str(minimal_repo), "--only", "definitions.json").returncode == 0
    previous = (site / "definitions.json").read_bytes()
    _break(minimal_repo)
    run = bp("build", "--root", str(minimal_repo), "--only", "definitions.json")
    assert run.returncode == 1
    assert [p.name for p in (minimal_repo / "build").iterdir()] == ["site"]
    assert (site / "definitions.json").read_bytes() == previous


def test_build_replaces_the_site(minimal_repo: Path) -> None:
    run = bp("build", "--root", str(minimal_repo), "--only", "definitions.json")
    assert run.returncode == 0, run.stderr
    assert [p.name for p in (minimal_repo / "build").iterdir()] == ["site"]
    assert json.loads((minimal_repo / "build" / "site" / "definitions.json").read_text(encoding="utf-8"))["counts"]["actions"] == 4


@pytest.mark.parametrize("command", ["check", "build", "sim", "diff", "serve", "rulebook"])
def test_help_shows_flags_without_a_value(command: str) -> None:
    """A flag is given alone (`--readings`, `--coverage`): the help must not print it as
    `--readings <bool>`, which reads as if it took a value."""
    run = bp(command, "--help")
    assert run.returncode == 0
    assert "<bool>" not in run.stdout
    assert "--help " in run.stdout


def test_build_help_names_what_only_takes() -> None:
    """`--only` takes an output's name: the help once showed it as `<list[str]>`, Python's type."""
    run = bp("build", "--help")
    assert run.returncode == 0
    assert "list[str]" not in run.stdout
    assert re.search(r"--only\s+OUTPUT\s", run.stdout)
