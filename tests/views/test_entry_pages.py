"""Templates and creatures open as readable pages; reading and closing writes nothing."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from numdesk.controllers.library import LibraryController
from numdesk.model.kinds import EntryKind
from numdesk.store import Library
from numdesk.views.entry_editor import EntryEditor
from tests.views.main_window_helpers import make_settings


def _row(path: Path, uid: str) -> tuple[object, ...]:
    with sqlite3.connect(path) as db:
        row = db.execute("SELECT * FROM entries WHERE uid = ?", (uid,)).fetchone()
    assert row is not None
    return tuple(row)


def _uid(library: Library, kind: EntryKind, name: str) -> str:
    found = [s for s in library.search(name, kinds=[kind]) if s.name == name]
    assert found, name
    return found[0].uid


@pytest.mark.parametrize(
    ("kind", "name", "words"),
    [
        (EntryKind.TYPE, "Warrior", ["Stat Pools", "Abilities by tier", "choose 4", "Bash"]),
        (EntryKind.FOCUS, "Bears a Halo of Fire", ["Shroud of Flame", "✔ given", "choose 1"]),
        (EntryKind.DESCRIPTOR, "Strong", ["Very Powerful", "+4 Might from Very Powerful"]),
        (EntryKind.CREATURE, "Abomination", ["Health", "Armor", "Combat"]),
    ],
)
def test_open_read_close_changes_nothing(
    qtbot: QtBot,
    csrd_library: Library,
    tmp_path: Path,
    kind: EntryKind,
    name: str,
    words: list[str],
) -> None:
    controller = LibraryController(csrd_library, make_settings(tmp_path))
    uid = _uid(csrd_library, kind, name)
    before = _row(csrd_library.path, uid)
    editor = EntryEditor(controller, uid)
    qtbot.addWidget(editor)
    editor.resize(1366, 768)
    editor.show()
    assert editor.reading  # the page first, not the form
    assert editor.reader is not None
    text = editor.reader.text()
    for word in words:
        assert word in text
    assert "{" not in text and "[]" not in text  # never raw JSON
    editor.start_editing()
    assert not editor.reading
    editor.commit_all()  # what closing the tab does
    assert controller.undo_stack.count() == 0
    assert _row(csrd_library.path, uid) == before


def test_edit_from_the_page_stores_one_change(
    qtbot: QtBot, csrd_library: Library, tmp_path: Path
) -> None:
    controller = LibraryController(csrd_library, make_settings(tmp_path))
    uid = _uid(csrd_library, EntryKind.TYPE, "Warrior")
    editor = EntryEditor(controller, uid)
    qtbot.addWidget(editor)
    editor.start_editing()
    field = editor.fields["description"]
    field.edit.setPlainText("Fights for a living.")  # type: ignore[attr-defined]
    editor.commit_all()
    assert controller.undo_stack.count() == 1
    assert csrd_library.load(uid).description == "Fights for a living."  # type: ignore[union-attr]
    assert "Fights for a living." in editor.reader.text()  # type: ignore[union-attr]


def test_abilities_by_tier_are_a_table(qtbot: QtBot, csrd_library: Library, tmp_path: Path) -> None:
    from numdesk.views.entry_editor.tables import TiersTable

    controller = LibraryController(csrd_library, make_settings(tmp_path))
    uid = _uid(csrd_library, EntryKind.FOCUS, "Bears a Halo of Fire")
    editor = EntryEditor(controller, uid)
    qtbot.addWidget(editor)
    editor.start_editing()
    field = editor.fields["tiers"]
    assert isinstance(field, TiersTable)
    table = field.table
    cells = [[table.item(r, c).text() for c in range(3)] for r in range(table.rowCount())]
    assert ["1", "0", "Shroud of Flame"] in cells
    assert ["3", "1", "Wings of Fire"] in cells  # tier 3: choose 1 of two
    table.item(0, 0).setText("x")
    assert editor.error_text("tiers") == "Row 1: the tier must be a whole number."
    assert controller.undo_stack.count() == 0  # refused: nothing stored
    table.item(0, 0).setText("1")
    table.item(0, 2).setText("Shroud of Embers")
    assert controller.undo_stack.count() == 1
    stored = csrd_library.load(uid)
    names = [a.name for group in stored.tiers for a in group.abilities]  # type: ignore[union-attr]
    assert "Shroud of Embers" in names and "Shroud of Flame" not in names
    tiers = [(g.tier, g.choose) for g in stored.tiers]  # type: ignore[union-attr]
    assert (3, 1) in tiers and (1, 0) in tiers
