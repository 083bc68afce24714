"""「この局面を例にする」: a position and the request played on it (simtools.ExampleDraft), written as an example in
the definitions' YAML, indented to be pasted under the action's `examples:`, and run as `bp check` runs it
(the schema, then the simulator) before it is offered."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import model as m
from .. import sim, simtools
from ..i18n import _
from ..model.loader import example as example_of
from ..model.repository import TOOLCHAIN_SCHEMAS
from ..model.validation import validate_part
from ..model.yamlload import Document, loads

EXAMPLE = "examples.schema.json#/$defs/example"
INDENT = "    "  # an action's examples are list items four spaces in (definitions/actions/*.yaml)


@dataclass(frozen=True)
class Kept:
    yaml: str  # ready to paste under the action's `examples:`
    action: str  # the action's name
    where: str  # where the action is written: `definitions/actions/1-basic.yaml:12`
    problem: str | None  # None: bp check runs it as written


def _scalar(value: Any) -> str:
    """A value as YAML writes it: numbers and booleans plain, text double-quoted (JSON's quoting is YAML's)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return json.dumps(str(value), ensure_ascii=False)


def _flow(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key}: {_flow(item)}" for key, item in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flow(item) for item in value) + "]"
    return _scalar(value)


def _situation(value: dict[str, Any], indent: str) -> list[str]:
    """A situation as the definitions write one: a line per side (a flow mapping), the stage as a flow list."""
    return [f"{indent}{key}: {_flow(item)}" for key, item in value.items()]


def example_yaml(example: dict[str, Any], comments: list[str]) -> str:
    """The example as a list item, four spaces in, with comments first (what it is, where it goes)."""
    lines = [f"{INDENT}# {comment}" for comment in comments]
    first = True
    for key, value in example.items():
        lead = f"{INDENT}- " if first else f"{INDENT}  "
        first = False
        if isinstance(value, dict):
            lines.append(f"{lead}{key}:")
            lines += _situation(value, INDENT + "    ")
        else:
            lines.append(f"{lead}{key}: {_flow(value)}")
    return "\n".join(lines) + "\n"


def _kept() -> Path:
    """How messages name the example, in bp's language."""
    return Path(_("keep this position as an example"))


def problem(text: str, engine: sim.Engine, action: m.Action) -> str | None:
    """What `bp check` would say of the example as written (pasted under `action`), or None."""
    kept = _kept()
    doc = loads(text, kept)
    if doc.problems:
        return "; ".join(p.message for p in doc.problems)
    if not isinstance(doc.data, list) or len(doc.data) != 1:
        return "not one example"
    item = Document(path=kept, data=doc.data[0])
    errors = [message for _path, message, _mark in validate_part(item, TOOLCHAIN_SCHEMAS, EXAMPLE)]
    if errors:
        return "; ".join(errors)
    outcome = simtools.run_example(engine, action, example_of(doc.data[0], m.Source(str(kept), item)))
    return None if outcome.ok else outcome.message


def keep(draft: simtools.ExampleDraft, engine: sim.Engine, definitions: m.Definitions, root: Path, name: str) -> Kept:
    """The draft, done, as an example of its request's action: the request's target after `→` if that runs as
    written, else among the choices where it was asked."""
    action = definitions.action(draft.action_id or "")
    if action is None:
        raise ValueError(f"no action '{draft.action_id}' in the definitions")
    location = action.source.location("examples", key=True) if action.source.has("examples") else action.source.location()
    where = f"{location.path}:{location.line}"
    zones = ", ".join(draft.hidden)
    comments = [
        _("bp play, keep this position as an example: paste it under examples: of {action} at {where}.").format(
            action=action.name, where=where),
        *([_("The cards not seen ({zones}) are stand-ins, the cards not looked at put in order.").format(zones=zones)]
          if zones else []),
    ]
    text, said = "", None
    for targeted in (True, False):
        text = example_yaml(draft.example(name, targeted=targeted), comments)
        said = problem(text, engine, action)
        if said is None:
            break
    return Kept(text, action.name, where, said)
