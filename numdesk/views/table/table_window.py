"""The Table window: for the GM, the join code, the address and who is connected; for a
player, the GM's fight as it runs (read-only), and what the GM asks of them."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent, QFont
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from numdesk.controllers.table_link import KEPT_LINES, TableLinkController
from numdesk.link.discovery import addresses
from numdesk.views.table.prompts import InitiativePrompt, IntrusionPrompt
from numdesk.views.table.status_line import status_text
from numdesk.views.table_display.widget import TableDisplay
from numdesk.views.theme import dim, heading_font


class TableWindow(QWidget):
    """A top-level window following the link: `link` is the app's TableLinkController;
    `names` maps this library's character uids to names (a player's own)."""

    def __init__(self, link: TableLinkController, names: dict[str, str]) -> None:
        super().__init__(None, Qt.WindowType.Window)
        self.setObjectName("tableWindow")
        # closing the main window quits numdesk even while this one is open
        self.setAttribute(Qt.WidgetAttribute.WA_QuitOnClose, False)
        self.link = link
        self._names = names
        layout = QVBoxLayout(self)
        self.status = QLabel()
        self.status.setObjectName("tableStatus")
        self.status.setFont(heading_font(self.font(), 1.15))
        layout.addWidget(self.status)
        self.code = QLabel()
        self.code.setObjectName("joinCodeShown")
        self.code.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        code_font = QFont(self.font())
        code_font.setPointSizeF(code_font.pointSizeF() * 2.6)
        code_font.setBold(True)
        code_font.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 112)
        self.code.setFont(code_font)
        layout.addWidget(self.code)
        self.where = QLabel()
        self.where.setObjectName("tableAddressShown")
        self.where.setWordWrap(True)
        self.where.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.where)
        self.display = TableDisplay(dark=self.palette().window().color().lightness() < 128)
        self.display.setMinimumHeight(240)
        self.no_fight = QLabel(self.tr("No fight is running at the table."))
        self.no_fight.setObjectName("noFight")
        self.no_fight.setAlignment(Qt.AlignmentFlag.AlignCenter)
        dim(self.no_fight)
        self.intrusion = IntrusionPrompt()
        self.initiative = InitiativePrompt()
        self.log = QListWidget()
        self.log.setObjectName("tableLog")
        self.log.setAccessibleName(self.tr("What happened at the table"))
        upper = QWidget()
        upper_layout = QVBoxLayout(upper)
        upper_layout.setContentsMargins(0, 0, 0, 0)
        upper_layout.addWidget(self.display, 1)
        upper_layout.addWidget(self.no_fight, 1)
        prompts = QHBoxLayout()
        prompts.addWidget(self.intrusion, 2)
        prompts.addWidget(self.initiative, 1)
        upper_layout.addLayout(prompts)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(upper)
        split.addWidget(self.log)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 0)
        split.setSizes([600, 110])
        layout.addWidget(split, 1)
        buttons = QHBoxLayout()
        self.rejoin_button = QPushButton(self.tr("&Re-join"))
        self.rejoin_button.setObjectName("rejoinTable")
        self.leave_button = QPushButton()
        self.leave_button.setObjectName("leaveTable")
        buttons.addStretch(1)
        buttons.addWidget(self.rejoin_button)
        buttons.addWidget(self.leave_button)
        layout.addLayout(buttons)
        self.leave_button.clicked.connect(link.leave)
        self.rejoin_button.clicked.connect(link.rejoin)
        self.intrusion.answered.connect(link.answer)
        self.initiative.sent.connect(link.send_initiative)
        link.stateChanged.connect(self.refresh)
        link.said.connect(self._add_line)
        link.offered.connect(self._offered)
        link.initiativeAsked.connect(self._asked)
        for line in link.lines:
            self.log.addItem(line)
        self.resize(1100, 720)
        self.refresh()

    def refresh(self) -> None:
        """Show the link's state now."""
        link = self.link
        self.status.setText(status_text(link, self.tr))
        hosting = link.role == "host"
        self.code.setVisible(hosting)
        self.where.setVisible(hosting)
        if hosting:
            self.code.setText(self.tr("Join code: {0}").format(link.code))
            where = ", ".join(f"{a}:{link.port}" for a in addresses())
            self.where.setText(
                self.tr(
                    "Players choose Table > Join a Table and pick '{0}', or type the "
                    "address {1}, then the code."
                ).format(link.table_name, where)
            )
        self.setWindowTitle(self.tr("Table — {0}").format(link.table_name or self.tr("none")))
        playing = link.role == "player"
        self.display.setVisible(playing and link.view is not None)
        self.no_fight.setVisible(not self.display.isVisibleTo(self))
        self.no_fight.setText(self._no_fight_text(link.role, bool(link.shared_fight)))
        if playing and link.view is not None:
            self.display.show_view(link.view)
        self.leave_button.setText(self.tr("&End the Table") if hosting else self.tr("&Leave"))
        self.leave_button.setEnabled(bool(link.role))
        self.rejoin_button.setVisible(link.can_rejoin)
        if not link.role:
            self.intrusion.hide()
            self.initiative.hide()

    def _no_fight_text(self, role: str, sharing: bool) -> str:
        """What the middle says when it shows no fight (the GM's side never does)."""
        if not role:
            rejoin = (
                self.tr("\nRe-join goes back to the last table.") if self.link.can_rejoin else ""
            )
            return (
                self.tr(
                    "You are not at a table.\n"
                    "In the main window, Table > Host a Table… starts one for your players,\n"
                    "and Table > Join a Table… sits you at your GM's."
                )
                + rejoin
            )
        if role != "host":
            return self.tr("No fight is running at the table.")
        if sharing:
            return self.tr(
                "The players see the fight you work in, live, as you run it.\n"
                "Combatants you hide there are never sent to them."
            )
        return self.tr(
            "No fight is shown to the players yet.\n"
            "Open a fight: the fight window you work in is the one they see.\n"
            "Combatants you hide there are never sent to them."
        )

    def _add_line(self, line: str) -> None:
        if self.link.lines:
            self.log.addItem(self.link.lines[-1])
            # the lines the link keeps, as a reopened window shows them: a night of a
            # flaky network (a line per try to reach the table) never piles up here
            while self.log.count() > KEPT_LINES:
                self.log.takeItem(0)
            self.log.scrollToBottom()

    def _offered(self, offer: dict[str, Any]) -> None:
        self.intrusion.show_offer(offer, self._names.get(offer.get("uid", ""), ""))
        self.show()
        self.raise_()
        self.activateWindow()

    def _asked(self) -> None:
        brought = [(uid, self._names.get(uid, uid)) for uid in self.link.brought()]
        self.initiative.ask(brought)
        self.show()
        self.raise_()
        self.activateWindow()

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closing the window keeps the table: Table > Show the Table Window brings it back."""
        self.hide()
        event.ignore()
