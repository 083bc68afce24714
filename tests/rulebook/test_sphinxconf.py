"""The rulebook's Sphinx configuration is the toolchain's: a repository's docs/ needs none, and one
that has a conf.py (this repository, for running sphinx-build directly) is built with it."""

from __future__ import annotations

import runpy
from pathlib import Path

from toolchain.rulebook.sphinx_run import configuration
from toolchain.rulebook.sphinxconf import STATIC, settings

ROOT = Path(__file__).resolve().parents[2]


def test_docs_without_a_conf_py_get_the_toolchains_configuration_titled_from_rules_yaml(minimal_repo: Path) -> None:
    docs = minimal_repo / "docs"
    docs.mkdir(exist_ok=True)
    confdir, values = configuration(docs)
    assert confdir is None
    assert values["html_static_path"] == [str(STATIC)] and (STATIC / "rulebook.css").is_file()
    assert values["html_favicon"] == str(STATIC / "favicon.svg") and Path(values["html_favicon"]).is_file()
    assert values["extensions"] == ["toolchain.sphinxext", "toolchain.rulebook.pdf_builder"]
    assert values["version"] in values["html_title"] and "|bp-edition| bp-edition::" in values["rst_prolog"]


def test_a_conf_py_of_the_repository_is_used_as_it_is(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "conf.py").write_text('project = "own"\n', encoding="utf-8")
    assert configuration(docs) == (str(docs), {})


def test_this_repositorys_conf_py_is_the_toolchains_configuration() -> None:
    namespace = runpy.run_path(str(ROOT / "docs" / "conf.py"))  # its globals, as Sphinx reads them
    expected = settings(ROOT)
    assert {name: namespace.get(name) for name in expected} == expected
