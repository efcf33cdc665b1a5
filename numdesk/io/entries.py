"""What every importer produces: model objects with their tags, and a report of the import."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from numdesk.model.kinds import EntryKind, ModelObject, kind_of

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


@dataclass
class ImportedEntry:
    """One parsed entry, ready to save: the object and how it is filed in the library."""

    obj: ModelObject
    tags: list[str] = field(default_factory=list)
    favourite: bool = False

    @property
    def kind(self) -> EntryKind:
        return kind_of(self.obj)


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

    def counts(self) -> Counter[EntryKind]:
        return Counter(e.kind for e in self.entries)

    def summary(self) -> str:
        """One line for the CLI and the status bar."""
        total = len(self.entries)
        parts = [
            f"{n:,} {_PLURALS[k] if n != 1 else k.value}"
            for k, n in sorted(self.counts().items(), key=lambda kv: -kv[1])
        ]
        noun = "entry" if total == 1 else "entries"
        text = f"Imported {total:,} {noun} from {self.path.name}"
        if parts:
            text += f" ({', '.join(parts)})"
        if self.unchanged:
            text += f"; {self.unchanged:,} already up to date"
        if self.kept:
            text += f"; kept {len(self.kept):,} you had edited"
        return text + "."


@dataclass
class ImportReport:
    """The result of importing one or more files in one go."""

    files: list[FileImport] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(len(f.entries) for f in self.files)

    @property
    def notes(self) -> list[str]:
        """Everything moved or dropped, each line prefixed with its file's name."""
        return [f"{f.path.name}: {note}" for f in self.files for note in f.notes]

    def summary(self) -> str:
        return "\n".join(f.summary() for f in self.files)
