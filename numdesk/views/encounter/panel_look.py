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
    intrude_button.setText(_t("Intrusion (+2, give 1)"))
    for name in ("initiative_box", "damage_box", "condition_box", "timing_box", "intrusion_box"):
        layout = child(form, QGroupBox, name).layout()
        if layout is not None:
            layout.setContentsMargins(6, 2, 6, 4)
            layout.setSpacing(3)
    outer = form.layout()
    if outer is not None:
        outer.setSpacing(2)


def place_ends_row(form: QWidget, ends_at: QComboBox, anchor: QComboBox) -> None:
    """The row saying when a new condition or mark ends, under the condition and its
    rounds, in the Tab order right after them."""
    grid = child(form, QGridLayout, "conditionGrid")
    moved = [
        (child(form, QPushButton, "add_condition_button"), 2, 0),
        (child(form, QPushButton, "remove_condition_button"), 2, 1),
        (child(form, QComboBox, "pick"), 3, 0),
        (child(form, QPushButton, "pick_button"), 3, 1),
    ]
    for widget, _row, _column in moved:
        grid.removeWidget(widget)
    grid.addWidget(ends_at, 1, 0)
    grid.addWidget(anchor, 1, 1)
    for widget, row, column in moved:
        grid.addWidget(widget, row, column)
    rounds = child(form, QSpinBox, "rounds")
    QWidget.setTabOrder(rounds, ends_at)
    QWidget.setTabOrder(ends_at, anchor)
    QWidget.setTabOrder(anchor, moved[0][0])
    for combo in (ends_at, anchor):
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        combo.setMinimumContentsLength(10)
        combo.view().setMinimumWidth(260)


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


#: Every control of the panel: its object name, its key in the map and what it does.
PANEL_KEYS: tuple[tuple[str, str, str], ...] = (
    ("roll_value", "focus_roll", "The PC's initiative roll, easing added; Enter sets it"),
    ("set_roll_button", "enter", "Set the initiative typed (Enter in the roll)"),
    ("eases", "focus_eases", "Steps the initiative's Speed task is eased (+3 each)"),
    ("roll_button", "roll", "Roll the PC's initiative"),
    ("amount", "amount", "Type the amount and press Enter to damage"),
    ("damage_type", "focus_type", "Might, Speed or Intellect damage"),
    ("damage_kind", "focus_kind", "The kind of damage, for Armor against kinds (T8)"),
    ("ignore_armor", "ignore_armor", "Let this hit through Armor"),
    ("defeat_as", "focus_defeat", "What happens to an NPC brought to 0 health"),
    ("set_defeated_button", "mark_defeated", "Change a defeated NPC to the choice above"),
    ("damage_button", "damage", "Damage every selected combatant"),
    ("hit_button", "hit", "The selected PC is hit: its defense roll, then the harm"),
    ("heal_button", "heal", "Heal every selected combatant"),
    ("set_health_button", "set_health", "Set the NPC's health to the amount"),
    ("wound", "focus_wound", "How bad the wound is"),
    ("wound_button", "wound", "Wound every selected PC"),
    ("condition", "focus_condition", "The condition: pick or type it"),
    ("rounds", "focus_rounds", "How many rounds it lasts (0: until removed); Enter adds it"),
    ("ends_at", "focus_ends_at", "A new condition or mark ends as that turn starts, or ends"),
    ("ends_anchor", "focus_anchor", "Whose next turn it ends on (the rules: the cause's)"),
    ("add_condition_button", "condition", "Add to every selected row"),
    ("remove_condition_button", "remove_condition", "Take it off every selected row"),
    ("pick", "focus_pick", "A table action or a 19/20 effect (type its first letter)"),
    ("pick_button", "pick", "Apply to every selected row"),
    ("first_button", "first", "First action this round"),
    ("last_button", "last", "Last action this round"),
    ("wait_button", "wait", "Wait: act later this round"),
    ("act_now_button", "act_now", "A waiting combatant acts right after this turn"),
    ("normal_button", "normal", "Back to its place in the normal order"),
    ("recipient", "focus_recipient", "The PC who gets 1 of the 2 XP (or type a name)"),
    ("reason", "focus_reason", "Why that player gets the XP; Enter accepts the intrusion"),
    ("intrude_button", "intrusion", "GM intrusion on the selected PC"),
    ("refuse_button", "refuse", "The player pays XP to refuse the intrusion"),
    ("natural_one_button", "natural_one", "An intrusion brought by a natural 1: no XP"),
    ("remove_button", "remove", "Take the combatant out of the encounter"),
)


def key_tooltips(form: QWidget) -> None:
    """Every control of the panel says what it does and its key (the same map as the
    Keys dialog, F1), so a GM learns the keys by pointing."""
    for name, key_id, what in PANEL_KEYS:
        widget = form.findChild(QWidget, name)
        if widget is None:
            raise RuntimeError(f"the panel has no control named {name!r}")
        if key_id == "enter":
            widget.setToolTip(_t(what))
        else:
            widget.setToolTip(_t("{0} ({1})").format(_t(what), key_text(key_id)))
