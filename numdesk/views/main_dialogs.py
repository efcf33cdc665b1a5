"""The dialogs the main window's Edit and Help menus open: preferences, the fight keys
and About (with the CSRD attribution when the library holds CSRD content)."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from numdesk.views import theme
from numdesk.views.library.host import LibraryHost


def show_preferences(window: LibraryHost) -> None:
    """Edit > Preferences."""
    from numdesk.views.preferences import PreferencesDialog

    dialog = PreferencesDialog(window.settings, window)
    if dialog.exec():
        choice = dialog.chosen_theme()
        window.settings.set_theme(choice)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            theme.apply_theme(app, choice)


def show_fight_keys(window: LibraryHost) -> None:
    """Help > Fight Keys: the encounter window's shortcut map (the same list as F1)."""
    from numdesk.views.encounter.keys import KeysDialog

    KeysDialog(window).exec()


def show_about(window: LibraryHost) -> None:
    """Help > About, with the CSRD attribution when the library holds CSRD content."""
    from numdesk.views.about import AboutDialog

    AboutDialog(window.windowIcon(), csrd_license_text(window), window).exec()


def csrd_license_text(window: LibraryHost) -> str | None:
    """The Cypher System Open License attribution, if CSRD content was imported."""
    if not window.controller.is_open or not window.controller.csrd_present():
        return None
    from numdesk.io import csrd_license

    return csrd_license.attribution_text()
