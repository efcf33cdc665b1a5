"""Exporting library entries to numdesk's JSON format (one entry, a selection, or all)."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Collection, Iterable
from pathlib import Path

from numdesk.io.entries import Progress
from numdesk.io.native import build_document
from numdesk.model.entry_kind import NewerKind
from numdesk.model.errors import DomainError
from numdesk.model.kinds import EntryKind, ModelObject
from numdesk.model.newer import NewerEntry
from numdesk.rules.profiles import is_builtin
from numdesk.store import EntrySummary, Library


def _summaries(
    lib: Library, uids: Iterable[str] | None, kinds: Collection[EntryKind] | None
) -> list[EntrySummary]:
    """The entries to write; a whole-library export ends with those of kinds only a
    newer numdesk knows (kept as they are stored)."""
    if uids is not None:
        return [lib.summary(uid) for uid in dict.fromkeys(uids)]
    chosen = [EntryKind(k) for k in kinds] if kinds else list(EntryKind)
    found: list[EntrySummary] = []
    for kind in chosen:
        found.extend(sorted(lib.repo_for(kind).list(), key=lambda s: (s.name.casefold(), s.uid)))
    if not kinds:
        found.extend(lib.summary(uid) for uid in lib.newer_uids())
    return found


def export_entries(
    lib: Library,
    out: Path,
    uids: Iterable[str] | None = None,
    kinds: Collection[EntryKind] | None = None,
    progress: Progress | None = None,
    prepare: Callable[[ModelObject], None] | None = None,
    warn: Callable[[str], None] | None = None,
) -> int:
    """Write the chosen entries to `out` and return how many were written.

    An entry whose house rules set is not in the library is still written (an export
    loses nothing), and `warn` hears a sentence naming it and its missing set. What a
    newer numdesk stored goes out unchanged: an entry of a kind unknown here as it is
    stored, the unknown fields of a known kind beside the fields this numdesk writes.

    `prepare` may complete each entry before it is written (the library controller gives
    linked abilities their library entry's current text).

    `uids` picks entries (one or a selection); otherwise every entry of `kinds`, or the
    whole library. The file is written next to `out` first and then moved into place, so
    an interrupted export never leaves half a file.
    """
    summaries = _summaries(lib, uids, kinds)
    items: list[tuple[ModelObject, list[str], bool]] = []
    newer: list[tuple[NewerEntry, list[str], bool]] = []
    for done, summary in enumerate(summaries, start=1):
        if isinstance(summary.kind, NewerKind):
            newer.append((lib.load_newer(summary.uid), list(summary.tags), summary.favourite))
        else:
            entry = lib.load(summary.uid)
            if prepare is not None:
                prepare(entry)
            items.append((entry, list(summary.tags), summary.favourite))
        if progress is not None:
            progress(done, len(summaries))
    items = _with_rules_sets(lib, items, warn)
    stored = lib.newer_stored(obj.uid for obj, _tags, _fav in items)
    document = build_document(items, stored, newer)
    text = json.dumps(document, ensure_ascii=False, indent=1) + "\n"
    _write_whole(Path(out), text)
    return len(items) + len(newer)


def _with_rules_sets(
    lib: Library,
    items: list[tuple[ModelObject, list[str], bool]],
    warn: Callable[[str], None] | None = None,
) -> list[tuple[ModelObject, list[str], bool]]:
    """`items` preceded by the house rules sets they play by and that are not among them.

    A sheet exported without its rules set could not be read elsewhere, so the set
    travels with it, first in the file.
    """
    present = {obj.uid for obj, _tags, _fav in items}
    needed = {
        profile
        for obj, _tags, _fav in items
        if isinstance(profile := getattr(obj, "profile", None), str)
        and not is_builtin(profile)
        and profile not in present
        and lib.has(profile)
    }
    if warn is not None:
        for obj, _tags, _fav in items:
            profile = getattr(obj, "profile", None)
            if (
                isinstance(profile, str)
                and not is_builtin(profile)
                and profile not in present
                and not lib.has(profile)
            ):
                warn(
                    f"'{obj.name}' was written without its rules set: the set (id {profile}) "
                    "is not in this library, so the file cannot be opened elsewhere until "
                    "that set is imported too."
                )
    extra: list[tuple[ModelObject, list[str], bool]] = []
    for uid in sorted(needed):
        summary = lib.summary(uid)
        if summary.kind is EntryKind.RULES_SET:
            extra.append((lib.load(uid), list(summary.tags), summary.favourite))
    return extra + items


def _write_whole(out: Path, text: str) -> None:
    """Write `text` to a hidden file beside `out`, then move it into place.

    Problems are told in terms of `out` (the hidden file's name means nothing to the user).
    """
    folder = out.parent
    if not folder.is_dir():
        raise DomainError(f"Cannot export to {out}: the folder {folder} does not exist.")
    if out.is_dir():
        raise DomainError(f"Cannot export to {out}: it is a folder; choose a file name.")
    try:
        handle, temp = tempfile.mkstemp(prefix=f".{out.name}.", dir=folder)
    except OSError as err:
        raise DomainError(f"Cannot export to {out}: {err.strerror or err}.") from err
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temp, out)
    except OSError as err:
        Path(temp).unlink(missing_ok=True)
        raise DomainError(f"Cannot export to {out}: {err.strerror or err}.") from err
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
