"""The switches of a house rules set, as one field of the entry editor.

Every changeable field of `Profile` (`numdesk.rules.house_rules.PROFILE_FIELDS`) gets a
widget of its kind, grouped by what it governs. Values show the set's rules (the
built-in it starts from with its changes); a value that differs from that built-in is
marked with the built-in's value beside it, so the group reads at a glance what they
changed. The field's model value is only the differences (`RulesSet.changes`).
"""

from __future__ import annotations

from contextlib import suppress
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from numdesk.model.errors import DomainError
from numdesk.rules.damage import damage_kind
from numdesk.rules.errors import RulesError
from numdesk.rules.house_rules import FIELDS_BY_NAME, derive_profile, profile_changes
from numdesk.rules.profiles import BUILTIN_PROFILES, Profile
from numdesk.rules.types import SkillLevel
from numdesk.views.entry_editor.fields import Field
from numdesk.views.entry_editor.number_fields import NamedNumbersField
from numdesk.views.theme import dim, mark_error

translate = QCoreApplication.translate

#: (group title, [(field, label)]) in the order the editor shows them; every entry of
#: PROFILE_FIELDS appears exactly once (a test checks it).
GROUPS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    (
        QT_TRANSLATE_NOOP("RulesSet", "Harm and Armor"),
        (
            (
                "uses_damage_track",
                QT_TRANSLATE_NOOP(
                    "RulesSet", "PCs take damage to Pools and a damage track (not wounds)"
                ),
            ),
            (
                "armor_subtracts",
                QT_TRANSLATE_NOOP("RulesSet", "Armor is subtracted from damage (not block/dodge)"),
            ),
            (
                "objects_use_track",
                QT_TRANSLATE_NOOP("RulesSet", "Objects use a damage track (not level as health)"),
            ),
        ),
    ),
    (
        QT_TRANSLATE_NOOP("RulesSet", "Turns and combat"),
        (
            ("npc_wins_initiative_ties", QT_TRANSLATE_NOOP("RulesSet", "NPCs win initiative ties")),
            (
                "has_action_timing",
                QT_TRANSLATE_NOOP("RulesSet", "First, Follow-up and Last actions"),
            ),
            (
                "defense_actions",
                QT_TRANSLATE_NOOP("RulesSet", "Draw the attack, take the attack, guarding"),
            ),
            (
                "area_resist_damage",
                QT_TRANSLATE_NOOP("RulesSet", "Damage taken by those who resist an area attack"),
            ),
        ),
    ),
    (
        QT_TRANSLATE_NOOP("RulesSet", "Skills and Effort"),
        (
            ("skill_levels", QT_TRANSLATE_NOOP("RulesSet", "Skill levels")),
            ("skill_ease_cap", QT_TRANSLATE_NOOP("RulesSet", "Most steps a skill eases")),
            ("asset_ease_cap", QT_TRANSLATE_NOOP("RulesSet", "Most steps assets ease")),
            ("max_effort", QT_TRANSLATE_NOOP("RulesSet", "Highest Effort score")),
            (
                "impaired_limits_special_rolls",
                QT_TRANSLATE_NOOP(
                    "RulesSet", "Impaired characters lose effects; 17+ adds 1 damage"
                ),
            ),
        ),
    ),
    (
        QT_TRANSLATE_NOOP("RulesSet", "Experience and intrusions"),
        (
            ("xp_reroll", QT_TRANSLATE_NOOP("RulesSet", "1 XP rerolls any roll")),
            (
                "benefit_spends",
                QT_TRANSLATE_NOOP("RulesSet", "XP buys short- and long-term benefits"),
            ),
            ("refuse_intrusion_cost", QT_TRANSLATE_NOOP("RulesSet", "XP to refuse a GM intrusion")),
            ("player_intrusion_cost", QT_TRANSLATE_NOOP("RulesSet", "XP for a player intrusion")),
            (
                "react_to_intrusion_cost",
                QT_TRANSLATE_NOOP("RulesSet", "XP to react after a GM intrusion"),
            ),
        ),
    ),
    (
        QT_TRANSLATE_NOOP("RulesSet", "Rest and recovery"),
        (
            ("rests_in_order", QT_TRANSLATE_NOOP("RulesSet", "Rests must be taken in order")),
            (
                "last_action_recovery_bonus",
                QT_TRANSLATE_NOOP("RulesSet", "Bonus for a one-action recovery as a Last action"),
            ),
            ("day_hours", QT_TRANSLATE_NOOP("RulesSet", "Hours in a day")),
        ),
    ),
    (
        QT_TRANSLATE_NOOP("RulesSet", "Character types"),
        (("type_names", QT_TRANSLATE_NOOP("RulesSet", "Type names (separated by commas)")),),
    ),
    (
        QT_TRANSLATE_NOOP("RulesSet", "Money"),
        (
            (
                "currency",
                QT_TRANSLATE_NOOP(
                    "RulesSet", "Currency on sheets (blank: each character names its own)"
                ),
            ),
        ),
    ),
)


def _plain(value: Any) -> Any:
    return [str(v) for v in value] if isinstance(value, tuple) else value


def shown_value(value: Any) -> str:
    """A switch's value in words (for the 'was' hints)."""
    if value is None:
        return translate("RulesSet", "not a rule")
    if isinstance(value, bool):
        return translate("RulesSet", "yes") if value else translate("RulesSet", "no")
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    if value == "":
        return translate("RulesSet", "none")
    return str(value)


class RulesSwitchesField(Field):
    """Every switch and cap of a rules set; the model value is the changes from its base."""

    follows = ("base",)

    def __init__(self, name: str, label: str) -> None:
        self.base: Profile = BUILTIN_PROFILES["cypher"]
        self.inputs: dict[str, QWidget] = {}
        self.hints: dict[str, QLabel] = {}
        self.levels: dict[SkillLevel, QCheckBox] = {}
        #: stored changes no widget can show (unknown to this numdesk, or a value that
        #: does not fit): kept as they are in every value this field gives
        self.kept: dict[str, Any] = {}
        self._loading = False
        super().__init__(name, label)

    # -- building -----------------------------------------------------------------------

    def _build(self) -> QWidget:
        holder = QWidget()
        column = QVBoxLayout(holder)
        column.setContentsMargins(0, 0, 0, 0)
        self.kept_box = QWidget()
        kept_row = QHBoxLayout(self.kept_box)
        kept_row.setContentsMargins(0, 0, 0, 0)
        self.kept_note = QLabel()
        self.kept_note.setObjectName("keptSettings")
        self.kept_note.setWordWrap(True)
        mark_error(self.kept_note)
        self.remove_kept = QPushButton(translate("RulesSet", "Remove these settings"))
        self.remove_kept.setObjectName("removeKeptSettings")
        self.remove_kept.clicked.connect(self._remove_kept)
        kept_row.addWidget(self.kept_note, 1)
        kept_row.addWidget(self.remove_kept)
        self.kept_box.hide()
        column.addWidget(self.kept_box)
        for title, rows in GROUPS:
            box = QGroupBox(translate("RulesSet", title))
            form = QFormLayout(box)
            form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
            for key, text in rows:
                text = translate("RulesSet", text)
                widget = self._input(key, text)
                widget.setObjectName(f"rule_{key}")
                hint = QLabel()
                hint.setObjectName(f"was_{key}")
                dim(hint)
                self.hints[key] = hint
                line = QWidget()
                row = QHBoxLayout(line)
                row.setContentsMargins(0, 0, 0, 0)
                row.addWidget(widget)
                row.addWidget(hint, 1)
                if isinstance(widget, QCheckBox):
                    form.addRow(line)
                else:
                    caption = QLabel(text)
                    caption.setBuddy(widget)
                    caption.setWordWrap(True)
                    form.addRow(caption, line)
            column.addWidget(box)
        return holder

    def _input(self, key: str, text: str) -> QWidget:
        kind = FIELDS_BY_NAME[key].kind
        spec = FIELDS_BY_NAME[key]
        widget: QWidget
        if kind == "bool":
            box = QCheckBox(text)
            box.toggled.connect(lambda _c: self._changed())
            widget = box
        elif kind in ("int", "optional_int"):
            spin = QSpinBox()
            low = spec.low - 1 if kind == "optional_int" else spec.low
            spin.setRange(low, spec.high)
            if kind == "optional_int":
                spin.setSpecialValueText(translate("RulesSet", "not a rule"))
            spin.valueChanged.connect(lambda _v: self._changed())
            widget = spin
        elif kind == "skill_levels":
            widget = QWidget()
            row = QHBoxLayout(widget)
            row.setContentsMargins(0, 0, 0, 0)
            for level in SkillLevel:
                if level is SkillLevel.PRACTICED:
                    continue  # in every rules set: no training, eases nothing
                box = QCheckBox(translate("RulesSet", level.value.capitalize()))
                box.setObjectName(f"level_{level.value}")
                if level in (SkillLevel.INABILITY, SkillLevel.TRAINED):
                    box.setEnabled(False)  # every rules set keeps these two
                box.toggled.connect(lambda _c: self._changed())
                self.levels[level] = box
                row.addWidget(box)
        else:
            edit = QLineEdit()
            edit.editingFinished.connect(self._changed)
            widget = edit
        self.inputs[key] = widget
        return widget

    # -- loading and parsing ------------------------------------------------------------

    def load_entry(self, entry: Any) -> None:
        """Show the set's rules: its base with the changes that fit; the others are
        named above the switches and kept (`kept`)."""
        self.base = BUILTIN_PROFILES.get(entry.base, BUILTIN_PROFILES["cypher"])
        self.load(entry.changes)

    def load(self, value: Any) -> None:
        usable: dict[str, Any] = {}
        self.kept = {}
        problems: list[str] = []
        for key, change in dict(value).items():
            try:
                derive_profile(self.base, "preview", "preview", {key: change})
            except RulesError as err:
                self.kept[key] = change
                problems.append(err.message)
            else:
                usable[key] = change
        self._show(derive_profile(self.base, "preview", "preview", usable))
        self.kept_note.setText(
            translate(
                "RulesSet",
                "This set also holds settings this numdesk cannot use; they are kept as "
                "they are, and the set cannot be played or changed until they are "
                "removed: {0}",
            ).format(" ".join(problems))
        )
        self.kept_box.setVisible(bool(self.kept))

    def _remove_kept(self) -> None:
        """The user chose to drop the settings this numdesk cannot use."""
        self.kept = {}
        self.kept_box.hide()
        self._commit()

    def _show(self, rules: Profile) -> None:
        self._loading = True
        try:
            for key, widget in self.inputs.items():
                value = getattr(rules, key)
                if isinstance(widget, QCheckBox):
                    widget.setChecked(bool(value))
                elif isinstance(widget, QSpinBox):
                    widget.setValue(widget.minimum() if value is None else int(value))
                elif isinstance(widget, QLineEdit):
                    widget.setText(value if isinstance(value, str) else ", ".join(value))
                else:
                    for level, box in self.levels.items():
                        box.setChecked(level in value)
            self._mark(rules)
        finally:
            self._loading = False

    def _mark(self, rules: Profile) -> None:
        """Beside each changed value, what the built-in says."""
        for key, hint in self.hints.items():
            base_value = getattr(self.base, key)
            if getattr(rules, key) != base_value:
                hint.setText(
                    translate("RulesSet", "changed ({0}: {1})").format(
                        self.base.label, shown_value(_plain(base_value))
                    )
                )
            else:
                hint.setText("")

    def values(self) -> dict[str, Any]:
        """Every switch as the widgets show it, as plain values."""
        out: dict[str, Any] = {}
        for key, widget in self.inputs.items():
            if isinstance(widget, QCheckBox):
                out[key] = widget.isChecked()
            elif isinstance(widget, QSpinBox):
                none = FIELDS_BY_NAME[key].kind == "optional_int" and (
                    widget.value() == widget.minimum()
                )
                out[key] = None if none else widget.value()
            elif isinstance(widget, QLineEdit) and FIELDS_BY_NAME[key].kind == "text":
                out[key] = widget.text().strip()
            elif isinstance(widget, QLineEdit):
                out[key] = [w.strip() for w in widget.text().split(",") if w.strip()]
            else:
                out[key] = [lvl.value for lvl, box in self.levels.items() if box.isChecked()]
        return out

    def parse(self) -> Any:
        """The set's changes: what the switches show, with the `kept` ones it cannot."""
        try:
            rules = derive_profile(self.base, "preview", "preview", self.values())
        except RulesError as err:
            raise DomainError(err.message, self.name) from None
        return {**self.kept, **profile_changes(self.base, rules)}

    def _changed(self) -> None:
        if self._loading:
            return
        with suppress(RulesError):  # the commit explains a bad value under the field
            self._mark(derive_profile(self.base, "preview", "preview", self.values()))
        self._commit()


class KindArmorField(NamedNumbersField):
    """Armor against named damage kinds (T8), typed as "fire 2, mental 1"."""

    negative = False
    adds_up = True

    def placeholder(self) -> str:
        return translate("RulesSet", "e.g. fire 2, mental 1")

    def problem(self) -> str:
        return translate("RulesSet", "Write each kind with its Armor, e.g. fire 2.")

    def key(self, name: str) -> str:
        try:
            return damage_kind(name)
        except RulesError as err:
            raise DomainError(err.message, self.name) from None
