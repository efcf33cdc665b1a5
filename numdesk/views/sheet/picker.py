"""Pick an entry of one kind from the library (to copy onto the sheet)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from numdesk.model.errors import DomainError
from numdesk.model.kinds import EntryKind
from numdesk.rules.profiles import family_of

ROLE_UID = Qt.ItemDataRole.UserRole
#: the most entries listed at once; typing narrows the search to reach the others
SHOWN = 200


class LibraryPickDialog(QDialog):
    """Search-as-you-type over one entry kind; `chosen()` loads the picked entry.

    Entries of the character's profile are listed (plus entries with no profile);
    "All profiles" widens the search.
    """

    def __init__(
        self, library: Any, kind: EntryKind, profile: str | None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._library = library
        self._kind = kind
        self._profile = profile
        self._chosen: Any = None
        self.setWindowTitle(self.tr("Choose from the library"))
        self.search_edit = QLineEdit(self)
        self.search_edit.setPlaceholderText(self.tr("Search by name or text…"))
        self.all_profiles = QCheckBox(self.tr("All profiles"), self)
        self.results = QListWidget(self)
        self.message = QLabel(self)
        self.message.setWordWrap(True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.search_edit)
        layout.addWidget(self.all_profiles)
        layout.addWidget(self.results)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        self.search_edit.textChanged.connect(self.refresh)
        self.all_profiles.toggled.connect(self.refresh)
        self.results.itemDoubleClicked.connect(lambda _item: self.accept())
        self.results.currentRowChanged.connect(self._update_ok)
        self.resize(460, 420)
        self.refresh()

    def refresh(self) -> None:
        """Re-run the search with the typed text."""
        profile = None if self.all_profiles.isChecked() else self._profile
        # every match is counted (summaries only, a few milliseconds for the CSRD), so
        # the list can say how many it leaves out instead of stopping without a word
        found = self._library.search(self.search_edit.text(), kinds=[self._kind], limit=None)
        if profile is not None:
            usable = (None, "", profile, family_of(profile))
            found = [s for s in found if s.profile in usable]
        total = len(found)
        found = found[:SHOWN]
        self.results.clear()
        for summary in found:
            label = summary.name if not summary.subtitle else f"{summary.name} — {summary.subtitle}"
            item = QListWidgetItem(label, self.results)
            item.setData(ROLE_UID, summary.uid)
        if found:
            self.results.setCurrentRow(0)
        if not found:
            self.message.setText(self.tr("Nothing in the library matches."))
        elif total > len(found):
            self.message.setText(
                self.tr(
                    "Showing the first {0} of {1} entries: type part of a name or text "
                    "to find the others."
                ).format(len(found), total)
            )
        else:
            self.message.clear()
        self._update_ok()

    def _update_ok(self) -> None:
        self.ok_button.setEnabled(self.results.currentItem() is not None)

    def select_name(self, name: str) -> bool:
        """Select the listed entry called `name` (keyboard users type, tests call this)."""
        for row in range(self.results.count()):
            if self.results.item(row).text().split(" — ")[0].lower() == name.lower():
                self.results.setCurrentRow(row)
                return True
        return False

    def accept(self) -> None:
        item = self.results.currentItem()
        if item is None:
            return
        try:
            self._chosen = self._library.load(item.data(ROLE_UID))
        except DomainError as err:
            self.message.setText(err.message)
            return
        super().accept()

    def chosen(self) -> Any:
        """The loaded entry the user picked (None until accepted)."""
        return self._chosen
