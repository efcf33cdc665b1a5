"""Wiring the fight's key map (`keys.FIGHT_KEYS`) to the window: each key's handler
(a panel button, a field to focus, a toolbar action) and what Enter does in each field.

A mixin of `EncounterWindow`: what it uses of the window is declared here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from numdesk.views.encounter.actions_panel import ActionPanel
from numdesk.views.encounter.builder import BuilderPanel
from numdesk.views.encounter.fight_table import FightTable
from numdesk.views.encounter.keys import FightKeyboard


class FightKeyWiring:
    """The key handlers of `EncounterWindow` (a mixin)."""

    panel: ActionPanel
    builder: BuilderPanel
    table: FightTable
    profile_combo: QWidget
    title: QWidget
    builder_action: QAction
    next_action: QAction
    previous_action: QAction
    reroll_action: QAction
    group_action: QAction
    export_action: QAction
    new_fight_action: QAction
    undo_action: QAction
    redo_action: QAction
    keys_action: QAction
    table_display_action: QAction
    hide_action: QAction
    reveal_action: QAction
    show_message: Callable[[str], None]
    step_selection: Callable[[int], None]
    select_npcs: Callable[[], None]
    tr: Callable[[str], str]

    def _press(self, button: Any) -> None:
        """A key for a panel button: press it, or say why it does not apply here."""
        if button.isEnabled() and button.isVisible():
            button.click()
        else:
            self.show_message(button.toolTip() or self.tr("That does not apply here."))

    def _focus(self, widget: QWidget) -> None:
        """A field's key: the focus goes to it (its text selected, to type over it)."""
        if not widget.isVisible() and widget in self._builder_fields():
            self.builder_action.setChecked(True)  # a builder key shows the builder
        if not widget.isEnabled() or not widget.isVisible():
            self.show_message(widget.toolTip() or self.tr("That does not apply here."))
            return
        widget.setFocus(Qt.FocusReason.ShortcutFocusReason)
        select_all = getattr(widget, "selectAll", None)
        editor = getattr(widget, "lineEdit", None)
        if callable(select_all):
            select_all()
        elif callable(editor) and editor() is not None:
            editor().selectAll()

    def _builder_fields(self) -> list[QWidget]:
        b = self.builder
        return [b.search, b.results, b.count, b.level_min, b.level_max]

    def _focus_amount(self) -> None:
        self._focus(self.panel.amount)

    def _then_table(self, action: Callable[[], object]) -> Callable[[], None]:
        """`action`, then the focus back on the table for the next one."""

        def run() -> None:
            action()
            self.table.setFocus(Qt.FocusReason.ShortcutFocusReason)

        return run

    def _install_keys(self) -> FightKeyboard:
        panel, builder = self.panel, self.builder
        press = self._press
        handlers: dict[str, Any] = {
            "next_turn": self.next_action,
            "previous_turn": self.previous_action,
            "next_combatant": lambda: self.step_selection(1),
            "previous_combatant": lambda: self.step_selection(-1),
            "select_npcs": self.select_npcs,
            "amount": self._focus_amount,
            "damage": lambda: press(panel.damage_button),
            "hit": lambda: press(panel.hit_button),
            "heal": lambda: press(panel.heal_button),
            "set_health": lambda: press(panel.set_health_button),
            "mark_defeated": lambda: press(panel.set_defeated_button),
            "wound": lambda: press(panel.wound_button),
            "condition": lambda: press(panel.add_condition_button),
            "remove_condition": lambda: press(panel.remove_condition_button),
            "pick": lambda: press(panel.pick_button),
            "roll": lambda: press(panel.roll_button),
            "first": lambda: press(panel.first_button),
            "last": lambda: press(panel.last_button),
            "wait": lambda: press(panel.wait_button),
            "act_now": lambda: press(panel.act_now_button),
            "normal": lambda: press(panel.normal_button),
            "intrusion": lambda: press(panel.intrude_button),
            "refuse": lambda: press(panel.refuse_button),
            "natural_one": lambda: press(panel.natural_one_button),
            "remove": lambda: press(panel.remove_button),
            "ignore_armor": lambda: press(panel.ignore_armor),
            "initiative": self.reroll_action,
            "group": self.group_action,
            "builder": self.builder_action,
            "export": self.export_action,
            "new_fight": self.new_fight_action,
            "table_display": self.table_display_action,
            "hide": self.hide_action,
            "reveal_numbers": self.reveal_action,
            "undo": self.undo_action,
            "redo": self.redo_action,
            "focus_table": lambda: self.table.setFocus(Qt.FocusReason.ShortcutFocusReason),
            "keys": self.keys_action,
        }
        fields = {
            "focus_roll": panel.roll_value,
            "focus_eases": panel.eases,
            "focus_amount": panel.amount,
            "focus_type": panel.damage_type,
            "focus_kind": panel.damage_kind,
            "focus_defeat": panel.defeat_as,
            "focus_wound": panel.wound,
            "focus_condition": panel.condition,
            "focus_rounds": panel.rounds,
            "focus_ends_at": panel.ends_at,
            "focus_anchor": panel.ends_anchor,
            "focus_pick": panel.pick,
            "focus_recipient": panel.recipient,
            "focus_reason": panel.reason,
            "focus_search": builder.search,
            "focus_count": builder.count,
            "focus_level_min": builder.level_min,
            "focus_level_max": builder.level_max,
            "focus_object": builder.object_name,
            "focus_object_level": builder.object_level,
            "focus_rules": self.profile_combo,
            "rename": self.title,
        }
        for key_id, widget in fields.items():
            handlers[key_id] = lambda w=widget: self._focus(w)
        back = self._then_table
        enter: dict[QWidget, Callable[[], object]] = {
            panel.amount: self._damage_from_keys,
            panel.roll_value: back(lambda: press(panel.set_roll_button)),
            panel.condition: back(lambda: press(panel.add_condition_button)),
            panel.rounds: back(lambda: press(panel.add_condition_button)),
            panel.ends_at: back(lambda: press(panel.add_condition_button)),
            panel.ends_anchor: back(lambda: press(panel.add_condition_button)),
            panel.pick: back(lambda: press(panel.pick_button)),
            panel.reason: back(lambda: press(panel.intrude_button)),
            builder.search: builder.add_selected,
            builder.results: builder.add_selected,
            builder.count: builder.add_selected,
            builder.object_name: builder.add_object,
            builder.object_level: builder.add_object,
        }
        return FightKeyboard(self, handlers, self.table, panel.amount, enter)

    def _damage_from_keys(self) -> None:
        """Enter in the amount: damage the selection, then back to the table for the next."""
        self.panel.damage_selected()
        self.table.setFocus(Qt.FocusReason.ShortcutFocusReason)
