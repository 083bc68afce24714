"""Where the guides document `bp balance --cluster`, they say how to start a scheduler safely: a Dask
scheduler runs its clients' code, listens on 0.0.0.0 unless told otherwise, and bp unpickles its replies."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.runbp import ROOT

SAID = ("--host 127.0.0.1", "0.0.0.0", "--dashboard-address 127.0.0.1", "--no-dashboard", "--tls-cert", "tls://HOST:8786",
        "--cluster-timeout")


@pytest.mark.parametrize("guide", ["editor.md", "editor.ja.md"])
def test_the_guides_say_how_to_start_a_scheduler_safely(guide: str) -> None:
    text = (ROOT / "guides" / guide).read_text(encoding="utf-8")
    assert "--cluster tcp://HOST:8786" in text
    assert [fragment for fragment in SAID if fragment not in text] == []
