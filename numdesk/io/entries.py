"""What every importer produces: model objects with their tags, and a report of the import."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from numdesk.model.kinds import EntryKind, ModelObject, kind_of
from numdesk.model.newer import NewerEntry

#: `progress(done, total)`: how far an import or export has got, for a progress bar.
Progress = Callable[[int, int], None]

#: Plural labels for the summary line ("193 creatures").
_PLURALS = {
    EntryKind.CHARACTER: "characters",
    EntryKind.CREATURE: "creatures",
    EntryKind.FOLLOWER: "followers",
    EntryKind.CYPHER: "cyphers",
    EntryKind.ARTIFACT: "artifacts",
    EntryKind.ODDITY: "oddities",
    EntryKind.EQUIPMENT: "equipment",
    EntryKind.WEAPON: "weapons",
    EntryKind.ARMOR: "armor",
    EntryKind.SHIELD: "shields",
    EntryKind.ABILITY: "abilities",
    EntryKind.SKILL: "skills",
    EntryKind.TYPE: "types",
    EntryKind.DESCRIPTOR: "descriptors",
    EntryKind.FOCUS: "foci",
    EntryKind.FLAVOR: "flavors",
    EntryKind.ENCOUNTER: "encounters",
    EntryKind.TABLE: "tables",
    EntryKind.RULES_SET: "rules sets",
}


#: What happened to one source field or value, for `ReportLine.outcome`.
OUTCOMES = ("moved", "changed", "refused", "skipped", "warning", "updated")


@dataclass
class ReportLine:
    """One thing a user should know about an import, next to the entry it concerns.

    `outcome` is "moved" (the value is in the entry's notes), "changed" (kept, but not
    as it was), "refused" (not imported), "skipped" (a whole actor or item left out) or
    "warning", or "updated" (an entry the library already held: this value changed;
    `source` is then the field of the entry); `source` is where the value was in the
    file ("system.combat.stress").
    """

    outcome: str
    entry: str
    source: str
    text: str

    def sentence(self) -> str:
        return f"{self.entry}: {self.text}" if self.entry else self.text

    def to_json(self) -> dict[str, str]:
        return {
            "outcome": self.outcome,
            "entry": self.entry,
            "source": self.source,
            "text": self.text,
        }


@dataclass
class ImportedEntry:
    """One parsed entry, ready to save: the object and how it is filed in the library.

    `rules_set` asks for a library rules set (base profile, name, changes) to be made on
    first need when the entry is saved; the entry then plays by it.
    """

    obj: ModelObject
    tags: list[str] = field(default_factory=list)
    favourite: bool = False
    rules_set: tuple[str, str, dict[str, object]] | None = None
    #: the entry's data as the file has it, when it holds fields a newer numdesk added
    #: (kept in the library with the entry, as a library keeps them)
    newer_data: dict[str, Any] | None = None

    @property
    def kind(self) -> EntryKind:
        return kind_of(self.obj)


@dataclass
class ImportedNewer:
    """An entry of a kind only a newer numdesk knows, read from a numdesk export: kept
    as it is, as the library keeps such entries (a backup restores whole)."""

    entry: NewerEntry
    tags: list[str] = field(default_factory=list)
    favourite: bool = False


@dataclass
class FileImport:
    """What one file yielded. `notes` lists what was moved into notes or dropped."""

    path: Path
    format: str
    entries: list[ImportedEntry] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: library meta values to set once the entries are saved (e.g. "csrd_imported")
    meta: dict[str, str] = field(default_factory=dict)
    #: names of entries left alone because the user changed them since the last import
    kept: list[str] = field(default_factory=list)
    #: entries not written because the library already holds what the file says
    unchanged: int = 0
    #: names of entries the library held that this file updated (report lines say how)
    updated: list[str] = field(default_factory=list)
    #: the structured report: each value moved, changed, refused or skipped
    lines: list[ReportLine] = field(default_factory=list)
    #: entries of kinds only a newer numdesk knows, kept as they are
    newer: list[ImportedNewer] = field(default_factory=list)

    def report_texts(self) -> list[str]:
        """Every line of the report as a sentence: the structured lines, then free notes."""
        return [line.sentence() for line in self.lines] + list(self.notes)

    def to_json(self) -> dict[str, object]:
        """This file's part of `numdesk import --report`."""
        return {
            "file": str(self.path),
            "format": self.format,
            "imported": [
                {"kind": e.kind.value, "name": e.obj.name, "uid": e.obj.uid} for e in self.entries
            ],
            "lines": [line.to_json() for line in self.lines]
            + [
                {"outcome": "warning", "entry": "", "source": "", "text": note}
                for note in self.notes
            ],
            "unchanged": self.unchanged,
            "updated": list(self.updated),
            "kept": list(self.kept),
        }

    def counts(self) -> Counter[EntryKind]:
        return Counter(e.kind for e in self.entries)

    def summary(self) -> str:
        """One line for the CLI and the status bar."""
        total = len(self.entries) + len(self.newer)
        parts = [
            f"{n:,} {_PLURALS[k] if n != 1 else k.value}"
            for k, n in sorted(self.counts().items(), key=lambda kv: -kv[1])
        ]
        if self.newer:
            parts.append(f"{len(self.newer):,} made by a newer numdesk, kept as they are")
        noun = "entry" if total == 1 else "entries"
        text = f"Imported {total:,} {noun} from {self.path.name}"
        if parts:
            text += f" ({', '.join(parts)})"
        if self.updated:
            text += f"; {len(self.updated):,} of them already in the library, updated"
        if self.unchanged:
            text += f"; {self.unchanged:,} already up to date"
        if self.kept:
            text += f"; kept {len(self.kept):,} you had edited"
        return text + "."


@dataclass
class ImportReport:
    """The result of importing one or more files in one go."""

    files: list[FileImport] = field(default_factory=list)
    #: files left out of a "keep going" import, with the reason each could not be read
    failed: list[tuple[Path, str]] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(len(f.entries) + len(f.newer) for f in self.files)

    @property
    def notes(self) -> list[str]:
        """Everything moved or dropped, each line prefixed with its file's name."""
        return [f"{f.path.name}: {text}" for f in self.files for text in f.report_texts()]

    def summary(self) -> str:
        lines = [f.summary() for f in self.files]
        lines += [f"Not imported: {message}" for _path, message in self.failed]
        return "\n".join(lines)

    def to_json(self) -> dict[str, object]:
        """The whole report as plain JSON values (`numdesk import --report FILE.json`)."""
        return {
            "files": [f.to_json() for f in self.files],
            "failed": [{"file": str(p), "error": message} for p, message in self.failed],
        }
