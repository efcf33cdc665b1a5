"""Preferences: the colour scheme (follow the system, or force light or dark)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from numdesk.controllers.settings import AppSettings, ThemeChoice


class PreferencesDialog(QDialog):
    """Edit the app settings; `chosen_theme()` is read after `exec()` returns Accepted."""

    def __init__(self, settings: AppSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("preferencesDialog")
        self.setWindowTitle(self.tr("Preferences"))
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.theme_combo = QComboBox()
        self.theme_combo.setObjectName("themeCombo")
        for label, choice in (
            (self.tr("Follow the system"), ThemeChoice.SYSTEM),
            (self.tr("Light"), ThemeChoice.LIGHT),
            (self.tr("Dark"), ThemeChoice.DARK),
        ):
            self.theme_combo.addItem(label, choice)
        self.theme_combo.setCurrentIndex(self.theme_combo.findData(settings.theme()))
        caption = QLabel(self.tr("&Colours:"))
        caption.setBuddy(self.theme_combo)
        form.addRow(caption, self.theme_combo)
        layout.addLayout(form)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def chosen_theme(self) -> ThemeChoice:
        """The colour scheme picked in the dialog."""
        value = self.theme_combo.currentData()
        return value if isinstance(value, ThemeChoice) else ThemeChoice(str(value))
