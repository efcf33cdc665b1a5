"""Loading the sheet's Designer forms with the sheet's own custom widgets registered."""

from __future__ import annotations

from PySide6.QtUiTools import QUiLoader
from PySide6.QtWidgets import QWidget

from numdesk.views.forms import load_form

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
    """Load `ui/<name>` into `host` with the sheet's custom widgets available."""
    return load_form(name, host, margin=margin, loader=_loader())
