"""The simulator compiled by mypyc runs only while it was compiled from the sources as they are now
(toolchain/sim/native.py), and scripts/compile-sim leaves the simulator as Python, said in one line,
wherever it cannot compile it. On a copy of the package's sources, with a stand-in for a compiled module:
no C compiler needed."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import sys
from collections.abc import Callable
from importlib.machinery import EXTENSION_SUFFIXES, PathFinder, SourceFileLoader
from pathlib import Path
from types import ModuleType

import pytest

from toolchain.sim import native

ROOT = Path(__file__).resolve().parents[3]
COMPILED_FLOW = f"flow{EXTENSION_SUFFIXES[0]}"


def load(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path, loader=SourceFileLoader(name, str(path)))  # scripts have no .py
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """native.py of a copy of the package's sources, as compile-sim leaves it: a compiled flow (a stand-in:
    the import system picks a module by its file name) and the manifest of the sources."""
    monkeypatch.delenv("BP_PURE_PYTHON", raising=False)
    package = tmp_path / "toolchain" / "sim"
    package.mkdir(parents=True)
    for source in native.PACKAGE.glob("*.py"):
        shutil.copy(source, package / source.name)
    module = load(package / "native.py", "native_of_a_copy")
    compiled = module.BUILD / "toolchain" / "sim"
    compiled.mkdir(parents=True)
    (compiled / COMPILED_FLOW).write_bytes(b"flow as it was compiled")
    module.MANIFEST.write_text(json.dumps(module.manifest()), encoding="utf-8")
    return module


def imported_flow(module: ModuleType) -> Path:
    """The file `import toolchain.sim.flow` loads with the package path the copy's native.py chooses."""
    spec = PathFinder.find_spec("toolchain.sim.flow", module.search_path([str(module.PACKAGE)]))
    assert spec is not None and spec.origin is not None
    return Path(spec.origin)


def test_current_compiled_modules_come_before_the_sources(copy: ModuleType) -> None:
    assert copy.current()
    assert imported_flow(copy) == copy.BUILD / "toolchain" / "sim" / COMPILED_FLOW


def _edit_flow(package: Path) -> None:
    with (package / "flow.py").open("a", encoding="utf-8") as source:
        source.write("\n# a developer's edit\n")


def _edit_uncompiled(package: Path) -> None:  # errors.py is not compiled, but the compiled modules import it
    (package / "errors.py").write_text((package / "errors.py").read_text(encoding="utf-8") + "\n", encoding="utf-8")


def _add_module(package: Path) -> None:
    (package / "newcomer.py").write_text('"""A module added since the compile."""\n', encoding="utf-8")


def _remove_module(package: Path) -> None:
    (package / "statehash.py").unlink()


@pytest.mark.parametrize("change", [_edit_flow, _edit_uncompiled, _add_module, _remove_module])
def test_a_changed_source_is_never_shadowed_by_its_old_compiled_module(copy: ModuleType, change: Callable[[Path], None]) -> None:
    change(copy.PACKAGE)
    assert not copy.current()
    assert imported_flow(copy) == copy.PACKAGE / "flow.py"


@pytest.mark.parametrize("manifest", [None, "{not json", json.dumps({"interpreter": ".cpython-99-other.so"})])
def test_no_manifest_a_broken_one_or_another_interpreters_means_the_sources(copy: ModuleType, manifest: str | None) -> None:
    if manifest is None:
        copy.MANIFEST.unlink()
    else:
        recorded = json.loads(copy.MANIFEST.read_text(encoding="utf-8"))
        copy.MANIFEST.write_text(manifest if manifest.startswith("{not") else json.dumps({**recorded, **json.loads(manifest)}),
                                 encoding="utf-8")
    assert imported_flow(copy) == copy.PACKAGE / "flow.py"


def test_bp_pure_python_runs_the_sources_even_when_the_compiled_modules_are_current(copy: ModuleType,
                                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BP_PURE_PYTHON", "1")
    assert copy.current()
    assert imported_flow(copy) == copy.PACKAGE / "flow.py"


def test_this_process_runs_the_compiled_modules_exactly_when_they_are_current() -> None:
    assert native.running_compiled() == (native.current() and not os.environ.get("BP_PURE_PYTHON"))


# -- scripts/compile-sim ------------------------------------------------------------------------------------------


@pytest.fixture
def compile_sim(copy: ModuleType, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """scripts/compile-sim working on the copy, its compiled modules made stale by an edit."""
    script = load(ROOT / "scripts" / "compile-sim", "compile_sim")
    monkeypatch.setattr(script, "load_native", lambda: copy)
    monkeypatch.setattr(sys, "argv", ["compile-sim"])
    _edit_flow(copy.PACKAGE)
    return script


def test_without_a_c_compiler_it_says_so_in_one_line_and_removes_the_stale_build(
        compile_sim: ModuleType, copy: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(compile_sim, "missing_tool", lambda: "no C compiler (cc)")
    assert compile_sim.main() == 0
    assert capsys.readouterr().err == "compile-sim: no C compiler (cc): the simulator runs as pure Python\n"
    assert not copy.BUILD.exists()


def test_a_failed_compile_says_so_in_one_line_and_leaves_nothing_compiled(
        compile_sim: ModuleType, copy: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def failing(native_module: ModuleType, out: Path, work: Path, verbose: bool) -> None:
        out.mkdir(parents=True)
        print("toolchain/sim/flow.py:1: error: a type mypyc cannot compile")
        raise SystemExit(1)

    monkeypatch.setattr(compile_sim, "missing_tool", lambda: None)
    monkeypatch.setattr(compile_sim, "compile_into", failing)
    assert compile_sim.main() == 0
    err = capsys.readouterr().err.splitlines()
    assert err[-1] == ("compile-sim: compiling failed (toolchain/sim/flow.py:1: error: a type mypyc cannot compile): "
                       "the simulator runs as pure Python; scripts/compile-sim --verbose shows why")
    assert not copy.BUILD.exists() and not copy.BUILD.with_name("mypyc.staging").exists()


def test_with_bp_pure_python_it_compiles_nothing(compile_sim: ModuleType, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("BP_PURE_PYTHON", "1")
    monkeypatch.setattr(compile_sim, "compile_into", lambda *args: pytest.fail("compiled"))
    assert compile_sim.main() == 0
    assert capsys.readouterr().err == "compile-sim: BP_PURE_PYTHON is set: not compiling, the simulator runs as pure Python\n"


def test_current_compiled_modules_are_not_compiled_again(copy: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    script = load(ROOT / "scripts" / "compile-sim", "compile_sim")
    monkeypatch.setattr(script, "load_native", lambda: copy)
    monkeypatch.setattr(script, "compile_into", lambda *args: pytest.fail("compiled again"))
    monkeypatch.setattr(sys, "argv", ["compile-sim"])
    assert script.main() == 0
    assert (copy.BUILD / "toolchain" / "sim" / COMPILED_FLOW).exists()
