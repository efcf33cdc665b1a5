"""The wizard's "I am a … who …" page: type, descriptor, focus and flavor, each picked
from the library's templates or typed in the player's own words.

A name that matches a template (ignoring case) uses it; anything else is the player's
own text, and the page says so beside the field, so an empty library never blocks.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QCompleter,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from numdesk.controllers.creation import part_templates, reference_templates_for
from numdesk.model.creation_choices import PARTS, PartChoice
from numdesk.model.summary import EntrySummary
from numdesk.views.plain_text import allow_rich
from numdesk.views.sheet.style import set_role
from numdesk.views.sheet.templates import template_labels
from numdesk.views.sheet.wizard_host import WizardHost


class PartsPage(QWizardPage):
    """Type (required), descriptor, focus and flavor: a list to pick from or free text."""

    def __init__(self, wizard: WizardHost) -> None:
        super().__init__()
        self._wizard = wizard
        self.setTitle(self.tr("I am a … who …"))
        self.setSubTitle(
            self.tr(
                "Pick from the library's templates or type your own words. A template fills "
                "in Pools, skills and abilities; without one you type them on the next pages."
            )
        )
        outer = QVBoxLayout(self)
        form = QFormLayout()
        outer.addLayout(form)
        labels = {
            "type": self.tr("&Type"),
            "descriptor": self.tr("&Descriptor"),
            "focus": self.tr("&Focus"),
            "flavor": self.tr("F&lavor"),
        }
        self.combos: dict[str, QComboBox] = {}
        self.hints: dict[str, QLabel] = {}
        self._summaries: dict[str, dict[str, EntrySummary]] = {p: {} for p in PARTS}
        self._loaded: dict[str, tuple[str, PartChoice]] = {}
        for part in PARTS:
            combo = QComboBox(self)
            combo.setEditable(True)
            combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
            combo.setObjectName(f"{part}Combo")
            combo.currentTextChanged.connect(self._update)
            hint = QLabel(self)
            hint.setWordWrap(True)
            set_role(hint, "reason")
            box = QWidget(self)
            column = QVBoxLayout(box)
            column.setContentsMargins(0, 0, 0, 0)
            column.setSpacing(2)
            column.addWidget(combo)
            column.addWidget(hint)
            form.addRow(labels[part], box)
            self.combos[part], self.hints[part] = combo, hint
        self.description = QLabel(self)
        allow_rich(self.description)  # names and descriptions in it are escaped
        self.description.setWordWrap(True)
        self.description.setTextFormat(Qt.TextFormat.RichText)
        self.description.setAlignment(Qt.AlignmentFlag.AlignTop)
        outer.addWidget(self.description, 1)

    def initializePage(self) -> None:
        profile = self._wizard.choices_so_far(include_abilities=False).profile
        for part in PARTS:
            combo = self.combos[part]
            text = combo.currentText()
            summaries = part_templates(self._wizard.library, part, profile)
            labels = template_labels(summaries)
            self._summaries[part] = dict(zip(labels, summaries, strict=True))
            combo.blockSignals(True)
            combo.clear()
            combo.addItem("", None)
            for label, summary in self._summaries[part].items():
                combo.addItem(label, summary.uid)
            completer = QCompleter(labels, combo)
            completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
            completer.setFilterMode(Qt.MatchFlag.MatchContains)
            combo.setCompleter(completer)
            combo.setEditText(text)
            combo.blockSignals(False)
        self._update()

    def select(self, part: str, name: str) -> None:
        """Type `name` for `part` (a template's name picks it; tests and keyboard users)."""
        self.combos[part].setEditText(name)

    def choice(self, part: str) -> PartChoice:
        """What the player chose for `part`: the template its text names, or the text."""
        text = " ".join(self.combos[part].currentText().split())
        wanted = text.casefold()
        found = self._summaries[part]
        summary = next((s for label, s in found.items() if label.casefold() == wanted), None)
        if summary is None:  # the bare name, when only one template has it
            named = [s for s in found.values() if s.name.casefold() == wanted]
            summary = named[0] if len(named) == 1 else None
        if summary is None:
            return PartChoice(text)
        cached = self._loaded.get(part)
        if cached is None or cached[0] != summary.uid:
            cached = (summary.uid, PartChoice(text, self._wizard.library.load(summary.uid)))
            self._loaded[part] = cached
        return cached[1]

    def _update(self) -> None:
        profile_label = self._wizard.profile_label()
        profile = self._wizard.choices_so_far(include_abilities=False).profile
        texts = []
        for part in PARTS:
            chosen = self.choice(part)
            hint = self.hints[part]
            count = len(self._summaries[part])
            if chosen.template is not None:
                hint.setText(self.tr("From the library."))
                if chosen.template.description:
                    texts.append(
                        f"<b>{html.escape(chosen.template.name)}</b>: "
                        f"{html.escape(chosen.template.description)}"
                    )
            elif chosen.name:
                hint.setText(
                    self.tr("Your own words: no template, so you type its values yourself.")
                )
            elif count:
                hint.setText(self.tr("{0} in the library: pick one or type a name.").format(count))
            else:
                hint.setText(
                    self.tr(
                        "The library has none for {0}: type the name from your rulebook "
                        "(File > Import brings the Cypher System Reference Document's)."
                    ).format(profile_label)
                    if reference_templates_for(profile)
                    else self.tr(
                        "The library has none for {0}: type the name from your rulebook."
                    ).format(profile_label)
                )
        if not self.choice("type").name:
            set_role(self.hints["type"], "error")
            self.hints["type"].setText(
                self.tr("Every character needs a type: pick one or type its name.")
            )
        else:
            set_role(self.hints["type"], "reason")
        self.description.setText("<br><br>".join(texts))
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        return bool(self.choice("type").name)
