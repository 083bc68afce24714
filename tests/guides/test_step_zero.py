"""The editor's guide's step 0 says what a new editor met without it: git's name and email for the first
commit, whether the generated schema/ is committed, and how long the first `make build` runs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

GUIDES = Path(__file__).resolve().parents[2] / "guides"


def _step_zero(guide: Path) -> str:
    text = guide.read_text(encoding="utf-8")
    return re.search(r"^## 0\..*?(?=^## 1\.)", text, re.S | re.M).group()


@pytest.mark.parametrize("name, minutes", [("editor.ja.md", "分"), ("editor.md", "minute")])
def test_step_zero_says_git_identity_schema_and_build_time(name: str, minutes: str) -> None:
    step = _step_zero(GUIDES / name)
    assert "git config --global user.name" in step and "git config --global user.email" in step
    assert "`schema/`" in step and "bp schema" in step
    assert re.search(rf"`make build`[^\n]*\n?[^\n]*{minutes}", step)
