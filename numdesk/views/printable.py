"""What a print or PDF of library entries holds: one part per character (its sheet) or
encounter (its encounter sheet, with the linked stat blocks and sheets), one stat-block
part for all creatures; and the file dialog's paper choices.

Shared by File > Export PDF / Print in the main window and by the fight window's Print
and Export PDF, so both print the same pages.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from numdesk.model.character import Character
from numdesk.model.creature import Creature
from numdesk.model.encounter import Encounter
from numdesk.model.errors import DomainError
from numdesk.printing import Part, character_part, creatures_part, encounter_part

if TYPE_CHECKING:
    from numdesk.controllers.library import LibraryController

#: `translate("Context", "literal")`: a call lupdate extracts
translate = QCoreApplication.translate


def printable_parts(
    controller: LibraryController, uids: Sequence[str], blank: bool = False
) -> list[Part]:
    """One part per character or encounter, one stat-block part for all creatures;
    `blank` leaves current Pools and health empty for pencil play."""
    parts: list[Part] = []
    creatures: list[Creature] = []
    for uid in uids:
        entry = controller.load_resolved(uid)
        if isinstance(entry, Character):
            parts.append(character_part(entry, blank))
        elif isinstance(entry, Creature):
            creatures.append(entry)
        elif isinstance(entry, Encounter):
            parts.append(_encounter_part(controller, entry, blank))
    if creatures:
        parts.append(creatures_part(creatures, blank))
    if not parts:
        raise DomainError(
            translate(
                "Printing",
                "Only characters, creatures and encounters can be printed; select one of them.",
            )
        )
    return parts


def _encounter_part(controller: LibraryController, encounter: Encounter, blank: bool) -> Part:
    creatures: dict[str, Creature] = {}
    characters: dict[str, Character] = {}
    for combatant in encounter.combatants:
        uid = combatant.source_uid
        if not uid or uid in creatures or uid in characters:
            continue
        try:
            linked = controller.load_resolved(uid)
        except DomainError:
            continue  # a deleted stat block: the encounter sheet shows the combatant alone
        if isinstance(linked, Creature):
            creatures[uid] = linked
        elif isinstance(linked, Character):
            characters[uid] = linked
    return encounter_part(encounter, creatures, characters, blank)


def paper_filters() -> dict[str, str]:
    """File dialog filters that also choose the paper ("A4" or "Letter")."""
    return {
        "A4": translate("Printing", "PDF on A4 paper (*.pdf)"),
        "Letter": translate("Printing", "PDF on US Letter paper (*.pdf)"),
    }
