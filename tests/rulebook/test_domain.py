"""The Sphinx extension's state: the bp domain's data (toolchain/sphinxext/domain.py)."""

from __future__ import annotations

import pickle
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from toolchain.sphinxext.domain import BlackPokerDomain, page_surroundings


def _domain() -> BlackPokerDomain:
    return BlackPokerDomain(SimpleNamespace(domaindata={}))  # type: ignore[arg-type]  # a domain needs only the environment's data


def _fill(data: dict[str, Any], page: str) -> None:
    data["relied"][page] = {"reliance": "digest"}
    data["signatures"][page] = "stamps"
    data["readings"][page] = {"切札": "きりふだ"}
    data["sections"]["title"][f"{page} title"] = (page, "id", f"{page} title", True)
    data["sections"]["directive"][f"bp-{page}-list"] = (page, "id", f"{page} title", False)


def test_a_page_read_again_is_cleared_from_every_table() -> None:
    domain = _domain()
    for page in ("core", "format"):
        _fill(domain.data, page)
    domain.clear_doc("core")
    other = _domain()
    _fill(other.data, "format")
    assert {key: value for key, value in domain.data.items() if key != "loaded"} == \
           {key: value for key, value in other.data.items() if key != "loaded"}


def test_a_parallel_readers_pages_are_merged_and_only_those() -> None:
    domain, reader = _domain(), _domain()
    _fill(domain.data, "core")
    for page in ("format", "frame"):
        _fill(reader.data, page)
    domain.merge_domaindata({"format"}, reader.data)
    assert set(domain.data["relied"]) == set(domain.data["signatures"]) == set(domain.data["readings"]) == {"core", "format"}
    assert {place[0] for places in domain.data["sections"].values() for place in places.values()} == {"core", "format"}


def test_the_loaded_definitions_are_never_pickled_nor_in_a_pages_key() -> None:
    domain = _domain()
    domain.data["loaded"][Path("/rules")] = object()  # what source.py keeps: not picklable, and not written
    restored = pickle.loads(pickle.dumps(domain.data))
    assert restored["loaded"] == {} and restored["relied"] == domain.data["relied"]
    assert set(page_surroundings(domain.data)) == {"sections", "readings", "version"}
