"""Every menu and toolbar action in one registry keyed by an enum.

The main window builds its menus and toolbar from this table and connects handlers by
id, so an action's text, shortcut and icon are defined once and tests can trigger an
action by id (`actions[ActionId.NEW_CHARACTER].trigger()`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, auto

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QStyle, QWidget


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
    ABOUT = auto()


@dataclass(frozen=True)
class ActionSpec:
    """Text (with a mnemonic), shortcut, standard icon and status tip of one action."""

    text: str
    shortcut: QKeySequence.StandardKey | str | None = None
    icon: QStyle.StandardPixmap | None = None
    tip: str = ""
    checkable: bool = False
    #: used when the platform defines no key for the standard `shortcut` (or in addition)
    extra: str | None = None


def _t(text: str) -> str:
    return QCoreApplication.translate("Actions", text)


def action_specs() -> dict[ActionId, ActionSpec]:
    """The table of actions (built at run time so `tr` sees the installed translators)."""
    sp = QStyle.StandardPixmap
    key = QKeySequence.StandardKey
    return {
        ActionId.NEW_CHARACTER: ActionSpec(
            _t("New &Character…"), key.New, sp.SP_FileIcon, _t("Make a character with the wizard")
        ),
        ActionId.NEW_ENCOUNTER: ActionSpec(
            _t("New &Encounter"),
            "Ctrl+Shift+E",
            sp.SP_FileDialogNewFolder,
            _t("Prepare a new encounter"),
        ),
        ActionId.NEW_ENTRY: ActionSpec(
            _t("New &Library Entry…"),
            "Ctrl+Shift+N",
            None,
            _t("Add a creature, cypher, item or template"),
        ),
        ActionId.NEW_LIBRARY: ActionSpec(
            _t("New Li&brary…"), None, None, _t("Create a library file")
        ),
        ActionId.OPEN_LIBRARY: ActionSpec(
            _t("&Open Library…"), key.Open, sp.SP_DirOpenIcon, _t("Open another library file")
        ),
        ActionId.IMPORT: ActionSpec(
            _t("&Import…"),
            "Ctrl+I",
            sp.SP_ArrowDown,
            _t("Import numdesk JSON, the CSRD, Foundry actors or CSV creatures"),
        ),
        ActionId.EXPORT_LIBRARY: ActionSpec(
            _t("&Export Library…"), "Ctrl+E", sp.SP_ArrowUp, _t("Export the whole library as JSON")
        ),
        ActionId.EXPORT_SELECTION: ActionSpec(
            _t("Export &Selection…"),
            "Ctrl+Shift+X",
            None,
            _t("Export the selected entries as JSON"),
        ),
        ActionId.EXPORT_PDF: ActionSpec(
            _t("Export &PDF…"),
            "Ctrl+Shift+P",
            sp.SP_DialogSaveButton,
            _t("Save the current sheet or the selected entries as PDF"),
        ),
        ActionId.PRINT: ActionSpec(_t("&Print…"), key.Print, None, _t("Print the current sheet")),
        ActionId.PRINT_PREVIEW: ActionSpec(_t("Print Pre&view…"), None, None),
        ActionId.RESTORE_BACKUP: ActionSpec(
            _t("&Restore Backup…"), None, None, _t("Go back to an automatic backup")
        ),
        ActionId.CLOSE_TAB: ActionSpec(_t("Close &Tab"), key.Close, None, extra="Ctrl+W"),
        ActionId.QUIT: ActionSpec(_t("&Quit"), key.Quit, None, extra="Ctrl+Q"),
        ActionId.UNDO: ActionSpec(_t("&Undo"), key.Undo, sp.SP_ArrowBack),
        ActionId.REDO: ActionSpec(_t("&Redo"), key.Redo, sp.SP_ArrowForward),
        ActionId.FIND: ActionSpec(_t("&Find"), key.Find, None, _t("Search the library")),
        ActionId.PREFERENCES: ActionSpec(
            _t("Pre&ferences…"), key.Preferences, None, extra="Ctrl+,"
        ),
        ActionId.OPEN_ENTRY: ActionSpec(_t("&Open"), "Return", None),
        ActionId.DUPLICATE: ActionSpec(_t("D&uplicate"), "Ctrl+D", None),
        ActionId.RENAME: ActionSpec(_t("Re&name…"), "F2", None),
        ActionId.DELETE: ActionSpec(_t("&Delete…"), key.Delete, sp.SP_TrashIcon),
        ActionId.FAVOURITE: ActionSpec(_t("Fa&vourite"), "Ctrl+B", None, checkable=True),
        ActionId.EDIT_TAGS: ActionSpec(_t("&Tags…"), "Ctrl+T", None),
        ActionId.SHOW_LIBRARY: ActionSpec(
            _t("Show &Library"),
            "F9",
            None,
            _t("Show or hide the library beside the sheets"),
            checkable=True,
        ),
        ActionId.ABOUT: ActionSpec(_t("&About numdesk"), None, None),
    }


def create_actions(parent: QWidget) -> dict[ActionId, QAction]:
    """One QAction per id, owned by `parent` (the main window)."""
    actions: dict[ActionId, QAction] = {}
    style = parent.style()
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
            action.setIcon(style.standardIcon(spec.icon))
        if spec.tip:
            action.setStatusTip(spec.tip)
            action.setToolTip(spec.tip)
        action.setCheckable(spec.checkable)
        actions[action_id] = action
    return actions
