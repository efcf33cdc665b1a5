"""The fight benchmark: fight actions as the fight grows (issue 25).

Real fight windows (offscreen, 1366 × 768) on one library, each figure beside a
yardstick measured in the same run, interleaved round by round:

- an area attack on every NPC, its undo and its redo, with 500 combatants against the
  same with 50 (target ≤ 0.25 s at 500; linear: 500 costs about ten times 50, not a
  hundred);
- an undo in a fight of 50 combatants (target ≤ 16 ms) beside the action it undoes;
- a hit after 2,000 fight actions against the same hit in a fresh fight (target ≤ 1.2 ×):
  the 2,000 actions are really played (damage and healing through the controller);
  beside it the same hit after 60 actions, when the fight's log list is just full, to
  tell what grows with the log from what a full (scrolling) list costs each action.

An action is the whole work of the GM's click: the operation, the save with its undo
journal line, the window refreshing from the signal and the `processEvents()` that
paints it. Never asserts times.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from numdesk.bench.scale import load_average
from numdesk.bench.timing import Timer

#: Rounds of each measurement.
ROUNDS = 8
#: Fight actions played before the "long fight" hit is timed.
PLAYED = 2000
#: Fight actions played in the "full log" yardstick: its log list is full (a fresh
#: fight's five lines are not, and a full list scrolls and repaints with each action).
FULL = 60


def bench_fight(
    folder: Path, rounds: int = ROUNDS, big: int = 500, small: int = 50, played: int = PLAYED
) -> list[tuple[str, str]]:
    """Build the fights in `folder`, open them and time area attacks, undo and hits."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from numdesk.controllers.library import LibraryController
    from numdesk.model.operations.encounter_health import DamageCombatant, Heal
    from numdesk.store import Library
    from numdesk.views.encounter import EncounterWindow, open_encounter_window

    app = QApplication.instance() or QApplication([])
    path = folder / "fights.numdesk"
    fights = {f"{big} combatants": big, f"{small} combatants": small, "long fight": small}
    fights["fresh fight"] = small
    fights["full log"] = small
    with Library.create(path, starter=False) as library:
        made = {label: _fight(library, label, size) for label, size in fights.items()}
    controller = LibraryController(Library.open(path))
    windows: dict[str, EncounterWindow] = {}
    for label, uid in made.items():
        window = open_encounter_window(controller, uid)
        assert isinstance(window, EncounterWindow)
        window.resize(1366, 768)
        window.show()
        windows[label] = window
    app.processEvents()

    long_fight = windows["long fight"].controller
    for fight, actions in ((long_fight, played), (windows["full log"].controller, FULL)):
        npcs = [c.uid for c in fight.encounter.combatants if c.side == "npc"]
        for n in range(actions):  # a long evening: hits and healing, saved and journalled
            uid = npcs[(n // 2) % len(npcs)]  # hit, then healed: nobody falls
            fight.apply(DamageCombatant(uid, 1) if n % 2 == 0 else Heal(uid, 1))
    app.processEvents()
    load = [load_average()]
    timers: dict[str, Timer] = {}

    def timed(what: str, action: Callable[[], object]) -> None:
        def run() -> None:
            action()
            app.processEvents()

        timers.setdefault(what, Timer()).time(run)

    def area(label: str) -> None:
        window = windows[label]
        stack = window.controller.undo_stack
        window.select_npcs()
        window.panel.amount.setValue(2)
        timed(f"area attack, {label}", window.panel.damage_selected)
        timed(f"its undo, {label}", stack.undo)
        timed(f"its redo, {label}", stack.redo)
        stack.undo()  # the fight as it was, for the next round
        app.processEvents()

    def hit(label: str, what: str, undo: bool = False) -> None:
        window = windows[label]
        target = _first_npc(window)
        timed(f"{what}, {label}", lambda: window.controller.apply(DamageCombatant(target, 1)))
        stack = window.controller.undo_stack
        if undo:
            timed(f"undo of it, {label}", stack.undo)
        else:
            stack.undo()
            app.processEvents()

    for label in windows:  # warm up
        hit(label, "warm-up", undo=True)
    timers.clear()
    for _ in range(rounds):
        area(f"{big} combatants")
        area(f"{small} combatants")
        for _ in range(3):
            hit(f"{small} combatants", "a hit", undo=True)
            hit("long fight", "a hit")
            hit("fresh fight", "a hit")
            hit("full log", "a hit")
    load.append(load_average())
    log_lines = len(long_fight.encounter.log)
    for window in windows.values():
        window.close()
    controller.close()
    return _rows(timers, load, big, small, played, log_lines)


def _fight(library: Any, name: str, size: int) -> str:
    """A stored fight of `size` combatants (4 PCs, the rest NPCs) in round 1."""
    from numdesk.model.character import Character
    from numdesk.model.creature import Creature
    from numdesk.model.encounter import Encounter
    from numdesk.model.encounter_prep import creature_combatants, pc_combatant
    from numdesk.model.operations.encounter import NextTurn, SetInitiative

    pcs = [Character(f"{name} hero {i}") for i in range(4)]
    raider = Creature("Raider", level=3, health=30, armor=0, damage="4")
    encounter = Encounter(name)
    encounter.combatants = [pc_combatant(c) for c in pcs]
    while len(encounter.combatants) < size:
        count = min(50, size - len(encounter.combatants))
        taken = [c.name for c in encounter.combatants]
        encounter.combatants += creature_combatants(raider, count, taken)
    for number, combatant in enumerate(encounter.combatants[:4]):
        SetInitiative(combatant.uid, 5 + number * 4).apply(encounter)
    NextTurn().apply(encounter)
    library.save_many([*pcs, raider, encounter])
    return encounter.uid


def _first_npc(window: Any) -> str:
    return str(next(c.uid for c in window.controller.encounter.combatants if c.side == "npc"))


def _rows(
    timers: dict[str, Timer], load: list[str], big: int, small: int, played: int, log_lines: int
) -> list[tuple[str, str]]:
    rows = [("machine load (1, 5, 15 minutes) at the start; at the end", "; ".join(load))]
    for what in ("area attack", "its undo", "its redo"):
        mine = timers[f"{what}, {big} combatants"]
        yardstick = timers[f"{what}, {small} combatants"]
        rows.append((f"{what} on every NPC, {big} combatants (target ≤ 0.25 s)", mine.report()))
        rows.append((f"{what} on every NPC, yardstick: {small} combatants", yardstick.report()))
        rows.append((f"{what}, {big} ÷ {small} combatants (linear: about {big // small})",
                     mine.ratio(yardstick)))  # fmt: skip
    undo, hit = timers[f"undo of it, {small} combatants"], timers[f"a hit, {small} combatants"]
    rows.append((f"undo of a hit, {small} combatants (target ≤ 16 ms)", undo.report()))
    rows.append((f"yardstick: the hit itself, {small} combatants", hit.report()))
    long, fresh = timers["a hit, long fight"], timers["a hit, fresh fight"]
    rows.append((
        f"a hit after {played:,} fight actions ({log_lines:,} log lines; target ≤ 1.2 ×)",
        long.report(),
    ))  # fmt: skip
    rows.append(("yardstick: the same hit in a fresh fight", fresh.report()))
    rows.append((f"a hit after {played:,} actions ÷ in a fresh fight", long.ratio(fresh)))
    full = timers["a hit, full log"]
    rows.append((f"yardstick: the same hit after {FULL} actions (the log list full)",
                 full.report()))  # fmt: skip
    rows.append((f"a hit after {played:,} actions ÷ after {FULL}", long.ratio(full)))
    return rows
