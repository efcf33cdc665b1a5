"""Play mode: the side panel used at the table (tasks, damage, rests, cyphers and
artifacts, XP spends, GM intrusions) and the roll log of this sheet's dice."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListView,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from numdesk.controllers.character import CharacterController
from numdesk.model.character import Character
from numdesk.model.errors import DomainError
from numdesk.model.items import shown_name
from numdesk.model.kinds import EntryKind
from numdesk.model.operations.base import Operation
from numdesk.model.operations.devices import UseArtifact, UseCypher
from numdesk.model.operations.xp import (
    AwardXp,
    GmIntrusion,
    RefuseIntrusion,
    SpendXp,
    gm_intrusion_ops,
)
from numdesk.rules.items import parse_depletion
from numdesk.rules.xp import XpSpendKind, available_spends, spend_cost, spend_label
from numdesk.views.face_field import FaceField
from numdesk.views.sheet.damage_dialog import DamageDialog
from numdesk.views.sheet.history import RollLogModel
from numdesk.views.sheet.recover_dialog import RecoverDialog
from numdesk.views.sheet.style import set_role
from numdesk.views.sheet.task_dialog import TaskDialog
from numdesk.views.sheet.words import word


def _first_upper(text: str) -> str:
    """ "refuse a GM intrusion" → "Refuse a GM intrusion" (str.capitalize lowers the rest)."""
    return text[:1].upper() + text[1:]


def _error_label(parent: QWidget) -> QLabel:
    """A red message line, hidden while it has nothing to say."""
    label = QLabel(parent)
    label.setWordWrap(True)
    set_role(label, "error")
    label.hide()
    return label


def _say(label: QLabel, text: str) -> None:
    label.setText(text)
    label.setVisible(bool(text))


class RecipientCombo(QComboBox):
    """A combo box that refreshes its choices just before its list opens or it gets focus."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.opening: Callable[[], None] = lambda: None

    def showPopup(self) -> None:
        self.opening()
        super().showPopup()

    def focusInEvent(self, event: QFocusEvent) -> None:
        self.opening()  # keyboard users pick with the arrow keys without opening the list
        super().focusInEvent(event)


class PlayPanel(QWidget):
    """Buttons for every table action; each one is an operation through the controller."""

    def __init__(self, controller: CharacterController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        layout = QVBoxLayout(self)

        actions = QGroupBox(self.tr("At the table"), self)
        grid = QGridLayout(actions)
        self.task_button = QPushButton(self.tr("&Task…"), actions)
        self.damage_button = QPushButton(self.tr("Take &damage…"), actions)
        self.recover_button = QPushButton(self.tr("Re&cover…"), actions)
        grid.addWidget(self.task_button, 0, 0)
        grid.addWidget(self.damage_button, 0, 1)
        grid.addWidget(self.recover_button, 0, 2)
        layout.addWidget(actions)

        items = QGroupBox(self.tr("Cyphers and artifacts"), self)
        igrid = QGridLayout(items)
        self.cypher_combo = QComboBox(items)
        self.use_cypher_button = QPushButton(self.tr("Use c&ypher"), items)
        self.artifact_combo = QComboBox(items)
        self.use_artifact_button = QPushButton(self.tr("Use &artifact"), items)
        igrid.addWidget(self.cypher_combo, 0, 0)
        igrid.addWidget(self.use_cypher_button, 0, 1)
        self.depletion_face = FaceField(20, items)
        igrid.addWidget(self.artifact_combo, 1, 0)
        igrid.addWidget(self.use_artifact_button, 1, 1)
        depletion_label = QLabel(self.tr("Depletion die rolled:"), items)
        depletion_label.setBuddy(self.depletion_face)
        igrid.addWidget(depletion_label, 2, 0)
        igrid.addWidget(self.depletion_face, 2, 1)
        igrid.setColumnStretch(0, 1)
        layout.addWidget(items)

        xp_box = QGroupBox(self.tr("XP and GM intrusions"), self)
        xgrid = QGridLayout(xp_box)
        self.spend_combo = QComboBox(xp_box)
        for kind in available_spends(controller.profile):
            if kind in (XpSpendKind.ADVANCEMENT, XpSpendKind.REROLL):
                continue
            cost = spend_cost(controller.profile, kind)
            self.spend_combo.addItem(
                self.tr("{0} ({1} XP)").format(_first_upper(word(spend_label(kind))), cost),
                kind,
            )
        self.spend_note = QLineEdit(xp_box)
        self.spend_note.setPlaceholderText(self.tr("what for (noted in the history)"))
        self.spend_button = QPushButton(self.tr("&Spend XP"), xp_box)
        self.recipient_combo = RecipientCombo(xp_box)
        # a player on their own types the other player's name; a character in the
        # library can be chosen instead (then it receives the XP on its own sheet too)
        self.recipient_combo.setEditable(True)
        self.recipient_combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.recipient_combo.opening = self._fill_recipients_if_stale
        self.intrusion_reason = QLineEdit(xp_box)
        self.intrusion_reason.setPlaceholderText(self.tr("why that player gets 1 XP"))
        self.intrusion_button = QPushButton(self.tr("Accept &GM intrusion (+2, give 1)"), xp_box)
        self.refuse_button = QPushButton(self.tr("&Refuse intrusion (1 XP)"), xp_box)
        self.refuse_button.setVisible(controller.profile.refuse_intrusion_cost is not None)
        # a refusal is said under the button that was pressed, not at the panel's foot
        self.spend_message = _error_label(xp_box)
        self.intrusion_message = _error_label(xp_box)
        xgrid.addWidget(self.spend_combo, 0, 0)
        xgrid.addWidget(self.spend_button, 0, 1)
        xgrid.addWidget(self.spend_note, 1, 0, 1, 2)
        xgrid.addWidget(self.spend_message, 2, 0, 1, 2)
        xgrid.addWidget(QLabel(self.tr("Give 1 XP to:")), 3, 0, 1, 2)
        xgrid.addWidget(self.recipient_combo, 4, 0, 1, 2)
        xgrid.addWidget(self.intrusion_reason, 5, 0, 1, 2)
        xgrid.addWidget(self.intrusion_button, 6, 0, 1, 2)
        xgrid.addWidget(self.refuse_button, 7, 0, 1, 2)
        xgrid.addWidget(self.intrusion_message, 8, 0, 1, 2)
        self.award_spin = QSpinBox(xp_box)
        self.award_spin.setRange(1, 4)
        self.award_spin.setSuffix(self.tr(" XP"))
        self.award_spin.setToolTip(self.tr("The GM's award at the end of a session: 1 to 4 XP"))
        self.award_reason = QLineEdit(xp_box)
        self.award_reason.setPlaceholderText(self.tr("the discovery it rewards (optional)"))
        self.award_button = QPushButton(self.tr("Record session a&ward"), xp_box)
        xgrid.addWidget(self.award_spin, 9, 0)
        xgrid.addWidget(self.award_button, 9, 1)
        xgrid.addWidget(self.award_reason, 10, 0, 1, 2)
        layout.addWidget(xp_box)

        self.message = QLabel(self)
        self.message.setWordWrap(True)
        set_role(self.message, "error")
        layout.addWidget(self.message)
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        layout.addWidget(self.status)

        lost = controller.unreadable_rolls
        self.roll_log_label = QLabel(
            self.tr("Roll log (newest first):")
            if not lost
            else self.tr(
                "Roll log (newest first; {0} kept roll(s) were damaged and are not shown):"
            ).format(lost)
        )
        self.roll_log_label.setWordWrap(True)
        layout.addWidget(self.roll_log_label)
        self.roll_log = RollLogModel(controller, self)
        self.roll_view = QListView(self)
        self.roll_view.setModel(self.roll_log)
        layout.addWidget(self.roll_view, 1)

        # long entries ("Player intrusion (1 XP)", a cypher's name) would set the panel's
        # minimum width and squeeze the sheet beside it (the Cypher stats then stacked)
        for combo in (
            self.cypher_combo,
            self.artifact_combo,
            self.spend_combo,
            self.recipient_combo,
        ):
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            combo.setMinimumContentsLength(12)
        self.task_button.clicked.connect(lambda: self.open_task())
        self.damage_button.clicked.connect(self.open_damage)
        self.recover_button.clicked.connect(self.open_recover)
        self.use_cypher_button.clicked.connect(self.use_cypher)
        self.use_artifact_button.clicked.connect(self.use_artifact)
        self.spend_button.clicked.connect(self.spend_xp)
        self.intrusion_button.clicked.connect(self.gm_intrusion)
        self.refuse_button.clicked.connect(
            lambda: self._apply(RefuseIntrusion(), self.intrusion_message)
        )
        self.award_button.clicked.connect(self.session_award)
        self.artifact_combo.currentIndexChanged.connect(self._artifact_chosen)
        controller.changed.connect(self.refresh)
        # the other characters are listed when the list is first opened (a search of the
        # library: ~10-20 ms that opening a sheet need not pay), and again only after the
        # library's entries changed, not on every edit of this sheet
        self._recipients_stale = True
        self._recipient_hint(self.tr("type a player's name, or choose a character"))
        entries_changed = getattr(controller.library_controller, "entriesChanged", None)
        if entries_changed is not None:
            entries_changed.connect(self._mark_recipients_stale)
        # a character renamed on its own sheet is a save, not a change of the set
        entry_saved = getattr(controller.library_controller, "entrySaved", None)
        if entry_saved is not None:
            entry_saved.connect(lambda _uid: self._mark_recipients_stale())
        self.dialogs: list[QWidget] = []
        self.refresh()

    def refresh(self) -> None:
        character = self.controller.character
        self.cypher_combo.clear()
        for cypher in character.cyphers:
            level = f" ({self.tr('level')} {cypher.level})" if cypher.level else ""
            self.cypher_combo.addItem(f"{shown_name(cypher)}{level}", cypher.uid)
        self.artifact_combo.clear()
        for artifact in character.artifacts:
            state = self.tr(" — depleted") if artifact.depleted else ""
            self.artifact_combo.addItem(
                f"{shown_name(artifact)} ({artifact.depletion}){state}", artifact.uid
            )
        self.use_cypher_button.setEnabled(bool(character.cyphers))
        self.use_artifact_button.setEnabled(any(not a.depleted for a in character.artifacts))
        self._artifact_chosen()

    def _artifact_chosen(self) -> None:
        """Size the depletion face field to the chosen artifact's die (none: no field)."""
        uid = self.artifact_combo.currentData()
        found = [a for a in self.controller.character.artifacts if a.uid == uid]
        sides = None
        if found:
            try:
                sides = parse_depletion(found[0].depletion).sides
            except DomainError:
                sides = None
        self.depletion_face.setEnabled(sides is not None)
        if sides is not None:
            self.depletion_face.set_sides(sides)
        else:
            self.depletion_face.setToolTip(self.tr("Choose an artifact with a depletion die."))

    def _mark_recipients_stale(self) -> None:
        self._recipients_stale = True

    def _fill_recipients_if_stale(self) -> None:
        if self._recipients_stale:
            self._fill_recipients()

    def _fill_recipients(self) -> None:
        self._recipients_stale = False
        current = self.recipient_combo.currentData()
        typed = self.recipient_combo.currentText()
        self.recipient_combo.clear()
        library = self.controller.library
        for summary in library.search("", kinds=[EntryKind.CHARACTER], limit=500):
            if summary.uid != self.controller.uid:
                self.recipient_combo.addItem(summary.name, summary.uid)
        if current is not None:
            self.recipient_combo.setCurrentIndex(self.recipient_combo.findData(current))
        else:
            self.recipient_combo.setCurrentIndex(-1)
            self.recipient_combo.setEditText(typed)
        if not self.recipient_combo.count():
            self._recipient_hint(self.tr("no other character in the library: type a name"))

    def _recipient_hint(self, text: str) -> None:
        line = self.recipient_combo.lineEdit()
        if line is not None:
            line.setPlaceholderText(text)

    def _apply(self, operation: Operation[Character], near: QLabel | None = None) -> bool:
        """Apply a button's operation; a refusal is shown in `near` (by the button)."""
        self._clear_messages()
        try:
            change = self.controller.apply(operation)
        except DomainError as err:
            _say(near or self.message, err.message)
            return False
        self.status.setText(change.summary)
        return True

    def _clear_messages(self) -> None:
        for label in (self.message, self.spend_message, self.intrusion_message):
            _say(label, "")

    def _show(self, dialog: QWidget) -> QWidget:
        self.dialogs = [d for d in self.dialogs if d.isVisible()] + [dialog]
        dialog.show()
        return dialog

    def open_task(self, list_name: str = "", uid: str = "") -> TaskDialog:
        """A task dialog; from a sheet row (`list_name`, `uid`) with that row chosen."""
        dialog = TaskDialog(self.controller, self)
        self._show(dialog)
        if uid:
            dialog.choose_row(list_name, uid)
        return dialog

    def open_damage(self) -> DamageDialog:
        dialog = DamageDialog(self.controller, self)
        self._show(dialog)
        return dialog

    def open_recover(self) -> RecoverDialog:
        dialog = RecoverDialog(self.controller, self)
        self._show(dialog)
        return dialog

    def use_cypher(self) -> bool:
        uid = self.cypher_combo.currentData()
        return uid is not None and self._apply(UseCypher(uid))

    def use_artifact(self) -> bool:
        uid = self.artifact_combo.currentData()
        if uid is None:
            return False
        dice = self.controller.dice
        face = self.depletion_face.face() if self.depletion_face.isEnabled() else None
        try:
            with dice.player_faces(face):
                done = self._apply(UseArtifact(uid, dice))
        except DomainError as err:
            self.message.setText(err.message)
            return False
        if done:
            self.depletion_face.clear_face()
        return done

    def session_award(self) -> bool:
        """The GM's end-of-session award, 1 to 4 XP (G16), noted in the history."""
        if self._apply(
            AwardXp(self.award_spin.value(), self.award_reason.text().strip(), session_end=True)
        ):
            self.award_reason.clear()
            return True
        return False

    def spend_xp(self) -> bool:
        kind = self.spend_combo.currentData()
        if kind is None:
            return False
        if self._apply(SpendXp(kind, self.spend_note.text().strip()), self.spend_message):
            self.spend_note.clear()
            return True
        return False

    def gm_intrusion(self) -> bool:
        """+2 XP here, 1 given to another player (one undo step).

        A character chosen from the library gets its 1 XP on its own sheet too; a name
        typed in (a player alone with the app) is recorded in this sheet's history.
        """
        name = self.recipient_combo.currentText().strip()
        index = self.recipient_combo.findText(name)
        uid = self.recipient_combo.itemData(index) if index >= 0 else None
        reason = self.intrusion_reason.text().strip()
        self._clear_messages()
        if not name:
            _say(self.intrusion_message, self.tr("Type or choose who receives 1 XP."))
            return False
        try:
            if uid is None:
                change = self.controller.apply(GmIntrusion(name, reason))
            else:
                other = self.controller.load_other(uid)
                mine, theirs = gm_intrusion_ops(self.controller.character, other, reason)
                change = self.controller.apply_with_others(mine, [(theirs, other)])
        except DomainError as err:
            _say(self.intrusion_message, err.message)
            return False
        self.status.setText(change.summary)
        self.intrusion_reason.clear()
        return True
