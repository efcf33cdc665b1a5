"""The main window on a real library file: actions, undo, documents, recent libraries, layout."""

from __future__ import annotations

from pathlib import Path

import pytest
from main_window_helpers import (
    add,
    answer_next_dialog,
    creature,
    make_controller,
    make_settings,
    make_window,
    press,
    type_and_accept,
)
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit, QMessageBox, QWizard
from pytestqt.qtbot import QtBot

from numdesk.controllers.library import LibraryController
from numdesk.model.kinds import EntryKind
from numdesk.rules.types import Stat
from numdesk.views.actions import ActionId
from numdesk.views.entry_editor import EntryEditor
from numdesk.views.library.new_entry import NewEntryDialog
from numdesk.views.main_window import MainWindow


@pytest.fixture
def controller(tmp_path: Path) -> LibraryController:
    controller = make_controller(tmp_path)
    yield controller
    controller.close()


@pytest.fixture
def window(qtbot: QtBot, controller: LibraryController) -> MainWindow:
    return make_window(qtbot, controller)


def _select(window: MainWindow, name: str) -> str:
    window.browser.search_edit.setText(name)
    window.browser.refresh()
    uid = next(s.uid for s in window.browser.shown_summaries() if s.name == name)
    window.browser.select_uids([uid])
    return uid


def test_window_shows_the_library(window: MainWindow, controller: LibraryController) -> None:
    assert controller.path is not None
    assert window.windowTitle().startswith(controller.path.stem)
    shown = window.browser.shown_summaries()
    assert len(shown) == controller.count() > 0
    assert str(controller.path) in window.status_label.text()


def test_new_entry_dialog_creates_and_opens_an_editor(
    qtbot: QtBot, window: MainWindow, controller: LibraryController
) -> None:
    def fill(dialog: object) -> None:
        assert isinstance(dialog, NewEntryDialog)
        dialog.kind_combo.setCurrentIndex(dialog.kind_combo.findData(EntryKind.CYPHER))
        dialog.name_edit.setText("Gravity lens")
        dialog._accept()

    answer_next_dialog(qtbot, fill)
    window.actions_by_id[ActionId.NEW_ENTRY].trigger()
    found = controller.library.cyphers.find_by_name("Gravity lens")
    assert found is not None
    editor = window.tabs.currentWidget()
    assert isinstance(editor, EntryEditor) and editor.uid == found.uid
    assert window.tabs.tabText(window.tabs.currentIndex()) == "Gravity lens"


def test_duplicate_rename_delete_and_undo_delete(
    qtbot: QtBot, window: MainWindow, controller: LibraryController
) -> None:
    library = controller.library
    add(library, creature("Rust hound", 4, armor=1))
    uid = _select(window, "Rust hound")
    controller.set_tags(uid, ["beasts"])
    controller.set_favourite(uid, True)

    window.actions_by_id[ActionId.DUPLICATE].trigger()
    copy = library.creatures.find_by_name("Rust hound (copy)")
    assert copy is not None and copy.uid != uid and copy.level == 4 and copy.armor == 1
    assert window.browser.selected_uids() == [copy.uid]

    answer_next_dialog(qtbot, type_and_accept("Rust hound alpha"))
    window.actions_by_id[ActionId.RENAME].trigger()
    assert library.creatures.load(copy.uid).name == "Rust hound alpha"

    _select(window, "Rust hound")
    asked = answer_next_dialog(qtbot, press("Delete"))
    window.actions_by_id[ActionId.DELETE].trigger()
    assert asked.done and "Rust hound" in asked.seen[0]
    assert not library.has(uid)
    assert "Rust hound" not in [s.name for s in window.browser.shown_summaries()]

    window.browser.table.setFocus()
    assert window.documents.undo_group.activeStack() is controller.undo_stack
    window.actions_by_id[ActionId.UNDO].trigger()
    restored = library.creatures.load(uid)
    assert restored.name == "Rust hound" and restored.armor == 1
    summary = library.summary(uid)
    assert summary.tags == ("beasts",) and summary.favourite

    window.actions_by_id[ActionId.REDO].trigger()
    assert not library.has(uid)


def test_delete_cancelled_keeps_the_entry(
    qtbot: QtBot, window: MainWindow, controller: LibraryController
) -> None:
    add(controller.library, creature("Glass stalker"))
    uid = _select(window, "Glass stalker")
    answer_next_dialog(qtbot, press("Cancel"))
    window.actions_by_id[ActionId.DELETE].trigger()
    assert controller.library.has(uid)
    assert controller.undo_stack.count() == 0


def test_entry_editor_stores_valid_edits_and_refuses_bad_ones(
    qtbot: QtBot, window: MainWindow, controller: LibraryController
) -> None:
    add(controller.library, creature("Margr", 3, health=9))
    uid = _select(window, "Margr")
    table = window.browser.table
    rect = table.visualRect(table.currentIndex())
    # A real double-click: a click, then the double-click event.
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    editor = window.tabs.currentWidget()
    assert isinstance(editor, EntryEditor) and editor.uid == uid

    level = editor.fields["level"]
    level.spin.setValue(5)  # type: ignore[attr-defined]
    assert controller.library.creatures.load(uid).level == 5

    health = editor.fields["health"].widget
    assert isinstance(health, QLineEdit)
    health.setFocus()
    health.selectAll()
    qtbot.keyClicks(health, "lots")
    qtbot.keyClick(health, Qt.Key.Key_Return)
    assert editor.error_text("health") == "Health must be a whole number."
    assert controller.library.creatures.load(uid).health == 9

    health.setText("")
    health.editingFinished.emit()
    assert editor.error_text("health") == ""
    assert controller.library.creatures.load(uid).health is None

    name = editor.fields["name"].widget
    assert isinstance(name, QLineEdit)
    name.setText("  ")
    name.editingFinished.emit()
    assert editor.error_text("name") == "Name cannot be empty."
    name.setText("Margr chieftain")
    name.editingFinished.emit()
    assert controller.library.creatures.load(uid).name == "Margr chieftain"
    assert window.tabs.tabText(window.tabs.currentIndex()) == "Margr chieftain"

    # Edits undo on the library stack; the open form follows.
    controller.undo_stack.undo()
    assert controller.library.creatures.load(uid).name == "Margr"
    assert name.text() == "Margr"


def test_editing_a_roll_table_checks_its_rows(
    window: MainWindow, controller: LibraryController
) -> None:
    from numdesk.model.tables import RollTable

    table = RollTable(name="Odd weather", die=6)
    add(controller.library, table)
    editor = window.open_entry(table.uid)
    assert isinstance(editor, EntryEditor)
    rows = editor.fields["rows"]
    rows.edit.setPlainText("1-3 Warm rain\n4-7 Glass hail")  # type: ignore[attr-defined]
    rows._commit()
    assert editor.error_text("rows") == "The row 4-7 does not fit a d6."
    rows.edit.setPlainText("1-3 Warm rain\n4-6 Glass hail")  # type: ignore[attr-defined]
    rows._commit()
    stored = controller.library.tables.load(table.uid)
    assert [(r.start, r.end, r.entry) for r in stored.rows] == [
        (1, 3, "Warm rain"),
        (4, 6, "Glass hail"),
    ]


def test_deleting_an_open_entry_closes_its_tab(
    qtbot: QtBot, window: MainWindow, controller: LibraryController
) -> None:
    add(controller.library, creature("Latos"))
    uid = _select(window, "Latos")
    window.open_entry(uid)
    assert window.documents.open_uids() == [uid]
    answer_next_dialog(qtbot, press("Delete"))
    window.browser.table.setFocus()
    window.actions_by_id[ActionId.DELETE].trigger()
    assert window.documents.open_uids() == []


def test_find_focuses_the_search_box(qtbot: QtBot, window: MainWindow) -> None:
    window.activateWindow()
    window.browser.table.setFocus()
    window.actions_by_id[ActionId.FIND].trigger()
    assert QApplication.focusWidget() is window.browser.search_edit


def test_recent_libraries(qtbot: QtBot, tmp_path: Path, window: MainWindow) -> None:
    controller = window.controller
    first = controller.path
    assert first is not None
    second = tmp_path / "second.numdesk"
    controller.new_library(second)
    assert controller.path == second
    assert window.windowTitle().startswith("second")
    recent = controller.recent_libraries()
    assert recent[:2] == [second.resolve(), first.resolve()]
    window._fill_recent_menu()
    listed = [Path(str(a.data())) for a in window.recent_menu.actions() if a.data()]
    assert listed[:2] == [second.resolve(), first.resolve()]
    window.recent_menu.actions()[1].trigger()
    assert controller.path == first.resolve()
    # A new session with the same settings offers the same list.
    assert make_settings(tmp_path).recent_libraries()[0] == first.resolve()


def test_opening_a_broken_library_shows_the_problem(
    qtbot: QtBot, tmp_path: Path, window: MainWindow
) -> None:
    broken = tmp_path / "broken.numdesk"
    broken.write_text("not a database")
    before = window.controller.path
    told = answer_next_dialog(qtbot, press("OK"))
    window.guard(lambda: window.open_library(broken))
    assert told.done and told.seen[0]
    assert window.controller.path == before
    assert broken.read_text() == "not a database"


def test_layout_is_restored(qtbot: QtBot, tmp_path: Path) -> None:
    controller = make_controller(tmp_path)
    window = make_window(qtbot, controller)
    # Offscreen the screen is 800×600 and restoreGeometry keeps windows on screen.
    window.resize(760, 560)
    window.splitter.setSizes([330, 430])
    sizes = window.splitter.sizes()
    window.close()
    again = make_window(qtbot, LibraryController(controller.library, make_settings(tmp_path)))
    qtbot.waitUntil(lambda: again.splitter.sizes() == sizes, timeout=3000)
    assert again.size().width() == 760
    again.close()
    controller.close()


def test_preferences_force_dark_theme(qtbot: QtBot, window: MainWindow) -> None:
    def choose_dark(dialog: object) -> None:
        combo = dialog.findChild(QComboBox, "themeCombo")  # type: ignore[attr-defined]
        combo.setCurrentIndex(2)
        dialog.accept()  # type: ignore[attr-defined]

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    answer_next_dialog(qtbot, choose_dark)
    window.actions_by_id[ActionId.PREFERENCES].trigger()
    try:
        assert window.settings.theme().value == "dark"
        assert app.palette().window().color().lightness() < 80
    finally:
        from numdesk.controllers.settings import ThemeChoice
        from numdesk.views.theme import apply_theme

        apply_theme(app, ThemeChoice.LIGHT)


def test_new_encounter_is_created(window: MainWindow, controller: LibraryController) -> None:
    before = controller.count(EntryKind.ENCOUNTER)
    window.actions_by_id[ActionId.NEW_ENCOUNTER].trigger()
    assert controller.count(EntryKind.ENCOUNTER) == before + 1
    found = controller.library.encounters.find_by_name("New encounter")
    assert found is not None
    assert found.uid in window.documents.encounter_windows
    window.documents.close_all()


def test_characters_open_as_sheet_tabs_with_their_own_undo(
    qtbot: QtBot, window: MainWindow, controller: LibraryController
) -> None:
    from numdesk.model.character import Character
    from numdesk.views.sheet import SheetWidget

    first, second = Character(name="Avel Dace"), Character(name="Corrin Ash")
    add(controller.library, first, second)
    uid = _select(window, "Avel Dace")
    table = window.browser.table
    rect = table.visualRect(table.currentIndex())
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    sheet = window.tabs.currentWidget()
    assert isinstance(sheet, SheetWidget)
    sheet_controller = window.documents.controller_for(sheet)
    assert sheet_controller is not None
    assert window.documents.undo_group.activeStack() is sheet_controller.undo_stack  # type: ignore[attr-defined]

    window.open_entry(second.uid)
    assert window.documents.open_uids() == [uid, second.uid]
    assert window.open_entry(uid) is sheet  # already open: focused, not opened twice
    assert window.tabs.currentWidget() is sheet

    # Someone else saves the character (e.g. the encounter window): the tab follows.
    changed = controller.load(uid)
    changed.name = "Avel Dace the Bold"  # type: ignore[misc]
    controller.library.characters.save(changed)
    controller.notify_saved(uid)
    assert sheet_controller.character.name == "Avel Dace the Bold"  # type: ignore[attr-defined]
    assert window.tabs.tabText(window.tabs.indexOf(sheet)) == "Avel Dace the Bold"

    window.actions_by_id[ActionId.CLOSE_TAB].trigger()
    assert window.documents.open_uids() == [second.uid]


def test_about_shows_the_csrd_license_only_with_csrd_content(
    qtbot: QtBot, window: MainWindow, controller: LibraryController
) -> None:
    from numdesk.views.about import AboutDialog

    seen: list[str | None] = []

    def look(dialog: object) -> None:
        assert isinstance(dialog, AboutDialog)
        view = dialog.license_view
        seen.append(view.toPlainText() if view is not None else None)
        dialog.reject()

    answer_next_dialog(qtbot, look)
    window.actions_by_id[ActionId.ABOUT].trigger()
    controller.library.meta_set("csrd_imported", "test")
    answer_next_dialog(qtbot, look)
    window.actions_by_id[ActionId.ABOUT].trigger()
    assert seen[0] is None
    assert seen[1] is not None and "Cypher System Open License" in seen[1]


def test_restore_backup_goes_back_to_the_backup(
    qtbot: QtBot, window: MainWindow, controller: LibraryController
) -> None:
    backup = controller.library.backup_now()
    add(controller.library, creature("Made after the backup"))
    assert controller.library.creatures.find_by_name("Made after the backup") is not None

    def pick_newest(dialog: object) -> None:
        from PySide6.QtWidgets import QInputDialog

        assert isinstance(dialog, QInputDialog)
        assert dialog.textValue() == backup.name
        dialog.accept()

    answer_next_dialog(qtbot, pick_newest)
    asked = answer_next_dialog(qtbot, press("Restore"), QMessageBox)
    window.actions_by_id[ActionId.RESTORE_BACKUP].trigger()
    assert asked.done and backup.name in asked.seen[0]
    assert controller.library.creatures.find_by_name("Made after the backup") is None
    assert "Made after the backup" not in [s.name for s in window.browser.shown_summaries()]


def test_keyboard_only_find_and_open(
    qtbot: QtBot, window: MainWindow, controller: LibraryController
) -> None:
    add(controller.library, creature("Vortex eel", 5))
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    window.browser.table.setFocus()
    qtbot.keyClick(window.browser.table, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    search = window.browser.search_edit
    assert QApplication.focusWidget() is search
    with qtbot.waitSignal(window.browser.resultsChanged, timeout=3000):
        qtbot.keyClicks(search, "vortex")
    for _ in range(7):  # kind, rules, tag, favourites, the two levels, then the table
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    table = window.browser.table
    assert QApplication.focusWidget() is table
    qtbot.keyClick(table, Qt.Key.Key_Down)
    qtbot.keyClick(table, Qt.Key.Key_Return)
    editor = window.tabs.currentWidget()
    assert isinstance(editor, EntryEditor) and editor.entry.name == "Vortex eel"


def test_new_character_wizard_opens_the_new_sheet(
    qtbot: QtBot, window: MainWindow, controller: LibraryController
) -> None:
    from numdesk.views.sheet import SheetWidget
    from numdesk.views.sheet.wizard import NewCharacterWizard

    def make(dialog: object) -> None:
        assert isinstance(dialog, NewCharacterWizard)
        next_button = dialog.button(QWizard.WizardButton.NextButton)
        next_button.click()
        dialog.name_page.name.setText("Wizard-made Wren")
        next_button.click()
        dialog.templates_page.select("type", "Glaive")
        next_button.click()
        values = dialog.values_page  # the starter Glaive leaves its values to the player
        for stat in Stat:
            values.bases[stat].setValue(10)
        values.effort.setValue(1)
        values.cypher_limit.setValue(2)
        values.free_points.setValue(0)
        next_button.click()
        finish = dialog.button(QWizard.WizardButton.FinishButton)
        assert finish.isEnabled(), dialog.abilities_page.error.text()
        finish.click()

    answer_next_dialog(qtbot, make)
    window.actions_by_id[ActionId.NEW_CHARACTER].trigger()
    made = controller.library.characters.find_by_name("Wizard-made Wren")
    assert made is not None
    assert isinstance(window.tabs.currentWidget(), SheetWidget)
    assert window.documents.current_uid() == made.uid
    assert window.browser.selected_uids() == [made.uid]
    controller.undo_stack.undo()  # the creation is undoable on the library stack
    assert not controller.library.has(made.uid)
    assert window.documents.open_uids() == []


def test_the_library_can_be_hidden_and_find_brings_it_back(
    qtbot: QtBot, window: MainWindow
) -> None:
    host = window.splitter.widget(0)
    show = window.actions_by_id[ActionId.SHOW_LIBRARY]
    assert host.isVisible() and show.isChecked()
    show.trigger()
    assert not host.isVisible() and not show.isChecked()
    window.actions_by_id[ActionId.FIND].trigger()
    assert host.isVisible() and show.isChecked()


def test_undoing_a_rename_keeps_what_was_played_since(controller: LibraryController) -> None:
    """Undo of a rename restores the name only: a fight fought after it is not undone."""
    from numdesk.model.character import Character
    from numdesk.model.operations import TakeDamage

    library = controller.library
    hero = Character("Ana", profile="numenera")
    add(library, hero)
    controller.rename(hero.uid, "Ana the Bold")

    played = library.characters.load(hero.uid)
    TakeDamage(4, apply_armor=False).apply(played)
    library.characters.save(played)

    controller.undo_stack.undo()
    stored = library.characters.load(hero.uid)
    assert stored.name == "Ana"
    assert stored.pool(Stat.MIGHT).current == 6
    assert "Took 4" in stored.history[-1].summary
    controller.undo_stack.redo()
    assert library.characters.load(hero.uid).name == "Ana the Bold"
    assert library.characters.load(hero.uid).pool(Stat.MIGHT).current == 6


def test_entry_editor_holds_items_to_the_rules_of_a_sheet(
    window: MainWindow, controller: LibraryController
) -> None:
    """An artifact's depletion must be readable and a shield holds 3/2/1 wounds, as on a
    sheet: the editor refuses anything a sheet would, so every entry can go on one."""
    from numdesk.model.items import Artifact, Shield

    lance, buckler = Artifact("Light lance", level=6, depletion="1 in 1d10"), Shield("Buckler")
    add(controller.library, lance, buckler)

    window.open_entry(lance.uid)
    editor = window.tabs.currentWidget()
    assert isinstance(editor, EntryEditor)
    depletion = editor.fields["depletion"].widget
    assert isinstance(depletion, QLineEdit)
    depletion.setText("sometimes")
    depletion.editingFinished.emit()
    assert "Cannot read the depletion" in editor.error_text("depletion")
    assert controller.library.artifacts.load(lance.uid).depletion == "1 in 1d10"
    depletion.setText("1-2 in 1d20")
    depletion.editingFinished.emit()
    assert editor.error_text("depletion") == ""
    assert controller.library.artifacts.load(lance.uid).depletion == "1-2 in 1d20"

    window.open_entry(buckler.uid)
    editor = window.tabs.currentWidget()
    assert isinstance(editor, EntryEditor)
    editor.fields["major"].spin.setValue(2)  # type: ignore[attr-defined]
    assert "major" in editor.error_text("major")
    assert controller.library.shields.load(buckler.uid).major == 0


def test_a_new_encounter_starts_in_the_partys_rules(
    window: MainWindow, controller: LibraryController
) -> None:
    """Without a Rules filter a new encounter takes the rules most characters use; with
    one, the filter's rules."""
    from numdesk.model.character import Character

    add(controller.library, *(Character(n, profile="cypher") for n in ("Ash", "Bree")))
    add(controller.library, Character("Cato", profile="numenera"))
    window.actions_by_id[ActionId.NEW_ENCOUNTER].trigger()
    assert controller.library.encounters.find_by_name("New encounter").profile == "cypher"  # type: ignore[union-attr]

    combo = window.browser.profile_combo
    combo.setCurrentIndex(combo.findData("numenera"))
    window.actions_by_id[ActionId.NEW_ENCOUNTER].trigger()
    assert controller.library.encounters.find_by_name("New encounter 2").profile == "numenera"  # type: ignore[union-attr]
    window.documents.close_all()
