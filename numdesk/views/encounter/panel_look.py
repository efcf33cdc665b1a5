"""How the fight's action panel looks: its controls packed to fit a 1366 × 768 screen,
the section T picks listed, and every button's key in its tooltip.

It works on the panel's form (`encounter_actions.ui`) by the widgets' object names,
so `ActionPanel` keeps only what the controls do.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QWidget,
)

from numdesk.rules.table_picks import PICKS, effect_picks, picks_for
from numdesk.views.encounter.keys import key_text
from numdesk.views.forms import child


def _t(text: str) -> str:
    return QCoreApplication.translate("ActionPanel", text)


def compact(form: QWidget) -> None:
    """Pack the controls into fewer rows and thinner margins, so the whole panel fits
    beside the table at 1366 × 768 without scrolling."""
    roll_value, eases = (child(form, QSpinBox, n) for n in ("roll_value", "eases"))
    set_roll_button, roll_button, first_button, last_button, wait_button = (
        child(form, QPushButton, n)
        for n in ("set_roll_button", "roll_button", "first_button", "last_button", "wait_button")
    )
    act_now_button, normal_button, intrude_button = (
        child(form, QPushButton, n) for n in ("act_now_button", "normal_button", "intrude_button")
    )
    ignore_armor = child(form, QCheckBox, "ignore_armor")
    damage_type = child(form, QComboBox, "damage_type")
    grid = child(form, QGridLayout, "initiativeGrid")
    for column, widget in enumerate((roll_value, set_roll_button, eases, roll_button)):
        grid.removeWidget(widget)
        grid.addWidget(widget, 0, column)
    timing = child(form, QGridLayout, "timingGrid")
    for widget, row, column in (
        (first_button, 0, 0),
        (last_button, 0, 1),
        (wait_button, 0, 2),
        (act_now_button, 1, 0),
        (normal_button, 1, 1),
    ):
        timing.removeWidget(widget)
        timing.addWidget(widget, row, column, 1, 2 if widget is normal_button else 1)
    damage = child(form, QFormLayout, "damageForm")
    armor_row, _role = damage.getWidgetPosition(ignore_armor)
    damage.takeRow(armor_row)  # the Ignore Armor box joins the Type row
    type_at, _role = damage.getWidgetPosition(damage_type)
    damage.takeRow(type_at)
    type_row = QHBoxLayout()
    type_row.addWidget(damage_type, 1)
    type_row.addWidget(ignore_armor)
    damage.insertRow(type_at, child(form, QLabel, "typeLabel"), type_row)
    intrusion = child(form, QFormLayout, "intrusionForm")
    intrude_at, _role = intrusion.getWidgetPosition(intrude_button)
    intrusion.takeRow(intrude_at)  # the intrusion button joins Refuse and Natural 1
    buttons = child(form, QHBoxLayout, "intrusionButtons")
    buttons.insertWidget(0, intrude_button)
    intrude_button.setText(_t("&Intrusion (+2, give 1)"))
    for name in ("initiative_box", "damage_box", "condition_box", "timing_box", "intrusion_box"):
        layout = child(form, QGroupBox, name).layout()
        if layout is not None:
            layout.setContentsMargins(6, 2, 6, 4)
            layout.setSpacing(3)
    outer = form.layout()
    if outer is not None:
        outer.setSpacing(2)


def fill_picks(pick: QComboBox, defense_actions: bool) -> None:
    """Table actions first (T1–T4), then the effects of a 19 and a 20 (T5)."""
    # the effect names are long: the box stays narrow, its list shows them whole
    pick.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    pick.setMinimumContentsLength(18)
    pick.view().setMinimumWidth(420)
    for rule in picks_for(defense_actions):
        text = _t("{0} ({1})").format(_t(rule.label), rule.rule)
        pick.addItem(text, rule.key)
    for needs in ("19", "20"):
        for rule in effect_picks(needs):
            pick.addItem(_t("{0}: {1}").format(needs, _t(rule.label)), rule.key)
    for row in range(pick.count()):
        rule = PICKS[pick.itemData(row)]
        if rule.note:
            pick.setItemData(row, _t(rule.note), Qt.ItemDataRole.ToolTipRole)


def key_tooltips(form: QWidget) -> None:
    """Every button says its key (the same map as the Keys dialog, F1)."""
    for name, key_id, what in (
        ("damage_button", "amount", _t("Damage every selected combatant")),
        ("hit_button", "hit", _t("The selected PC is hit: its defense roll, then the harm")),
        ("heal_button", "heal", _t("Heal every selected combatant")),
        ("wound_button", "wound", _t("Wound every selected PC")),
        ("add_condition_button", "condition", _t("Add to every selected row")),
        ("pick_button", "pick", _t("Apply to every selected row")),
        ("intrude_button", "intrusion", _t("GM intrusion on the selected PC")),
        ("first_button", "first", _t("First action this round")),
        ("last_button", "last", _t("Last action this round")),
        ("wait_button", "wait", _t("Wait: act later this round")),
    ):
        child(form, QPushButton, name).setToolTip(_t("{0} ({1})").format(what, key_text(key_id)))
    child(form, QSpinBox, "amount").setToolTip(
        _t("Type the amount and press Enter to damage ({0} comes here)").format(key_text("amount"))
    )
