"""The sheet editor driven through its real widgets on a real library file."""

from __future__ import annotations

import warnings
from pathlib import Path

from PySide6.QtCore import QMimeData, QPointF, QSettings, Qt, QUrl
from PySide6.QtGui import QColor, QDragEnterEvent, QDropEvent, QImage
from PySide6.QtWidgets import QApplication, QComboBox, QLabel, QWidget
from pytestqt.qtbot import QtBot

from numdesk.model.character import Character
from numdesk.model.serialize import to_data
from numdesk.rules.types import SkillLevel, Stat
from numdesk.store import Library
from numdesk.views.sheet.picker import LibraryPickDialog
from tests.views.sheet_helpers import (
    add_templates,
    open_sheet,
    stored_character,
    type_into,
    with_modal,
)


def _reloaded(library: Library, uid: str):  # type: ignore[no-untyped-def]
    """The character as a fresh Library object on the same file reads it."""
    with Library.open(library.path) as other:
        return other.characters.load(uid)


def test_valid_edits_are_stored_at_once_and_shown_in_history(
    qtbot: QtBot, library: Library
) -> None:
    character = stored_character(library)
    _controller, sheet = open_sheet(qtbot, library, character.uid)

    type_into(qtbot, sheet.line("nameEdit"), "Kalos the Bold")
    type_into(qtbot, sheet.line("descriptorEdit"), "Clever")
    type_into(qtbot, sheet.line("xpEdit"), "7")
    type_into(qtbot, sheet.line("mightCurrent"), "12")
    type_into(qtbot, sheet.line("speedEdge"), "2")

    stored = _reloaded(library, character.uid)
    assert stored.name == "Kalos the Bold"
    assert stored.descriptor == "Clever"
    assert stored.xp == 7
    assert stored.pool(Stat.MIGHT).current == 12
    assert stored.pool(Stat.SPEED).edge == 2
    lines = sheet.history_panel.lines()
    assert "Speed Edge 1 → 2" in lines[0]
    assert any("XP 0 → 7" in line for line in lines)
    assert sheet.undo_button.isEnabled()


def test_bad_values_show_the_message_and_are_not_stored(qtbot: QtBot, library: Library) -> None:
    character = stored_character(library)
    controller, sheet = open_sheet(qtbot, library, character.uid)
    before = to_data(_reloaded(library, character.uid))

    cases = [
        ("tierEdit", "9", "numbersError", "Tier must be between 1 and 6."),
        ("tierEdit", "0", "numbersError", "Tier must be between 1 and 6."),
        ("xpEdit", "lots", "numbersError", "XP must be a whole number."),
        ("mightCurrent", "-3", "mightError", "cannot be negative"),
        ("mightCurrent", "abc", "mightError", "must be a whole number"),
        ("speedCurrent", "13", "speedError", "cannot be above its maximum of 12"),
        ("intellectMaximum", "4", "intellectError", "lower it before"),
    ]
    for field, text, error_label, message in cases:
        edit = sheet.line(field)
        shown_before = edit.text()
        type_into(qtbot, edit, text)
        assert message in sheet.error_text(error_label), (field, text)
        assert sheet.form.findChild(QLabel, error_label).isVisible()
        assert edit.text() == shown_before  # the stored value is shown again
        assert edit.hasFocus()  # the field keeps the focus to try again
    assert to_data(_reloaded(library, character.uid)) == before
    assert controller.undo_stack.count() == 0

    # a good value afterwards clears the message
    type_into(qtbot, sheet.line("mightCurrent"), "10")
    assert sheet.error_text("mightError") == ""
    assert _reloaded(library, character.uid).pool(Stat.MIGHT).current == 10


def test_list_tables_add_edit_reorder_remove_and_pick(qtbot: QtBot, library: Library) -> None:
    add_templates(library)
    character = stored_character(library)
    controller, sheet = open_sheet(qtbot, library, character.uid)
    skills = sheet.list_editors["skills"]
    model = skills.model
    assert model is not None

    qtbot.mouseClick(skills.add_button, Qt.MouseButton.LeftButton)
    assert model.rowCount() == 3
    assert model.setData(model.index(2, 0), "Perception")
    # the level is chosen in the table's combo box editor
    level_cell = model.index(2, 1)
    skills.table.openPersistentEditor(level_cell)
    combo = skills.table.indexWidget(level_cell)
    assert isinstance(combo, QComboBox)
    assert combo.currentText() == "trained"
    assert [combo.itemText(i) for i in range(combo.count())] == [
        "inability",
        "practiced",
        "trained",
        "specialized",
    ]  # no "expert" in the numenera profile; "practiced" (no training) in every one
    combo.setCurrentIndex(combo.findText("specialized"))
    skills.table.itemDelegateForColumn(1).setModelData(combo, model, level_cell)
    skills.table.closePersistentEditor(level_cell)
    assert controller.character.skills[2].level is SkillLevel.SPECIALIZED
    # a level the profile does not have is refused with the model's message
    assert not model.setData(model.index(2, 1), SkillLevel.EXPERT)
    assert skills.error_label.text()
    skills.select_row(2)
    qtbot.mouseClick(skills.up_button, Qt.MouseButton.LeftButton)
    assert [s.name for s in controller.character.skills] == ["Swords", "Perception", "Climbing"]
    skills.select_row(0)
    qtbot.mouseClick(skills.remove_button, Qt.MouseButton.LeftButton)

    cyphers = sheet.list_editors["cyphers"]

    def pick(dialog: object) -> None:
        assert isinstance(dialog, LibraryPickDialog)
        qtbot.keyClicks(dialog.search_edit, "Deto")
        assert dialog.select_name("Detonation")
        dialog.accept()

    with_modal(lambda: qtbot.mouseClick(cyphers.library_button, Qt.MouseButton.LeftButton), pick)

    stored = _reloaded(library, character.uid)
    assert [(s.name, s.level) for s in stored.skills] == [
        ("Perception", SkillLevel.SPECIALIZED),
        ("Climbing", SkillLevel.SPECIALIZED),
    ]
    assert [c.name for c in stored.cyphers] == ["Detonation", "Stim", "Detonation"]
    library_copy = library.cyphers.find_by_name("Detonation")
    assert stored.cyphers[2].uid != library_copy.uid  # a copy, not a link
    # three cyphers over a limit of two: the sheet says so
    assert "limit is 2" in sheet.cypher_warning.text()


def test_portrait_drop_and_text_boxes(qtbot: QtBot, library: Library, tmp_path: Path) -> None:
    character = stored_character(library)
    controller, sheet = open_sheet(qtbot, library, character.uid)
    image = QImage(40, 50, QImage.Format.Format_RGB32)
    image.fill(QColor("darkred"))
    path = tmp_path / "face.png"
    image.save(str(path))

    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    center = QPointF(sheet.portrait.rect().center())
    actions = Qt.DropAction.CopyAction
    buttons, keys = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    with warnings.catch_warnings():  # PySide6 binds only the QPoint form, marked deprecated
        warnings.simplefilter("ignore", DeprecationWarning)
        enter = QDragEnterEvent(center.toPoint(), actions, mime, buttons, keys)
    QApplication.sendEvent(sheet.portrait, enter)
    assert enter.isAccepted()
    QApplication.sendEvent(sheet.portrait, QDropEvent(center, actions, mime, buttons, keys))
    assert _reloaded(library, character.uid).portrait == path.read_bytes()
    assert not sheet.portrait.pixmap().isNull()

    notes = sheet.form.findChild(type(sheet.bindings[-1].widget), "notesEdit")
    notes.setFocus()
    qtbot.keyClicks(notes, "Owes Varis a favour.")
    sheet.line("nameEdit").setFocus()  # leaving the box stores it
    for binding in sheet.bindings:
        if binding.widget is notes:
            binding.commit()
    assert _reloaded(library, character.uid).notes == "Owes Varis a favour."

    controller.undo_stack.undo()
    controller.undo_stack.undo()
    assert _reloaded(library, character.uid).portrait is None


def test_keyboard_tab_order_walks_the_paper_top_down(qtbot: QtBot, library: Library) -> None:
    character = stored_character(library)
    _controller, sheet = open_sheet(qtbot, library, character.uid)
    sheet.line("nameEdit").setFocus()
    names = []
    for _ in range(40):  # press Tab as a keyboard user does
        focused = QApplication.focusWidget()
        names.append(focused.objectName())
        qtbot.keyClick(focused, Qt.Key.Key_Tab)
    assert names[:6] == [
        "nameEdit",
        "playerEdit",
        "descriptorEdit",
        "typeEdit",
        "focusEdit",
        "flavorEdit",
    ]
    order = ["tierEdit", "xpEdit", "mightCurrent", "mightMaximum", "speedCurrent", "trackHale"]
    assert [names.index(n) for n in order] == sorted(names.index(n) for n in order)
    assert names.index("restTenHours") < names.index("skillsTable") < names.index("skillsAdd")


def test_reload_when_someone_else_saves_clears_undo(
    qtbot: QtBot, library: Library, tmp_path: Path
) -> None:
    from numdesk.controllers.character import CharacterController
    from numdesk.controllers.library import LibraryController
    from numdesk.controllers.settings import AppSettings
    from numdesk.views.sheet import SheetWidget

    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    hub = LibraryController(library, settings=settings)
    character = stored_character(library)
    friend = Character("Vesh")
    library.characters.save(friend)
    sheets = {}
    for uid in (character.uid, friend.uid):
        controller = CharacterController(library, uid, library_controller=hub)
        sheets[uid] = SheetWidget(controller)
        qtbot.addWidget(sheets[uid])
    mine = sheets[character.uid]
    type_into(qtbot, mine.line("xpEdit"), "3")
    assert mine.controller.undo_stack.count() == 1  # its own save did not reload it

    # the encounter window (or any other controller) saves the same character
    outside = library.characters.load(character.uid)
    outside.shins = 99
    library.characters.save(outside)
    hub.notify_saved(outside.uid)
    assert mine.controller.character.shins == 99
    assert mine.line("shinsEdit").text() == "99"
    # the history stays, and undoing the XP edit keeps the outside change
    assert mine.controller.undo_stack.count() == 1
    mine.controller.undo_stack.undo()
    assert mine.line("xpEdit").text() == "0"
    assert library.characters.load(character.uid).shins == 99
    mine.controller.undo_stack.redo()

    # a GM intrusion on my sheet gives Vesh 1 XP: Vesh's open sheet shows it at once
    play = mine.play_panel
    play.recipient_combo.showPopup()  # the other characters are listed when it opens
    play.recipient_combo.setCurrentIndex(play.recipient_combo.findText("Vesh"))
    play.recipient_combo.hidePopup()
    qtbot.keyClicks(play.intrusion_reason, "held the door")
    qtbot.mouseClick(play.intrusion_button, Qt.MouseButton.LeftButton)
    assert sheets[friend.uid].line("xpEdit").text() == "1"
    assert mine.line("xpEdit").text() == "4"


def test_track_rests_and_wound_boxes_are_clickable(qtbot: QtBot, library: Library) -> None:
    from PySide6.QtWidgets import QCheckBox, QRadioButton

    from numdesk.rules.types import DamageTrackState, Rest
    from numdesk.views.sheet.wounds import WoundBoxes

    numenera = stored_character(library)
    _controller, sheet = open_sheet(qtbot, library, numenera.uid)
    qtbot.mouseClick(sheet.form.findChild(QRadioButton, "trackImpaired"), Qt.MouseButton.LeftButton)
    rest_box = sheet.form.findChild(QCheckBox, "restOneAction")
    rest_box.setFocus()
    qtbot.keyClick(rest_box, Qt.Key.Key_Space)  # ticked from the keyboard
    stored = _reloaded(library, numenera.uid)
    assert stored.damage_track is DamageTrackState.IMPAIRED
    assert stored.recoveries_used == [Rest.ONE_ACTION]
    assert "Effort costs 1 more" in sheet.form.findChild(QLabel, "trackEffects").text()
    assert not sheet.form.findChild(QWidget, "woundsBox").isVisibleTo(sheet)

    cypher = stored_character(library, profile="cypher")
    controller, sheet = open_sheet(qtbot, library, cypher.uid)
    assert not sheet.form.findChild(QWidget, "trackBox").isVisibleTo(sheet)
    moderate = sheet.form.findChild(WoundBoxes, "moderateBoxes")
    qtbot.mouseClick(moderate.boxes()[1], Qt.MouseButton.LeftButton)  # two moderate wounds
    assert _reloaded(library, cypher.uid).wounds.moderate == 2
    effects = sheet.form.findChild(QLabel, "woundsEffects")
    assert effects.text() == "No penalties."
    qtbot.mouseClick(moderate.boxes()[2], Qt.MouseButton.LeftButton)  # all moderate boxes full
    assert effects.text() == "Every task is hindered by 1 step(s)."
    controller.undo_stack.undo()
    qtbot.mouseClick(moderate.boxes()[1], Qt.MouseButton.LeftButton)  # untick the second
    assert _reloaded(library, cypher.uid).wounds.moderate == 1
    assert [b.isChecked() for b in moderate.boxes()] == [True, False, False]
