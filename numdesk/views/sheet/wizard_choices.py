"""The wizard's pages for the choices the book asks.

"The book's choices" (after the type and descriptor are picked) asks what the templates
leave open: a Pool bonus of three, a pair of Edges, an inability, an ability to gain.
"Skills" (after the abilities) asks the skill choices of the descriptor and of the
abilities picked ("choose two of the following: …"), counted, and shows the Skills table
the character will start with. Each choice is a `ChoiceBox` with the book's words beside
it; nothing is chosen for the player, and the answers live in the wizard, so going Back
and Next keeps them.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QLabel,
    QScrollArea,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from numdesk.model.book_choices import OPTION, BookChoice, answer_problems
from numdesk.model.creation import build_character, creation_problems, starting_skills
from numdesk.model.errors import DomainError
from numdesk.rules.types import SkillLevel
from numdesk.views.plain_text import allow_rich
from numdesk.views.sheet.choice_box import ChoiceBox
from numdesk.views.sheet.style import set_role
from numdesk.views.sheet.wizard_host import WizardHost
from numdesk.views.theme import show_focus


def template_option_choices(wizard: WizardHost) -> list[BookChoice]:
    """The choices asked on "The book's choices": the templates' own, other than skills."""
    return [c for c in wizard.book_choices(include_abilities=False) if c.kind == OPTION]


def skill_page_choices(wizard: WizardHost) -> list[BookChoice]:
    """The choices asked on "Skills": every other one, abilities' included."""
    asked = {c.key for c in template_option_choices(wizard)}
    return [c for c in wizard.book_choices(include_abilities=True) if c.key not in asked]


class BookChoicesPage(QWizardPage):
    """A column of `ChoiceBox`es, rebuilt when the choices asked change."""

    def __init__(self, wizard: WizardHost, skills: bool = False) -> None:
        super().__init__()
        self._wizard = wizard
        self._skills = skills
        self._signature: list[tuple[str, tuple[str, ...]]] = []
        self.boxes: list[ChoiceBox] = []
        layout = QVBoxLayout(self)
        self.splitter = QSplitter(self)
        layout.addWidget(self.splitter, 1)
        scroll = QScrollArea(self.splitter)
        scroll.setWidgetResizable(True)
        holder = QWidget(scroll)
        self.column = QVBoxLayout(holder)
        self.column.addStretch(1)
        scroll.setWidget(holder)
        self.error = QLabel(self)
        self.error.setWordWrap(True)
        set_role(self.error, "error")
        layout.addWidget(self.error)
        if skills:
            self.setTitle(self.tr("Skills and your abilities' choices"))
            self.setSubTitle(
                self.tr(
                    "Choose what your descriptor and abilities ask for: skills, and choices "
                    "such as melee or ranged. Each choice shows the book's words; where it "
                    "allows a skill of your own, type it and press Enter."
                )
            )
            right = QWidget(self.splitter)
            side = QVBoxLayout(right)
            side.setContentsMargins(0, 0, 0, 0)
            self.table = QTextBrowser(right)
            self.table.setObjectName("skillsPreview")
            self.summary = QTextBrowser(right)
            self.summary.setObjectName("creationSummary")
            show_focus(self.table)
            show_focus(self.summary)
            for text, widget in (
                (self.tr("<b>Your Skills table</b>"), self.table),
                (self.tr("<b>What your character gets</b>"), self.summary),
            ):
                heading = QLabel(text, right)
                allow_rich(heading)  # our own words only
                side.addWidget(heading)
                side.addWidget(widget, 1)
            self.splitter.setSizes([520, 380])
        else:
            self.setTitle(self.tr("The book's choices"))
            self.setSubTitle(
                self.tr(
                    "Your type and descriptor leave these to you. Each shows the book's words "
                    "beside it; nothing is chosen for you."
                )
            )

    def choices(self) -> list[BookChoice]:
        return (
            skill_page_choices(self._wizard)
            if self._skills
            else template_option_choices(self._wizard)
        )

    def initializePage(self) -> None:
        self._rebuild()
        self._update()
        # on entering, the keyboard goes to the first choice (once Qt has given it to
        # the page's first widget, the scroll area)
        QTimer.singleShot(0, self, self._focus_first)

    def _focus_first(self) -> None:
        if self.boxes and self.isVisible():
            self.boxes[0].focus_first()

    def _rebuild(self) -> None:
        choices = self.choices()
        signature = [(c.key, tuple(c.labels())) for c in choices]
        if signature == self._signature:
            return
        self._signature = signature
        for box in self.boxes:
            box.deleteLater()
        self.boxes = []
        for index, choice in enumerate(choices):
            box = ChoiceBox(choice, self._wizard.answers.get(choice.title, []))
            box.changed.connect(self._update)
            self.column.insertWidget(index, box)
            self.boxes.append(box)

    def box(self, key: str) -> ChoiceBox:
        """The box asking the choice `key` (tests; any case)."""
        return next(b for b in self.boxes if b.choice.key.casefold() == key.casefold())

    def problems(self) -> list[str]:
        return [p for b in self.boxes for p in answer_problems(b.choice, b.answers())]

    def _update(self) -> None:
        for box in self.boxes:
            self._wizard.answers[box.choice.title] = box.answers()
        problems = creation_problems(self._wizard.choices_so_far()) if self._skills else []
        self.error.setText("\n".join(problems if self._skills else self.problems()))
        if self._skills:
            self._show_result(problems)
        self.completeChanged.emit()

    def _show_result(self, problems: list[str]) -> None:
        """The Skills table so far, and what the character gets or what is still to do."""
        choices = self._wizard.choices_so_far()
        levels = {
            SkillLevel.INABILITY: self.tr("inability"),
            SkillLevel.TRAINED: self.tr("trained"),
            SkillLevel.SPECIALIZED: self.tr("specialized"),
            SkillLevel.EXPERT: self.tr("expert"),
        }
        rows = "".join(
            f"<tr><td>{html.escape(s.name)}</td><td>{html.escape(levels[s.level])}</td></tr>"
            for s in starting_skills(choices)[0]
        )
        self.table.setHtml(f"<table cellpadding='2'>{rows}</table>")
        if problems:
            self.summary.setHtml(
                "<p>"
                + html.escape(self.tr("Still to do:"))
                + "</p><ul>"
                + "".join(f"<li>{html.escape(p)}</li>" for p in problems)
                + "</ul>"
            )
            return
        try:
            result = build_character(choices)
        except DomainError as err:
            self.error.setText(err.message)
            return
        self.summary.setHtml("<br>".join(html.escape(line) for line in result.applied))

    def isComplete(self) -> bool:
        if self._skills:
            return not creation_problems(self._wizard.choices_so_far())
        return not self.problems()
