"""The fight's keyboard: one shortcut map that works wherever the focus is in the
encounter window, listed in the Keys dialog (F1) and in every button's tooltip.

Qt lets a focused text field or spin box claim keys such as Ctrl+Right (move by word)
or Ctrl+Z (its own text undo) before a window shortcut sees them. `FightKeyboard`
filters those claims for the keys of the map, so Ctrl+→ moves to the next turn even
right after typing an amount, and Ctrl+Z undoes the last stored change from any field. In the
table, typing a digit starts the damage amount (Enter applies it) and Esc, anywhere,
brings the focus back to the table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLineEdit,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from numdesk.views.encounter.key_router import route_keys


@dataclass(frozen=True)
class FightKey:
    """One entry of the map: an id the window wires, its keys and what it does."""

    id: str
    keys: str
    label: str


def _k(key_id: str, keys: str, label: str) -> FightKey:
    return FightKey(key_id, keys, label)


#: The whole map, in the order the Keys dialog lists it: turns and the table, the
#: panel's buttons (Ctrl+Shift+letter, or Enter in their field), its fields (Alt+letter
#: goes to the field), the builder, the window.
FIGHT_KEYS: tuple[FightKey, ...] = (
    _k("next_turn", "Ctrl+Right", QT_TRANSLATE_NOOP("FightKeys", "Next turn (starts the fight)")),
    _k("previous_turn", "Ctrl+Left", QT_TRANSLATE_NOOP("FightKeys", "Previous turn")),
    _k("next_combatant", "Ctrl+Down", QT_TRANSLATE_NOOP("FightKeys", "Select the next combatant")),
    _k(
        "previous_combatant",
        "Ctrl+Up",
        QT_TRANSLATE_NOOP("FightKeys", "Select the previous combatant"),
    ),
    _k(
        "select_npcs",
        "Ctrl+Shift+A",
        QT_TRANSLATE_NOOP("FightKeys", "Select every NPC still standing"),
    ),
    _k(
        "enter",
        "Return",
        QT_TRANSLATE_NOOP(
            "FightKeys",
            "Enter in a field does its button: the amount damages, the roll sets it, the "
            "condition or its rounds adds it, the table action applies, the reason accepts "
            "the intrusion, the builder adds",
        ),
    ),
    _k(
        "amount",
        "Ctrl+D",
        QT_TRANSLATE_NOOP(
            "FightKeys", "Damage: go to the amount (or type the number in the table), then Enter"
        ),
    ),
    _k("damage", "Ctrl+Shift+K", QT_TRANSLATE_NOOP("FightKeys", "Damage by the amount")),
    _k(
        "hit",
        "Ctrl+H",
        QT_TRANSLATE_NOOP("FightKeys", "A PC is hit: its defense roll, then the harm"),
    ),
    _k("heal", "Ctrl+Shift+H", QT_TRANSLATE_NOOP("FightKeys", "Heal the amount")),
    _k("set_health", "Ctrl+Shift+S", QT_TRANSLATE_NOOP("FightKeys", "Set health to the amount")),
    _k(
        "mark_defeated",
        "Ctrl+Shift+M",
        QT_TRANSLATE_NOOP("FightKeys", "Mark a defeated NPC as chosen in At 0 health"),
    ),
    _k("wound", "Ctrl+Shift+W", QT_TRANSLATE_NOOP("FightKeys", "Wound a PC (Cypher System)")),
    _k("condition", "Ctrl+Shift+C", QT_TRANSLATE_NOOP("FightKeys", "Add the condition")),
    _k("remove_condition", "Ctrl+Shift+X", QT_TRANSLATE_NOOP("FightKeys", "Remove the condition")),
    _k("pick", "Ctrl+Shift+T", QT_TRANSLATE_NOOP("FightKeys", "Apply the table action or effect")),
    _k("roll", "Ctrl+Shift+I", QT_TRANSLATE_NOOP("FightKeys", "Roll the selected PC's initiative")),
    _k("first", "Ctrl+Shift+F", QT_TRANSLATE_NOOP("FightKeys", "First action (Cypher System)")),
    _k("last", "Ctrl+Shift+L", QT_TRANSLATE_NOOP("FightKeys", "Last action (Cypher System)")),
    _k("wait", "Ctrl+Shift+P", QT_TRANSLATE_NOOP("FightKeys", "Wait (act later this round)")),
    _k(
        "act_now",
        "Ctrl+Shift+O",
        QT_TRANSLATE_NOOP("FightKeys", "Act now: a waiting combatant acts after this turn"),
    ),
    _k("normal", "Ctrl+Shift+B", QT_TRANSLATE_NOOP("FightKeys", "Back to the normal turn")),
    _k("intrusion", "Ctrl+Shift+G", QT_TRANSLATE_NOOP("FightKeys", "GM intrusion on the PC")),
    _k(
        "refuse",
        "Ctrl+Shift+U",
        QT_TRANSLATE_NOOP("FightKeys", "The player refuses the intrusion (pays XP)"),
    ),
    _k(
        "natural_one",
        "Ctrl+Shift+E",
        QT_TRANSLATE_NOOP("FightKeys", "An intrusion from a natural 1 (no XP)"),
    ),
    _k(
        "remove",
        "Ctrl+Shift+Del",
        QT_TRANSLATE_NOOP("FightKeys", "Remove the combatant from the encounter"),
    ),
    _k("focus_roll", "Alt+O", QT_TRANSLATE_NOOP("FightKeys", "Go to the PC's initiative roll")),
    _k(
        "focus_eases", "Alt+E", QT_TRANSLATE_NOOP("FightKeys", "Go to the initiative's eased steps")
    ),
    _k("focus_amount", "Alt+A", QT_TRANSLATE_NOOP("FightKeys", "Go to the amount")),
    _k("focus_type", "Alt+Y", QT_TRANSLATE_NOOP("FightKeys", "Go to the damage type")),
    _k("focus_kind", "Alt+K", QT_TRANSLATE_NOOP("FightKeys", "Go to the damage kind")),
    _k("ignore_armor", "Alt+M", QT_TRANSLATE_NOOP("FightKeys", "Ignore Armor on or off")),
    _k("focus_defeat", "Alt+0", QT_TRANSLATE_NOOP("FightKeys", "Go to At 0 health")),
    _k("focus_wound", "Alt+W", QT_TRANSLATE_NOOP("FightKeys", "Go to the wound's severity")),
    _k(
        "focus_condition",
        "Alt+C",
        QT_TRANSLATE_NOOP("FightKeys", "Go to the condition (type it: dazed, stunned…)"),
    ),
    _k("focus_rounds", "Alt+U", QT_TRANSLATE_NOOP("FightKeys", "Go to the condition's rounds")),
    _k(
        "focus_ends_at",
        "Alt+S",
        QT_TRANSLATE_NOOP("FightKeys", "Go to: it ends as the turn starts, or as it ends"),
    ),
    _k(
        "focus_anchor",
        "Alt+H",
        QT_TRANSLATE_NOOP("FightKeys", "Go to: whose next turn it ends on"),
    ),
    _k(
        "focus_pick",
        "Alt+T",
        QT_TRANSLATE_NOOP("FightKeys", "Go to the table actions (type the first letter), Enter"),
    ),
    _k("focus_recipient", "Alt+G", QT_TRANSLATE_NOOP("FightKeys", "Go to who gets 1 XP")),
    _k("focus_reason", "Alt+N", QT_TRANSLATE_NOOP("FightKeys", "Go to the intrusion's reason")),
    _k(
        "focus_search",
        "Ctrl+F",
        QT_TRANSLATE_NOOP(
            "FightKeys", "Builder: search the library (Down: the results, Enter: add)"
        ),
    ),
    _k("focus_count", "Alt+X", QT_TRANSLATE_NOOP("FightKeys", "Builder: how many copies")),
    _k("focus_level_min", "Alt+V", QT_TRANSLATE_NOOP("FightKeys", "Builder: lowest level")),
    _k("focus_level_max", "Alt+L", QT_TRANSLATE_NOOP("FightKeys", "Builder: highest level")),
    _k("focus_object", "Alt+J", QT_TRANSLATE_NOOP("FightKeys", "Builder: an object's name")),
    _k("focus_object_level", "Alt+Q", QT_TRANSLATE_NOOP("FightKeys", "Builder: its level")),
    _k("focus_rules", "Alt+R", QT_TRANSLATE_NOOP("FightKeys", "Go to the fight's rules")),
    _k(
        "initiative",
        "Ctrl+I",
        QT_TRANSLATE_NOOP("FightKeys", "New initiative: type or roll each PC's d20"),
    ),
    _k("group", "Ctrl+G", QT_TRANSLATE_NOOP("FightKeys", "NPCs act together, or one by one")),
    _k("builder", "Ctrl+B", QT_TRANSLATE_NOOP("FightKeys", "Show or hide the builder")),
    _k("export", "Ctrl+E", QT_TRANSLATE_NOOP("FightKeys", "Export the log")),
    _k("print", "Ctrl+P", QT_TRANSLATE_NOOP("FightKeys", "Print the encounter sheet")),
    _k("pdf", "Ctrl+Alt+P", QT_TRANSLATE_NOOP("FightKeys", "The encounter sheet as a PDF")),
    _k("rename", "Ctrl+R", QT_TRANSLATE_NOOP("FightKeys", "Rename the fight (Enter keeps it)")),
    _k("new_fight", "Ctrl+Shift+N", QT_TRANSLATE_NOOP("FightKeys", "New fight from this")),
    FightKey(
        "table_display",
        "Ctrl+Shift+D",
        QT_TRANSLATE_NOOP("FightKeys", "Table display for the players (TV or second screen)"),
    ),
    FightKey(
        "hide",
        "Ctrl+Shift+V",
        QT_TRANSLATE_NOOP(
            "FightKeys", "Hide the selected combatants from the players, or show them"
        ),
    ),
    FightKey(
        "reveal_numbers",
        "Ctrl+Shift+R",
        QT_TRANSLATE_NOOP("FightKeys", "Players see NPC health as numbers, or as words again"),
    ),
    _k("undo", "Ctrl+Z", QT_TRANSLATE_NOOP("FightKeys", "Undo")),
    _k("redo", "Ctrl+Y", QT_TRANSLATE_NOOP("FightKeys", "Redo")),
    _k("focus_table", "Esc", QT_TRANSLATE_NOOP("FightKeys", "Back to the table")),
    _k("keys", "F1", QT_TRANSLATE_NOOP("FightKeys", "This list of keys")),
)
KEYS_BY_ID = {k.id: k for k in FIGHT_KEYS}


def key_text(key_id: str) -> str:
    """The keys of `key_id` as the platform writes them (for tooltips)."""
    return QKeySequence(KEYS_BY_ID[key_id].keys).toString(QKeySequence.SequenceFormat.NativeText)


def label(key: FightKey) -> str:
    return QCoreApplication.translate("FightKeys", key.label)


class FightKeyboard(QObject):
    """Installs the map on `window` and keeps its keys working from every field."""

    def __init__(
        self,
        window: QWidget,
        handlers: dict[str, Callable[[], object] | QAction],
        table: QWidget,
        amount: QAbstractSpinBox,
        enter: dict[QWidget, Callable[[], object]],
    ) -> None:
        super().__init__(window)
        self._window = window
        self._table = table
        self._amount = amount
        #: Enter in these fields does their button (the amount damages, …)
        self._enter: dict[QObject, Callable[[], object]] = {}
        for field, action in enter.items():
            self._enter[field] = action
            inner = field.lineEdit() if isinstance(field, QAbstractSpinBox | QComboBox) else None
            if inner is not None:
                self._enter[inner] = action
        self.actions: dict[str, QAction] = {}
        self._sequences: set[int] = set()
        for key in FIGHT_KEYS:
            handler = handlers.get(key.id)
            if handler is None:
                continue
            self._sequences.add(QKeySequence(key.keys)[0].toCombined())
            if isinstance(handler, QAction):
                self.actions[key.id] = handler  # the window's own action (toolbar)
                for sequence in handler.shortcuts():  # Ctrl+Shift+Z beside Ctrl+Y
                    self._sequences.add(sequence[0].toCombined())
                continue
            action = QAction(label(key), window)
            action.setShortcut(QKeySequence(key.keys))
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            action.triggered.connect(lambda _=False, h=handler: h())
            window.addAction(action)
            self.actions[key.id] = action
        # through the application's filter, so fields made later (the initiative cell's
        # editor, a renamed title) are covered too; only this window's widgets come here
        route_keys(window, self)

    def handle_key(self, watched: QWidget, event: QKeyEvent, kind: QEvent.Type) -> bool:
        """A key pressed in one of the window's widgets; True if it was used here."""
        if kind == QEvent.Type.ShortcutOverride:
            combined = event.keyCombination().toCombined()
            if combined in self._sequences and event.key() != Qt.Key.Key_Escape:
                return True  # not the field's: the window's shortcut gets it
            if event.key() == Qt.Key.Key_Escape and watched is not self._table:
                return False
        if kind == QEvent.Type.KeyPress:
            return self._key_press(watched, event)
        return False

    def _key_press(self, watched: QObject, event: QKeyEvent) -> bool:
        plain = event.modifiers() in (
            Qt.KeyboardModifier.NoModifier,
            Qt.KeyboardModifier.KeypadModifier,
        )
        if watched is self._table and plain and event.text().isdigit():
            # typing a number over the table starts the damage amount
            self._amount.setFocus(Qt.FocusReason.ShortcutFocusReason)
            self._amount.lineEdit().setText(event.text())
            return True
        action = self._enter.get(watched)
        if action is not None and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            owner = watched.parent() if isinstance(watched, QLineEdit) else watched
            if isinstance(owner, QAbstractSpinBox):
                owner.interpretText()
            action()
            return True
        escape = (
            event.key() == Qt.Key.Key_Escape
            and isinstance(watched, QWidget)
            and not watched.property("ownEscape")  # a field that reverts itself on Esc
        )
        if escape and watched.window() is self._window and watched is not self._table:
            self._table.setFocus(Qt.FocusReason.ShortcutFocusReason)
            return True
        return False


class KeysDialog(QDialog):
    """The shortcut map as a table (Help for the fight)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("fightKeysDialog")
        self.setWindowTitle(self.tr("Keys for the fight"))
        layout = QVBoxLayout(self)
        self.table = QTableWidget(len(FIGHT_KEYS), 2, self)
        self.table.setHorizontalHeaderLabels([self.tr("Keys"), self.tr("What they do")])
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        for row, key in enumerate(FIGHT_KEYS):
            self.table.setItem(row, 0, QTableWidgetItem(key_text(key.id)))
            self.table.setItem(row, 1, QTableWidgetItem(label(key)))
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.resizeColumnToContents(0)
        layout.addWidget(self.table)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(560, 560)
