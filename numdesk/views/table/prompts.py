"""What the GM asks a joined player for, shown in the player's Table window: a GM
intrusion to accept or refuse, and the initiative die to type."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)


class IntrusionPrompt(QGroupBox):
    """A GM intrusion offered to one of this player's characters."""

    #: (offer id, accepted, uid of the character given 1 XP or "")
    answered = Signal(str, bool, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("GM intrusion"), parent)
        self.setObjectName("intrusionPrompt")
        self._offer: dict[str, Any] = {}
        layout = QVBoxLayout(self)
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.text.setObjectName("intrusionText")
        layout.addWidget(self.text)
        form = QFormLayout()
        self.recipient = QComboBox()
        self.recipient.setObjectName("intrusionRecipient")
        self.recipient_label = QLabel(self.tr("&Give 1 XP to:"))
        self.recipient_label.setBuddy(self.recipient)
        self.recipient.setMinimumContentsLength(18)
        self.recipient.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        form.addRow(self.recipient_label, self.recipient)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        layout.addLayout(form)
        row = QHBoxLayout()
        self.accept_button = QPushButton(self.tr("&Accept"))
        self.accept_button.setObjectName("acceptIntrusion")
        self.refuse_button = QPushButton()
        self.refuse_button.setObjectName("refuseIntrusion")
        row.addWidget(self.accept_button)
        row.addWidget(self.refuse_button)
        row.addStretch(1)
        layout.addLayout(row)
        self.accept_button.clicked.connect(lambda: self._answer(True))
        self.refuse_button.clicked.connect(lambda: self._answer(False))
        self.hide()

    def show_offer(self, offer: dict[str, Any], character: str) -> None:
        """Ask about `offer` (an `offer` message) made to `character`."""
        self._offer = offer
        reason = offer.get("text", "").strip()
        xp = int(offer.get("xp", 2))
        text = self.tr("The GM intrudes on {0}").format(character)
        text += f": {reason.rstrip('.')}." if reason else "."
        text += " " + self.tr("Accept it and you get {0} XP, one of which you give away.").format(
            xp
        )
        self.recipient.clear()
        for other in offer.get("others", []):
            self.recipient.addItem(other["name"], other["uid"])
        alone = self.recipient.count() == 0
        if alone:
            text += " " + self.tr("No other PC is in the fight, so you keep both.")
        self.recipient.setVisible(not alone)
        self.recipient_label.setVisible(not alone)
        cost = offer.get("refuse_cost")
        self.refuse_button.setVisible(cost is not None)
        if cost is not None:
            self.refuse_button.setText(self.tr("&Refuse (costs {0} XP)").format(cost))
        self.text.setText(text)
        self.show()
        (self.recipient if not alone else self.accept_button).setFocus()

    def _answer(self, accept: bool) -> None:
        give_to = str(self.recipient.currentData() or "") if accept else ""
        self.answered.emit(str(self._offer.get("id", "")), accept, give_to)
        self.hide()


class InitiativePrompt(QGroupBox):
    """The GM asks for initiative: one d20 face per brought character."""

    #: (character uid, face)
    sent = Signal(str, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Initiative"), parent)
        self.setObjectName("initiativePrompt")
        self._layout = QFormLayout(self)
        self._layout.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        self._faces: dict[str, QSpinBox] = {}
        self.send_button = QPushButton(self.tr("&Send to the GM"))
        self.send_button.setObjectName("sendInitiative")
        self.send_button.clicked.connect(self._send)
        self.hide()

    def ask(self, characters: list[tuple[str, str]]) -> None:
        """Ask for a face for each (uid, name)."""
        while self._layout.rowCount():
            self._layout.removeRow(0)
        self.send_button = QPushButton(self.tr("&Send to the GM"))
        self.send_button.setObjectName("sendInitiative")
        self.send_button.clicked.connect(self._send)
        self._faces = {}
        for uid, name in characters:
            face = QSpinBox()
            face.setRange(0, 20)
            face.setSpecialValueText(" ")  # empty until the player types what the die shows
            face.setValue(0)
            face.valueChanged.connect(self._ready)
            face.setObjectName(f"initiativeFace:{uid}")
            face.setToolTip(self.tr("The face your d20 shows for {0}'s initiative").format(name))
            self._faces[uid] = face
            self._layout.addRow(self.tr("{0}'s d20:").format(name), face)
            face.lineEdit().returnPressed.connect(self._send)
        self._layout.addRow("", self.send_button)
        self._ready()
        self.show()
        first = next(iter(self._faces.values()), None)
        if first is not None:
            first.setFocus()
            first.selectAll()

    def _ready(self) -> None:
        """Send only once every die is typed: no face the player did not roll."""
        self.send_button.setEnabled(all(f.value() > 0 for f in self._faces.values()))

    def _send(self) -> None:
        if not self.send_button.isEnabled():
            return
        for uid, face in self._faces.items():
            self.sent.emit(uid, face.value())
        self.hide()
