"""`make build` (bp build at this repository's root) publishes both of its editions on one site: 第9.1.1版
(editions/v9.1.1, the newest) at the top, 第8.1版 (definitions/ and docs/) in v8.1/; each index offers both,
every page names its edition and links the other's, every entry of an action list links the same entry of
the other edition where it has one, and every such link leads to a file and an anchor that are there.

Read from the session's shared build of this repository (tests/shared.py): no build of its own.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest

from tests.shared import SiteBuild

NEWEST, OWN = "第9.1.1版", "第8.1版"
BAR = re.compile(r'<!-- bp-editions --><nav class="bp-editions"[^>]*><strong>([^<]+)</strong>(.*?)</nav><!-- /bp-editions -->')
BAR_LINK = re.compile(r'<a href="([^"]+)"[^>]*>([^<]+)では</a>')
ENTRY = re.compile(r'<article class="entry\b[^"]*" id="([^"]+)"(.*?)</article>', re.DOTALL)
ENTRY_LINK = re.compile(r'<p class="bp-edition-entry"[^>]*><a href="([^"]+)">([^<]+)では</a></p>')


@cache
def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _editions(site_build: SiteBuild) -> list[tuple[Path, str, str]]:
    """Each edition's folder of the site, its name and the other's name."""
    return [(site_build.site, NEWEST, OWN), (site_build.own_site, OWN, NEWEST)]


def _pages(folder: Path, other: Path | None) -> list[Path]:
    return sorted(page for page in folder.rglob("*.html") if other is None or other not in page.parents)


def _resolves(page: Path, href: str) -> bool:
    target, _, anchor = href.partition("#")
    file = (page.parent / target).resolve()
    return file.is_file() and (not anchor or f'id="{anchor}"' in _text(file))


@pytest.fixture(scope="module")
def pages(site_build: SiteBuild) -> dict[str, list[Path]]:
    """Each edition's HTML pages, by its name (the newest edition's without the other's folder)."""
    return {NEWEST: _pages(site_build.site, site_build.own_site), OWN: _pages(site_build.own_site, None)}


def test_the_root_publishes_9_1_1_at_the_top_and_8_1_in_its_folder(site_build: SiteBuild, repo_root: Path) -> None:
    assert site_build.own.folder == "v8.1"
    for folder, name, _other in _editions(site_build):
        assert json.loads(_text(folder / "definitions.json"))["edition"]["name"] == name
        for output in ("rulebook/index.html", "blackpoker.pdf", "blackpoker_a5-booklet.pdf", "actionlist/html/all.html",
                       "actionlist/pdf/blackpoker-all.pdf"):
            assert (folder / output).is_file(), (name, output)
    # 第9.1.1版's rulebook: a page for each of its docs/ pages; its action list: every action of its data.
    docs = repo_root / "editions" / "v9.1.1" / "docs"
    for source in docs.glob("*.rst"):
        assert (site_build.site / "rulebook" / f"{source.stem}.html").is_file(), source.name
    actions = json.loads(_text(site_build.site / "definitions.json"))["actions"]
    shown = {entry for entry, _body in ENTRY.findall(_text(site_build.site / "actionlist" / "html" / "all.html"))}
    assert len(actions) > 30 and {f"act-{action['id']}" for action in actions} <= shown


def test_each_index_names_its_edition_and_offers_the_other(site_build: SiteBuild) -> None:
    for folder, name, other in _editions(site_build):
        index = _text(folder / "index.html")
        assert f'<strong aria-current="page">{name}</strong>' in index
        [href] = re.findall(rf'<a href="([^"]+)">{other}</a>', index)
        assert _resolves(folder / "index.html", href) and _text((folder / href).resolve()).count(other) > 1


def test_every_page_names_its_edition_and_its_link_to_the_other_resolves(site_build: SiteBuild,
                                                                         pages: dict[str, list[Path]]) -> None:
    for folder, name, other in _editions(site_build):
        assert len(pages[name]) > 20
        linked_rulebook = 0
        for page in pages[name]:
            if page == folder / "index.html":
                continue  # the site's index says its edition in its list of editions (the test above)
            [(this, links)] = BAR.findall(_text(page))
            [(href, linked)] = BAR_LINK.findall(links)
            assert (this, linked) == (name, other), page
            assert _resolves(page, href), (page, href)
            linked_rulebook += page.parent.name == "rulebook" and "rulebook/" in href
        assert linked_rulebook > 5, name  # a rulebook page links a page of the other rulebook, not its index


def test_the_entries_link_the_same_entries_of_the_other_edition(site_build: SiteBuild) -> None:
    lists = {name: folder / "actionlist" / "html" / "all.html" for folder, name, _other in _editions(site_build)}
    ids = {name: {entry for entry, _body in ENTRY.findall(_text(page))} for name, page in lists.items()}
    for folder, name, other in _editions(site_build):
        for page in sorted((folder / "actionlist" / "html").glob("*.html")):
            for entry, body in ENTRY.findall(_text(page)):
                links = ENTRY_LINK.findall(body)
                if entry not in ids[other]:
                    assert links == [], (page, entry)  # not in the other edition: no link
                    continue
                [(href, linked)] = links
                assert linked == other and href.endswith(f"#{entry}") and _resolves(page, href), (page, entry, href)
    assert ids[NEWEST] & ids[OWN] and ids[NEWEST] - ids[OWN]  # shared entries, and 第9.1.1版's new ones
