"""What the Entry menu and the browser's context menu do, with their dialogs.

Each function takes the main window, asks what it must (a name, a confirmation),
calls the LibraryController, and selects or opens the result. Errors the user can
cause are DomainErrors, shown by the window's `guard`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QInputDialog

from numdesk.model.encounter import Encounter
from numdesk.model.kinds import EntryKind
from numdesk.views.dialogs import ask_tags, ask_text, confirm, show_info
from numdesk.views.library.new_entry import NewEntryDialog

if TYPE_CHECKING:
    from numdesk.views.library.host import LibraryHost


#: `translate("Context", "literal")`: a call lupdate extracts (a helper taking a
#: variable hides the text from it)
translate = QCoreApplication.translate


@contextmanager
def _one_step(window: LibraryHost, text: str, count: int) -> Iterator[None]:
    """Several library actions as one undo step and one transaction (one stays as it is)."""
    if count > 1:
        with window.controller.batch(text):
            yield
    else:
        yield


def new_character(window: LibraryHost) -> None:
    """File > New Character: the sheet helper's wizard, then the new sheet in a tab."""
    from numdesk.views.sheet.wizard import NewCharacterWizard

    controller = window.controller
    wizard = NewCharacterWizard(controller.library, controller, window)
    if wizard.exec() and wizard.created is not None:
        uid = wizard.created.uid
        window.browser.refresh()
        window.browser.select_uids([uid])
        window.open_entry(uid)


def encounter_profile(window: LibraryHost) -> str:
    """The rules a new encounter starts with: the browser's Rules filter when one is
    chosen, else the rules most of the library's characters use (the GM's party),
    else Numenera. The encounter window's Rules box changes it before the fight."""
    chosen = window.browser.profile_combo.currentData()
    if isinstance(chosen, str):
        return chosen
    sheets = window.controller.search(kinds=[EntryKind.CHARACTER], limit=10_000)
    counts = Counter(s.profile for s in sheets if s.profile)
    return counts.most_common(1)[0][0] if counts else "numenera"


def new_encounter(window: LibraryHost) -> None:
    """File > New Encounter: an empty encounter, opened at once."""
    controller = window.controller
    name = translate("EntryActions", "New encounter")
    taken = {s.name for s in controller.search(name, limit=100)}
    number = 2
    while name in taken:
        name = translate("EntryActions", "New encounter {0}").format(number)
        number += 1
    uid = controller.create(Encounter(name=name, profile=encounter_profile(window)))
    window.browser.refresh()
    window.browser.select_uids([uid])
    window.open_entry(uid)


def new_entry(window: LibraryHost) -> None:
    """File > New Library Entry: pick a kind and a name, then edit it."""
    dialog = NewEntryDialog(window)
    if dialog.exec() and dialog.entry is not None:
        uid = window.controller.create(dialog.entry)
        window.browser.refresh()
        window.browser.select_uids([uid])
        window.open_entry(uid)


def duplicate(window: LibraryHost) -> None:
    """Entry > Duplicate: a copy of each selected entry (one undo step)."""
    uids = window.browser.selected_uids()
    if not uids:
        return
    controller = window.controller
    with _one_step(
        window, translate("EntryActions", "Duplicate {0} entries").format(len(uids)), len(uids)
    ):
        copies = [controller.duplicate(uid) for uid in uids]
    window.browser.refresh()
    window.browser.select_uids(copies)


def rename(window: LibraryHost) -> None:
    """Entry > Rename: a new name for the current entry."""
    summary = window.browser.current_summary()
    if summary is None:
        return
    name = ask_text(
        window,
        translate("EntryActions", "Rename"),
        translate("EntryActions", "New name for “{0}”:").format(summary.name),
        summary.name,
    )
    if name is not None:
        window.controller.rename(summary.uid, name)


def delete(window: LibraryHost) -> None:
    """Entry > Delete: asks first; one Undo brings every deleted entry back."""
    summaries = window.browser.selected_summaries()
    if not summaries:
        return
    if len(summaries) == 1:
        question = translate("EntryActions", "Delete “{0}” from the library?").format(
            summaries[0].name
        )
    else:
        question = translate("EntryActions", "Delete {0} entries from the library?").format(
            len(summaries)
        )
    question += "\n" + translate("EntryActions", "You can bring it back with Edit > Undo.")
    window.controller.check_deletable([s.uid for s in summaries])
    if not confirm(
        window, translate("EntryActions", "Delete"), question, translate("EntryActions", "&Delete")
    ):
        return
    with _one_step(
        window,
        translate("EntryActions", "Delete {0} entries").format(len(summaries)),
        len(summaries),
    ):
        # rules sets last, so deleting a set together with its users is allowed
        for summary in sorted(summaries, key=lambda s: s.kind is EntryKind.RULES_SET):
            window.controller.delete(summary.uid)


def toggle_favourite(window: LibraryHost) -> None:
    """Entry > Favourite: mark the selection (or unmark it if the current one is marked)."""
    current = window.browser.current_summary()
    if current is None:
        return
    favourite = not current.favourite
    with window.controller.coalesced():  # the browser lists again once, not per entry
        for uid in window.browser.selected_uids():
            window.controller.set_favourite(uid, favourite)


def edit_tags(window: LibraryHost) -> None:
    """Entry > Tags: replace the tags of the current entry."""
    summary = window.browser.current_summary()
    if summary is None:
        return
    tags = ask_tags(window, list(summary.tags), window.controller.all_tags())
    if tags is not None:
        window.controller.set_tags(summary.uid, tags)


def restore_backup(window: LibraryHost) -> None:
    """File > Restore Backup: pick one of the library's backups and go back to it."""
    controller = window.controller
    backups = controller.list_backups()
    if not backups:
        show_info(
            window,
            translate("EntryActions", "Restore Backup"),
            translate("EntryActions", "This library has no backups yet."),
        )
        return
    names = [b.name for b in backups]
    name, ok = QInputDialog.getItem(
        window,
        translate("EntryActions", "Restore Backup"),
        translate("EntryActions", "Go back to the backup:"),
        names,
        0,
        False,
    )
    if not ok:
        return
    backup = backups[names.index(name)]
    question = translate(
        "EntryActions",
        "Replace the library by the backup {0}?\nThe library as it is now is kept as a backup.",
    ).format(backup.name)
    if confirm(
        window,
        translate("EntryActions", "Restore Backup"),
        question,
        translate("EntryActions", "&Restore"),
    ):
        controller.restore_backup(backup)
