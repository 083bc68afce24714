"""An action's trigger, speed and timing print as the edition's data says (rules.yaml `display`): as
three items (第8.1版's entries: トリガー, スピード, タイミング) or as one item in the @ form (第9.0版 7.3.1:
`@ 直接-通常-クイック`), in the rulebook's HTML; the action lists' heading line writes the @ form in
either layout. No Python changes between the two: only rules.yaml."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from tests.repos import copy_definitions
from tests.runbp import bp
from toolchain.model.loader import load_definitions

from .conftest import ROOT

LAYOUTS = {
    "items": ("items", "@{trigger}-{speed}-{timing}"),
    "at": ("at", "@ {trigger}-{speed}-{timing}"),
}


def _repository(tmp: Path, layout: str) -> Path:
    """A rules repository (definitions/ only, and a docs/ of one page: the action list) with the layout."""
    root = tmp / layout
    copy_definitions(root / "definitions")  # this edition alone
    rules = root / "definitions" / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    value, form = LAYOUTS[layout]
    text = text.replace("  trigger_speed_timing: items\n", f"  trigger_speed_timing: {value}\n")
    text = text.replace('  at_form: "@{trigger}-{speed}-{timing}"\n', f'  at_form: "{form}"\n')
    assert f"trigger_speed_timing: {value}" in text and form in text
    rules.write_text(text, encoding="utf-8")
    (root / "definitions" / "rulings.yaml").unlink()  # its rulings name sections of the whole book, which this one lacks
    (root / "docs").mkdir()
    (root / "docs" / "index.rst").write_text("アクション\n==========\n\n.. bp-action-list::\n", encoding="utf-8")
    return root


def _fields(page: str, anchor: str) -> list[tuple[str, str]]:
    """(name, text) of each item of one entry of the HTML book."""
    section = page[page.index(f'id="{anchor}"'):]
    section = section[: section.index("</section>")]
    names = re.findall(r'<dt class="[^"]*">(.*?)<span class="colon">', section)
    bodies = [html.unescape(re.sub(r"<[^>]+>", "", body)).strip() for body in re.findall(r"<dd[^>]*>(.*?)</dd>", section, re.S)]
    return list(zip(names, bodies))


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_the_rulebook_prints_the_editions_layout(tmp_path: Path, layout: str) -> None:
    root = _repository(tmp_path, layout)
    run = bp("rulebook", "--root", str(root), "--html-only", "--out", str(tmp_path / "site"), timeout=600)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    fields = dict(_fields((tmp_path / "site" / "rulebook" / "index.html").read_text(encoding="utf-8"), "act-up"))
    if layout == "items":
        assert (fields["トリガー"], fields["スピード"], fields["タイミング"]) == ("直接", "通常", "クイック")
        assert "トリガー・スピード・タイミング" not in fields
    else:
        assert fields["トリガー・スピード・タイミング"] == "@ 直接-通常-クイック"
        assert not {"トリガー", "スピード", "タイミング"} & set(fields)


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_the_action_lists_print_the_editions_at_form(tmp_path: Path, layout: str) -> None:
    root = _repository(tmp_path, layout)
    page = tmp_path / "lite.html"
    run = bp("actionlist", "--root", str(root), "--format", "lite", "--html", str(page))
    assert run.returncode == 0, run.stderr
    text = page.read_text(encoding="utf-8")
    up = text[text.index('id="act-up"'):]
    line = re.search(r'<p class="tsc">(.*?)</p>', up, re.S)
    assert line is not None
    expected = {"items": "@直接-通常-クイック", "at": "@ 直接-通常-クイック"}[layout]
    assert expected in html.unescape(re.sub(r"<[^>]+>", "", line.group(1)))


def test_the_definitions_say_the_names_the_tests_expect() -> None:
    """アップ is 直接, 通常, クイック in the definitions (else the two tests above would test nothing)."""
    defs = load_definitions(ROOT).definitions
    up = defs.action("up")
    assert up is not None
    assert (defs.name_of("triggers", up.trigger), defs.name_of("speeds", up.speed), defs.name_of("timings", up.timing)) == (
        "直接", "通常", "クイック")
