"""The build's one table: each step with its runner (toolchain/site/pipeline.py)."""

from __future__ import annotations

import pytest

from toolchain.site.pipeline import INDEX_STEP, ONLY_NAMES, STEPS, Step, select_steps


def test_every_step_is_listed_with_its_runner() -> None:
    assert all(callable(step.run) for step in (*STEPS, INDEX_STEP))
    with pytest.raises(TypeError):
        Step("new-step", ("new.html",), ("html",))  # type: ignore[call-arg]  # listed without its runner: refused at import


def test_only_chooses_by_step_or_group_and_runs_in_the_tables_order() -> None:
    assert set(ONLY_NAMES) >= {step.name for step in STEPS}
    assert [step.name for step in select_steps(["html"])] == [step.name for step in STEPS if "html" in step.groups]
    assert select_steps(None) == list(STEPS)
