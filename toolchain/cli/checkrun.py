"""`bp check` run and printed, without typer: shared by the typer command (check.py) and the plain
run (noop.py). An unchanged repository is answered from the cache (checks/result.py) with little
more than Python's start-up."""

from __future__ import annotations

import contextlib
import enum
import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..i18n import _, english_unless_chosen

if TYPE_CHECKING:  # pragma: no cover
    from ..checks.result import CheckResult
    from ..resultcache import ResultCache

CHECK_CACHE = "check-cache"  # the marker kind of bp check's cache directory


class OutputFormat(str, enum.Enum):
    text = "text"
    json = "json"
    github = "github"


class _Refused(Exception):
    """A --cache-dir or --since revision that cannot be used (exit 2)."""


def default_cache(root: Path) -> Path:
    return root / "build" / "cache" / "check"


def _store(root: Path, cache_dir: Path | None, use_cache: bool) -> ResultCache:
    """The cache: --cache-dir (new, empty or made by bp, else refused), or ROOT/build/cache/check when it
    can be written (a read-only checkout is checked all the same, without one). A symbolic link on the
    way to it is refused in either case: the cache is never written through one."""
    from ..checks.result import cache_in
    from ..site.outputs import MARKER, LinkedOutputError, OutputError, check_target, write_marker

    if not use_cache:
        return cache_in(None)
    try:
        folder = check_target(cache_dir or default_cache(root), root, CHECK_CACHE)
        if not (folder / MARKER).is_file():
            folder.mkdir(parents=True, exist_ok=True)
            write_marker(folder, CHECK_CACHE)
    except LinkedOutputError as exc:
        raise _Refused(f"--cache-dir: {exc}" if cache_dir is not None else str(exc)) from exc
    except (OutputError, OSError) as exc:
        if cache_dir is not None:
            raise _Refused(f"--cache-dir: {exc}") from exc
        return cache_in(None)
    return cache_in(folder)


def _with_history(root: Path, since: str, show_readings: bool, show_rulings: bool) -> CheckResult:
    """The check and BP029: the definitions changed since `since` whose `updated` lacks the current edition.
    Without the cache: the comparison reads every example's outcome, which the cache does not keep."""
    from ..checks import load
    from ..checks.result import CheckResult
    from ..diff import RevisionError, load_revision
    from ..diff.changes import compare
    from ..diff.history_check import history_findings
    from ..model.kept import FileCache

    files = FileCache.in_memory()  # the files both hold alike are parsed and validated once
    checked = load(root, files=files)
    try:
        _old, before = load_revision(root, since, files)
    except RevisionError as exc:
        raise _Refused(str(exc)) from exc
    findings = tuple(sorted({*checked.findings, *history_findings(compare(before, checked), checked.definitions, since)}))
    return CheckResult.of(checked, show_readings, findings, show_rulings)


def check_command(root: Path | None, output_format: OutputFormat = OutputFormat.text, since: str | None = None,
                  show_readings: bool = False, cache_dir: Path | None = None, use_cache: bool = True,
                  show_rulings: bool = False, release: bool = False) -> int:
    """`bp check`: print the findings and the summary; the exit code (0 clean, 1 findings, 2 usage or I/O).
    The json and github formats are read by programs: their messages are English unless --lang chose.
    `release`: what must not be published is a finding too (BP050, checks/release.py)."""
    machine = english_unless_chosen() if output_format is not OutputFormat.text else contextlib.nullcontext()
    with machine:
        return _check_command(root, output_format, since, show_readings, cache_dir, use_cache, show_rulings, release)


def _check_command(root: Path | None, output_format: OutputFormat, since: str | None, show_readings: bool,
                   cache_dir: Path | None, use_cache: bool, show_rulings: bool, release: bool) -> int:
    from ..checks.result import check
    from ..diagnostics import printable, render_json, render_text
    from ..model.repository import RepositoryError, check_root, find_root
    from .findings import summary_line

    try:
        root_path = check_root(root) if root else find_root()
        store = _store(root_path, cache_dir, use_cache)
        result = (check(root_path, store, show_readings, show_rulings) if since is None
                  else _with_history(root_path, since, show_readings, show_rulings))
        if release:  # read apart from the cache: a few files, and only before a release
            from dataclasses import replace

            from ..checks.release import release_findings

            result = replace(result, findings=tuple(sorted({*result.findings, *release_findings(root_path)})))
    except RepositoryError as exc:
        print(printable(f"bp: {exc}"), file=sys.stderr)
        return 2
    except _Refused as exc:
        print(printable(f"bp check: {exc}"), file=sys.stderr)
        return 2
    if output_format is OutputFormat.json:
        errors = sum(1 for f in result.findings if f.severity == "error")
        summary: dict[str, object] = {"counts": result.counts, "errors": errors, "warnings": len(result.findings) - errors,
                                      "ok": not errors}
        if result.examples:
            summary["examples"] = result.examples
        if show_readings:
            summary["readings"] = [fields for _, fields in result.readings]
        if show_rulings:
            summary["rulings"] = [fields for _, fields in result.rulings]
        print(render_json(list(result.findings), summary))
    else:
        # Every line names files or quotes the definitions: an escape sequence in either is shown, not sent.
        for text, _fields in (*result.readings, *result.rulings):
            print(printable(text))
        for line in render_text(list(result.findings), "github" if output_format is OutputFormat.github else "text"):
            print(line, file=sys.stderr)
        if result.examples and result.examples.get("shared"):  # one change that broke many examples: the action they share
            print(printable(_("note: {message}").format(message=result.examples["shared"])), file=sys.stderr)
        print(printable(summary_line(result.counts, result.findings)))
        if result.examples_line:
            print(printable(result.examples_line))  # 48/48 actions executed, N examples, 0 failed
        if result.rulings_line:
            print(printable(result.rulings_line))  # 5 rulings: 6 examples, 0 failed, 1 not executable (…)
    return 1 if any(f.severity == "error" for f in result.findings) else 0  # warnings do not fail


def explain_command(root: Path | None, key: str) -> int:
    """`bp check --explain ID`: the entry's printed text and its program's reading; 0, 1 when they disagree on a
    number, zone or whose (an error of BP048), 2 when no entry has that id or name."""
    from ..checks.explain import entries, explain
    from ..diagnostics import printable
    from ..model.loader import load_definitions
    from ..model.repository import RepositoryError, check_root, find_root

    try:
        root_path = check_root(root) if root else find_root()
    except RepositoryError as exc:
        print(printable(f"bp: {exc}"), file=sys.stderr)
        return 2
    definitions = load_definitions(root_path).definitions
    found = entries(definitions, key)
    if not found:
        print(printable("bp check: " + _("no action, fog entry, character or trump has the id or name '{key}'").format(key=key)),
              file=sys.stderr)
        return 2
    from .side_by_side import side_by_side

    width = shutil.get_terminal_size((0, 0)).columns if sys.stdout.isatty() else 0
    failed = False
    for number, item in enumerate(found):
        if number:
            print()
        explained = explain(definitions, item)
        if width >= _SIDE_BY_SIDE:  # a wide terminal: the printed text and the reading in two columns
            lines = [explained.heading, *side_by_side([f"── {_('printed')} ──", *explained.printed],
                                                      [f"── {_('what the program does')} ──", *explained.reading], width),
                     f"── {_('disagreements (BP048)')} ──", *explained.disagreements]
        else:
            lines = list(explained.lines())
        for line in lines:
            print(printable(line))
        failed = failed or explained.failed
    return 1 if failed else 0


_SIDE_BY_SIDE = 120  # the narrowest terminal that shows the two columns (else one under the other)
