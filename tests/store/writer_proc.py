"""A process that writes to a library in a loop, for the crash and concurrency tests.

    python writer_proc.py LIBRARY crash            # until killed; prints each committed counter
    python writer_proc.py LIBRARY concurrent NAME N GO_FILE

In `crash` mode every iteration is one transaction that stores the counter and adds
entries (every fifth iteration a batch of 50), then prints the counter: a printed
counter is committed, and the one after it may be.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from numdesk.model.character import Character
from numdesk.model.creature import Creature
from numdesk.model.encounter import Encounter
from numdesk.model.history import HistoryEntry
from numdesk.store import Library

COUNTER_UID = "counter"
BATCH = 50


def entries_added(counter: int) -> int:
    """How many creatures iterations 1..counter add in crash mode."""
    return sum(BATCH if i % 5 == 0 else 1 for i in range(1, counter + 1))


def crash(lib: Library) -> None:
    counter = lib.encounters.load(COUNTER_UID) if lib.has(COUNTER_UID) else None
    state = counter or Encounter("counter", uid=COUNTER_UID)
    print("ready", flush=True)
    while True:
        state.round += 1
        i = state.round
        n = BATCH if i % 5 == 0 else 1
        new = [
            Creature(f"c{i}x{k}", level=1 + k % 10, description=f"iteration {i}") for k in range(n)
        ]
        lib.save_many([state, *new])
        print(i, flush=True)


def concurrent(lib: Library, name: str, count: int, go: Path) -> None:
    hero = Character(f"{name} hero")
    lib.characters.save(hero)
    print("ready", flush=True)
    while not go.exists():
        time.sleep(0.005)
    for i in range(count):
        monster = Creature(f"{name} {i}", level=1 + i % 10)
        lib.creatures.save(monster)
        hero.history.append(HistoryEntry(f"{name} step {i}"))
        lib.characters.save(hero)
        lib.meta_set(f"{name}-last", i)
        if i % 10 == 0:
            lib.set_tags(monster.uid, [name, "shared"])
        if i % 20 == 0:
            lib.save_many(Creature(f"{name} batch {i}-{k}") for k in range(20))
    print("done", flush=True)


def main() -> None:
    path, mode = Path(sys.argv[1]), sys.argv[2]
    with Library.open(path, starter=False) as lib:
        if mode == "crash":
            crash(lib)
        else:
            concurrent(lib, sys.argv[3], int(sys.argv[4]), Path(sys.argv[5]))


if __name__ == "__main__":
    main()
