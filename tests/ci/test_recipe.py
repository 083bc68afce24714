"""The CI recipe and the pre-commit hook, exercised.

The workflow (.github/workflows/rules.yml) is parsed, its actions must be pinned to a commit, and
every `run:` step is executed in order, as GitHub's runner would (bash -eo pipefail, the step's
env with its ${{ }} expressions filled in, $GITHUB_PATH, $GITHUB_STEP_SUMMARY, $RUNNER_TEMP), on a
pull request of a small rules repository: the rules of tests/fixtures/minimal, a one-page rulebook,
this repository's Makefile. Two things stand in for the runner: `sudo` (root here), and `gh`,
which records the comment it is asked to post (its shape is checked). The Python environment
is a prepared .venv (as from a cache) whose `bp` runs this checkout, so `make bootstrap` finds
it up to date; `sudo make system-packages` runs for real and finds the Debian packages installed.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml

from tests.diff.conftest import commit_all, edit, git
from tests.runbp import bp

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "rules.yml"
HOOKS = ROOT / ".pre-commit-hooks.yaml"
PINNED = re.compile(r"^[\w.-]+/[\w.-]+@[0-9a-f]{40}$")
EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")
PR_NUMBER = "7"
# The parts of the GitHub context the workflow reads, for a pull request from a branch of the repository.
CONTEXT = {
    "github.base_ref": "main",
    "github.event.pull_request.number": PR_NUMBER,
    "github.token": "test-token",
    "github.ref": "refs/pull/7/merge",
}

ONE_PAGE_BOOK = {
    "index.rst": "|bp-title|\n==================================================\n\n|bp-edition|\n\n"
                 ".. toctree::\n   :numbered: 2\n\n   actions\n",
    "actions.rst": ".. _actions:\n\nアクションリスト\n==================================================\n\n.. bp-action-list::\n",
}


def _workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def _steps() -> list[dict]:
    (job,) = _workflow()["jobs"].values()
    return job["steps"]


def _fill(text: str) -> str:
    def value(match: re.Match[str]) -> str:
        assert match.group(1) in CONTEXT, f"the test knows no value for ${{{{ {match.group(1)} }}}}"
        return CONTEXT[match.group(1)]

    return EXPRESSION.sub(value, text)


def test_the_workflow_runs_on_pull_requests_and_pins_its_actions() -> None:
    workflow = _workflow()
    assert set(workflow["on"]) == {"push", "pull_request"}
    assert workflow["permissions"] == {"contents": "read", "pull-requests": "write"}
    uses = {step["uses"].split("@")[0]: step for step in _steps() if "uses" in step}
    assert set(uses) == {"actions/checkout", "actions/setup-python", "actions/upload-artifact"}
    for step in uses.values():
        assert PINNED.match(step["uses"]), f"{step['uses']} is not pinned to a commit"
    for line in WORKFLOW.read_text(encoding="utf-8").splitlines():
        if "uses:" in line:
            assert re.search(r"#\s*v\d+\.\d+\.\d+$", line), f"say which version the commit is: {line}"
    assert uses["actions/checkout"]["with"]["fetch-depth"] == 0
    assert uses["actions/upload-artifact"]["with"]["path"] == "build/site"
    runs = [step["run"] for step in _steps() if "run" in step]
    assert any("bp check --format github" in run for run in runs)
    assert any(run.strip() == "bp build" for run in runs)
    comment = next(step for step in _steps() if "gh pr comment" in step.get("run", ""))
    assert "github.event_name == 'pull_request'" in comment["if"]
    assert comment["env"]["GH_TOKEN"] == "${{ github.token }}"


@pytest.fixture
def pull_request(tmp_path: Path, minimal_repo: Path) -> Path:
    """A clone of a small rules repository, on a pull request's branch that changes one fog entry."""
    upstream = tmp_path / "upstream"
    shutil.copytree(minimal_repo, upstream)
    (upstream / "docs").mkdir()  # prose only: the Sphinx configuration is the toolchain's
    for name, text in ONE_PAGE_BOOK.items():
        (upstream / "docs" / name).write_text(text, encoding="utf-8")
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy(ROOT / name, upstream / name)
    shutil.copytree(ROOT / "scripts", upstream / "scripts")
    (upstream / ".gitignore").write_text(".venv/\nbuild/\n", encoding="utf-8")
    git(upstream, "init", "-q", "-b", "main")
    commit_all(upstream, "第8.1版")
    git(upstream, "tag", "v8.0")
    git(upstream, "checkout", "-q", "-b", "stronger-up")
    # the change of the next edition (rules.yaml: v8.1), with its history kept honest
    edit(upstream, "definitions/fog.yaml", "キーカードの数字分加算される。", "キーカードの数字の2倍分加算される。\n  updated: [v8.1]")
    commit_all(upstream, "アップを強く")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--branch", "stronger-up", str(upstream), str(clone))
    # the Python environment, as restored from a cache: `make bootstrap` finds it up to date
    bin_dir = clone / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    (bin_dir / "python").symlink_to(sys.executable)
    (bin_dir / "bp").write_text(f'#!/bin/sh\nPYTHONPATH="{ROOT}" exec "{sys.executable}" -m toolchain "$@"\n', encoding="utf-8")
    (bin_dir / "bp").chmod(0o755)
    os.utime(clone / "pyproject.toml", (0, 0))
    (clone / ".venv" / ".installed").touch()
    return clone


def _runner(tmp_path: Path) -> dict[str, str]:
    """The environment of a GitHub runner, with `sudo` and `gh` standing in."""
    shims = tmp_path / "shims"
    shims.mkdir()
    (shims / "sudo").write_text('#!/bin/sh\nexec "$@"\n', encoding="utf-8")
    (shims / "gh").write_text(
        '#!/bin/sh\nprintf "%s\\n" "$@" > "$RUNNER_TEMP/gh-args"\nprintf "%s" "$GH_TOKEN" > "$RUNNER_TEMP/gh-token"\n', encoding="utf-8")
    for shim in shims.iterdir():
        shim.chmod(0o755)
    temp = tmp_path / "runner-temp"
    temp.mkdir()
    for name in ("github-path", "step-summary"):
        (temp / name).touch()
    env = {key: value for key, value in os.environ.items() if not key.startswith(("GITHUB_", "PYTHON"))}
    return {**env, "PATH": f"{shims}:{env['PATH']}", "RUNNER_TEMP": str(temp), "GITHUB_PATH": str(temp / "github-path"),
            "GITHUB_STEP_SUMMARY": str(temp / "step-summary"), "GITHUB_EVENT_NAME": "pull_request", "CI": "true"}


def test_every_run_step_of_the_workflow_on_a_pull_request(pull_request: Path, tmp_path: Path) -> None:
    env = _runner(tmp_path)
    temp = Path(env["RUNNER_TEMP"])
    for step in _steps():
        if "uses" in step:
            continue  # checkout, setup-python, upload-artifact: GitHub's own (pinned, checked above)
        added = [line for line in (temp / "github-path").read_text(encoding="utf-8").splitlines() if line]
        step_env = {**env, "PATH": ":".join([*reversed(added), env["PATH"]])}
        step_env.update({key: _fill(str(value)) for key, value in step.get("env", {}).items()})
        run = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", _fill(step["run"])], cwd=pull_request,
                             env=step_env, capture_output=True, text=True, timeout=600)
        assert run.returncode == 0, f"step {step.get('name', step['run'])!r} failed:\n{run.stdout}\n{run.stderr}"
    site = pull_request / "build" / "site"  # what upload-artifact uploads
    assert (site / "definitions.json").is_file() and (site / "rulebook" / "index.html").is_file()
    assert (site / "actionlist" / "pdf" / "blackpoker-lite.pdf").is_file() and (site / "blackpoker.pdf").is_file()
    summary = (temp / "step-summary").read_text(encoding="utf-8")
    assert summary.startswith("## Rules diff: v8.0 (") and "数字<ins>の2倍</ins>分加算される。" in summary
    comment = (temp / "rules-diff.md").read_text(encoding="utf-8")
    assert comment.startswith("## Rules diff: origin/main (") and "#### Changed: fog/up アップ (速攻魔法)" in comment
    assert "- **能力**: 対象とした兵士のサイズは、このターンが終わるまでキーカードの数字<ins>の2倍</ins>分加算される。" in comment
    args = (temp / "gh-args").read_text(encoding="utf-8").splitlines()
    assert args == ["pr", "comment", PR_NUMBER, "--body-file", str(temp / "rules-diff.md")]
    assert (temp / "gh-token").read_text(encoding="utf-8") == "test-token"


def test_the_check_step_annotates_findings_and_fails(pull_request: Path, tmp_path: Path) -> None:
    env = _runner(tmp_path)
    env["PATH"] = f"{pull_request / '.venv' / 'bin'}:{env['PATH']}"
    check = next(step for step in _steps() if step.get("name") == "bp check")
    edit(pull_request, "definitions/fog.yaml", "\n  updated: [v8.1]", "")
    run = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", check["run"]], cwd=pull_request, env=env,
                         capture_output=True, text=True, timeout=120)
    # アップ's ability changed since v8.0 without v8.1 in its updated: BP029, as a GitHub annotation at its id
    assert run.returncode == 1
    assert run.stderr == ("::error file=definitions/fog.yaml,line=2,col=3,title=BP029 history::アップ (速攻魔法) changed since v8.0 "
                          "(能力) but its updated does not list v8.1: add v8.1 to updated\n")


def test_the_pre_commit_hook() -> None:
    (hook,) = yaml.safe_load(HOOKS.read_text(encoding="utf-8"))
    assert (hook["id"], hook["language"], hook["pass_filenames"]) == ("bp-check", "python", False)
    files = re.compile(hook["files"])
    assert [bool(files.search(p)) for p in ("definitions/fog.yaml", "definitions/actions/1-basic.yaml", "schema/fog.schema.json",
                                            "docs/index.rst", "README.md", "toolchain/definitions/x.py")] == [
        True, True, True, False, False, False]
    command, *args = shlex.split(hook["entry"])
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert scripts[command] == "toolchain.cli:main", "the entry is the console script pre-commit installs"


def test_the_pre_commit_hook_entry_on_a_rules_repository(minimal_repo: Path) -> None:
    """pre-commit runs the entry in the repository's top directory with no file names."""
    (hook,) = yaml.safe_load(HOOKS.read_text(encoding="utf-8"))
    _, *args = shlex.split(hook["entry"])

    def run_hook() -> subprocess.CompletedProcess[str]:
        return bp(*args, cwd=minimal_repo, timeout=120)

    clean = run_hook()
    assert clean.returncode == 0, clean.stderr
    edit(minimal_repo, "definitions/fog.yaml", "  action: up\n", "  action: upp\n")
    broken = run_hook()
    assert broken.returncode == 1
    assert broken.stderr == "definitions/fog.yaml:6:11: error[BP021]: no action has the id 'upp'; did you mean 'up'?\n"


GUIDES = [ROOT / "guides" / "editor.ja.md", ROOT / "guides" / "editor.md"]


def _guide_workflow(guide: Path) -> dict:
    """The workflow the editor's guide (§7) gives a repository of rules only, which fetches the toolchain."""
    blocks = [block for block in re.findall(r"^```yaml\n(.*?)^```$", guide.read_text(encoding="utf-8"), flags=re.S | re.M)
              if "TOOLCHAIN_REF" in block]
    assert len(blocks) == 1, guide.name
    return yaml.safe_load(blocks[0])


def _unnamed_steps(workflow: dict) -> list[dict]:
    (job,) = workflow["jobs"].values()
    return [{key: value for key, value in step.items() if key != "name"} for step in job["steps"]]


def test_the_guides_workflow_for_a_repository_of_rules_only(tmp_path: Path, minimal_repo: Path) -> None:
    """Both guides give the same workflow (their step names and comments in their own language); its actions are
    rules.yml's, pinned alike; it installs the toolchain with targets of this Makefile; and its bp steps, run at the
    top of a rules repository's workspace, build the site and annotate a finding by its path from there."""
    japanese, english = (_guide_workflow(guide) for guide in GUIDES)
    assert _unnamed_steps(japanese) == _unnamed_steps(english) and japanese["jobs"]["rules"]["env"] == english["jobs"]["rules"]["env"]
    steps = _unnamed_steps(english)
    assert {step["uses"] for step in steps if "uses" in step} == {step["uses"] for step in _steps() if "uses" in step}
    install = next(step["run"] for step in steps if "bootstrap" in step.get("run", ""))
    targets = re.findall(r'make -C "\$RUNNER_TEMP/toolchain" ([\w-]+)', install)
    phony = re.search(r"^\.PHONY: (.*)$", (ROOT / "Makefile").read_text(encoding="utf-8"), flags=re.M).group(1).split()  # type: ignore[union-attr]
    assert targets == ["system-packages", "bootstrap"] and set(targets) <= set(phony)
    assert 'echo "$RUNNER_TEMP/toolchain/.venv/bin" >> "$GITHUB_PATH"' in install

    # The toolchain as the install step leaves it (its .venv/bin on the PATH); the rules at the workspace's top.
    env = _runner(tmp_path)
    toolchain_bin = tmp_path / "toolchain" / ".venv" / "bin"
    toolchain_bin.mkdir(parents=True)
    (toolchain_bin / "bp").write_text(f'#!/bin/sh\nPYTHONPATH="{ROOT}" exec "{sys.executable}" -m toolchain "$@"\n', encoding="utf-8")
    (toolchain_bin / "bp").chmod(0o755)
    (minimal_repo / "docs").mkdir(exist_ok=True)
    for name, text in ONE_PAGE_BOOK.items():
        (minimal_repo / "docs" / name).write_text(text, encoding="utf-8")
    (job,) = english["jobs"].values()
    env.update({**job["env"], "PATH": f"{toolchain_bin}:{env['PATH']}", "GITHUB_WORKSPACE": str(minimal_repo)})
    uses_bp = [step["run"] for step in steps if step.get("run", "").startswith("bp ")]
    assert len(uses_bp) == 2 and all('--root "$GITHUB_WORKSPACE"' in run for run in uses_bp)

    def run(command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", command], cwd=minimal_repo, env=env,
                              capture_output=True, text=True, timeout=600)

    for command in uses_bp:
        done = run(command)
        assert done.returncode == 0, f"{command}:\n{done.stdout}\n{done.stderr}"
    assert (minimal_repo / "build" / "site" / "index.html").is_file()  # what upload-artifact uploads
    edit(minimal_repo, "definitions/fog.yaml", "  action: up\n", "  action: upp\n")
    check = run(next(command for command in uses_bp if command.startswith("bp check")))
    assert check.returncode == 1
    assert check.stderr.startswith("::error file=definitions/fog.yaml,line=6,col=11,title=BP021"), check.stderr
