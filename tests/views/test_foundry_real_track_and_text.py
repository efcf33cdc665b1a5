"""Issue 24, cause 9, on the real Foundry actor documents: the extra damage-track step of
the Cypher System sheet ("Hurt") is kept and shown, a companion's paragraphs keep their
labels, and the cells of an HTML table in a sheet's notes stay apart."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QPlainTextEdit, QRadioButton
from pytestqt.qtbot import QtBot

from numdesk.controllers.library import LibraryController
from numdesk.io.importer import import_files
from numdesk.model.follower import Follower
from numdesk.rules.types import DamageTrackState
from numdesk.store import Library
from numdesk.views.encounter.table import Column
from numdesk.views.entry_editor import EntryEditor
from numdesk.views.forms import child
from numdesk.views.sheet.sheet_widget import SheetWidget
from tests.foundry_real import exchanged, exchanged_character, import_real, printed, real_actor
from tests.views.encounter_helpers import Table, add_from_library
from tests.views.main_window_helpers import make_settings
from tests.views.sheet_helpers import open_sheet


def _track_button(sheet: SheetWidget, text: str) -> QRadioButton:
    buttons = [
        b for b in sheet.form.findChildren(QRadioButton) if b.text().replace("&", "") == text
    ]
    assert buttons, f"no damage track button {text!r}"
    return buttons[0]


def test_the_extra_damage_track_step_is_kept_and_shown(
    qtbot: QtBot, library: Library, tmp_path: Path
) -> None:
    pc = import_real(library, "cs3-pc-t5-strange-recursions.json")
    assert pc.damage_track is DamageTrackState.HALE
    assert (pc.track_extra_step, pc.at_track_extra_step) == ("Hurt", True)

    controller, sheet = open_sheet(qtbot, library, pc.uid)
    hurt = _track_button(sheet, "Hurt")
    assert hurt.isVisible() and hurt.isChecked()
    assert not _track_button(sheet, "Hale").isChecked()
    # one step down from Hurt is Impaired, as on the Foundry sheet; undo comes back to Hurt
    _track_button(sheet, "Impaired").click()
    assert controller.character.damage_track is DamageTrackState.IMPAIRED
    assert not controller.character.at_track_extra_step and not hurt.isChecked()
    controller.undo_stack.undo()
    assert controller.character.at_track_extra_step and hurt.isChecked()
    _track_button(sheet, "Hale").click()
    assert not controller.character.at_track_extra_step
    controller.undo_stack.undo()

    text = printed(library.path, pc.name, tmp_path / "strange.pdf")
    assert "Hale Hurt Impaired Debilitated Dead" in text

    back = exchanged_character(library.path, tmp_path, pc.name)
    assert (back.track_extra_step, back.at_track_extra_step) == ("Hurt", True)


def test_a_hurt_pc_is_hurt_in_the_fight(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(tmp_path, "cypher")
    import_files(
        table.library_controller.library, [real_actor("cs3-pc-t5-strange-recursions.json")]
    )
    library = table.library_controller.library
    pc = library.characters.load(library.characters.list()[-1].uid)
    name = pc.name
    window = table.open(qtbot)
    window.controller.set_profile(pc.profile)  # the PC's "Cypher System (damage track)"
    add_from_library(window, (name,))
    window.select_name(name)
    assert "Damage track\nHurt" in window.stat_block.toPlainText()
    row = window.model.row_of(window.controller.encounter.combatants[-1].uid)
    assert window.model.index(row, Column.HEALTH).data().endswith("· hurt")


def test_companion_paragraphs_keep_their_labels(
    qtbot: QtBot, library: Library, tmp_path: Path
) -> None:
    import_files(library, [real_actor("cs3-companion-synth.json")])
    (summary,) = library.followers.list()
    synth = library.followers.load(summary.uid)
    assert isinstance(synth, Follower)
    assert "Character Benefit: Modifications in up to four tasks" in synth.notes
    assert "Background: Expensive Synths are a blend" in synth.notes

    editor = EntryEditor(LibraryController(library, make_settings(tmp_path)), synth.uid)
    qtbot.addWidget(editor)
    editor.show()
    shown = " ".join(box.toPlainText() for box in editor.findChildren(QPlainTextEdit))
    assert "Character Benefit: Modifications" in shown and "Background: Expensive" in shown

    with Library.open_read_only(exchanged(library.path, tmp_path)) as other:
        (again,) = [other.followers.load(s.uid) for s in other.followers.list()]
        assert isinstance(again, Follower) and again.notes == synth.notes


def test_a_table_in_the_notes_keeps_its_cells_apart(
    qtbot: QtBot, library: Library, tmp_path: Path
) -> None:
    pc = import_real(library, "cs2-pc-harold-spells-f12.json")
    assert "Low-tier | Mid-tier | High-tier\n4 | 2 | 0" in pc.notes
    assert "High-tier420" not in pc.notes

    _controller, sheet = open_sheet(qtbot, library, pc.uid)
    notes = child(sheet.form, QPlainTextEdit, "notesEdit")
    assert "Low-tier | Mid-tier | High-tier" in notes.toPlainText()

    text = printed(library.path, pc.name, tmp_path / "harold.pdf")
    assert "Low-tier|Mid-tier|High-tier4|2|0" in text.replace(" ", "")

    back = exchanged_character(library.path, tmp_path, pc.name)
    assert back.notes == pc.notes


def test_a_stat_line_saying_more_than_the_field_stays_in_the_text(
    qtbot: QtBot, library: Library, tmp_path: Path
) -> None:
    import_files(library, [real_actor("cs3-npc-guard.json")])
    (summary,) = library.creatures.list()
    guard = library.creatures.load(summary.uid)
    # Armor 1 in the field, "Armor: 1 or 2" in the notes: the "or 2" is not lost, nor is
    # it glued to the motive; "Health: 8" says what the field holds and is not repeated
    assert guard.armor == 1 and guard.motive == "Keep the peace; follow orders"
    assert "Armor: 1 or 2" in guard.description and "Health: 8" not in guard.description
    editor = EntryEditor(LibraryController(library, make_settings(tmp_path)), guard.uid)
    qtbot.addWidget(editor)
    editor.show()
    assert editor.reader is not None and "Armor: 1 or 2" in editor.reader.text()
