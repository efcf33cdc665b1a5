"""Every menu and toolbar action in one registry keyed by an enum.

The main window builds its menus and toolbar from this table and connects handlers by
id, so an action's text, shortcut and icon are defined once and tests can trigger an
action by id (`actions[ActionId.NEW_CHARACTER].trigger()`).

Icons are the style's standard ones, named here and drawn once the window has been
painted (`views.action_icons`): the first use of `QStyle` in a process makes PySide
build its Python enums, 15-20 ms that the first screen would otherwise wait for. Until
then each action holds a blank icon of the toolbar's size, so nothing moves when they
arrive.
"""

from __future__ import annotations

from enum import Enum, auto
from typing import NamedTuple

from PySide6.QtCore import QCoreApplication, QSize, Qt
from PySide6.QtGui import QAction, QIcon, QKeySequence, QPixmap
from PySide6.QtWidgets import QWidget

#: the toolbar's icon size (Fusion's own); the blank icons before the real ones have it
ICON_SIZE = QSize(24, 24)


class ActionId(Enum):
    """The actions of the main window."""

    NEW_CHARACTER = auto()
    NEW_ENCOUNTER = auto()
    NEW_ENTRY = auto()
    NEW_LIBRARY = auto()
    OPEN_LIBRARY = auto()
    IMPORT = auto()
    EXPORT_LIBRARY = auto()
    EXPORT_SELECTION = auto()
    EXPORT_PDF = auto()
    PRINT = auto()
    PRINT_PREVIEW = auto()
    BLANK_SHEETS = auto()
    RESTORE_BACKUP = auto()
    CLOSE_TAB = auto()
    QUIT = auto()
    UNDO = auto()
    REDO = auto()
    FIND = auto()
    PREFERENCES = auto()
    OPEN_ENTRY = auto()
    DUPLICATE = auto()
    RENAME = auto()
    DELETE = auto()
    FAVOURITE = auto()
    EDIT_TAGS = auto()
    SHOW_LIBRARY = auto()
    FIGHT_KEYS = auto()
    ABOUT = auto()


class ActionSpec(NamedTuple):
    """Text (with a mnemonic), shortcut, standard icon and status tip of one action.

    `icon` names a `QStyle.StandardPixmap` member ("SP_FileIcon"), looked up only when
    the icons are drawn (`views.action_icons`).
    """

    text: str
    shortcut: QKeySequence.StandardKey | str | None = None
    icon: str | None = None
    tip: str = ""
    checkable: bool = False
    #: used when the platform defines no key for the standard `shortcut` (or in addition)
    extra: str | None = None


#: `translate("Context", "literal")`: a call lupdate extracts (a helper taking a
#: variable hides the text from it)
translate = QCoreApplication.translate


def action_specs() -> dict[ActionId, ActionSpec]:
    """The table of actions (built at run time so `tr` sees the installed translators)."""
    key = QKeySequence.StandardKey
    return {
        ActionId.NEW_CHARACTER: ActionSpec(
            translate("Actions", "New &Character…"),
            key.New,
            "SP_FileIcon",
            translate("Actions", "Make a character with the wizard"),
        ),
        ActionId.NEW_ENCOUNTER: ActionSpec(
            translate("Actions", "New &Encounter"),
            "Ctrl+Shift+E",
            "SP_FileDialogNewFolder",
            translate("Actions", "Prepare a new encounter"),
        ),
        ActionId.NEW_ENTRY: ActionSpec(
            translate("Actions", "New &Library Entry…"),
            "Ctrl+Shift+N",
            None,
            translate("Actions", "Add a creature, cypher, item, template or rules set"),
        ),
        ActionId.NEW_LIBRARY: ActionSpec(
            translate("Actions", "New Li&brary…"),
            None,
            None,
            translate("Actions", "Create a library file"),
        ),
        ActionId.OPEN_LIBRARY: ActionSpec(
            translate("Actions", "&Open Library…"),
            key.Open,
            "SP_DirOpenIcon",
            translate("Actions", "Open another library file"),
        ),
        ActionId.IMPORT: ActionSpec(
            translate("Actions", "&Import…"),
            "Ctrl+I",
            "SP_ArrowDown",
            translate("Actions", "Import numdesk JSON, the CSRD, Foundry actors or CSV creatures"),
        ),
        ActionId.EXPORT_LIBRARY: ActionSpec(
            translate("Actions", "&Export Library…"),
            "Ctrl+E",
            "SP_ArrowUp",
            translate("Actions", "Export the whole library as JSON"),
        ),
        ActionId.EXPORT_SELECTION: ActionSpec(
            translate("Actions", "Export &Selection…"),
            "Ctrl+Shift+X",
            None,
            translate("Actions", "Export the selected entries as JSON"),
        ),
        ActionId.EXPORT_PDF: ActionSpec(
            translate("Actions", "Export &PDF…"),
            "Ctrl+Shift+P",
            "SP_DialogSaveButton",
            translate("Actions", "Save the current sheet or the selected entries as PDF"),
        ),
        ActionId.PRINT: ActionSpec(
            translate("Actions", "&Print…"),
            key.Print,
            None,
            translate("Actions", "Print the current sheet"),
        ),
        ActionId.PRINT_PREVIEW: ActionSpec(translate("Actions", "Print Pre&view…"), None, None),
        ActionId.BLANK_SHEETS: ActionSpec(
            translate("Actions", "&Blank Sheets for Pencil Play"),
            None,
            None,
            translate(
                "Actions",
                "Print and export sheets with current Pools and health left empty",
            ),
            checkable=True,
        ),
        ActionId.RESTORE_BACKUP: ActionSpec(
            translate("Actions", "&Restore Backup…"),
            None,
            None,
            translate("Actions", "Go back to an automatic backup"),
        ),
        ActionId.CLOSE_TAB: ActionSpec(
            translate("Actions", "Close &Tab"), key.Close, None, extra="Ctrl+W"
        ),
        ActionId.QUIT: ActionSpec(translate("Actions", "&Quit"), key.Quit, None, extra="Ctrl+Q"),
        ActionId.UNDO: ActionSpec(translate("Actions", "&Undo"), key.Undo, "SP_ArrowBack"),
        ActionId.REDO: ActionSpec(translate("Actions", "&Redo"), key.Redo, "SP_ArrowForward"),
        ActionId.FIND: ActionSpec(
            translate("Actions", "&Find"),
            key.Find,
            None,
            translate("Actions", "Search the library"),
        ),
        ActionId.PREFERENCES: ActionSpec(
            translate("Actions", "Pre&ferences…"), key.Preferences, None, extra="Ctrl+,"
        ),
        ActionId.OPEN_ENTRY: ActionSpec(translate("Actions", "&Open"), "Return", None),
        ActionId.DUPLICATE: ActionSpec(translate("Actions", "D&uplicate"), "Ctrl+D", None),
        ActionId.RENAME: ActionSpec(translate("Actions", "Re&name…"), "F2", None),
        ActionId.DELETE: ActionSpec(translate("Actions", "&Delete…"), key.Delete, "SP_TrashIcon"),
        ActionId.FAVOURITE: ActionSpec(
            translate("Actions", "Fa&vourite"), "Ctrl+B", None, checkable=True
        ),
        ActionId.EDIT_TAGS: ActionSpec(translate("Actions", "&Tags…"), "Ctrl+T", None),
        ActionId.SHOW_LIBRARY: ActionSpec(
            translate("Actions", "Show &Library"),
            "F9",
            None,
            translate("Actions", "Show or hide the library beside the sheets"),
            checkable=True,
        ),
        ActionId.FIGHT_KEYS: ActionSpec(
            translate("Actions", "&Fight Keys…"),
            None,
            None,
            translate("Actions", "The keys that run a fight (F1 in an encounter window)"),
        ),
        ActionId.ABOUT: ActionSpec(translate("Actions", "&About numdesk"), None, None),
    }


def create_actions(parent: QWidget) -> dict[ActionId, QAction]:
    """One QAction per id, owned by `parent` (the main window)."""
    actions: dict[ActionId, QAction] = {}
    blank = _blank_icon()
    for action_id, spec in action_specs().items():
        action = QAction(spec.text, parent)
        action.setObjectName(f"action{action_id.name.title().replace('_', '')}")
        keys: list[QKeySequence] = []
        if isinstance(spec.shortcut, QKeySequence.StandardKey):
            keys = list(QKeySequence.keyBindings(spec.shortcut))
        elif spec.shortcut is not None:
            keys = [QKeySequence(spec.shortcut)]
        if spec.extra and QKeySequence(spec.extra) not in keys:
            keys.append(QKeySequence(spec.extra))
        if keys:
            action.setShortcuts(keys)
        if spec.icon is not None:
            action.setIcon(blank)
        if spec.tip:
            action.setStatusTip(spec.tip)
            action.setToolTip(spec.tip)
        action.setCheckable(spec.checkable)
        actions[action_id] = action
    return actions


def _blank_icon() -> QIcon:
    """A transparent icon of the toolbar's size: it holds the place of a standard icon."""
    pixmap = QPixmap(ICON_SIZE)
    pixmap.fill(Qt.GlobalColor.transparent)
    return QIcon(pixmap)
