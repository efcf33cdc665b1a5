"""Typed access to the app's QSettings: recent libraries, theme, printing, the folder
of the last export, window layout.

One place knows the keys and their types, so no view reads a raw QSettings value and
no pickled object ever lands in the settings file (values are strings, ints and bytes).
Tests point QSettings at a temporary folder with `QSettings.setPath`, or pass their own
`QSettings` object.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

from PySide6.QtCore import QByteArray, QLocale, QSettings, QStandardPaths

#: How many recently opened libraries File > Recent libraries offers.
MAX_RECENT = 8


class ThemeChoice(StrEnum):
    """The colour scheme the user asked for; SYSTEM follows the desktop."""

    SYSTEM = "system"
    LIGHT = "light"
    DARK = "dark"


class AppSettings:
    """The settings numdesk keeps between runs (not inside the library file)."""

    def __init__(self, settings: QSettings | None = None) -> None:
        self._settings = settings if settings is not None else QSettings()

    @property
    def qsettings(self) -> QSettings:
        """The underlying store (for `sync()` in tests and at exit)."""
        return self._settings

    def recent_libraries(self) -> list[Path]:
        """Recently opened libraries, most recent first (files that vanished are dropped)."""
        raw = self._settings.value("library/recent", [])
        values: list[object] = [raw] if isinstance(raw, str) else []
        if isinstance(raw, list | tuple):
            values = list(raw)
        paths = [Path(str(p)) for p in values if str(p)]
        return [p for p in paths if p.exists()][:MAX_RECENT]

    def add_recent_library(self, path: Path) -> None:
        """Put `path` at the top of the recent list."""
        path = path.resolve()
        paths = [path] + [p for p in self.recent_libraries() if p.resolve() != path]
        self._settings.setValue("library/recent", [str(p) for p in paths[:MAX_RECENT]])

    def clear_recent_libraries(self) -> None:
        """Forget every recent library."""
        self._settings.setValue("library/recent", [])

    def last_library(self) -> Path | None:
        """The library open when numdesk last closed, if it still exists."""
        recent = self.recent_libraries()
        return recent[0] if recent else None

    def theme(self) -> ThemeChoice:
        """The colour scheme chosen in Preferences."""
        value = str(self._settings.value("ui/theme", ThemeChoice.SYSTEM.value))
        try:
            return ThemeChoice(value)
        except ValueError:
            return ThemeChoice.SYSTEM

    def set_theme(self, theme: ThemeChoice) -> None:
        """Remember the colour scheme chosen in Preferences."""
        self._settings.setValue("ui/theme", theme.value)

    def pdf_page_size(self) -> str:
        """The paper of the last PDF export, "A4" or "Letter"; the locale's paper at first."""
        value = str(self._settings.value("print/page_size", ""))
        if value in ("A4", "Letter"):
            return value
        imperial = QLocale().measurementSystem() == QLocale.MeasurementSystem.ImperialUSSystem
        return "Letter" if imperial else "A4"

    def set_pdf_page_size(self, page_size: str) -> None:
        """Remember the paper chosen for PDF exports."""
        self._settings.setValue("print/page_size", page_size)

    def export_folder(self) -> Path:
        """Where a save dialog for a PDF or an export opens: the folder of the last file
        written there if it still exists, else the user's documents folder (home when
        there is none) — never the folder numdesk happened to be started from."""
        last = self._settings.value("export/folder", "")
        if isinstance(last, str) and last and Path(last).is_dir():
            return Path(last)
        documents = QStandardPaths.writableLocation(
            QStandardPaths.StandardLocation.DocumentsLocation
        )
        if documents and Path(documents).is_dir():
            return Path(documents)
        from PySide6.QtCore import QDir  # (PySide makes a Qt class when first named)

        return Path(QDir.homePath())

    def set_export_folder(self, folder: Path) -> None:
        """Remember the folder a file was just written to (see `export_folder`)."""
        self._settings.setValue("export/folder", str(folder))

    def layout_bytes(self, key: str) -> QByteArray | None:
        """A saved geometry/state blob ("window/geometry", "window/splitter", ...)."""
        value = self._settings.value(f"window/{key}")
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    def set_layout_bytes(self, key: str, value: QByteArray) -> None:
        """Remember a geometry/state blob."""
        self._settings.setValue(f"window/{key}", value)

    def table_text(self, key: str) -> str:
        """What was last typed at the table link: "name" (the table's), "address",
        "player" (your name at a table)."""
        value = self._settings.value(f"table/{key}", "")
        return value if isinstance(value, str) else ""

    def set_table_text(self, key: str, value: str) -> None:
        """Remember what was typed at the table link (see `table_text`)."""
        self._settings.setValue(f"table/{key}", value)

    def sync(self) -> None:
        """Write pending changes to disk."""
        self._settings.sync()
