"""The new character wizard: rules, name, "I am a … who …", Pools, abilities.

It works on an empty library (every part can be typed in the player's own words, every
starting value typed) and with imported templates (which prefill values and offer
abilities). The choices become a `numdesk.model.creation.CreationChoices`; the model
says what is still missing and builds the sheet, the same code `numdesk new-character`
uses. The character is created in the library on Finish (through the LibraryController
when there is one, so the creation is undoable there and the browser refreshes).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QCloseEvent, QKeyEvent
from PySide6.QtWidgets import (
    QFormLayout,
    QLineEdit,
    QRadioButton,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from numdesk.controllers.creation import link_abilities
from numdesk.model.book_choices import BookChoice
from numdesk.model.character import Character
from numdesk.model.creation import build_character, character_abilities
from numdesk.model.creation_choices import PARTS, CreationChoices
from numdesk.model.creation_effects import book_choices
from numdesk.model.errors import DomainError
from numdesk.rules.profiles import PROFILES
from numdesk.views.dialogs import confirm
from numdesk.views.sheet.wizard_abilities import AbilitiesPage
from numdesk.views.sheet.wizard_choices import (
    BookChoicesPage,
    skill_page_choices,
    template_option_choices,
)
from numdesk.views.sheet.wizard_parts import PartsPage
from numdesk.views.sheet.wizard_values import ValuesPage
from numdesk.views.sheet.words import word


class ProfilePage(QWizardPage):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Which rules?"))
        self.setSubTitle(self.tr("The rules profile decides skills, harm and armor."))
        layout = QVBoxLayout(self)
        self.radios: dict[str, QRadioButton] = {}
        for name, profile in PROFILES.items():
            radio = QRadioButton(word(profile.label), self)
            layout.addWidget(radio)
            self.radios[name] = radio
        self.radios["numenera"].setChecked(True)

    def profile(self) -> str:
        return next(name for name, radio in self.radios.items() if radio.isChecked())

    def profile_label(self) -> str:
        """The chosen rules as the player reads them ("Cypher System")."""
        return word(PROFILES[self.profile()].label)


class NamePage(QWizardPage):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Who is it?"))
        form = QFormLayout(self)
        self.name = QLineEdit(self)
        self.player = QLineEdit(self)
        form.addRow(self.tr("&Name"), self.name)
        form.addRow(self.tr("&Player"), self.player)
        self.registerField("name*", self.name)


class NewCharacterWizard(QWizard):
    """Make a character and store it; emits `characterCreated(uid)`.

    `library` is a `numdesk.store.Library`; `library_controller` (optional) stores the
    new character through `LibraryController.create` (undoable, announced).
    """

    characterCreated = Signal(str)

    def __init__(
        self,
        library: Any,
        library_controller: Any = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.library = library
        self._library_controller = library_controller
        self.created: Character | None = None
        self.setWindowTitle(self.tr("New character"))
        self.profile_page = ProfilePage(self)
        self.name_page = NamePage(self)
        self.answers: dict[str, list[str]] = {}
        self.parts_page = PartsPage(self)
        self.choices_page = BookChoicesPage(self)
        self.values_page = ValuesPage(self)
        self.abilities_page = AbilitiesPage(self)
        self.skills_page = BookChoicesPage(self, skills=True)
        self._ids = {
            page: self.addPage(page)
            for page in (
                self.profile_page,
                self.name_page,
                self.parts_page,
                self.choices_page,
                self.values_page,
                self.abilities_page,
                self.skills_page,
            )
        }
        self.resize(900, 640)
        self.currentIdChanged.connect(self._page_shown)
        cancel = self.button(QWizard.WizardButton.CancelButton)
        cancel.clicked.disconnect()  # Qt's own connection rejects without asking
        cancel.clicked.connect(self._cancel)

    def profile_label(self) -> str:
        """The chosen rules as the player reads them."""
        return self.profile_page.profile_label()

    @property
    def templates_page(self) -> PartsPage:
        """The type/descriptor/focus/flavor page (older name kept for callers)."""
        return self.parts_page

    def choices_so_far(self, include_abilities: bool = True) -> CreationChoices:
        """What the pages hold now, as the model's `CreationChoices`."""
        choices = CreationChoices(
            name=self.name_page.name.text(),
            profile=self.profile_page.profile(),
            player=self.name_page.player.text(),
        )
        choices.parts = {part: self.parts_page.choice(part) for part in PARTS}
        choices.answers = {title: list(given) for title, given in self.answers.items()}
        self.values_page.fill(choices)
        if include_abilities:
            self.abilities_page.fill(choices)
        return choices

    def book_choices(self, include_abilities: bool = True) -> list[BookChoice]:
        """The choices the book asks of this character so far."""
        choices = self.choices_so_far(include_abilities)
        abilities = character_abilities(choices) if include_abilities else []
        return book_choices(choices, abilities)

    def nextId(self) -> int:
        """Skip "The book's choices" when the templates ask none, and "Skills" likewise."""
        page = self.currentPage()
        if page is self.parts_page and not template_option_choices(self):
            return self._ids[self.values_page]
        if page is self.abilities_page:
            return self._ids[self.skills_page] if skill_page_choices(self) else -1
        if page is self.skills_page:
            return -1
        return super().nextId()

    def build(self) -> Character:
        """The finished character, its abilities linked to the library; DomainError if not."""
        result = build_character(self.choices_so_far())
        link_abilities(self.library, result.character)
        return result.character

    def _page_shown(self, _id: int) -> None:
        """Back does not initialize a page again: the abilities page's "Still to do"
        must still follow what the later pages answered."""
        if self.currentPage() is self.abilities_page:
            self.abilities_page.refresh()

    def cleanupPage(self, id: int) -> None:
        """Going Back keeps what the player typed (Qt's default empties the page)."""

    def typed_so_far(self) -> list[str]:
        """What the player typed or picked that closing would throw away (plain words)."""
        choices = self.choices_so_far()
        typed = [text for text in (choices.name.strip(), choices.player.strip()) if text]
        typed += [choice.name for choice in choices.parts.values() if choice.name]
        typed += choices.picked + [a.name for a in choices.added]
        typed += [answer for given in self.answers.values() for answer in given]
        return typed

    def may_close(self) -> bool:
        """Whether closing now is what the player wants: asked when something was typed."""
        typed = self.typed_so_far()
        return not typed or confirm(
            self,
            self.tr("New character"),
            self.tr("Close the wizard and throw away what you typed ({0})?").format(
                ", ".join(typed[:4]) + ("…" if len(typed) > 4 else "")
            ),
            self.tr("Discard"),
            self.tr("Keep Editing"),
        )

    def _cancel(self) -> None:
        if self.may_close():
            self.reject()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self._cancel()
            return
        super().keyPressEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        """The window's own close button asks too; closing from code (tests) does not."""
        if event.spontaneous() and not self.may_close():
            event.ignore()
            return
        super().closeEvent(event)

    def accept(self) -> None:
        try:
            character = self.build()
            if self._library_controller is not None:
                self._library_controller.create(character)
            else:
                self.library.characters.save(character)
        except DomainError as err:
            page = self.currentPage()
            error = getattr(page, "error", self.abilities_page.error)
            error.setText(err.message)
            return
        self.created = character
        self.characterCreated.emit(character.uid)
        super().accept()
