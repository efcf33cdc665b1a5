"""Field editors of the entry editor: one small class per kind of value.

Each field shows one attribute of a library entry, turns the widget's content back into
a model value with `parse()` (raising `DomainError` with a message for the user when
the text is not a valid value), and calls `on_commit` when the user finished an edit
(Enter, leaving the field, picking from a list). The editor then stores the entry.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from enum import Enum
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QEvent, QObject
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QWidget,
)

from numdesk.model.errors import DomainError
from numdesk.model.limits import text_limit
from numdesk.model.serialize import from_data, to_data
from numdesk.model.tables import TableRow
from numdesk.rules.types import Stat

#: the stat names as shown (marked for lupdate, translated where shown)
STAT_NAMES = {
    Stat.MIGHT: QT_TRANSLATE_NOOP("EntryEditor", "Might"),
    Stat.SPEED: QT_TRANSLATE_NOOP("EntryEditor", "Speed"),
    Stat.INTELLECT: QT_TRANSLATE_NOOP("EntryEditor", "Intellect"),
}

#: lupdate extracts `translate("Context", "literal")` calls; `_t` is for texts
#: marked elsewhere with QT_TRANSLATE_NOOP in the same context
translate = QCoreApplication.translate


def _t(text: str) -> str:
    return QCoreApplication.translate("EntryEditor", text)


class _FocusOut(QObject):
    """Calls `callback` when the watched widget loses the keyboard focus."""

    def __init__(self, widget: QWidget, callback: Callable[[], None]) -> None:
        super().__init__(widget)
        self._callback = callback
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FocusOut:
            self._callback()
        return False


class Field:
    """Base of every field editor: a widget, a label, and load/parse of one attribute."""

    #: other fields of the entry whose committed change this field shows again
    follows: tuple[str, ...] = ()

    def __init__(self, name: str, label: str) -> None:
        self.name = name
        self.label = label
        self.on_commit: Callable[[Field], None] = lambda _f: None
        self.widget: QWidget = self._build()

    @property
    def title(self) -> str:
        """The label as messages quote it: no mnemonic, no hint in brackets."""
        return self.label.replace("&", "").split(" (")[0]

    def _build(self) -> QWidget:
        raise NotImplementedError

    def load(self, value: Any) -> None:
        """Show `value` (without committing)."""
        raise NotImplementedError

    def load_entry(self, entry: Any) -> None:
        """Show this field's value of `entry` (a field may read its neighbours too)."""
        self.load(getattr(entry, self.name))

    def parse(self) -> Any:
        """The model value the widget now holds; DomainError if it is not a valid one."""
        raise NotImplementedError

    def _commit(self) -> None:
        self.on_commit(self)


class LineField(Field):
    """One line of text; `required` refuses a blank value."""

    def __init__(self, name: str, label: str, required: bool = False) -> None:
        self.required = required
        super().__init__(name, label)

    def _build(self) -> QWidget:
        self.edit = QLineEdit()
        self.edit.setMaxLength(text_limit(self.name))
        self.edit.editingFinished.connect(self._commit)
        return self.edit

    def load(self, value: Any) -> None:
        self.edit.setText("" if value is None else str(value))

    def parse(self) -> Any:
        text = self.edit.text().strip()
        if self.required and not text:
            raise DomainError(
                translate("EntryEditor", "{0} cannot be empty.").format(self.title), self.name
            )
        return text


class TextField(Field):
    """Several lines of text, stored when the field loses focus."""

    def _build(self) -> QWidget:
        self.edit = QPlainTextEdit()
        self.edit.setTabChangesFocus(True)
        self.edit.setMinimumHeight(64)
        self.edit.setMaximumHeight(140)
        _FocusOut(self.edit, self._commit)
        return self.edit

    def load(self, value: Any) -> None:
        self.edit.setPlainText("" if value is None else str(value))

    def parse(self) -> Any:
        return self.edit.toPlainText().strip()


class LinesField(TextField):
    """A list of strings, one per line (blank lines are dropped)."""

    def load(self, value: Any) -> None:
        self.edit.setPlainText("\n".join(value or []))

    def parse(self) -> Any:
        return [line.strip() for line in self.edit.toPlainText().splitlines() if line.strip()]


class IntField(Field):
    """A whole number within bounds (a spin box cannot hold anything else)."""

    def __init__(self, name: str, label: str, minimum: int = 0, maximum: int = 9999) -> None:
        self.minimum = minimum
        self.maximum = maximum
        super().__init__(name, label)

    def _build(self) -> QWidget:
        self.spin = QSpinBox()
        self.spin.setRange(self.minimum, self.maximum)
        self.spin.setMaximumWidth(160)
        self.spin.setKeyboardTracking(False)
        self.spin.valueChanged.connect(lambda _v: self._commit())
        return self.spin

    def load(self, value: Any) -> None:
        self.spin.blockSignals(True)
        self.spin.setValue(int(value or 0))
        self.spin.blockSignals(False)

    def parse(self) -> Any:
        return self.spin.value()


class OptionalIntField(Field):
    """A whole number or blank ("not given"); other text is refused with a message."""

    def __init__(self, name: str, label: str, minimum: int = 0, blank_means: str = "") -> None:
        self.minimum = minimum
        self.blank_means = blank_means
        super().__init__(name, label)

    def _build(self) -> QWidget:
        self.edit = QLineEdit()
        self.edit.setMaximumWidth(160)
        self.edit.setPlaceholderText(self.blank_means or translate("EntryEditor", "not given"))
        self.edit.editingFinished.connect(self._commit)
        return self.edit

    def load(self, value: Any) -> None:
        self.edit.setText("" if value is None else str(value))

    def parse(self) -> Any:
        return parse_optional_int(self.edit.text(), self.name, self.title, self.minimum)


def parse_optional_int(text: str, field: str, label: str, minimum: int) -> int | None:
    """Blank is None; otherwise a whole number ≥ `minimum`, or a DomainError saying why not."""
    text = text.strip()
    if not text:
        return None
    try:
        value = int(text)
    except ValueError:
        raise DomainError(
            translate("EntryEditor", "{0} must be a whole number.").format(label), field
        ) from None
    if value < minimum:
        raise DomainError(
            translate("EntryEditor", "{0} must be at least {1}.").format(label, minimum), field
        )
    return value


class ChoiceField(Field):
    """One value out of a fixed list of (label, value) pairs."""

    def __init__(self, name: str, label: str, choices: list[tuple[str, Any]]) -> None:
        self.choices = choices
        super().__init__(name, label)

    def _build(self) -> QWidget:
        self.combo = QComboBox()
        for text, value in self.choices:
            self.combo.addItem(text, value)
        self.combo.activated.connect(lambda _i: self._commit())
        return self.combo

    def load(self, value: Any) -> None:
        for index, (_text, choice) in enumerate(self.choices):
            if choice == value:
                self.combo.setCurrentIndex(index)
                return
        self.combo.setCurrentIndex(-1)

    def parse(self) -> Any:
        index = self.combo.currentIndex()
        return self.choices[index][1] if index >= 0 else None


def enum_choices(enum: type[Enum], optional: bool = False) -> list[tuple[str, Any]]:
    """Choices for an enum, labelled with its values in words."""
    choices: list[tuple[str, Any]] = [(translate("EntryEditor", "—"), None)] if optional else []
    for member in enum:
        choices.append((_t(str(member.value).replace("_", " ").capitalize()), member))
    return choices


class BoolField(Field):
    """A yes/no box; the label is shown on the box itself."""

    def _build(self) -> QWidget:
        self.box = QCheckBox(self.label)
        self.box.toggled.connect(lambda _c: self._commit())
        return self.box

    def load(self, value: Any) -> None:
        self.box.blockSignals(True)
        self.box.setChecked(bool(value))
        self.box.blockSignals(False)

    def parse(self) -> Any:
        return self.box.isChecked()


class StatsField(Field):
    """A number per stat (Might, Speed, Intellect); blank means "not given" when optional."""

    def __init__(self, name: str, label: str, optional: bool = True) -> None:
        self.optional = optional
        super().__init__(name, label)

    def _build(self) -> QWidget:
        box = QWidget()
        layout = QHBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        self.edits: dict[Stat, QLineEdit] = {}
        for stat in Stat:
            caption = QLabel(_t(STAT_NAMES[stat]))
            edit = QLineEdit()
            edit.setMaximumWidth(64)
            edit.setPlaceholderText("—" if self.optional else "0")
            edit.editingFinished.connect(self._commit)
            caption.setBuddy(edit)
            layout.addWidget(caption)
            layout.addWidget(edit)
            self.edits[stat] = edit
        layout.addStretch(1)
        return box

    def load(self, value: Any) -> None:
        values = value or {}
        for stat, edit in self.edits.items():
            number = values.get(stat)
            edit.setText("" if number is None else str(number))

    def parse(self) -> Any:
        result: dict[Stat, int | None] = {}
        for stat, edit in self.edits.items():
            label = f"{self.title} ({_t(STAT_NAMES[stat])})"
            number = parse_optional_int(edit.text(), self.name, label, 0)
            if number is None and not self.optional:
                number = 0
            if number is not None or self.optional:
                result[stat] = number
        if self.optional:
            return {s: v for s, v in result.items() if v is not None}
        return result


_ROW = re.compile(r"^\s*(\d+)\s*(?:[-–]\s*(\d+))?\s*[:.)]?\s+(.+?)\s*$")


class RowsField(TextField):
    """Roll table rows, one per line: "1-10 entry" or "11 entry"."""

    def load(self, value: Any) -> None:
        lines = []
        for row in value or []:
            span = str(row.start) if row.start == row.end else f"{row.start}-{row.end}"
            lines.append(f"{span} {row.entry}")
        self.edit.setPlainText("\n".join(lines))

    def parse(self) -> Any:
        rows: list[TableRow] = []
        for number, line in enumerate(self.edit.toPlainText().splitlines(), start=1):
            if not line.strip():
                continue
            match = _ROW.match(line)
            if match is None:
                raise DomainError(
                    translate(
                        "EntryEditor", 'Line {0} should look like "1-10 what happens".'
                    ).format(number),
                    self.name,
                )
            start = int(match.group(1))
            end = int(match.group(2) or start)
            if end < start:
                raise DomainError(
                    translate("EntryEditor", "Line {0}: the range {1}-{2} runs backwards.").format(
                        number, start, end
                    ),
                    self.name,
                )
            rows.append(TableRow(start, end, match.group(3)))
        return rows


class DataField(TextField):
    """Nested lists (template skills, abilities per tier) edited as JSON of `to_data` shape.

    Templates hold lists of structured records; showing them as indented JSON keeps
    every value editable, and `from_data` reports the exact path of a bad value.
    """

    def __init__(self, name: str, label: str, value_type: Any) -> None:
        self.value_type = value_type
        super().__init__(name, label)

    def _build(self) -> QWidget:
        widget = super()._build()
        self.edit.setMaximumHeight(220)
        self.edit.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.edit.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        return widget

    def load(self, value: Any) -> None:
        self.edit.setPlainText(json.dumps(to_data(value), indent=2, ensure_ascii=False))

    def parse(self) -> Any:
        text = self.edit.toPlainText().strip() or "[]"
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise DomainError(
                translate("EntryEditor", "Not valid JSON at line {0}, column {1}: {2}.").format(
                    err.lineno, err.colno, err.msg
                ),
                self.name,
            ) from None
        try:
            return from_data(self.value_type, data, self.name)
        except DomainError as err:
            raise DomainError(err.message, self.name) from None


def focus_widget(field: Field) -> QWidget:
    """The widget that should take the keyboard focus for `field` (mnemonic buddies)."""
    if isinstance(field, StatsField):
        return next(iter(field.edits.values()))
    return field.widget
