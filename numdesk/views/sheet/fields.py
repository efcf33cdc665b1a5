"""The sheet's typed fields (a mixin of `SheetWidget`): the header, the numbers, the
Pools and the story boxes, each bound to the character field it edits, with the red
label that shows why a value was refused."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QPlainTextEdit, QWidget

from numdesk.controllers.character import CharacterController
from numdesk.model.character import Character
from numdesk.model.errors import DomainError
from numdesk.model.limits import text_limit
from numdesk.model.operations import SetField, SetPool
from numdesk.model.operations.base import Operation
from numdesk.rules.types import Stat
from numdesk.views.forms import child
from numdesk.views.sheet.bindings import ErrorLabel, FieldBinding, typed_int
from numdesk.views.sheet.lists import ItemListEditor

TEXT_FIELDS = (
    ("nameEdit", "name", "nameError"),
    ("playerEdit", "player", "nameError"),
    ("descriptorEdit", "descriptor", "sentenceError"),
    ("typeEdit", "type", "sentenceError"),
    ("focusEdit", "focus", "sentenceError"),
    ("flavorEdit", "flavor", "sentenceError"),
)
NUMBER_FIELDS = (
    ("tierEdit", "tier", "numbersError"),
    ("effortEdit", "effort", "numbersError"),
    ("xpEdit", "xp", "numbersError"),
    ("shinsEdit", "shins", "numbersError"),
    ("cypherLimitEdit", "cypher_limit", "cypherLimitError"),
    ("initiativeBonusEdit", "initiative_bonus", "numbersError"),
    ("stressEdit", "stress", "numbersError"),
    ("preparedSpellsEdit", "prepared_spells", "numbersError"),
)
STORY_FIELDS = (
    ("backgroundEdit", "background"),
    ("connectionsEdit", "connections"),
    ("notesEdit", "notes"),
)


def _attr(field: str) -> Callable[[Character], Any]:
    return lambda character: getattr(character, field)


def _pool_attr(stat: Stat, part: str) -> Callable[[Character], Any]:
    return lambda character: getattr(character.pool(stat), part)


def _set_text(field: str) -> Callable[[str], Operation[Character]]:
    return lambda text: SetField(field, text)


def _set_number(field: str) -> Callable[[str], Operation[Character]]:
    return lambda text: SetField(field, typed_int(text))


def _set_pool(stat: Stat, part: str) -> Callable[[str], Operation[Character]]:
    """SetPool for one of current/maximum/edge; the typed text goes in as typed."""

    def make(text: str) -> Operation[Character]:
        value: Any = typed_int(text)
        if part == "current":
            return SetPool(stat, current=value)
        if part == "maximum":
            return SetPool(stat, maximum=value)
        return SetPool(stat, edge=value)

    return make


class SheetFields:
    """Binding the form's fields (mixed into `SheetWidget`, which sets what is declared)."""

    controller: CharacterController
    form: QWidget
    bindings: list[FieldBinding]
    list_editors: dict[str, ItemListEditor]
    _errors: dict[str, ErrorLabel]
    line: Callable[[str], QLineEdit]
    refresh: Callable[[], None]

    def _error(self, name: str) -> ErrorLabel:
        if name not in self._errors:
            self._errors[name] = ErrorLabel(child(self.form, QLabel, name))
        return self._errors[name]

    def _bind(
        self,
        widget: QLineEdit | QPlainTextEdit,
        read: Callable[[Character], Any],
        make_op: Callable[[str], Operation[Character]],
        error: str,
        max_length: int | None = None,
    ) -> None:
        self.bindings.append(
            FieldBinding(self.controller, widget, read, make_op, self._error(error), max_length)
        )

    def _bind_fields(self) -> None:
        for widget_name, field, error in TEXT_FIELDS:
            edit = self.line(widget_name)
            self._bind(edit, _attr(field), _set_text(field), error, text_limit(field))
        self._bind(
            self.line("currencyEdit"),
            _attr("currency"),
            _set_text("currency"),
            "numbersError",
            text_limit("currency"),
        )
        self._bind(
            self.line("recoveryRollEdit"),
            _attr("recovery_roll"),
            _set_text("recovery_roll"),
            "healthError",
            text_limit("recovery_roll"),
        )
        for widget_name, field, error in NUMBER_FIELDS:
            edit = self.line(widget_name)
            edit.setMaximumWidth(60)
            edit.setAlignment(Qt.AlignmentFlag.AlignCenter)
            self._bind(edit, _attr(field), _set_number(field), error)
        for stat in Stat:
            for part in ("current", "maximum", "edge"):
                edit = self.line(f"{stat.value}{part.capitalize()}")
                edit.setAlignment(Qt.AlignmentFlag.AlignCenter)
                edit.setMaximumWidth(80 if part == "current" else 60)
                self._bind(
                    edit, _pool_attr(stat, part), _set_pool(stat, part), f"{stat.value}Error"
                )
        for widget_name, field in STORY_FIELDS:
            box = child(self.form, QPlainTextEdit, widget_name)
            box.setMinimumHeight(70)
            self._bind(box, _attr(field), _set_text(field), "storyError")

    def _apply(self, operation: Operation[Character], error: str = "healthError") -> bool:
        """Apply a click's operation; a refusal is shown in the `error` label."""
        try:
            self.controller.apply(operation)
        except DomainError as err:
            self._error(error).show(err.message, self)
            self.refresh()
            return False
        self._error(error).clear(self)
        return True

    def _clear_errors(self) -> None:
        """An accepted change means the user moved on: a message about an edit that was
        refused earlier (and never stored) would now sit next to a value it no longer
        describes, e.g. "cannot be negative" beside a Pool that damage has just emptied."""
        for label in self._errors.values():
            label.clear()
        for editor in self.list_editors.values():
            editor.show_error("")
