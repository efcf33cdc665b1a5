"""The line over the combatant table: whose turn it is, the Previous/Next buttons, and
the banner that says a stunned combatant loses its turn (RULES.md G18).

The banner is where the GM looks when the turn comes round: a stunned combatant is
easy to forget in a long order, and it still defends, so the banner says both and
offers to skip the turn (the log records the lost turn).
"""

from __future__ import annotations

from html import escape
from typing import Any

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from numdesk.views.plain_text import allow_rich


def set_text(widget: Any, text: str) -> None:
    """Set a label's or button's text only when it changes: setting the same text
    again still lays the widget out, after every action."""
    if widget.text() != text:
        widget.setText(text)


class TurnHeader(QWidget):
    """Round and turn, the turn buttons (wired to the window's actions), the banner."""

    def __init__(
        self, previous_action: QAction, next_action: QAction, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._next_action = next_action
        self.round_label = QLabel()
        self.round_label.setObjectName("roundLabel")
        font = self.round_label.font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        self.round_label.setFont(font)
        self.previous_button = QPushButton()
        self.previous_button.clicked.connect(previous_action.trigger)
        self.previous_button.setToolTip(previous_action.toolTip())
        self.next_button = QPushButton()
        self.next_button.clicked.connect(next_action.trigger)
        self.next_button.setDefault(True)
        self.next_button.setToolTip(next_action.toolTip())
        line = QHBoxLayout()
        line.setContentsMargins(0, 0, 0, 0)
        line.addWidget(self.round_label, 1)
        line.addWidget(self.previous_button)
        line.addWidget(self.next_button)

        self.stunned_banner = QFrame()
        self.stunned_banner.setObjectName("stunnedBanner")
        self.stunned_banner.setStyleSheet(
            "#stunnedBanner { background: #ffe0b2; border: 1px solid #e08a00; }"
        )
        self.stunned_text = QLabel()
        allow_rich(self.stunned_text)  # the names in it are escaped
        self.stunned_text.setWordWrap(True)
        self.skip_button = QPushButton(self.tr("Skip the turn"))
        self.skip_button.setToolTip(
            self.tr("Move on to the next turn; the log records the lost turn (Space)")
        )
        self.skip_button.clicked.connect(next_action.trigger)
        banner = QHBoxLayout(self.stunned_banner)
        banner.setContentsMargins(8, 4, 8, 4)
        banner.addWidget(self.stunned_text, 1)
        banner.addWidget(self.skip_button)
        self.stunned_banner.hide()

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(line)
        layout.addWidget(self.stunned_banner)

    def show_turn(self, round_text: str, stunned: list[str], whole_turn: bool) -> None:
        """Show the round line, and the banner when `stunned` names anyone.

        `whole_turn` says whether everyone acting in the turn is stunned; in group mode
        only some of the NPCs acting together may be: the others still act, and there
        is no turn to skip.
        """
        set_text(self.round_label, round_text)
        set_text(self.next_button, self._next_action.text() + "  (Ctrl+→)")
        set_text(self.previous_button, self.tr("Previous") + "  (Ctrl+←)")
        if not stunned:
            self.stunned_banner.setVisible(False)
            return
        if not whole_turn:
            text = self.tr(
                "Stunned, not acting with the others this turn (can still defend): <b>{0}</b>"
            )
        elif len(stunned) == 1:
            text = self.tr("<b>{0}</b> is stunned and loses this turn (it can still defend).")
        else:
            text = self.tr("<b>{0}</b> are stunned and lose this turn (they can still defend).")
        set_text(self.stunned_text, text.format(escape(", ".join(stunned))))
        self.skip_button.setVisible(whole_turn)
        self.stunned_banner.setVisible(True)
