"""The library browser on libraries of 1,000 to 200,000 entries, each figure beside its
yardstick measured in the same run.

- keystroke: the real `LibraryBrowser.refresh` (count, first page, table reset) for
  every prefix of `TYPED`, against the raw FTS5 query a search box would run: the same
  words ranked by bm25, first 100 (`ORDER BY bm25(...) LIMIT 100`), on its own
  connection;
- sorted keystroke: the same in a second browser with the Level column sorted, against
  the unsorted one; each keystroke is timed `REPEATS` times in the three, taking turns,
  and its median kept; each keystroke figure is given in CPU time as well (a key press
  the scheduler interrupts shows its wait in wall-clock time, not in CPU time);
- pages: scrolling a broad search (unsorted, and sorted) and the whole library sorted by
  name, page by page, against the first page;
- a save elsewhere: what one save made on a sheet costs the browser showing a search,
  against the full new listing it used to cost.
"""

from __future__ import annotations

import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from numdesk.bench.scale import Samples, load_average, ms, ratio, scale_library, short
from numdesk.bench.store import TYPED

if TYPE_CHECKING:
    from numdesk.views.library.browser import LibraryBrowser

#: Broad words for the scrolling measurement (match most of the library).
SCROLLED = "sha"
#: Pages read at most while scrolling one listing.
MAX_PAGES = 400
#: Timings of each keystroke (its median is kept): timed once, the few keystrokes the
#: machine slowed set a p95, and the sorted and unsorted ones were typed a minute apart
#: (the sorted p95 at 200k came out at 1.14-1.24 × the unsorted; 0.97 × timed thrice).
REPEATS = 3


def keystrokes() -> list[str]:
    """Every prefix of the typed words, as a user types them letter by letter."""
    return [word[:end] for word in TYPED for end in range(1, len(word) + 1)]


@contextmanager
def _browser(path: Path) -> Iterator[LibraryBrowser]:
    """A `LibraryBrowser` on the library at `path` (settings in a throw-away folder)."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from numdesk.app import freeze_start_objects
    from numdesk.controllers.library import LibraryController
    from numdesk.controllers.settings import AppSettings
    from numdesk.views.library.browser import LibraryBrowser

    _app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory(prefix="numdesk-bench-settings-") as home:
        ini = QSettings(str(Path(home) / "settings.ini"), QSettings.Format.IniFormat)
        controller = LibraryController(settings=AppSettings(ini))
        controller.open_library(path)
        browser = LibraryBrowser(controller)
        freeze_start_objects()  # as the app does once the library is open
        browser.resize(900, 700)
        try:
            yield browser
        finally:
            browser.deleteLater()
            controller.close()


def _raw_ranked(conn: sqlite3.Connection, text: str) -> None:
    from numdesk.store.search import fts_query

    match = fts_query(text)
    sql = (
        "SELECT rowid FROM entries_fts WHERE entries_fts MATCH ?"
        " ORDER BY bm25(entries_fts, 10.0, 4.0, 1.0) LIMIT 100"
    )
    conn.execute(sql, (match,)).fetchall()


def _type(browsers: list[LibraryBrowser], conn: sqlite3.Connection) -> list[Samples]:
    """Every keystroke through each of `browsers` and through the raw ranked query, each
    timed `REPEATS` times taking turns: one `Samples` per browser, then the raw query's,
    holding each keystroke's median."""
    typed = [Samples() for _ in range(len(browsers) + 1)]
    for text in keystrokes():
        for browser in browsers:
            browser.search_edit.blockSignals(True)
            browser.search_edit.setText(text)
            browser.search_edit.blockSignals(False)
        timings = [Samples() for _ in typed]
        for _ in range(REPEATS):
            for browser, timing in zip(browsers, timings, strict=False):
                timing.time(browser.refresh)
            timings[-1].time(lambda text=text: _raw_ranked(conn, text))
        for samples, timing in zip(typed, timings, strict=True):
            samples.wall.append(timing.median())
            samples.cpu.append(timing.median(cpu=True))
    return typed


def _scroll(browser: LibraryBrowser) -> tuple[Samples, Samples]:
    """The first page's times (5 before the scroll and 5 after it: the machine and
    SQLite's page cache as the pages had them), and every later page's while scrolling."""
    model = browser.model
    first = Samples()
    for _ in range(5):
        first.time(browser.refresh)
    pages = Samples()
    while model.canFetchMore() and len(pages.wall) < MAX_PAGES:
        pages.time(model.fetchMore)
    for _ in range(5):
        first.time(browser.refresh)
    return first, pages


def _keystroke_rows(
    size: int, browser: LibraryBrowser, conn: sqlite3.Connection
) -> list[tuple[str, str]]:
    from PySide6.QtCore import QCoreApplication, QEvent, Qt

    from numdesk.views.library.browser import LibraryBrowser
    from numdesk.views.library.model import Column

    rows: list[tuple[str, str]] = []
    by_level = LibraryBrowser(browser.controller)
    by_level.resize(browser.size())
    by_level.model.sort(Column.LEVEL, Qt.SortOrder.DescendingOrder)
    try:
        ours, sorted_ours, raw = _type([browser, by_level], conn)
    finally:  # gone before the saves are timed: it would answer them too
        by_level.deleteLater()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    rows.append((
        f"{short(size)}: keystroke p95 (median) of {len(ours.wall)}, each the median of"
        f" {REPEATS}; yardstick: raw FTS5 ranked MATCH, first 100",
        f"{ms(ours.p95())} ({ms(ours.median())}) vs {ms(raw.p95())} ({ms(raw.median())}):"
        f" {ratio(ours.p95(), raw.p95())}; in CPU time {ms(ours.p95(cpu=True))} vs"
        f" {ms(raw.p95(cpu=True))}: {ratio(ours.p95(cpu=True), raw.p95(cpu=True))}",
    ))  # fmt: skip
    rows.append((
        f"{short(size)}: keystroke, Level column sorted (a second browser, the same"
        " keystrokes in turn), p95 (median); yardstick: unsorted",
        f"{ms(sorted_ours.p95())} ({ms(sorted_ours.median())}) vs {ms(ours.p95())}:"
        f" {ratio(sorted_ours.p95(), ours.p95())}; in CPU time"
        f" {ms(sorted_ours.p95(cpu=True))} vs {ms(ours.p95(cpu=True))}:"
        f" {ratio(sorted_ours.p95(cpu=True), ours.p95(cpu=True))}",
    ))  # fmt: skip
    return rows


def _paging_rows(size: int, browser: LibraryBrowser) -> list[tuple[str, str]]:
    from PySide6.QtCore import Qt

    from numdesk.views.library.model import Column

    rows: list[tuple[str, str]] = []
    edit = browser.search_edit
    model = browser.model
    up, down = Qt.SortOrder.AscendingOrder, Qt.SortOrder.DescendingOrder
    for label, text, column, order in (
        (f"search {SCROLLED!r}", SCROLLED, -1, up),
        (f"search {SCROLLED!r} sorted by level", SCROLLED, Column.LEVEL, down),
        (f"search {SCROLLED!r} sorted by level, lowest first", SCROLLED, Column.LEVEL, up),
        ("whole library sorted by name", "", Column.NAME, up),
        ("whole library sorted by kind", "", Column.KIND, up),
    ):
        edit.blockSignals(True)
        edit.setText(text)
        edit.blockSignals(False)
        model.sort(column, order)
        first, pages = _scroll(browser)
        if not pages.wall:
            continue
        rows.append((
            f"{short(size)}: pages of the {label} ({len(pages.wall)} after the first):"
            " p95 (median, slowest); yardstick: the first page (median of 10); the slowest"
            " page in CPU time against the first page's",
            f"{ms(pages.p95())} ({ms(pages.median())}, {ms(max(pages.wall))}) vs"
            f" {ms(first.median())}: {ratio(pages.p95(), first.median())}; slowest"
            f" {ratio(max(pages.wall), first.median())}; in CPU time {ms(max(pages.cpu))} vs"
            f" {ms(first.median(cpu=True))}: {ratio(max(pages.cpu), first.median(cpu=True))}",
        ))  # fmt: skip
    model.sort(-1, up)
    return rows


def _save_rows(size: int, browser: LibraryBrowser) -> list[tuple[str, str]]:
    """A sheet's save (`notify_saved`) while the browser shows a search."""
    from PySide6.QtWidgets import QApplication

    controller = browser.controller
    edit = browser.search_edit
    edit.blockSignals(True)
    edit.setText("iron")
    edit.blockSignals(False)
    browser.refresh()
    shown = browser.model.rows()[:20]
    saves, refreshes = Samples(), Samples()
    for summary in shown:

        def announce(uid: str = summary.uid) -> None:
            controller.notify_saved(uid)
            QApplication.processEvents()

        saves.time(announce)
        refreshes.time(browser.refresh)
    return [(
        f"{short(size)}: a save elsewhere, the browser's part, median; yardstick: a new"
        " listing (what each save cost before)",
        f"{ms(saves.median())} vs {ms(refreshes.median())}:"
        f" {ratio(saves.median(), refreshes.median())}",
    )]  # fmt: skip


def bench_browser(folder: Path, sizes: tuple[int, ...]) -> list[tuple[str, str]]:
    """Every browser measurement at every size (libraries built in `folder` if missing)."""
    rows: list[tuple[str, str]] = []
    for size in sizes:
        path = scale_library(folder, size)
        rows.append((f"{short(size)}: machine load before", load_average()))
        conn = sqlite3.connect(path)
        try:
            with _browser(path) as browser:
                rows += _keystroke_rows(size, browser, conn)
                rows += _paging_rows(size, browser)
                rows += _save_rows(size, browser)
        finally:
            conn.close()
        rows.append((f"{short(size)}: machine load after", load_average()))
    return rows
