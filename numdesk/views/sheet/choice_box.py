"""One choice the book asks, as a control with the book's own words beside it.

"+2 Might or +2 Intellect or +1 to all three" is a set of radio buttons; "choose two of
the following skills" is a list to tick, counted; where the book lets the player name
their own ("or something similar", "of your choice") a name box adds it (Enter adds).
The box never picks anything by itself: it starts with nothing chosen unless the player
chose before (coming back to the page keeps the answers).
"""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel, Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from numdesk.model.book_choices import OPTION, BookChoice
from numdesk.views.sheet.add_line import AddLine


class ChoiceBox(QGroupBox):
    """Ask `choice`; `answers()` are the chosen labels (and own names); `changed` on edits."""

    changed = Signal()

    def __init__(self, choice: BookChoice, answers: list[str], parent: QWidget | None = None):
        super().__init__(parent)
        self.choice = choice
        self.setObjectName(f"choice_{choice.key}")
        row = QHBoxLayout(self)
        controls = QVBoxLayout()
        row.addLayout(controls, 1)
        self.book = QLabel(choice.text, self)
        self.book.setObjectName("bookText")
        self.book.setWordWrap(True)
        self.book.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.book.setAlignment(Qt.AlignmentFlag.AlignTop)
        font = self.book.font()
        font.setItalic(True)  # the book's words, told apart from ours by their slant
        self.book.setFont(font)
        row.addWidget(self.book, 1)
        self.radios: list[QRadioButton] = []
        self.listing: QListWidget | None = None
        self.own_name: AddLine | None = None
        chosen = {a.casefold() for a in answers}
        if choice.kind == OPTION and choice.count == 1 and not choice.own:
            group = QButtonGroup(self)
            for option in choice.options:
                radio = QRadioButton(option.label, self)
                radio.setChecked(option.label.casefold() in chosen)
                group.addButton(radio)
                radio.toggled.connect(self._changed)
                controls.addWidget(radio)
                self.radios.append(radio)
        else:
            self.listing = QListWidget(self)
            self.listing.setObjectName("choiceList")
            for label in choice.labels() + [a for a in answers if choice.option(a) is None]:
                self._add_item(label, label.casefold() in chosen)
            self.listing.setMaximumHeight(min(22 * max(self.listing.count(), 2) + 8, 170))
            # a current row (not selected): Tab into the list, Space picks at once
            self.listing.setCurrentRow(0, QItemSelectionModel.SelectionFlag.NoUpdate)
            self.listing.itemChanged.connect(self._changed)
            controls.addWidget(self.listing)
            if choice.own:
                self._own_entry(controls)
        controls.addStretch(1)
        self._retitle()

    def focus_first(self) -> None:
        """Give the keyboard to the first thing to pick (a page's first choice)."""
        first = self.radios[0] if self.radios else self.listing or self.own_name
        if first is not None:
            first.setFocus(Qt.FocusReason.TabFocusReason)

    def _own_entry(self, controls: QVBoxLayout) -> None:
        line = QHBoxLayout()
        self.own_name = AddLine(self)
        self.own_name.setObjectName("ownChoice")
        self.own_name.setPlaceholderText(self.tr("A skill of your own (Enter adds it)"))
        self.own_name.returnPressed.connect(self.add_own)
        add = QPushButton(self.tr("Add"), self)
        add.clicked.connect(self.add_own)
        line.addWidget(self.own_name, 1)
        line.addWidget(add)
        controls.addLayout(line)

    def _add_item(self, label: str, checked: bool) -> None:
        assert self.listing is not None
        item = QListWidgetItem(label, self.listing)
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
        item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)

    def add_own(self, name: str | None = None) -> None:
        """Add (and tick) a skill the player names, where the book allows their own."""
        assert self.own_name is not None and self.listing is not None
        text = " ".join((name if isinstance(name, str) else self.own_name.text()).split())
        self.own_name.clear()
        if not text:
            return
        for row in range(self.listing.count()):
            item = self.listing.item(row)
            if item.text().casefold() == text.casefold():
                item.setCheckState(Qt.CheckState.Checked)
                return
        self.listing.blockSignals(True)
        self._add_item(text[:1].upper() + text[1:], True)
        self.listing.blockSignals(False)
        self._changed()

    def choose(self, label: str, checked: bool = True) -> None:
        """Choose the option `label` (tests; keyboard users use arrows and Space)."""
        for radio in self.radios:
            if radio.text().casefold() == label.casefold():
                radio.setChecked(checked)
                return
        if self.listing is not None:
            for row in range(self.listing.count()):
                item = self.listing.item(row)
                if item.text().casefold() == label.casefold():
                    state = Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked
                    item.setCheckState(state)
                    return
        raise ValueError(f"{self.choice.title} has no option {label!r}")

    def answers(self) -> list[str]:
        if self.radios:
            return [r.text() for r in self.radios if r.isChecked()]
        assert self.listing is not None
        return [
            self.listing.item(r).text()
            for r in range(self.listing.count())
            if self.listing.item(r).checkState() == Qt.CheckState.Checked
        ]

    def _retitle(self) -> None:
        count = self.choice.count
        chosen = len(self.answers())
        need = self.tr("choose one") if count == 1 else self.tr("choose {0}").format(count)
        self.setTitle(self.tr("{0}: {1} ({2} chosen)").format(self.choice.title, need, chosen))

    def _changed(self) -> None:
        self._retitle()
        self.changed.emit()
