"""The damage kind picker both damage dialogs share (RULES.md T8).

The kinds the rules list are offered by name; the list is open, so the player may type
another word (e.g. "necrotic") and that is the kind recorded.
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QWidget

from numdesk.rules.damage import DAMAGE_KINDS, DEFAULT_KIND
from numdesk.views.sheet.words import word


def kind_combo(parent: QWidget | None = None) -> QComboBox:
    """An editable combo of damage kinds, "physical" first and chosen."""
    combo = QComboBox(parent)
    combo.setObjectName("kindCombo")
    combo.setEditable(True)
    combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
    for kind in DAMAGE_KINDS:
        combo.addItem(word(kind), kind)
    combo.setToolTip(
        combo.tr("What the damage is: fire, cold, mental… Armor against that kind applies.")
    )
    return combo


def chosen_kind(combo: QComboBox) -> str:
    """The kind the combo shows: a listed one by its key, else the typed words."""
    text = combo.currentText().strip()
    index = combo.findText(text)
    if index >= 0:
        return str(combo.itemData(index))
    return text or DEFAULT_KIND


def show_kind(combo: QComboBox, kind: str) -> None:
    """Select `kind` (typing it in if it is not one of the listed ones)."""
    index = combo.findData(kind)
    if index >= 0:
        combo.setCurrentIndex(index)
    else:
        combo.setEditText(kind)
