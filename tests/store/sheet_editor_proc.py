"""A numdesk process editing one character through its real controller, for the
two-writer and crash tests.

    python sheet_editor_proc.py LIBRARY xp CHARACTER_UID N GO_FILE
        gives 1 XP N times (retrying each refused save), printing "ack" after each
        acknowledged one, then "done <acks> <conflicts>"
    python sheet_editor_proc.py LIBRARY damage ENCOUNTER_UID COMBATANT_UID
        damages the PC from the fight and is killed (os._exit) inside the transaction,
        after the sheet and the encounter rows are written and before the commit
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from PySide6.QtCore import QCoreApplication

from numdesk.controllers.character import CharacterController
from numdesk.controllers.encounter import EncounterController
from numdesk.controllers.library import LibraryController
from numdesk.model.operations.xp import AwardXp
from numdesk.store import Library
from numdesk.store.commit import ConflictError


def give_xp(lib: Library, uid: str, count: int, go: Path) -> None:
    controller = CharacterController(lib, uid)
    while not go.exists():
        time.sleep(0.01)
    acks = conflicts = 0
    while acks < count:
        try:
            controller.apply(AwardXp(1, "a point"))
        except ConflictError:
            conflicts += 1  # the sheet reloaded; make the change again, as a player would
            continue
        acks += 1
        print("ack", flush=True)
    print(f"done {acks} {conflicts}", flush=True)


def damage_and_die(lib: Library, encounter_uid: str, combatant_uid: str) -> None:
    import numdesk.store.commit as commit

    def die(*_args: object) -> None:
        os._exit(9)  # killed after every row of the action is written, before COMMIT

    commit.write_journal = die  # type: ignore[assignment]
    hub = LibraryController(lib)
    fight = EncounterController(hub, encounter_uid)
    fight.damage_pc(combatant_uid, 3)
    print("not killed", flush=True)


def main() -> None:
    QCoreApplication.instance() or QCoreApplication([])
    path, mode, *args = sys.argv[1:]
    lib = Library.open(Path(path), create=False, auto_backup=False)
    if mode == "xp":
        give_xp(lib, args[0], int(args[1]), Path(args[2]))
    else:
        damage_and_die(lib, args[0], args[1])
    lib.close()


if __name__ == "__main__":
    main()
