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
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)


@dataclass(frozen=True)
class FightKey:
    """One entry of the map: an id the window wires, its keys and what it does."""

    id: str
    keys: str
    label: str


#: The whole map, in the order the Keys dialog lists it.
FIGHT_KEYS: tuple[FightKey, ...] = (
    FightKey(
        "next_turn", "Ctrl+Right", QT_TRANSLATE_NOOP("FightKeys", "Next turn (starts the fight)")
    ),
    FightKey("previous_turn", "Ctrl+Left", QT_TRANSLATE_NOOP("FightKeys", "Previous turn")),
    FightKey(
        "next_combatant", "Ctrl+Down", QT_TRANSLATE_NOOP("FightKeys", "Select the next combatant")
    ),
    FightKey(
        "previous_combatant",
        "Ctrl+Up",
        QT_TRANSLATE_NOOP("FightKeys", "Select the previous combatant"),
    ),
    FightKey(
        "select_npcs",
        "Ctrl+Shift+A",
        QT_TRANSLATE_NOOP("FightKeys", "Select every NPC still standing"),
    ),
    FightKey(
        "amount",
        "Ctrl+D",
        QT_TRANSLATE_NOOP(
            "FightKeys", "Damage: go to the amount (or type the number in the table), then Enter"
        ),
    ),
    FightKey(
        "hit",
        "Ctrl+H",
        QT_TRANSLATE_NOOP("FightKeys", "A PC is hit: its defense roll, then the harm"),
    ),
    FightKey("heal", "Ctrl+Shift+H", QT_TRANSLATE_NOOP("FightKeys", "Heal the amount")),
    FightKey("wound", "Ctrl+Shift+W", QT_TRANSLATE_NOOP("FightKeys", "Wound a PC (Cypher System)")),
    FightKey("condition", "Ctrl+Shift+C", QT_TRANSLATE_NOOP("FightKeys", "Add the condition")),
    FightKey(
        "pick", "Ctrl+Shift+T", QT_TRANSLATE_NOOP("FightKeys", "Apply the table action or effect")
    ),
    FightKey("intrusion", "Ctrl+Shift+G", QT_TRANSLATE_NOOP("FightKeys", "GM intrusion on the PC")),
    FightKey(
        "first", "Ctrl+Shift+F", QT_TRANSLATE_NOOP("FightKeys", "First action (Cypher System)")
    ),
    FightKey("last", "Ctrl+Shift+L", QT_TRANSLATE_NOOP("FightKeys", "Last action (Cypher System)")),
    FightKey("wait", "Ctrl+Shift+P", QT_TRANSLATE_NOOP("FightKeys", "Wait (act later this round)")),
    FightKey(
        "initiative",
        "Ctrl+I",
        QT_TRANSLATE_NOOP("FightKeys", "New initiative: type or roll each PC's d20"),
    ),
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
    FightKey("undo", "Ctrl+Z", QT_TRANSLATE_NOOP("FightKeys", "Undo")),
    FightKey("redo", "Ctrl+Y", QT_TRANSLATE_NOOP("FightKeys", "Redo")),
    FightKey("focus_table", "Esc", QT_TRANSLATE_NOOP("FightKeys", "Back to the table")),
    FightKey("keys", "F1", QT_TRANSLATE_NOOP("FightKeys", "This list of keys")),
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
        apply_amount: Callable[[], object],
    ) -> None:
        super().__init__(window)
        self._window = window
        self._table = table
        self._amount = amount
        self._apply_amount = apply_amount
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
        # the application's filter, so fields made later (the initiative cell's editor,
        # a renamed title) are covered too; it acts only on this window's widgets
        app = QCoreApplication.instance()
        if app is not None:
            app.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind not in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress):
            return False
        if not isinstance(watched, QWidget) or watched.window() is not self._window:
            return False
        if kind == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            combined = event.keyCombination().toCombined()
            if combined in self._sequences and event.key() != Qt.Key.Key_Escape:
                return True  # not the field's: the window's shortcut gets it
            if event.key() == Qt.Key.Key_Escape and watched is not self._table:
                return False
        if kind == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
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
        amount_parts = (self._amount, self._amount.lineEdit())
        if watched in amount_parts and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._amount.interpretText()
            self._apply_amount()
            return True
        escape = event.key() == Qt.Key.Key_Escape and isinstance(watched, QWidget)
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
