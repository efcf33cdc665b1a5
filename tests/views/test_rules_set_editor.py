"""The rules set editor: every switch of a house rules set, edited like any entry."""

from __future__ import annotations

from pathlib import Path

import pytest
from main_window_helpers import make_controller, make_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QSpinBox
from pytestqt.qtbot import QtBot

from numdesk.model.character import Character
from numdesk.model.errors import DomainError
from numdesk.model.rules_set import RulesSet
from numdesk.rules.house_rules import PROFILE_FIELDS
from numdesk.rules.profiles import get_profile
from numdesk.views.entry_editor import EntryEditor
from numdesk.views.entry_editor.rules_fields import GROUPS, RulesSwitchesField
from numdesk.views.main_window import MainWindow


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    controller = make_controller(tmp_path)
    yield make_window(qtbot, controller)
    controller.close()


def _editor(window: MainWindow, rules: RulesSet) -> tuple[EntryEditor, RulesSwitchesField]:
    window.controller.create(rules)
    editor = window.open_entry(rules.uid)
    assert isinstance(editor, EntryEditor)
    field = editor.fields["changes"]
    assert isinstance(field, RulesSwitchesField)
    return editor, field


def test_every_switch_has_a_widget() -> None:
    shown = [key for _title, rows in GROUPS for key, _label in rows]
    assert sorted(shown) == sorted(f.name for f in PROFILE_FIELDS)


def test_editing_switches_stores_changes_and_the_engine_reads_them(
    window: MainWindow, qtbot: QtBot, artifacts_dir: Path
) -> None:
    rules = RulesSet(name="Our Cypher", base="cypher")
    editor, field = _editor(window, rules)
    track = field.inputs["uses_damage_track"]
    assert isinstance(track, QCheckBox) and not track.isChecked()
    qtbot.mouseClick(track, Qt.MouseButton.LeftButton)
    effort = field.inputs["max_effort"]
    assert isinstance(effort, QSpinBox)
    effort.setValue(4)
    refuse = field.inputs["refuse_intrusion_cost"]
    assert isinstance(refuse, QSpinBox) and refuse.text() == "not a rule"
    refuse.setValue(1)
    names = field.inputs["type_names"]
    assert isinstance(names, QLineEdit)
    names.setText("Warrior, Adept, Bard")
    names.editingFinished.emit()
    stored = window.controller.load(rules.uid)
    assert isinstance(stored, RulesSet)
    assert stored.changes == {
        "uses_damage_track": True,
        "max_effort": 4,
        "refuse_intrusion_cost": 1,
        "type_names": ["Warrior", "Adept", "Bard"],
    }
    profile = get_profile(rules.uid)
    assert profile.uses_damage_track and profile.max_effort == 4
    assert profile.type_names == ("Warrior", "Adept", "Bard")
    assert "changed (Cypher System: no)" in field.hints["uses_damage_track"].text()
    assert field.hints["xp_reroll"].text() == ""
    window.resize(1366, 768)
    editor.grab().save(str(artifacts_dir / "rules-set-editor.png"))
    window.grab().save(str(artifacts_dir / "rules-set-editor-window.png"))
    # undo walks the edits back, one at a time
    window.controller.undo_stack.undo()
    assert "type_names" not in window.controller.load(rules.uid).changes


def test_a_bad_value_is_explained_and_not_stored(window: MainWindow) -> None:
    rules = RulesSet(name="Ours", base="numenera")
    editor, field = _editor(window, rules)
    names = field.inputs["type_names"]
    assert isinstance(names, QLineEdit)
    names.setText(" , ")
    names.editingFinished.emit()
    assert "at least one character type name" in editor.error_text("changes")
    assert window.controller.load(rules.uid).changes == {}
    name = editor.fields["name"].widget
    assert isinstance(name, QLineEdit)
    name.setText("Numenera")
    name.editingFinished.emit()
    assert "built-in" in editor.error_text("name")
    assert window.controller.load(rules.uid).name == "Ours"


def test_changing_the_base_keeps_the_changes_and_shows_the_new_rules(
    window: MainWindow,
) -> None:
    rules = RulesSet(name="Long days", base="numenera", changes={"day_hours": 40})
    editor, field = _editor(window, rules)
    base = editor.fields["base"].widget
    assert isinstance(base, QComboBox)
    base.setCurrentIndex(1)
    base.activated.emit(1)
    stored = window.controller.load(rules.uid)
    assert stored.base == "cypher" and stored.changes == {"day_hours": 40}
    skill_cap = field.inputs["skill_ease_cap"]
    assert isinstance(skill_cap, QSpinBox) and skill_cap.value() == 3  # cypher's cap
    assert field.levels[next(iter(field.levels))].isChecked()


def test_a_rules_set_in_use_is_not_deleted(window: MainWindow) -> None:
    rules = RulesSet(name="Gritty")
    window.controller.create(rules)
    window.controller.create(Character(name="Ada", profile=rules.uid))
    with pytest.raises(DomainError, match=r"Ada \(character\)"):
        window.controller.delete(rules.uid)
    assert window.controller.load(rules.uid).name == "Gritty"
    assert not window.controller.undo_stack.canUndo() or (
        "Delete" not in window.controller.undo_stack.undoText()
    )


def test_house_sets_are_offered_where_rules_are_chosen(window: MainWindow) -> None:
    rules = RulesSet(name="Gritty")
    window.controller.create(rules)
    window.browser.reload_filters()
    combo = window.browser.profile_combo
    assert [combo.itemText(i) for i in range(combo.count())][-1] == "Gritty"


def test_kind_armor_is_typed_in_words(window: MainWindow) -> None:
    from numdesk.model.creature import Creature

    beast = Creature(name="Ice drake", level=5)
    window.controller.create(beast)
    editor = window.open_entry(beast.uid)
    assert isinstance(editor, EntryEditor)
    edit = editor.fields["armor_against"].widget
    assert isinstance(edit, QLineEdit)
    edit.setText("Cold 3, fire")
    edit.editingFinished.emit()
    assert "fire 2" in editor.error_text("armor_against")
    assert window.controller.load(beast.uid).armor_against == {}
    edit.setText("Cold 3, mental 1")
    edit.editingFinished.emit()
    assert window.controller.load(beast.uid).armor_against == {"cold": 3, "mental": 1}


def test_deleting_a_set_in_use_from_the_browser_names_its_users(
    window: MainWindow, qtbot: QtBot
) -> None:
    from main_window_helpers import answer_next_dialog, press

    from numdesk.views.actions import ActionId

    rules = RulesSet(name="Gritty")
    ada = Character(name="Ada", profile=rules.uid)
    window.controller.create(rules)
    window.controller.create(ada)
    window.browser.search_edit.setText("Gritty")
    window.browser.refresh()
    window.browser.select_uids([rules.uid])
    told = answer_next_dialog(qtbot, press("OK"))
    window.actions_by_id[ActionId.DELETE].trigger()
    assert told.done and "Ada (character)" in " ".join(told.seen)
    assert window.controller.load(rules.uid).name == "Gritty"
    # the set together with its only user goes in one step
    window.browser.search_edit.setText("")
    window.browser.refresh()
    window.browser.select_uids([rules.uid, ada.uid])
    asked = answer_next_dialog(qtbot, press("Delete"))
    window.actions_by_id[ActionId.DELETE].trigger()
    assert asked.done
    assert not window.controller.library.has(rules.uid)
    assert not window.controller.library.has(ada.uid)
