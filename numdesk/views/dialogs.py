"""Small standard dialogs with numdesk's wording: errors, questions, a name, tags.

Every message box here is modal and returns the user's answer; tests answer them by
finding `QApplication.activeModalWidget()` and pressing a button.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QInputDialog, QLineEdit, QMessageBox, QWidget

from numdesk.views import plain_text

#: `translate("Context", "literal")`: a call lupdate extracts (a helper taking a
#: variable hides the text from it)
translate = QCoreApplication.translate


def show_error(parent: QWidget | None, title: str, message: str, details: str = "") -> None:
    """Tell the user something could not be done, and why (`message` is for them)."""
    plain_text.install()
    box = QMessageBox(
        QMessageBox.Icon.Warning, title, message, QMessageBox.StandardButton.Ok, parent
    )
    box.setObjectName("errorBox")
    if details:
        box.setInformativeText(details)
    box.exec()


def show_info(
    parent: QWidget | None, title: str, message: str, details: str = "", full: str = ""
) -> None:
    """Report a finished action (an import summary); `full` goes behind "Show Details..."."""
    plain_text.install()
    box = QMessageBox(
        QMessageBox.Icon.Information, title, message, QMessageBox.StandardButton.Ok, parent
    )
    box.setObjectName("infoBox")
    if details:
        box.setInformativeText(details)
    if full:
        box.setDetailedText(full)
    box.exec()


def confirm(
    parent: QWidget | None,
    title: str,
    message: str,
    action_text: str,
    keep_text: str = "",
    *,
    action_is_default: bool = False,
) -> bool:
    """Ask before a destructive action; True when the user pressed `action_text`.

    `keep_text` names the safe answer ("Keep Editing") where Cancel would be unclear.
    Enter presses the safe answer, or `action_text` where nothing is lost either way
    and the action is what is nearly always wanted (`action_is_default`).
    """
    plain_text.install()
    box = QMessageBox(
        QMessageBox.Icon.Question, title, message, QMessageBox.StandardButton.NoButton, parent
    )
    box.setObjectName("confirmBox")
    yes = box.addButton(action_text, QMessageBox.ButtonRole.AcceptRole)
    cancel = (
        box.addButton(keep_text, QMessageBox.ButtonRole.RejectRole)
        if keep_text
        else box.addButton(QMessageBox.StandardButton.Cancel)
    )
    box.setDefaultButton(yes if action_is_default else cancel)
    box.exec()
    return box.clickedButton() is yes


def ask_text(parent: QWidget | None, title: str, label: str, text: str = "") -> str | None:
    """A line of text from the user, or None when they cancelled."""
    value, ok = QInputDialog.getText(parent, title, label, QLineEdit.EchoMode.Normal, text)
    return value if ok else None


def ask_tags(parent: QWidget | None, current: list[str], known: list[str]) -> list[str] | None:
    """Tags as a comma-separated line (known tags are listed as a hint), or None."""
    hint = translate("Dialogs", "Separate tags with commas.")
    if known:
        hint += "\n" + translate("Dialogs", "Tags in this library: {0}").format(
            ", ".join(known[:20])
        )
    value = ask_text(parent, translate("Dialogs", "Tags"), hint, ", ".join(current))
    if value is None:
        return None
    return [tag.strip() for tag in value.split(",") if tag.strip()]
