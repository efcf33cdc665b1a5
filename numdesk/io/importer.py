"""Importing files into a library: validate every file first, then write them in one go.

Nothing is written unless every file parsed and validated. Entries, their tags and
favourite marks are saved with one `Library.save_many` call (one transaction); tags are
added to those an entry already had (an import never removes a user's tags).

Re-importing the CSRD writes only what the file changed since the last import (library
meta `csrd_digests` records a digest of each entry as written), and never an entry the
user edited since then: the user's version is kept and counted in the report.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from pathlib import Path

from numdesk.io.csrd import CSRD_TAG
from numdesk.io.detect import read_import_file
from numdesk.io.entries import (
    FileImport,
    ImportedEntry,
    ImportedNewer,
    ImportReport,
    Progress,
    ReportLine,
)
from numdesk.io.limits import check_entry_count
from numdesk.io.reimport import note_updates
from numdesk.model.character import Character
from numdesk.model.errors import DomainError
from numdesk.model.follower import Follower
from numdesk.model.kinds import ModelObject
from numdesk.model.limits import MAX_ENTRIES_PER_IMPORT
from numdesk.model.rules_set import RulesSet
from numdesk.model.serialize import to_data
from numdesk.rules.profiles import reading_profiles
from numdesk.store import Library

#: Library meta key: uid -> digest of each CSRD entry as the last import wrote it.
DIGESTS_KEY = "csrd_digests"


def read_files(
    paths: Iterable[Path],
    profile: str | None = None,
    progress: Progress | None = None,
    keep_going: bool = False,
) -> ImportReport:
    """Parse and validate every file before any writing.

    Each file is all or nothing. Without `keep_going` the first bad file raises; with
    it, bad files are listed in `report.failed` and the rest go ahead.
    `progress(bytes read, bytes in all files)` follows the reading and may raise to
    cancel. More than `MAX_ENTRIES_PER_IMPORT` entries in all files are refused.
    """
    paths = [Path(p) for p in paths]
    sizes = [p.stat().st_size if p.is_file() else 0 for p in paths]
    total = sum(sizes)
    report = ImportReport()
    # the house rules sets of accepted files serve the files after them, in this reading
    # only: they are registered for everyone when `save_report` commits
    with reading_profiles():
        for index, path in enumerate(paths):
            before = sum(sizes[:index])
            step = None if progress is None else _offset(progress, before, total)
            try:
                report.files.append(read_import_file(path, profile, step))
            except (DomainError, OSError) as err:
                if not keep_going:
                    raise
                if isinstance(err, DomainError):
                    report.failed.append((path, err.message))
                else:
                    reason = err.strerror or str(err)
                    report.failed.append(
                        (path, f"{path.name}: could not read the file ({reason}).")
                    )
    if report.total > MAX_ENTRIES_PER_IMPORT:
        check_entry_count(report.total, report.files[-1].path)
    join_companions(report)
    return report


def _offset(progress: Progress, before: int, total: int) -> Progress:
    """`progress` for one file of several: its bytes counted after the files before it."""
    return lambda done, _size: progress(before + done, total)


def join_companions(report: ImportReport) -> None:
    """A companion whose owner comes in the same import joins that character's followers.

    Foundry names the owner in `ownedBy` (a name or an actor id); a companion without
    its owner in the batch stays a follower entry of its own.
    """
    owners = {
        key: e.obj
        for f in report.files
        for e in f.entries
        if isinstance(e.obj, Character)
        for key in (e.obj.name.casefold(), e.obj.uid)
    }
    for file in report.files:
        for entry in list(file.entries):
            follower = entry.obj
            if not isinstance(follower, Follower) or not follower.owner:
                continue
            owner = owners.get(follower.owner.casefold())
            if owner is None:
                file.lines.append(
                    ReportLine(
                        "warning",
                        follower.name,
                        "system.basic.ownedBy",
                        f"its owner '{follower.owner}' is not in this "
                        "import; kept as a follower entry of its own.",
                    )
                )
                continue
            owner.followers = [f for f in owner.followers if f.uid != follower.uid]
            owner.followers.append(follower)
            file.entries.remove(entry)
            file.lines.append(
                ReportLine(
                    "changed",
                    follower.name,
                    "system.basic.ownedBy",
                    f"joined {owner.name}'s followers.",
                )
            )


def _rules_sets(lib: Library, entries: list[ImportedEntry]) -> list[RulesSet]:
    """Let the entries play by the rules sets they ask for (once each); return the sets
    the library does not have yet, to be saved with the entries in one transaction."""
    from numdesk.store.rules_sets import rules_set_named

    made: dict[str, str] = {}
    new: list[RulesSet] = []
    for entry in entries:
        if entry.rules_set is None:
            continue
        base, name, changes = entry.rules_set
        if name not in made:
            rules, is_new = rules_set_named(lib, base, name, changes)
            made[name] = rules.uid
            if is_new:
                new.append(rules)
        entry.obj.profile = made[name]  # type: ignore[union-attr]
        if isinstance(entry.obj, Character):
            for follower in entry.obj.followers:
                follower.profile = made[name]
    return new


def digest(obj: ModelObject) -> str:
    """A short fingerprint of an entry's values, to notice later edits."""
    text = json.dumps(to_data(obj), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha1(text.encode("utf-8"), usedforsecurity=False).hexdigest()[:20]


def _skip_user_edits(
    lib: Library, csrd: FileImport, recorded: dict[str, str], progress: Progress | None
) -> None:
    """Keep in `csrd` only the entries a re-import should write.

    An entry whose value in the file is what the last import wrote needs no writing
    (`unchanged`), whether or not the user edited it since. An entry the file changed is
    written unless the user edited it too (its stored digest differs from the recorded
    one): then the user's version is kept (`kept`). Entries the user deleted come back.
    """
    present = {s.uid for s in lib.summaries_of(e.obj.uid for e in csrd.entries)}
    write: list[ImportedEntry] = []
    total = len(csrd.entries)
    for done, entry in enumerate(csrd.entries, start=1):
        uid = entry.obj.uid
        old = recorded.get(uid)
        if old is None or uid not in present:
            write.append(entry)
        elif digest(entry.obj) == old:
            csrd.unchanged += 1
        elif digest(lib.load(uid)) != old:
            csrd.kept.append(entry.obj.name)
        else:
            write.append(entry)
        if progress is not None and (done % 100 == 0 or done == total):
            progress(done, total)
    csrd.entries = write


def save_report(lib: Library, report: ImportReport, progress: Progress | None = None) -> None:
    """Write what `read_files` produced into `lib`: entries, tags and favourites at once.

    `progress(done, total)` runs through the check for user edits (a CSRD re-import)
    and then through the writing; it may raise to cancel, and then nothing is written.
    """
    recorded: dict[str, str] = dict(lib.meta_get(DIGESTS_KEY, {}) or {})
    for file in report.files:
        if file.format == "csrd" and recorded:
            _skip_user_edits(lib, file, recorded, progress)
    entries = [e for file in report.files for e in file.entries]
    new_sets = _rules_sets(lib, entries)
    note_updates(lib, report)  # after the rules sets: an entry's profile is the set's uid
    entries = [e for file in report.files for e in file.entries]
    tags, favourites = _filing(lib, entries)
    newer = [n for file in report.files for n in file.newer]
    _file_newer(lib, newer, tags, favourites)
    objs = [*new_sets, *(e.obj for e in entries)]
    lib.save_many(
        objs,
        progress,
        tags=tags,
        favourites=favourites,
        newer_data={e.obj.uid: e.newer_data for e in entries if e.newer_data is not None},
        newer_entries=[n.entry for n in newer],
    )
    for file in report.files:
        for key, value in file.meta.items():
            lib.meta_set(key, value)
        if file.format == "csrd":
            recorded.update({e.obj.uid: digest(e.obj) for e in file.entries})
            lib.meta_set(DIGESTS_KEY, recorded)


def _file_newer(
    lib: Library, newer: list[ImportedNewer], tags: dict[str, list[str]], favourites: set[str]
) -> None:
    """Add to `tags` and `favourites` what entries made by a newer numdesk bring, as
    `_filing` does for the others (tags added to those the entry has)."""
    for item in newer:
        uid = item.entry.uid
        have = list(lib.summary(uid).tags) if lib.has(uid) else []
        known = {h.casefold() for h in have}
        merged = have + [t for t in item.tags if t.casefold() not in known]
        if merged != have:
            tags[uid] = merged
        if item.favourite:
            favourites.add(uid)


def _filing(lib: Library, entries: list[ImportedEntry]) -> tuple[dict[str, list[str]], set[str]]:
    """The tags (added to those an entry already has) and favourites the files bring.

    Only entries whose tags would change are listed, so a repeated import rewrites none.
    """
    wanted = {e.obj.uid: e for e in entries if e.tags or e.favourite}
    if not wanted:
        return {}, set()
    # only the imported entries: listing every entry of their kinds made an import into
    # a big library cost in proportion to the library
    current = {s.uid: s for s in lib.summaries_of(wanted)}
    tags: dict[str, list[str]] = {}
    favourites: set[str] = set()
    for uid, entry in wanted.items():
        summary = current.get(uid)
        have = list(summary.tags) if summary else []
        known = {h.casefold() for h in have}
        merged = have + [t for t in entry.tags if t.casefold() not in known]
        if merged != have:
            tags[uid] = merged
        if entry.favourite and not (summary and summary.favourite):
            favourites.add(uid)
    return tags, favourites


def import_files(
    lib: Library,
    paths: Iterable[Path],
    progress: Progress | None = None,
    profile: str | None = None,
    keep_going: bool = False,
) -> ImportReport:
    """Import `paths` into `lib`; the report says what came in and what moved.

    All or nothing, unless `keep_going`: then each file is all or nothing on its own and
    the files that could not be read are listed in `report.failed`.
    """
    paths = list(paths)
    if not paths:
        raise DomainError("Choose at least one file to import.")
    report = read_files(paths, profile, keep_going=keep_going)
    save_report(lib, report, progress)
    return report


def csrd_present(lib: Library) -> bool:
    """Whether CSRD content was imported (the About box then shows the license notice)."""
    return bool(lib.meta_get("csrd_imported")) or bool(lib.search(tags=[CSRD_TAG], limit=1))
