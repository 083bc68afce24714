"""The extension's state in the Sphinx environment: the data of one domain, `bp`, which Sphinx
pickles with the environment, clears for a page read again (`clear_doc`) and merges from the
processes of a parallel read (`merge_domaindata`), as it does its own domains' data.

    relied      page → what of the definitions it renders from → its digest (source.py)
    signatures  page → the definitions files' stamps its digests were last found current against
    sections    "title" or "directive" → title or directive name → its section (sectionrefs.py)
    readings    page → index term → its reading (indexorder.py)
    loaded      the definitions this process loaded, by repository (source.py): never pickled,
                so an environment read from disk loads them again, once
"""

from __future__ import annotations

from collections.abc import Set
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.domains import Domain
from sphinx.environment import BuildEnvironment

NAME = "bp"
# What a page is not made from: left out of the pages' keys (toolchain/rulebook/pagecache.py).
BOOKKEEPING = ("relied", "signatures", "loaded")


class Loaded(dict[Path, Any]):
    """The definitions loaded in this process (source.Source by repository); an empty one when
    pickled or copied: they are loaded again rather than written into the environment."""

    def __reduce__(self) -> tuple[type[Loaded], tuple[()]]:
        return Loaded, ()


class BlackPokerDomain(Domain):
    name = NAME
    label = "BlackPoker"
    data_version = 1
    initial_data: dict[str, Any] = {
        "relied": {}, "signatures": {}, "sections": {"title": {}, "directive": {}}, "readings": {}, "loaded": Loaded(),
    }

    def clear_doc(self, docname: str) -> None:
        for table in ("relied", "signatures", "readings"):
            self.data[table].pop(docname, None)
        for places in self.data["sections"].values():
            for key in [key for key, place in places.items() if place[0] == docname]:
                del places[key]

    def merge_domaindata(self, docnames: Set[str], otherdata: dict[str, Any]) -> None:
        for table in ("relied", "signatures", "readings"):
            self.data[table].update({docname: value for docname, value in otherdata[table].items() if docname in docnames})
        for kind, places in otherdata["sections"].items():
            for key, place in places.items():
                if place[0] in docnames:
                    self.data["sections"][kind].setdefault(key, place)


def setup(app: Sphinx) -> None:
    """Add the domain, once (the modules that keep state in it may each be used as an extension of their own)."""
    if NAME not in app.registry.domains:
        app.add_domain(BlackPokerDomain)


def data(env: BuildEnvironment) -> dict[str, Any]:
    """The domain's data in `env`."""
    return env.domains[NAME].data


def page_surroundings(domaindata: dict[str, Any]) -> dict[str, Any]:
    """The domain's data that pages are made from (the bookkeeping left out)."""
    return {key: value for key, value in domaindata.items() if key not in BOOKKEEPING}
