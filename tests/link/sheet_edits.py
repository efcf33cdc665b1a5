"""Edits a character the way another numdesk would: read, change, revision-checked save,
and try again if someone saved first. Prints "acked <what>" after each save.

    sheet_edits.py LIBRARY NAME xp=5 notes=text speed=4 item=Token damage=2 ...
    sheet_edits.py LIBRARY NAME --random N --seed S --role player|gm
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from numdesk.model.character import Character
from numdesk.model.history import HistoryEntry
from numdesk.model.items import Equipment
from numdesk.model.operations.damage import TakeDamage
from numdesk.rules.types import DamageType, Stat
from numdesk.store import Library
from numdesk.store.commit import ConflictError, Write


def change(character: Character, what: str) -> None:
    key, _, value = what.partition("=")
    if key in ("xp", "shins", "tier"):
        setattr(character, key, int(value))
    elif key == "notes":
        character.notes = value
    elif key in ("might", "speed", "intellect"):
        character.pools[Stat(key)].current = int(value)
    elif key == "item":
        character.equipment.append(Equipment(name=value))
    elif key == "damage":
        TakeDamage(int(value), DamageType.MIGHT).apply(character)
        return
    else:
        raise SystemExit(f"unknown change {what}")
    character.history.append(HistoryEntry(f"set {what}"))


def save(library: Library, uid: str, what: str) -> None:
    while True:
        character, revision = library.load_revision(uid)
        assert isinstance(character, Character)
        change(character, what)
        try:
            library.commit([Write(uid, character, revision)])
        except ConflictError:
            continue
        print(f"acked {what}", flush=True)
        return


def main() -> None:
    library = Library.open(Path(sys.argv[1]), create=False)
    found = library.characters.find_by_name(sys.argv[2])
    assert found is not None
    args = sys.argv[3:]
    if args and args[0] == "--random":
        count, seed, role = int(args[1]), int(args[3]), args[5]
        rng = random.Random(seed)
        for i in range(count):
            if role == "gm":
                what = rng.choice([f"damage={rng.randint(1, 2)}", f"might={rng.randint(5, 10)}"])
            else:
                what = rng.choice([f"item=t{seed}-{i}", f"xp={i}", f"notes=n{seed}-{i}"])
            save(library, found.uid, what)
    else:
        for what in args:
            save(library, found.uid, what)
    print("done", flush=True)
    library.close()


if __name__ == "__main__":
    main()
