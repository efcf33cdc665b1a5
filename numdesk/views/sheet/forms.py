"""Loading the sheet's Designer forms with the sheet's own custom widgets registered."""

from __future__ import annotations

from PySide6.QtCore import QFile, QIODevice
from PySide6.QtUiTools import QUiLoader
from PySide6.QtWidgets import QVBoxLayout, QWidget

from numdesk.paths import ui_path

_LOADER: list[QUiLoader] = []


def _loader() -> QUiLoader:
    """One loader for every sheet (registering the custom widgets took ~2 ms a sheet)."""
    if not _LOADER:
        from numdesk.views.sheet.advancement import AdvancementPanel
        from numdesk.views.sheet.lists import ItemListEditor
        from numdesk.views.sheet.portrait import PortraitLabel
        from numdesk.views.sheet.wounds import WoundBoxes

        loader = QUiLoader()
        for cls in (PortraitLabel, WoundBoxes, AdvancementPanel, ItemListEditor):
            loader.registerCustomWidget(cls)
        _LOADER.append(loader)
    return _LOADER[0]


def load_sheet_form(name: str, host: QWidget, margin: int = 0) -> QWidget:
    """Load `ui/<name>` into `host` (filling it, `margin` pixels in) and return the form."""
    path = ui_path(name)
    file = QFile(str(path))
    if not file.open(QIODevice.OpenModeFlag.ReadOnly):
        raise FileNotFoundError(f"cannot read the form {path}")
    try:
        form = _loader().load(file, host)
    finally:
        file.close()
    if form is None:
        raise RuntimeError(f"the form {path} could not be loaded")
    layout = host.layout()
    if layout is None:
        layout = QVBoxLayout(host)
        layout.setContentsMargins(margin, margin, margin, margin)
    layout.addWidget(form)
    return form
