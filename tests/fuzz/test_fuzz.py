"""The fuzzers of properties.py, run small and derandomized in the suite (`make fuzz` runs them long)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.repos import minimal_repository

from . import properties as p

SUITE = settings(max_examples=60, deadline=None, derandomize=True, database=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def repository(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return minimal_repository(tmp_path_factory.mktemp("fuzz"))


@SUITE
@given(p.patterns())
def test_keycards_render_and_parse_back(pattern) -> None:
    p.keycards_round_trip(pattern)


@SUITE
@given(st.lists(p.NOTATION_ALPHABET, max_size=8))
def test_any_keycards_text_parses_or_is_refused(pieces: list[str]) -> None:
    p.keycards_any_text(pieces)


@SUITE
@given(p.patterns(), p.hands)
def test_keycards_matcher_agrees_with_brute_force(pattern, hand) -> None:
    p.keycards_matcher(pattern, hand)


@SUITE
@given(data=st.binary(max_size=300) | p.token_texts(40))
def test_loader_takes_any_bytes(data: bytes, tmp_path: Path) -> None:
    p.loader_any_bytes(data, tmp_path / "any.yaml")


@pytest.mark.parametrize("mutations", [p.text_mutations, p.data_mutations], ids=["text", "data"])
@settings(SUITE, max_examples=25)
@given(st.data())
def test_mutations_of_definitions_are_reported_in_place(repository: Path, mutations, data: st.DataObject) -> None:
    """A definitions file changed as text (bytes, lines) or as data (values, keys) is reported inside that file."""
    file = data.draw(st.sampled_from(p.definition_files()))
    original = (repository / "definitions" / file).read_text(encoding="utf-8")
    p.definitions_mutated(repository, file, data.draw(mutations(original)))
