"""numdesk's own JSON export format: writing it, and validating every byte before reading it.

The envelope is `{"format": "numdesk", "version": 1, "entries": [...]}`; each entry is
`{"kind", "data", "tags", "favourite"}` with `data` in `serialize.to_data` form. Reading
checks the structure with the JSON Schema (`numdesk.io.schema`) and then the values with
`serialize.from_data`, entry by entry in file order, so the error reported is the first
problem in the file, named by its JSON path.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema.exceptions import ValidationError, best_match

from numdesk import __version__
from numdesk.io.entries import FileImport, ImportedEntry, ImportedNewer, ReportLine
from numdesk.io.errors import ImportFormatError, in_file, shown
from numdesk.io.quick_schema import QuickValidator
from numdesk.io.schema import FORMAT_NAME, FORMAT_VERSION, export_schema
from numdesk.model.character import Character
from numdesk.model.errors import DomainError
from numdesk.model.history import now_iso
from numdesk.model.kinds import ENTRY_CLASSES, EntryKind, ModelObject, kind_of
from numdesk.model.limits import MAX_NAME, LimitError, check_limits, check_text
from numdesk.model.newer import (
    NewerEntry,
    carry_newer,
    has_newer,
    newer_names,
    without_newer,
)
from numdesk.model.rules_set import RulesSet
from numdesk.model.serialize import from_data, to_data
from numdesk.model.templates import SentenceTemplate
from numdesk.model.validation import check_character
from numdesk.rules.profiles import Profile, get_profile, lend_profiles, reading_profiles

_TYPE_WORDS = {
    "integer": "a whole number",
    "number": "a number",
    "string": "text",
    "boolean": "true or false",
    "array": "a list",
    "object": "an object",
    "null": "null",
}


def is_native(doc: Any) -> bool:
    """Whether a parsed JSON document claims to be numdesk's own format."""
    return isinstance(doc, dict) and doc.get("format") == FORMAT_NAME


def build_document(
    items: Iterable[tuple[ModelObject, list[str], bool]],
    stored: Mapping[str, Any] | None = None,
    newer: Iterable[tuple[NewerEntry, list[str], bool]] = (),
) -> dict[str, Any]:
    """The export document for (object, tags, favourite) triples, in the given order.

    `stored` (uid -> the entry's stored data) gives back the fields a newer numdesk
    stored in an entry that this numdesk does not know, at any depth; `newer` entries
    (of kinds only a newer numdesk knows) follow, their data exactly as stored.
    """
    stored = stored or {}
    entries = []
    for obj, tags, favourite in items:
        kind = kind_of(obj)
        data = to_data(obj)
        if obj.uid in stored:
            data = carry_newer(kind, stored[obj.uid], data)
        entries.append(
            {"kind": kind.value, "data": data, "tags": list(tags), "favourite": favourite}
        )
    entries.extend(
        {"kind": entry.kind, "data": entry.data, "tags": list(tags), "favourite": favourite}
        for entry, tags, favourite in newer
    )
    return {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "exported_at": now_iso(),
        "app_version": __version__,
        "entries": entries,
    }


@cache
def _envelope_validator() -> QuickValidator:
    schema = dict(export_schema())
    schema["properties"] = {**schema["properties"], "entries": {"type": "array"}}
    return QuickValidator(schema)


@cache
def _entry_validator() -> QuickValidator:
    """The entry envelope alone; the data is checked by `_data_validator` of its kind."""
    entry = dict(export_schema()["$defs"]["Entry"])
    entry.pop("allOf")
    return QuickValidator(entry)


@cache
def _data_validator(kind: EntryKind) -> QuickValidator:
    """The data schema of one kind (checking it directly is much faster than the if/then)."""
    schema = export_schema()
    name = ENTRY_CLASSES[kind].__name__
    return QuickValidator({"$defs": schema["$defs"], "$ref": f"#/$defs/{name}"})


def _json_path(prefix: str, parts: Iterable[Any]) -> str:
    text = prefix
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else f".{part}"
    return text


def _expected(error: ValidationError) -> tuple[str, deque[Any], str]:
    """(what was expected, path, what was found) for one schema error, in plain words."""
    path = error.absolute_path
    found = shown(error.instance)
    value = error.validator_value
    match error.validator:
        case "type":
            names = [str(n) for n in (value if isinstance(value, list) else [value])]
            return " or ".join(_TYPE_WORDS.get(n, n) for n in names), path, found
        case "enum":
            return "one of " + ", ".join(shown(v) for v in value), path, found
        case "const":
            return shown(value), path, found
        case "required":
            missing = next((k for k in value if k not in error.instance), "?")
            return f"a field '{missing}'", path, ""
        case "additionalProperties":
            extra = sorted(set(error.instance) - set(error.schema.get("properties", {})))
            return "only the fields numdesk knows", path, f"'{extra[0]}'" if extra else found
        case "pattern":  # only a newer numdesk's kind of entry is matched by pattern
            kinds = ", ".join(k.value for k in EntryKind)
            expected = f"a kind of entry: {kinds}, or a newer numdesk's (in lower case)"
            return expected, path, found
        case "propertyNames":
            return f"keys that are {_expected(error.context[0])[0]}", path, found
        case "anyOf":
            simple = [str(s["type"]) for s in value if isinstance(s.get("type"), str)]
            if len(simple) == len(value):
                return " or ".join(_TYPE_WORDS.get(t, t) for t in simple), path, found
            return _expected(best_match(error.context))
    return error.message, path, ""


def _check(validator: QuickValidator, doc: Any, prefix: str, file: Path) -> None:
    if validator.is_valid(doc):
        return
    error = best_match(validator.iter_errors(doc))
    if error is None:
        return
    expected, path, found = _expected(error)
    raise ImportFormatError(file, _json_path(prefix, path), expected, found)


def _check_sheet(character: Character, file: Path, where: str) -> None:
    """A sheet obeys the sheet rules (RULES.md S) whether edited or imported.

    Without this a file could bring in what no edit can make: tier 7, negative XP, a
    Pool above its maximum, an expert skill in `numenera`. The first problem is named by
    its JSON path, like every other import error.
    """
    try:
        check_character(character)
    except DomainError as err:
        path = f"{where}.{err.field}" if err.field else where
        raise DomainError(f"{file.name}: {path}: {err.message}", field=path) from None


def _check_rules(obj: ModelObject, file: Path, where: str) -> None:
    """An entry that plays by rules (a creature, an encounter) names rules numdesk has:
    a built-in, or a rules set of this file or of a file read before it. Such an entry
    could be stored but never opened; an export always carries the sets it needs."""
    profile = getattr(obj, "profile", None)
    if not isinstance(profile, str) or profile == "":
        return
    try:
        get_profile(profile)
    except KeyError:
        expected = "numenera, cypher or the id of a rules set in the file"
        raise ImportFormatError(file, where, expected, shown(profile)) from None


def _rules_sets_of(entries: list[Any], file: Path) -> list[Profile]:
    """The profiles of the file's house rules sets, so sheets using them can be checked.

    They are only read here: `read_document` checks the file's entries by them inside a
    `reading_profiles` block, and the library registers them when the import commits
    (`Library.save_many`), so a refused file changes no rules anywhere. A set whose
    changes do not fit, or whose uid is a built-in's name, is refused by path.
    """
    profiles = []
    for index, raw in enumerate(entries):
        if not (isinstance(raw, dict) and raw.get("kind") == EntryKind.RULES_SET.value):
            continue
        prefix = f"$.entries[{index}]"
        _check(_entry_validator(), raw, prefix, file)
        data = without_newer(EntryKind.RULES_SET, raw["data"])
        _check(_data_validator(EntryKind.RULES_SET), data, f"{prefix}.data", file)
        try:
            rules = from_data(RulesSet, data, f"{prefix}.data")
            profiles.append(rules.profile())
        except DomainError as err:
            raise in_file(file, DomainError(f"{prefix}.data: {err.message}")) from None
    return profiles


def read_document(doc: Any, file: Path) -> FileImport:
    """Validate a whole export document and turn it into entries; raise on the first problem."""
    version = doc.get("version") if isinstance(doc, dict) else None
    if isinstance(version, int) and version > FORMAT_VERSION:
        raise DomainError(
            f"{file.name} was written by a newer numdesk (format version "
            f"{version}); this numdesk reads version {FORMAT_VERSION}. "
            "Update numdesk to import it."
        )
    _check(_envelope_validator(), doc, "$", file)
    profiles = _rules_sets_of(doc["entries"], file)
    with reading_profiles(profiles):
        result = _read_entries(doc["entries"], file)
    lend_profiles(profiles)  # accepted: the next files of this import may play by them
    return result


def _read_entries(entries: list[Any], file: Path) -> FileImport:
    """Every entry of a document, checked in file order; raise on the first problem."""
    result = FileImport(path=file, format="numdesk")
    seen: dict[str, int] = {}
    for index, raw in enumerate(entries):
        prefix = f"$.entries[{index}]"
        if _of_a_newer_kind(raw):
            newer = _read_newer(raw, prefix, file)
            _note_uid(seen, newer.entry.uid, index, prefix, file)
            result.newer.append(newer)
            result.lines.append(ReportLine("warning", newer.entry.name, prefix, _NEWER_KIND))
            continue
        _check(_entry_validator(), raw, prefix, file)
        kind = EntryKind(raw["kind"])
        data = raw["data"]
        newer_data = data if has_newer(kind, data) else None
        if newer_data is not None:  # what this numdesk knows is checked as ever
            data = without_newer(kind, newer_data)
        _check(_data_validator(kind), data, f"{prefix}.data", file)
        try:
            obj = from_data(ENTRY_CLASSES[kind], data, f"{prefix}.data")
        except DomainError as err:
            raise in_file(file, err) from None
        try:
            check_limits(obj)  # before the sheet rules: a size no widget can show comes first
        except LimitError as err:
            where = f"{prefix}.data.{err.path}"
            raise ImportFormatError(file, where, err.expected, err.found) from None
        if isinstance(obj, Character):
            _check_sheet(obj, file, f"{prefix}.data")
        else:
            _check_rules(obj, file, f"{prefix}.data.profile")
        if isinstance(obj, SentenceTemplate) and obj.part != kind.value:
            raise ImportFormatError(file, f"{prefix}.data.part", shown(kind.value), shown(obj.part))
        _note_uid(seen, obj.uid, index, prefix, file)
        tags = list(dict.fromkeys(raw.get("tags", [])))
        favourite = bool(raw.get("favourite", False))
        result.entries.append(ImportedEntry(obj, tags, favourite, newer_data=newer_data))
        if newer_data is not None:
            fields = ", ".join(
                f"“{name}” in {where}" if where else f"“{name}”"
                for name, where in newer_names(kind, newer_data)
            )
            text = _NEWER_FIELDS.format(fields)
            result.lines.append(ReportLine("warning", obj.name, f"{prefix}.data", text))
    return result


_NEWER_KIND = (
    "made by a newer numdesk: a kind of entry this numdesk does not know, kept as it "
    "is (listed, exported unchanged); a newer numdesk opens it"
)
_NEWER_FIELDS = (
    "holds what a newer numdesk added ({0}): kept with the entry and exported, not "
    "shown by this numdesk"
)
#: what a kind of entry a newer numdesk made may be called (lower case, like numdesk's)
_NEWER_KIND_NAME = "^[a-z][a-z0-9_]{0,39}$"


def _note_uid(seen: dict[str, int], uid: str, index: int, prefix: str, file: Path) -> None:
    """Refuse a uid an earlier entry of the file has; else remember it."""
    if uid in seen:
        raise ImportFormatError(
            file,
            f"{prefix}.data.uid",
            f"a uid not used by another entry (entry {seen[uid]} has it)",
            shown(uid),
        )
    seen[uid] = index


def _of_a_newer_kind(raw: Any) -> bool:
    """Whether a file entry names a kind this numdesk does not know (a newer one's)."""
    if not isinstance(raw, dict) or not isinstance(raw.get("kind"), str):
        return False
    return raw["kind"] not in {k.value for k in EntryKind}


@cache
def _newer_entry_validator() -> QuickValidator:
    """The entry envelope for a kind only a newer numdesk knows: its data is kept as it
    is, but it must have the uid and name every library entry has."""
    entry = dict(export_schema()["$defs"]["Entry"])
    entry.pop("allOf")
    text = {"type": "string", "minLength": 1, "maxLength": MAX_NAME}
    entry["properties"] = {
        **entry["properties"],
        "kind": {"type": "string", "pattern": _NEWER_KIND_NAME},
        "data": {
            "type": "object",
            "properties": {"uid": text, "name": text},
            "required": ["uid", "name"],
        },
    }
    return QuickValidator(entry)


def _read_newer(raw: dict[str, Any], prefix: str, file: Path) -> ImportedNewer:
    """An entry of a kind only a newer numdesk knows, checked as far as this numdesk
    can (its envelope, uid and name; the file's own limits on every value)."""
    _check(_newer_entry_validator(), raw, prefix, file)
    data = raw["data"]
    for key in ("uid", "name"):
        try:
            check_text(data[key], key, MAX_NAME)
        except LimitError as err:
            raise ImportFormatError(file, f"{prefix}.data.{key}", err.expected, err.found) from None
    tags = list(dict.fromkeys(raw.get("tags", [])))
    entry = NewerEntry(data["uid"], raw["kind"], data["name"], data)
    return ImportedNewer(entry, tags, bool(raw.get("favourite", False)))
