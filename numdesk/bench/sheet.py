"""The sheet benchmark: a click on a sheet as the work on it grows (issue 25).

Sheets of one library are open side by side in real sheet windows (offscreen, 1366 ×
768), each with its own yardstick measured in the same run, interleaved round by round
so a busy machine slows both alike:

- a sheet with 5,000 history lines against the same sheet with 100 (target: a click
  ≤ 16 ms and ≤ 1.2 × the short one), with the Play side (as a sheet opens) and with
  the History side shown, and their undo and redo;
- a sheet with 1,000 equipment entries against one with 10 (target ≤ 50 ms a click):
  a Pool click and an edit of one entry, and their undo.

A click is the operation through the sheet's controller (save, undo journal, history
line) and the `processEvents()` that redraws the window. Never asserts times.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from numdesk.bench.scale import load_average
from numdesk.bench.timing import Timer

#: Rounds per measurement (each round times every sheet once, in turn).
ROUNDS = 40


@dataclass
class _Sheet:
    """One open sheet window and its timers."""

    label: str
    widget: Any
    timers: dict[str, Timer]


def bench_sheet(
    folder: Path, rounds: int = ROUNDS, lines: int = 5000, entries: int = 1000
) -> list[tuple[str, str]]:
    """Build the sheets in `folder`, open them and time clicks, undo and redo: the big
    ones have `lines` history lines and `entries` list entries."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from numdesk.controllers.character import CharacterController
    from numdesk.controllers.library import LibraryController
    from numdesk.model.operations import SetItemField, SetPool
    from numdesk.rules.types import Stat
    from numdesk.store import Library
    from numdesk.views.sheet import SheetWidget

    app = QApplication.instance() or QApplication([])
    path = folder / "sheets.numdesk"
    long, big = f"{lines:,} history lines", f"{entries:,} list entries"
    made = {
        "100 history lines": _character(100, 0),
        long: _character(lines, 0),
        "10 list entries": _character(100, 10),
        big: _character(100, entries),
    }
    with Library.create(path, starter=False) as library:
        library.save_many(made.values())
    controller = LibraryController(Library.open(path))
    sheets: list[_Sheet] = []
    for label, character in made.items():
        widget = SheetWidget(CharacterController(controller.library, character.uid, controller))
        widget.resize(1366, 768)
        widget.show()
        sheets.append(_Sheet(label, widget, {}))
    app.processEvents()
    load = [load_average()]

    def timed(sheet: _Sheet, what: str, action: Callable[[], object]) -> None:
        def run() -> None:
            action()
            app.processEvents()

        sheet.timers.setdefault(what, Timer()).time(run)

    def play(sheet: _Sheet, what: str, count: int, act: Callable[[int], object]) -> None:
        stack = sheet.widget.controller.undo_stack
        for n in range(count):
            timed(sheet, f"click ({what})", lambda n=n: act(n))
        for _ in range(count):
            timed(sheet, f"undo ({what})", stack.undo)
        for _ in range(count):
            timed(sheet, f"redo ({what})", stack.redo)

    def pool_click(sheet: _Sheet) -> Callable[[int], object]:
        controller = sheet.widget.controller
        return lambda n: controller.apply(SetPool(Stat.MIGHT, current=3 + n % 7))

    def entry_edit(sheet: _Sheet) -> Callable[[int], object]:
        controller = sheet.widget.controller
        return lambda n: controller.apply(SetItemField("equipment", 5, "quantity", 2 + n % 7))

    for sheet in sheets:  # warm up: the first click fills caches and lays out anew
        play(sheet, "warm-up", 3, pool_click(sheet))
        sheet.timers.clear()
    per_round = 2
    for _ in range(max(1, rounds // per_round)):
        for sheet in sheets:
            play(sheet, "Play side", per_round, pool_click(sheet))
        for sheet in sheets[:2]:
            sheet.widget.side.setCurrentWidget(sheet.widget.history_panel)
            play(sheet, "History side", per_round, pool_click(sheet))
            sheet.widget.side.setCurrentIndex(0)
        for sheet in sheets[2:]:
            play(sheet, "one entry edited", per_round, entry_edit(sheet))
    load.append(load_average())
    for sheet in sheets:
        sheet.widget.close()
    controller.close()
    return _rows(sheets, load, long, big)


def _character(lines: int, entries: int) -> Any:
    from numdesk.model.character import Character
    from numdesk.model.history import HistoryEntry
    from numdesk.model.items import Equipment

    return Character(
        f"Sheet with {lines} lines and {entries} entries",
        equipment=[Equipment(f"Gear {i}", quantity=1 + i % 3) for i in range(entries)],
        history=[
            HistoryEntry(f"Took {i % 5} Might damage from a hidden archer", kind="pools")
            for i in range(lines)
        ],
    )


def _rows(sheets: list[_Sheet], load: list[str], long: str, big: str) -> list[tuple[str, str]]:
    by_label = {sheet.label: sheet for sheet in sheets}
    pairs = (
        (long, "100 history lines", "≤ 16 ms and ≤ 1.2 ×"),
        (big, "10 list entries", "≤ 50 ms"),
    )
    rows = [("machine load (1, 5, 15 minutes) at the start; at the end", "; ".join(load))]
    for big, small, target in pairs:
        for what in by_label[big].timers:
            mine, yardstick = by_label[big].timers[what], by_label[small].timers[what]
            rows.append((f"{what}, {big} (target {target})", mine.report()))
            rows.append((f"{what}, yardstick: {small}", yardstick.report()))
            rows.append((f"{what}, {big} ÷ {small}", mine.ratio(yardstick)))
    return rows
