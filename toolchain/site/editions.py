"""The editions one site publishes: the repository `bp build` is given, and the other rules
repositories its definitions/rules.yaml names under `site: editions:` (paths relative to it).

The newest edition by id (v9.1.1 after v8.1) is the site's main edition, at the top of the site, where
a one-edition site has always been: its addresses do not change when an older edition is added beside
it. Every other edition is published in a folder of the site named by its id (`v8.1/`), with all of its
outputs laid out as at the top.

Read before anything is loaded (a no-op build answers from here and the manifests): the few keys
needed are taken from the YAML of each rules.yaml, with PyYAML's safe loader only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..i18n import _
from .outputs import OutputError

RULES = Path("definitions") / "rules.yaml"
SETTING = "site"  # the top-level key of rules.yaml (schema/rules.schema.json)
_ID = re.compile(r"^v(\d+(?:\.\d+)*)$")


class EditionsError(OutputError):
    """A declared edition that cannot be published (exit 2, nothing built), said at rules.yaml:line:column."""


@dataclass(frozen=True)
class Edition:
    root: Path  # the rules repository
    id: str  # v8.1
    name: str  # 第8.1版
    folder: str  # where in the site: "" for the main edition, else its id

    @property
    def main(self) -> bool:
        return not self.folder


def edition_order(edition_id: str) -> tuple[int, ...]:
    """The order of edition ids: v8.1 < v9.0 < v9.1.1 (an id that is not vN.N… sorts first)."""
    match = _ID.match(edition_id)
    return tuple(int(n) for n in match[1].split(".")) if match else ()


def _load(path: Path) -> object:
    import yaml

    try:
        loader = yaml.CSafeLoader
    except AttributeError:  # pragma: no cover - a PyYAML without libyaml
        loader = yaml.SafeLoader  # type: ignore[assignment]
    try:
        return yaml.compose(path.read_text(encoding="utf-8"), Loader=loader)
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return None  # bp check says what is wrong with it; the build stops at its findings


def _mapping(node: object) -> dict[str, object]:
    import yaml

    if not isinstance(node, yaml.MappingNode):
        return {}
    return {key.value: value for key, value in node.value if isinstance(key, yaml.ScalarNode)}


def _scalar(node: object) -> str:
    import yaml

    return str(node.value) if isinstance(node, yaml.ScalarNode) else ""


def _where(path: Path, node: object) -> str:
    mark = getattr(node, "start_mark", None)
    return f"{path}:{mark.line + 1}:{mark.column + 1}" if mark is not None else str(path)


def _edition_of(root: Path) -> tuple[str, str]:
    edition = _mapping(_mapping(_load(root / RULES)).get("edition"))
    return _scalar(edition.get("id")), _scalar(edition.get("name"))


def release_of(root: Path) -> tuple[str, int, int] | None:
    """ROOT's edition.release as its text says, with its line and column (from 1); None where there is none
    or it is not a string (a YAML date or number, which bp check --release leaves to the schema too)."""
    node = _mapping(_mapping(_load(root / RULES)).get("edition")).get("release")
    mark = getattr(node, "start_mark", None)
    if mark is None or not str(getattr(node, "tag", "")).endswith(":str"):
        return None
    return _scalar(node), mark.line + 1, mark.column + 1


def edition_fields(root: Path) -> dict[str, str]:
    """The `edition:` of ROOT's rules.yaml as its text says (the index of an edition not loaded)."""
    return {key: _scalar(value) for key, value in _mapping(_mapping(_load(root / RULES)).get("edition")).items()}


def declared(root: Path) -> list[tuple[Path, str]]:
    """The other repositories named under `site: editions:` of ROOT's rules.yaml, each with where it is named."""
    import yaml

    rules = root / RULES
    site = _mapping(_mapping(_load(rules)).get(SETTING))
    listed = site.get("editions")
    if not isinstance(listed, yaml.SequenceNode):
        return []
    return [(root / _scalar(item), _where(rules, item)) for item in listed.value]


def site_editions(root: Path) -> list[Edition]:
    """Every edition the site of ROOT publishes, the main one first; just ROOT's when it names no other.
    EditionsError for a named folder that is no rules repository, or two editions with one id."""
    found: list[tuple[Path, str, str]] = [(root, *_edition_of(root))]
    for other, where in declared(root):
        if not (other / RULES).is_file():
            raise EditionsError(_("{where}: site.editions: {folder} is not a rules repository (it has no {rules}); "
                                  "add it, or remove it from the list").format(where=where, folder=other, rules=RULES.as_posix()))
        edition_id, name = _edition_of(other)
        if not _ID.match(edition_id):
            raise EditionsError(_("{where}: site.editions: the edition id of {folder} is {id}, not one like v9.1.1").format(
                where=where, folder=other, id=repr(edition_id)))
        if any(edition_id == known for _root, known, _name in found):
            raise EditionsError(_("{where}: site.editions: {folder} is edition {id} again; each edition is published once").format(
                where=where, folder=other, id=edition_id))
        found.append((other.resolve(), edition_id, name))
    if len(found) == 1:
        return [Edition(root, found[0][1], found[0][2], "")]
    found.sort(key=lambda item: edition_order(item[1]), reverse=True)
    return [Edition(path, edition_id, name, "" if index == 0 else edition_id) for index, (path, edition_id, name) in enumerate(found)]


def find_edition(root: Path, edition_id: str) -> Edition:
    """The edition `edition_id` of ROOT's site (bp play --edition, bp serve --edition); EditionsError if none."""
    editions = site_editions(root)
    for edition in editions:
        if edition.id == edition_id:
            return edition
    raise EditionsError(_("no edition {id} in {rules}; the editions are: {ids}").format(
        id=repr(edition_id), rules=root / RULES, ids=", ".join(edition.id for edition in editions)))
