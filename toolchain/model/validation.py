"""JSON Schema validation of each definitions file, with errors placed at their line and column.

jsonschema is imported only when a file is validated: bp check's cache (kept.py) answers for
the files that did not change without it.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from itertools import groupby
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..diagnostics import shorten
from ..i18n import SOURCE, _, language, system_reason
from ..resultcache import key_of
from .files import read_regular, refusal
from .schema_words import described, pattern_words, schema_message
from .sources import Mark

if TYPE_CHECKING:  # pragma: no cover
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError
    from referencing import Registry

    from .yamlload import Document

Found = tuple[Mark, str, tuple, str | None]  # where, what, the instance path, the value the message suggests there


@cache
def _read_schemas(schema_dir: Path) -> tuple[dict[str, Any], dict[str, tuple[int, int, str]]]:
    """The schemas that read as JSON, and for those that do not, where and why (line, column, message).
    A file bp does not open (files.py: a FIFO, a link out of the repository) is neither: the loader
    reports it with the rest of the repository's refused files."""
    schemas: dict[str, Any] = {}
    broken: dict[str, tuple[int, int, str]] = {}
    root = schema_dir.resolve().parent
    for path in sorted(schema_dir.glob("*.schema.json")):
        if refusal(path, root) is not None:
            continue
        try:
            schemas[path.name] = json.loads(read_regular(path).decode("utf-8"))
        except json.JSONDecodeError as exc:
            broken[path.name] = (exc.lineno, exc.colno, _("the schema is not valid JSON: {reason}").format(reason=exc.msg))
        except (OSError, UnicodeDecodeError) as exc:
            broken[path.name] = (1, 1, _("cannot read the schema: {reason}").format(reason=system_reason(exc)))
    return schemas, broken


@cache
def unusable_schemas(schema_dir: Path, name: str) -> tuple[str, ...]:
    """The schemas that `name` needs (itself, and those its $refs name, at any depth) that did not load
    (kept, as the schemas read are: every file of a kind asks again)."""
    schemas = _read_schemas(schema_dir)[0]
    needed, missing, seen = [name], [], set()
    while needed:
        current = needed.pop()
        if current in seen:
            continue
        seen.add(current)
        if current not in schemas:
            missing.append(current)
            continue
        needed += _references(schema_dir, current)
    return tuple(missing)


@cache
def _references(schema_dir: Path, name: str) -> list[str]:
    return sorted(_referenced_files(_read_schemas(schema_dir)[0][name]))


def _referenced_files(schema: object) -> set[str]:
    """The schema files a schema's $refs name (`common.schema.json#/…`; not its own `#/…`)."""
    found: set[str] = set()
    stack = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and not ref.startswith("#"):
                found.add(ref.split("#")[0].rsplit("/", 1)[-1])
            stack += node.values()
        elif isinstance(node, list):
            stack += node
    return found


def schema_problem(schema_dir: Path, name: str) -> tuple[int, int, str] | None:
    """Why the schema `name` cannot be used: where its JSON breaks, or that it is missing; None when it
    loaded, or when it is a file bp refuses (reported as such)."""
    schemas, broken = _read_schemas(schema_dir)
    if name in schemas:
        return None
    if name in broken:
        return broken[name]
    if (schema_dir / name).exists() or (schema_dir / name).is_symlink():
        return None
    return 1, 1, _("the schema {name} is missing: the files of this kind cannot be checked without it").format(name=name)


@cache
def _schemas(schema_dir: Path) -> tuple[dict[str, Any], Registry]:
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    schemas = _read_schemas(schema_dir)[0]
    # Register each schema under its $id and under its file name, so relative $refs resolve.
    resources = []
    for name, schema in schemas.items():
        resource = Resource.from_contents(schema, default_specification=DRAFT202012)
        resources.append((name, resource))
        if "$id" in schema:
            resources.append((schema["$id"], resource))
    registry: Registry = Registry().with_resources(resources)
    return schemas, registry


@cache
def _validators(schema_dir: Path) -> dict[str, Draft202012Validator]:
    schemas, registry = _schemas(schema_dir)
    validator_class = _resolving_once(schemas)
    return {name: validator_class(schema, registry=registry) for name, schema in schemas.items()}


def _resolving_once(schemas: Mapping[str, Any]) -> type[Draft202012Validator]:
    """Draft 2020-12's validator, each `$ref` of the schemas resolved once: resolving one walks its URI and
    JSON pointer again at every value it checks (a quarter of a whole check's time). What a `$ref` of a given
    schema object resolves to never changes while the schemas stay (they are read once: _read_schemas); only
    a `$dynamicRef` depends on the path that led to it, and where a schema has one nothing is kept."""
    import jsonschema.exceptions
    from jsonschema import Draft202012Validator
    from jsonschema.validators import extend

    if "$dynamicRef" in json.dumps(list(schemas.values())) or not _private_names_at_hand(jsonschema.exceptions):
        return Draft202012Validator
    resolved: dict[int, tuple[object, dict[str, Any]]] = {}  # id of the schema object → it, and its $ref resolved

    def ref(validator: Any, ref: str, instance: Any, schema: dict[str, Any]) -> Iterator[ValidationError]:
        kept = resolved.get(id(schema))
        if kept is None or kept[0] is not schema:  # kept holds the schema: its id is never another's meanwhile
            kept = resolved[id(schema)] = (schema, {})
        target = kept[1].get(ref)
        if target is None:
            from referencing.exceptions import Unresolvable

            try:
                target = kept[1][ref] = validator._resolver.lookup(ref)  # as jsonschema's own $ref looks it up
            except Unresolvable as error:
                raise jsonschema.exceptions._WrappedReferencingError(error) from error
        yield from validator.descend(instance, target.contents, resolver=target.resolver)

    return extend(Draft202012Validator, {"$ref": ref})


def _private_names_at_hand(exceptions: Any) -> bool:
    """Whether this jsonschema still has the two private names the $ref above relies on (a validator's
    `_resolver`, `_WrappedReferencingError`): a release without them is validated the plain, slower way."""
    from jsonschema import Draft202012Validator

    return hasattr(exceptions, "_WrappedReferencingError") and hasattr(Draft202012Validator({}), "_resolver")


def schema_documents(schema_dir: Path) -> dict[str, Any]:
    """Every schema of the folder, by file name, as read (shared: copy before changing one)."""
    return _schemas(schema_dir)[0]


# A definition's name → what has it: (what it is, its id), e.g. チャージ → [("action", "charge")].
Names = Mapping[str, Sequence[tuple[str, str]]]


def validate(doc: Document, schema_dir: Path, schema_name: str, names: Names | None = None) -> Iterator[Found]:
    """Yield (mark, message, instance path, the value the message suggests there or None) for every
    schema error in the document; `names` lets a name written where an id belongs be told its id."""
    validator = _validators(schema_dir).get(schema_name)
    if validator is None:  # schema_problem says why; the loader reports it
        return iter(())
    return _errors(doc, schema_dir, validator, names)


def validate_part(doc: Document, schema_dir: Path, ref: str) -> Iterator[tuple[Mark, str, tuple]]:
    """As validate, against a part of a schema (`examples.schema.json#/$defs/situation`)."""
    from jsonschema import Draft202012Validator

    return ((mark, message, path) for mark, message, path, _ in
            _errors(doc, schema_dir, Draft202012Validator({"$ref": ref}, registry=_schemas(schema_dir)[1]), None))


# The keywords a list file's schema may have beside `items` for its items to be validated one by one: none reads
# two items at once (`uniqueItems`, `contains` and `unevaluatedItems` would) or names an item's findings.
_BESIDE_ITEMS = ("$schema", "$id", "$comment", "title", "description", "$defs", "type", "minItems", "maxItems")


def validate_items(doc: Document, schema_dir: Path, schema_name: str, names: Names | None,
                   kept: Mapping[str, list[Found]]) -> tuple[list[Found], dict[str, list[Found]]] | None:
    """validate's findings, in its order, from each item of a list file validated apart, or taken from `kept`
    by the item's key (item_keys: what its findings are made from), with every item's findings by its key;
    None when the file is not a list, or its schema reads more than one item at once (validate then)."""
    validator = _validators(schema_dir).get(schema_name)
    schema = validator.schema if validator is not None else None
    if (validator is None or not isinstance(doc.data, list) or not isinstance(schema, dict)
            or not isinstance(schema.get("items"), dict) or any(key not in _BESIDE_ITEMS for key in schema if key != "items")
            or any(key in ("type", "minItems", "maxItems") for key in list(schema)[list(schema).index("items"):])):
        return None
    # the file's own keywords first, as the whole file's validation meets them before `items`
    placed: set[Mark] = set()
    found = list(_found(validator.evolve(schema={k: v for k, v in schema.items() if k != "items"}).iter_errors(doc.data),
                        doc, schema_dir, names, placed))
    by_item: dict[str, list[Found]] = {}
    for index, key in enumerate(item_keys(doc)):
        item_found = kept.get(key)
        if item_found is None:  # validated as the `items` keyword validates it, within the whole file
            errors = validator.descend(doc.data[index], schema["items"], path=index)
            item_found = list(_found(_under_items(errors), doc, schema_dir, names, set()))
        by_item[key] = item_found
        for finding in item_found:
            if finding[0] not in placed:
                placed.add(finding[0])
                found.append(finding)
    return found, by_item


def _under_items(errors: Iterator[ValidationError]) -> Iterator[ValidationError]:
    for error in errors:
        error.schema_path.appendleft("items")  # as Validator.iter_errors says where the error's rule is
        yield error


def item_keys(doc: Document) -> list[str]:
    """For each item of a list file, a key of what its schema findings are made from (with the schemas, the
    names and the language): its index, its value, and where each of its values and keys is written. In a
    file read without a problem the loader marks every value and key in the order of the value's own
    (yamlload._construct), so the lines and columns in that order are enough; otherwise the paths are said."""
    shaped = not doc.problems
    marks: dict[object, list[object]] = {}
    for places in (doc.values, doc.keys):
        for first, group in groupby(places.items(), key=lambda place: place[0][:1]):
            if first:
                found = marks.setdefault(first[0], [])
                for path, mark in group:
                    found += (mark.line, mark.column) if shaped else (path, mark.line, mark.column)
    return [key_of(str(index), repr(item), repr(marks.get(index, ()))) for index, item in enumerate(doc.data)]


def _errors(doc: Document, schema_dir: Path, validator: Draft202012Validator, names: Names | None) -> Iterator[Found]:
    return _found(validator.iter_errors(doc.data), doc, schema_dir, names, set())


def _found(errors: Iterator[ValidationError], doc: Document, schema_dir: Path, names: Names | None,
           placed: set[Mark]) -> Iterator[Found]:
    leaves = [_leaf(error) for error in errors]
    lacking = _missing_fields(leaves, doc)
    for leaf in leaves:
        fix = _id_of_name(leaf, names or {})
        for mark, message, path in _located(leaf, doc, _schemas(schema_dir)[1].resolver(), lacking):
            if mark not in placed:  # one finding per place: two rules broken by one key say the same thing
                placed.add(mark)
                if fix is not None:
                    message = f"{_describe(path, doc.data)}{fix[1]}"
                yield mark, message, path, fix[0] if fix else None


def _id_of_name(error: ValidationError, names: Names) -> tuple[str | None, str] | None:
    """A definition's name where an id is wanted (a pattern's, or one of an enum): (its id, when there is one,
    and the message saying so)."""
    if error.validator not in ("pattern", "enum") or not isinstance(error.instance, str) or error.instance not in names:
        return None
    found = [(what, ident) for what, ident in dict.fromkeys(names[error.instance])
             if error.validator == "pattern" or ident in error.validator_value]
    if not found:
        return None
    ids = list(dict.fromkeys(ident for _, ident in found))
    said = _(" and ").join(_("the {what} {id}").format(what=_(what), id=ident) for what, ident in found)
    if len(ids) == 1:
        return ids[0], _("'{name}' is the name of {said}: an id belongs here, write {id}").format(
            name=error.instance, said=said, id=ids[0])
    return None, _("'{name}' is the name of {said}: an id belongs here, write the one meant").format(name=error.instance, said=said)


def _leaf(error: ValidationError) -> ValidationError:
    from jsonschema.exceptions import best_match

    # For oneOf/anyOf/allOf, the most specific sub-error of the branch the value was meant for says what to fix.
    while error.context:
        deeper = best_match(_meant_branch(error.context))
        if deeper is None:
            break
        error = deeper
    return error


def _meant_branch(errors: list[ValidationError]) -> list[ValidationError]:
    """The errors of the alternative the writer most likely meant: one whose type fits the value
    and whose required fields are there, with the fewest errors (a misspelt key of the second
    form of `deck` is an unknown key there, not a missing key of the first form)."""
    branches: dict[object, list[ValidationError]] = {}
    for error in errors:
        branch = error.relative_schema_path[0] if error.relative_schema_path else None
        branches.setdefault(branch, []).append(error)

    def misfit(branch: list[ValidationError]) -> tuple[int, int, int, int]:
        here = [e for e in branch if not e.relative_path]
        wrong_kind = sum(1 for e in here if e.validator == "type" or _wrong_kind(e))
        missing = sum(1 for e in here if e.validator == "required")
        # the deeper an error, the further the value matched this alternative
        return wrong_kind, missing, len(branch), -max(len(e.relative_path) for e in branch)

    return min(branches.values(), key=misfit)


def _wrong_kind(error: ValidationError) -> bool:
    """An enum or const none of whose values is of the value's JSON type (a mapping against a list of
    words), or a mapping none of whose keys the alternative knows."""
    if error.validator in ("additionalProperties", "unevaluatedProperties") and isinstance(error.instance, dict):
        known = error.schema.get("properties", {}) if isinstance(error.schema, dict) else {}
        return bool(error.instance) and not any(key in known for key in error.instance)
    if error.validator not in ("enum", "const"):
        return False
    values = error.validator_value if error.validator == "enum" else [error.validator_value]
    return not any(type(value) is type(error.instance) for value in values)


def _known_keys(schema: object, resolver: Any, depth: int = 0) -> set[str]:
    """The field names a mapping's schema knows, through its $refs and its combinators (the
    schema's own `properties` may hold only a few: the rest come with `$ref` and `unevaluatedProperties`)."""
    if not isinstance(schema, dict) or depth > 8:
        return set()
    keys = set(schema.get("properties", {}))
    if isinstance(schema.get("$ref"), str) and resolver is not None:
        try:
            resolved = resolver.lookup(schema["$ref"])
        except Exception:  # noqa: BLE001 - a hint only: an unresolvable $ref gives none
            resolved = None
        if resolved is not None:
            keys |= _known_keys(resolved.contents, resolved.resolver, depth + 1)
    for word in ("allOf", "anyOf", "oneOf"):
        for branch in schema.get(word, ()):
            keys |= _known_keys(branch, resolver, depth + 1)
    for word in ("then", "else"):
        keys |= _known_keys(schema.get(word), resolver, depth + 1)
    return keys


def _missing_fields(errors: list[ValidationError], doc: Document) -> dict[Mark, list[str]]:
    """Each mapping's required fields that are missing, in the order the schemas name them, by where the mapping is
    (one finding a place): a definition begun with its id and name lacks fields that more than one `required` asks
    for (an action's fields and its type's), and each is named in the one finding, not one a run of bp check. A
    field whose key is there misspelt is left out: that key is said instead (_located)."""
    missing: dict[Mark, list[str]] = {}
    for error in errors:
        if error.validator != "required" or not isinstance(error.instance, dict):
            continue
        keys = [key for key in error.instance if isinstance(key, str)]
        fields = missing.setdefault(doc.mark(tuple(error.absolute_path)), [])
        fields += [name for name in error.validator_value if name not in error.instance and name not in fields
                   and not difflib.get_close_matches(name, keys, n=1, cutoff=0.6)]
    return missing


def _located(error: ValidationError, doc: Document, resolver: Any = None,
             lacking: Mapping[Mark, list[str]] | None = None) -> Iterator[Found]:
    path = tuple(error.absolute_path)
    where = _describe(path, doc.data)
    if error.validator in ("additionalProperties", "unevaluatedProperties") and isinstance(error.instance, dict):
        allowed = set(error.schema.get("properties", {})) if isinstance(error.schema, dict) else set()
        extras = [k for k in error.instance if k not in allowed] or list(error.instance)
        # With unevaluatedProperties the message names the keys; place each at its own line.
        for key in extras:
            if key in str(error.message) or error.validator == "additionalProperties":
                known = allowed | _known_keys(error.schema, resolver)
                close = difflib.get_close_matches(str(key), sorted(known - set(error.instance)), n=1, cutoff=0.6)
                hint = _("; did you mean '{name}'?").format(name=close[0]) if close else ""
                said = _("unknown field '{key}'").format(key=key)
                yield doc.key_mark(path + (key,)), f"{where}{said}{hint}{_forms(error)}", path + (key,)
        return
    if error.validator == "required" and isinstance(error.instance, dict):
        # A required field misspelt (`tipe:` for `type:`) is missing and unknown at once: say so at the key
        missing = [key for key in error.validator_value if key not in error.instance]
        known = _known_keys(error.schema, resolver)
        unknown = [key for key in error.instance if isinstance(key, str) and known and key not in known]
        for name in missing:
            close = difflib.get_close_matches(name, unknown, n=1, cutoff=0.6)
            if close:
                yield (doc.key_mark(path + (close[0],)),
                       where + _("unknown field '{key}'; did you mean '{name}'? ('{name}' is a required property)").format(
                           key=close[0], name=name),
                       path + (close[0],))
                return
        fields = (lacking or {}).get(doc.mark(path), [])
        if len(fields) > 1:  # every field the mapping lacks, in one finding (_missing_fields)
            said = _("{fields} are required properties").format(fields=", ".join(f"'{name}'" for name in fields))
            yield doc.mark(path), f"{where}{said}", path
            return
        # a rule that states why the field is needed (frame-actions: group or trump) says it with the message
        rule = described(error.schema.get("description")) if isinstance(error.schema, dict) else None
        yield doc.mark(path), f"{where}{schema_message(error, _short(error.instance))}" + (f": {rule}" if rule else ""), path
        return
    if error.validator == "pattern" and path and path[-1] == "keycards" and isinstance(error.instance, str):
        from .notations import keycards_text

        problem = keycards_text(error.instance).error  # the parser says where the notation goes wrong
        if problem is not None:
            mark = doc.mark(path)
            said = _("keycards '{keycards}': {problem}").format(keycards=shorten(error.instance), problem=problem)
            yield Mark(mark.line, mark.column + problem.column), f"{where}{said}", path
            return
    if "propertyNames" in error.relative_schema_path and isinstance(error.instance, str):
        # The error is about a key (its instance is the key's name, e.g. an option of another
        # form): point at the key itself.
        if error.validator == "not" and isinstance(error.validator_value, dict):
            takes = described(error.validator_value.get("description"))  # what the mapping may have instead
            message = (_("'{key}' is not allowed here ({takes})") if takes else _("'{key}' is not allowed here")).format(
                key=error.instance, takes=takes)
        else:
            message = _("key {message}").format(message=_message(error))
        yield doc.key_mark(path + (error.instance,)), f"{where}{message}", path + (error.instance,)
        return
    if error.validator == "not" and isinstance(error.validator_value, dict) and isinstance(error.instance, dict):
        # `not: {required: [x]}` forbids a field: point at the field itself.
        forbidden = [key for key in error.validator_value.get("required", ()) if key in error.instance]
        if forbidden:
            yield doc.key_mark(path + (forbidden[0],)), f"{where}{_message(error)}", path
            return
    mark = doc.key_mark(path) if error.validator in ("oneOf", "if") else doc.mark(path)
    yield mark, f"{where}{_message(error)}", path


def _forms(error: ValidationError) -> str:
    """For a mapping of the effect language (a form and its options, effect_schema.py): the forms there are,
    or the options the form written takes."""
    schema = error.schema if isinstance(error.schema, dict) else {}
    options = schema.get("dependentSchemas")
    if not isinstance(options, dict) or not isinstance(error.instance, dict):
        return ""
    written = next((key for key in error.instance if key in options), None)
    if language() == SOURCE:  # the effect language's own words, as the schema states them
        if written is None:
            said = schema.get("not", {}).get("description")  # "a number needs one of: rank, size, …"
        else:
            said = options[written].get("propertyNames", {}).get("not", {}).get("description")  # "zone takes player, top, …"
        return f" ({said})" if isinstance(said, str) else ""
    if written is None:  # the same, from the schema's shape: the forms, or the options of the form written
        return _(" (one of these is needed: {forms})").format(forms=", ".join(options))
    own = [key for key in options[written].get("properties", {})]
    return (_(" ({form} takes {options})").format(form=written, options=", ".join(own)) if own
            else _(" ({form} takes no other key)").format(form=written))


def _message(error: ValidationError) -> str:
    if error.validator == "enum":
        options = ", ".join(repr(v) for v in error.validator_value)
        return _("{value} is not one of {options}").format(value=_short(error.instance), options=options)
    if error.validator == "not" and isinstance(error.validator_value, dict):
        required = error.validator_value.get("required")
        rule = described(error.validator_value.get("description"))
        if required:
            return (_("'{key}' is not allowed here: {rule}") if rule else _("'{key}' is not allowed here")).format(
                key=required[0], rule=rule)
        if rule:
            return rule
    if error.validator == "type" and len(error.absolute_path) == 2:  # a definition's own field (not in a program)
        wanted = error.validator_value if isinstance(error.validator_value, list) else [error.validator_value]
        value = error.instance
        said = schema_message(error, _short(value))
        if "array" in wanted and isinstance(value, (str, int, float)) and not isinstance(value, bool):
            return _("{said}: one value where a list is wanted: write [{value}]").format(said=said, value=value)
        if "string" in wanted and isinstance(value, (int, float)) and not isinstance(value, bool):
            # `since: 8.1`, `text: 0`: YAML reads them as numbers
            return _("{said}: {value} is a number to YAML, where text is wanted "
                     "(a version is written v8.1; quote other text: '{value}')").format(said=said, value=value)
    description = described(error.schema.get("description")) if isinstance(error.schema, dict) else None
    if error.validator == "pattern" and not description:  # a list of words, said from the pattern itself
        description = pattern_words(error.validator_value)
    if error.validator == "pattern" and description:
        return _("{value} does not match: {description}").format(value=_short(error.instance), description=description) + _case_slip(error)
    return schema_message(error, _short(error.instance)) + (_case_slip(error) if error.validator == "pattern" else "")


def _case_slip(error: ValidationError) -> str:
    """A value that matches once its letters are upper case (`cost: d`) or lower case (`id: Up`): say so."""
    value = error.instance
    if not isinstance(value, str) or len(value) > 100:
        return ""
    for fixed, hint in ((value.upper(), _("; write it in capitals: '{fixed}'")), (value.lower(), _("; write it in small letters: '{fixed}'"))):
        if fixed != value and re.search(str(error.validator_value), fixed):
            return hint.format(fixed=fixed)
    return ""


def _short(value: object) -> str:
    """A value as a message shows it: a whole mapping of a hundred lines would bury the message."""
    return shorten(repr(value))


def _describe(path: tuple, data: object = None) -> str:
    """Where in the file: `blackjack.keycards` (a definition by its id, which an editor can search
    for), else by position, `[9].keycards`."""
    if not path:
        return ""
    text = ""
    for index, part in enumerate(path):
        if index == 0 and isinstance(part, int) and path[1:2] != ("id",):
            text = _definition_id(data, part) or f"[{part}]"
            continue
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return f"{text}: "


def _definition_id(data: object, index: int) -> str | None:
    """The id of the file's index-th definition, when it has a plain one."""
    if isinstance(data, list) and 0 <= index < len(data) and isinstance(data[index], dict):
        ident = data[index].get("id")
        if isinstance(ident, str) and ident and ident.isprintable() and len(ident) <= 40:
            return ident
    return None
