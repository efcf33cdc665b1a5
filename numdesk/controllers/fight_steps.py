"""What the encounter controller collects and writes for a fight action: the undo
changes and writes of the PCs' sheets it changed, the actions of a multi-target step
(an area attack) until they are written together, and a fight read back in place."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from numdesk.controllers.entry_change import EntryChange
from numdesk.controllers.fight_sheets import SheetChange
from numdesk.model.character import Character
from numdesk.model.encounter import Encounter
from numdesk.model.serialize import entry_data
from numdesk.store.commit import Write


def take(encounter: Encounter, stored: Encounter) -> None:
    """Make `encounter` equal `stored` in place: the window's models follow the same
    lists (the log grows or shrinks at its end instead of being shown anew)."""
    for f in dataclasses.fields(encounter):
        mine, theirs = getattr(encounter, f.name), getattr(stored, f.name)
        if isinstance(mine, list) and isinstance(theirs, list):
            mine[:] = theirs
        else:
            setattr(encounter, f.name, theirs)


def sheet_steps(sheets: Sequence[SheetChange]) -> tuple[list[EntryChange], list[Write]]:
    """The undo changes and the writes of the PCs' sheets a fight action changed."""
    changes, writes = [], []
    for sheet in sheets:
        after = entry_data(sheet.sheet)
        changes.append(EntryChange.action(sheet.sheet, sheet.before, after, sheet.length))
        uid, revision = sheet.sheet.uid, sheet.revision
        writes.append(Write(uid, sheet.sheet, revision, data=after, lines_kept=sheet.length))
    return changes, writes


@dataclasses.dataclass
class Group:
    """The actions of one multi-target step, collected until they are written together.

    The encounter is converted and diffed once for the whole step, at its end, against
    `before` (its `entry_data`) and the `length` of its log then.
    """

    before: dict[str, Any]
    length: int
    #: whether any action was applied (the step is journalled even if it changed nothing)
    ran: bool = False
    changes: list[EntryChange] = dataclasses.field(default_factory=list)
    #: uid -> the write: the revision first read, the object as it is last
    writes: dict[str, Write] = dataclasses.field(default_factory=dict)
    #: the PCs' sheets changed so far (a second change starts from the first's result)
    sheets: dict[str, tuple[Character, int]] = dataclasses.field(default_factory=dict)
