"""Definitions text is data: a hostile rules.yaml edition reaches no page as markup.

The edition fields (title, name, subtitle, author, copyright) go into every page header, the
cover, the search index and the print page. Written with a <script>, an RST link to a
`javascript:` address and *emphasis*, they must come out as literal, escaped text.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import jinja2
import pytest

from tests.repos import copy_rules_yaml
from tests.runbp import bp
from toolchain.sphinxext.searchindex import escape_index

FIELDS = {
    "name": "第8.1版", "title": "BlackPoker 公式ルール", "subtitle": "トランプだけでトレーディングカードゲームみたいに遊ぶ方法",
    "author": "もりくま", "copyright": "© 2013 BlackPoker",
}


def hostile(field: str) -> str:
    return f'<script>alert("{field}")</script><img src=x onerror=alert(1)> *em{field}* `x <javascript:alert(2)>`__'


@pytest.fixture(scope="module")
def hostile_site(repo_root: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("hostile") / "rules"
    for folder in ("definitions", "schema", "docs"):
        shutil.copytree(repo_root / folder, root / folder)
    rules = copy_rules_yaml(root / "definitions" / "rules.yaml")  # its own edition alone
    text = rules.read_text(encoding="utf-8")
    for field, value in FIELDS.items():
        line = f"  {field}: {value}\n"
        assert text.count(line) == 1, line
        text = text.replace(line, f"  {field}: {json.dumps(value + ' ' + hostile(field), ensure_ascii=False)}\n")
    rules.write_text(text, encoding="utf-8")
    run = bp("rulebook", "--html-only", "--root", str(root))
    assert run.returncode == 0, run.stderr
    return root / "build" / "site"


def _files(site: Path) -> dict[Path, str]:
    return {path: path.read_text(encoding="utf-8", errors="replace") for path in site.rglob("*")
            if path.is_file() and path.suffix in (".html", ".js", ".json")}


def test_no_script_link_or_markup_survives_in_any_page(hostile_site: Path) -> None:
    files = _files(hostile_site)
    assert len([p for p in files if p.suffix == ".html"]) >= 10
    for path, text in files.items():
        assert "<script>alert" not in text, path
        assert "<img src=x" not in text, path
        assert 'href="javascript:alert' not in text, path
        for field in FIELDS:
            assert f"<em>em{field}</em>" not in text, (path, field)


def test_the_edition_is_shown_as_literal_text(hostile_site: Path) -> None:
    index = (hostile_site / "rulebook" / "index.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt;" in index  # the header and the cover title
    assert "*emsubtitle* `x &lt;javascript:alert(2)&gt;`__" in index  # RST syntax kept as it was written
    search = (hostile_site / "rulebook" / "searchindex.js").read_text(encoding="utf-8")
    assert "\\u516c\\u5f0f\\u30eb\\u30fc\\u30eb &lt;script&gt;" in search  # 公式ルール <script>, escaped


def test_the_print_page_escapes_the_edition(repo_root: Path) -> None:
    # Sphinx renders theme templates without autoescaping, as this environment does.
    theme = repo_root / "toolchain" / "rulebook" / "theme"
    template = jinja2.Environment(loader=jinja2.FileSystemLoader(theme), autoescape=False).get_template("page.html")
    edition = {field: hostile(field) for field in ("title", "name", "subtitle", "author", "release", "copyright")}
    page = template.render(bp_edition=edition, pathto=lambda name, _=0: name, bp_toc="", bp_index="", body="", language="ja")
    assert "<script>" not in page and "<img" not in page
    assert page.count("&lt;script&gt;") == 10  # <title> (title, name), meta author and description, six cover lines


def test_search_index_escaping_is_idempotent() -> None:
    source = ('Search.setIndex({"alltitles":{"a <b>":[[0,null]],"a &lt;b&gt;":[[1,"x"]]},'
              '"indexentries":{"k|<i>":[[0,"y",0]]},"titles":["T"]})')
    once = escape_index(source)
    assert escape_index(once) == once
    data = json.loads(once[len("Search.setIndex("):-1])
    assert data["alltitles"] == {"a &lt;b&gt;": [[0, None], [1, "x"]]}
    assert data["indexentries"] == {"k|&lt;i&gt;": [[0, "y", 0]]}
    assert data["titles"] == ["T"]
