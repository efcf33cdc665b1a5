"""The encounter window's layout: the builder on the left; the name, Rules box, round
header and combatant table in the middle, over the log and the stat block of the
selected row side by side; the actions on the right. It fits a 1366 × 768 screen
without scrolling the actions, and the stat block keeps a real height there.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from numdesk.controllers.encounter import EncounterController
from numdesk.rules.profiles import PROFILES
from numdesk.views.encounter.actions_panel import ActionPanel
from numdesk.views.encounter.builder import BuilderPanel
from numdesk.views.encounter.fight_table import FightTable
from numdesk.views.encounter.keys import key_text
from numdesk.views.encounter.log_model import LogModel
from numdesk.views.encounter.log_view import LogView
from numdesk.views.encounter.name_edit import NameEdit
from numdesk.views.encounter.table import CombatantTableModel
from numdesk.views.encounter.turn_header import TurnHeader


class FightLayout:
    """The widgets of `EncounterWindow` and where they sit (a mixin)."""

    controller: EncounterController
    model: CombatantTableModel
    builder: BuilderPanel
    panel: ActionPanel
    previous_action: QAction
    next_action: QAction
    builder_action: QAction

    def _build_layout(self) -> None:
        self.title = NameEdit()
        self.title.setToolTip(
            self.tr("The fight's name: click to rename it, Enter keeps it ({0})").format(
                key_text("rename")
            )
        )
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.header = TurnHeader(self.previous_action, self.next_action)
        self.round_label = self.header.round_label
        self.previous_button = self.header.previous_button
        self.next_button = self.header.next_button
        self.stunned_banner = self.header.stunned_banner
        self.stunned_text = self.header.stunned_text
        self.skip_button = self.header.skip_button

        self.table = FightTable(self.model, self.next_action, self.previous_action)

        self.log_model = LogModel(self.controller, self)
        # drawn by hand: a list view repaints all its rows with each line added
        self.log = LogView(self.log_model)
        self.log.setObjectName("encounterLog")
        self.log.setAccessibleName(self.tr("Fight log"))

        middle = QWidget()
        mid_layout = QVBoxLayout(middle)
        mid_layout.setContentsMargins(0, 0, 0, 0)
        self.profile_combo = QComboBox()
        self.profile_combo.setObjectName("profileCombo")
        for profile in PROFILES.values():
            self.profile_combo.addItem(self.tr(profile.label), profile.name)
        self.profile_combo.activated.connect(self._choose_profile)
        rules_label = QLabel(self.tr("Rules:"))
        rules_label.setBuddy(self.profile_combo)
        self.profile_combo.setToolTip(
            self.tr("The rules this fight runs by ({0})").format(key_text("focus_rules"))
        )
        title_row = QHBoxLayout()
        title_row.addWidget(self.title, 1)
        title_row.addWidget(rules_label)
        title_row.addWidget(self.profile_combo)
        mid_layout.addLayout(title_row)
        mid_layout.addWidget(self.summary)
        mid_layout.addWidget(self.header)
        self.stat_block = QTextBrowser()
        self.stat_block.setObjectName("statBlock")
        # under the table, beside the log: the stat block of the selected row gets the
        # height it needs, and the actions on the right never squeeze it
        log_box = QWidget()
        log_layout = QVBoxLayout(log_box)
        log_layout.setContentsMargins(0, 0, 0, 0)
        log_layout.addWidget(QLabel(self.tr("Log")))
        log_layout.addWidget(self.log)
        self.lower_split = QSplitter(Qt.Orientation.Horizontal)
        self.lower_split.addWidget(log_box)
        self.lower_split.addWidget(self.stat_block)
        self.lower_split.setStretchFactor(0, 3)
        self.lower_split.setStretchFactor(1, 2)
        self.lower_split.setSizes([560, 380])
        vsplit = QSplitter(Qt.Orientation.Vertical)
        vsplit.addWidget(self.table)
        vsplit.addWidget(self.lower_split)
        vsplit.setStretchFactor(0, 1)
        vsplit.setStretchFactor(1, 1)
        vsplit.setSizes([300, 280])
        mid_layout.addWidget(vsplit, 1)

        self.message = QLabel()
        self.message.setObjectName("encounterMessage")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #b3261e; font-weight: bold;")
        # two lines reserved: a message never pushes the buttons around
        line = self.message.fontMetrics().lineSpacing()
        self.message.setFixedHeight(2 * line + 4)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(4, 0, 0, 0)  # clear of the splitter handle
        right_layout.addWidget(self.message)
        right_layout.addWidget(self.panel)
        right_layout.addStretch(1)

        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.builder)
        self.builder.setVisible(self.builder_action.isChecked())
        split.addWidget(middle)
        split.addWidget(right)
        split.setSizes([230, 766, 370])
        split.setStretchFactor(1, 1)
        central = QWidget()
        central_layout = QVBoxLayout(central)
        central_layout.setContentsMargins(6, 2, 6, 6)
        central_layout.addWidget(split)
        self.setCentralWidget(central)
