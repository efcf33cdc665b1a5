"""The character sheet: the paper form (ui/sheet.ui) in a scroll area, beside the play
and history panels. It only shows the controller's character and forwards intents."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QPalette, QUndoStack
from PySide6.QtWidgets import (
    QBoxLayout,
    QCheckBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from numdesk.controllers.character import CharacterController
from numdesk.model.character import Character, track_step_name
from numdesk.model.errors import DomainError
from numdesk.model.limits import text_limit
from numdesk.model.operations import SetField, SetPool, SetTrackStep, SetWounds
from numdesk.model.operations.base import Operation
from numdesk.model.operations.conditions import task_hindrance, track_problem
from numdesk.model.operations.damage import armor_category, defense_task_steps, worn_armor
from numdesk.model.operations.devices import cypher_limit_warning
from numdesk.rules.damage_track import track_effects
from numdesk.rules.defense import DefenseKind
from numdesk.rules.types import REST_ORDER, ArmorCategory, DamageTrackState, Rest, Stat
from numdesk.views.forms import child
from numdesk.views.sheet.ability_links import AbilityLinkBar
from numdesk.views.sheet.advancement import AdvancementPanel
from numdesk.views.sheet.bindings import ErrorLabel, FieldBinding, typed_int
from numdesk.views.sheet.extras import extras_text, second_form_text
from numdesk.views.sheet.fitting import reflow
from numdesk.views.sheet.forms import load_sheet_form
from numdesk.views.sheet.history import HistoryPanel
from numdesk.views.sheet.lists import ItemListEditor
from numdesk.views.sheet.play import PlayPanel
from numdesk.views.sheet.portrait import PortraitLabel
from numdesk.views.sheet.specs import LIST_SPECS
from numdesk.views.sheet.style import set_role, style_paper
from numdesk.views.sheet.words import word
from numdesk.views.sheet.wounds import WoundBoxes

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
TRACK_BUTTONS = (
    ("trackHale", DamageTrackState.HALE),
    ("trackImpaired", DamageTrackState.IMPAIRED),
    ("trackDebilitated", DamageTrackState.DEBILITATED),
    ("trackDead", DamageTrackState.DEAD),
)
REST_BOXES = ("restOneAction", "restTenMinutes", "restOneHour", "restTenHours")
SEVERITIES = ("minor", "moderate", "major")
#: rows of the paper that stack their boxes when the sheet is too narrow to show them
#: side by side (pairs of lists first, the three stats last), instead of scrolling sideways
REFLOW_ROWS = (
    "devicesRow",
    "armsRow",
    "gearRow",
    "extrasRow",
    "shiftsRow",
    "healthRow",
    "statsRow",
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


class SheetWidget(QWidget):
    """One open character: the sheet, play mode and history, all through `controller`."""

    #: the user asked to open library entry uid (an ability's "Open in library")
    openEntryRequested = Signal(str)

    def __init__(self, controller: CharacterController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.setObjectName("SheetWidget")
        self.paper = QWidget()
        self.paper.setObjectName("paper")
        self.paper.setBackgroundRole(QPalette.ColorRole.Base)  # white like paper
        self.paper.setAutoFillBackground(True)
        self.form = load_sheet_form("sheet.ui", self.paper)
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidget(self.paper)
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setMinimumWidth(360)
        self._reflow_rows = [child(self.form, QBoxLayout, name) for name in REFLOW_ROWS]
        self.scroll_area.viewport().installEventFilter(self)

        self.undo_button = QPushButton(self.tr("Undo"))
        self.redo_button = QPushButton(self.tr("Redo"))
        self.play_panel = PlayPanel(controller)
        self.history_panel = HistoryPanel(controller)
        self.side = QTabWidget()
        self.side.addTab(self.play_panel, self.tr("&Play"))
        self.side.addTab(self.history_panel, self.tr("Hi&story"))
        side_box = QWidget()
        side_layout = QVBoxLayout(side_box)
        side_layout.setContentsMargins(0, 0, 0, 0)
        undo_row = QHBoxLayout()
        undo_row.addWidget(self.undo_button)
        undo_row.addWidget(self.redo_button)
        undo_row.addStretch(1)
        side_layout.addLayout(undo_row)
        side_layout.addWidget(self.side)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(self.scroll_area)
        splitter.addWidget(side_box)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([900, 380])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(splitter)

        self.bindings: list[FieldBinding] = []
        self._errors: dict[str, ErrorLabel] = {}
        self._bind_fields()
        self._bind_health()
        self.list_editors: dict[str, ItemListEditor] = {}
        for name, spec in LIST_SPECS.items():
            editor = child(self.form, ItemListEditor, f"{name}Editor")
            editor.setup(controller, spec)
            editor.rollRequested.connect(self.play_panel.open_task)
            self.list_editors[name] = editor
        self.ability_links = AbilityLinkBar(self.list_editors["abilities"], controller)
        self.ability_links.openEntryRequested.connect(self.openEntryRequested)
        self.advancement = child(self.form, AdvancementPanel, "advancementPanel")
        self.advancement.setup(controller)
        self.portrait = child(self.form, PortraitLabel, "portrait")
        self.portrait.imageDropped.connect(self.set_portrait_file)
        child(self.form, QPushButton, "portraitChoose").clicked.connect(self.choose_portrait)
        child(self.form, QPushButton, "portraitRemove").clicked.connect(self.remove_portrait)
        self.cypher_warning = child(self.form, QLabel, "cypherWarning")
        stack = controller.undo_stack
        self.undo_button.clicked.connect(stack.undo)
        self.redo_button.clicked.connect(stack.redo)
        stack.canUndoChanged.connect(self.undo_button.setEnabled)
        stack.canRedoChanged.connect(self.redo_button.setEnabled)
        self.undo_button.setEnabled(stack.canUndo())
        self.redo_button.setEnabled(stack.canRedo())
        style_paper(self.form)
        controller.changed.connect(self._clear_errors)
        controller.changed.connect(self.refresh)
        controller.reloaded.connect(self._reloaded)
        controller.notice.connect(self.play_panel.status.setText)
        self._ordered_wound_boxes: list[QCheckBox] = []
        self.refresh()

    # -- public --------------------------------------------------------------------------
    @property
    def undo_stack(self) -> QUndoStack:
        """The sheet's undo stack (the main window adds it to its QUndoGroup)."""
        return self.controller.undo_stack

    def line(self, name: str) -> QLineEdit:
        """A named line edit of the form (tests type into these)."""
        return child(self.form, QLineEdit, name)

    def error_text(self, label_name: str) -> str:
        """The message shown in a red error label ("" when hidden)."""
        label = child(self.form, QLabel, label_name)
        return "" if label.isHidden() else label.text()

    # -- layout --------------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.scroll_area.viewport() and event.type() == QEvent.Type.Resize:
            self.reflow(self.scroll_area.viewport().width())
        return False

    def reflow(self, width: int) -> None:
        """Put each row's boxes side by side if they fit in `width` pixels, else stack them."""
        margins = self.form.layout().contentsMargins()
        reflow(self._reflow_rows, width - margins.left() - margins.right())

    # -- binding -------------------------------------------------------------------------
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

    def _bind_health(self) -> None:
        for name, state in TRACK_BUTTONS:
            button = child(self.form, QRadioButton, name)
            button.clicked.connect(lambda _c=False, s=state: self._apply(SetTrackStep(s)))
        child(self.form, QRadioButton, "trackExtraStep").clicked.connect(
            lambda _c=False: self._apply(SetTrackStep(DamageTrackState.HALE, extra_step=True))
        )
        for name, rest in zip(REST_BOXES, REST_ORDER, strict=True):
            box = child(self.form, QCheckBox, name)
            box.clicked.connect(lambda checked, r=rest: self._toggle_rest(r, checked))
        for severity in SEVERITIES:
            boxes = child(self.form, WoundBoxes, f"{severity}Boxes")
            boxes.countRequested.connect(lambda n, s=severity: self._apply(SetWounds(**{s: n})))

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

    def _toggle_rest(self, rest: Rest, checked: bool) -> None:
        used = [r for r in self.controller.character.recoveries_used if r != rest]
        if checked:
            used.append(rest)
        self._apply(SetField("recoveries_used", [r.value for r in REST_ORDER if r in used]))

    def _reloaded(self) -> None:
        self.play_panel.status.setText(
            self.tr(
                "This character was changed in another numdesk and has been reloaded; "
                "nothing was overwritten."
            )
        )

    # -- portrait -------------------------------------------------------------------------
    def set_portrait_file(self, path: str) -> bool:
        """Store the image file at `path` as the portrait (undoable)."""
        try:
            data = Path(path).read_bytes()
        except OSError as err:
            self._error("portraitError").show(
                self.tr("Cannot read {0}: {1}").format(path, err.strerror), self.portrait
            )
            return False
        try:
            self.controller.apply(SetField("portrait", data))
        except DomainError as err:
            self._error("portraitError").show(err.message, self.portrait)
            return False
        self._error("portraitError").clear()
        return True

    def choose_portrait(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(
            self,
            self.tr("Choose a portrait"),
            "",
            self.tr("Images (*.png *.jpg *.jpeg *.gif *.bmp)"),
        )
        if path:
            self.set_portrait_file(path)

    def remove_portrait(self) -> None:
        self._apply(SetField("portrait", None), "portraitError")

    # -- drawing --------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw every field from the character (called on `changed`)."""
        character = self.controller.character
        profile = self.controller.profile
        for binding in self.bindings:
            binding.refresh()
        child(self.form, QLabel, "profileLabel").setText(
            self.tr("Rules: {0}").format(word(profile.label))
        )
        track_box = child(self.form, QWidget, "trackBox")
        wounds_box = child(self.form, QWidget, "woundsBox")
        track_box.setVisible(profile.uses_damage_track)
        wounds_box.setVisible(not profile.uses_damage_track)
        self.list_editors["shields"].setVisible(not profile.uses_damage_track)
        at_step = track_step_name(character)
        for name, state in TRACK_BUTTONS:
            child(self.form, QRadioButton, name).setChecked(
                character.damage_track == state and not at_step
            )
        extra = child(self.form, QRadioButton, "trackExtraStep")
        extra.setVisible(bool(character.track_extra_step))
        extra.setText(character.track_extra_step)
        extra.setChecked(bool(at_step))
        effects = track_effects(
            character.damage_track, speed_pool=character.pool(Stat.SPEED).current
        )
        child(self.form, QLabel, "trackEffects").setText(self.tr(effects.summary))
        child(self.form, QLabel, "extrasText").setText(extras_text(character))
        detail = second_form_text(character)
        second = child(self.form, QLabel, "secondFormText")
        second.setText(detail)
        second.setVisible(bool(detail))
        # the money box is named for the money's own currency (crowns, credits, …), else
        # the rules' (shins); the Cypher System has none, so it is the group's to name
        currency = character.currency.strip() or profile.currency
        child(self.form, QLabel, "shinsLabel").setText(
            currency.capitalize() if currency else self.tr("M&oney")
        )
        child(self.form, QLineEdit, "currencyEdit").setPlaceholderText(
            profile.currency or self.tr("your group's currency")
        )
        for severity in SEVERITIES:
            boxes = child(self.form, WoundBoxes, f"{severity}Boxes")
            boxes.show_wounds(
                getattr(character.wounds, severity),
                getattr(character.wounds, f"{severity}_slots"),
                word(severity.capitalize()),
            )
        if not profile.uses_damage_track:
            child(self.form, QLabel, "woundsEffects").setText(self._wound_text())
        if self._wound_boxes() != self._ordered_wound_boxes:
            self._set_tab_order()  # first drawing, or the number of wound slots changed
        for name, rest in zip(REST_BOXES, REST_ORDER, strict=True):
            child(self.form, QCheckBox, name).setChecked(rest in character.recoveries_used)
        self.list_editors["armor"].set_note(self._armor_note())
        bonus = character.recovery_bonus
        info = self.tr("Recovery roll: 1d6 + {0}").format(character.tier + bonus)
        if character.recovery_roll:
            info += " " + self.tr(
                "(its sheet said {0}; the rules roll 1d6 + tier, and so does numdesk)"
            ).format(character.recovery_roll)
        child(self.form, QLabel, "recoveryInfo").setText(info)
        warning = cypher_limit_warning(character)
        if warning is not None:
            self.cypher_warning.setText(self.tr(warning))
            set_role(self.cypher_warning, "warning")
        else:
            self.cypher_warning.setText(
                self.tr("{0} of {1} cyphers carried").format(
                    len(character.cyphers), character.cypher_limit
                )
            )
            set_role(self.cypher_warning, "")
        self.portrait.show_portrait(character.portrait)

    def _armor_note(self) -> str:
        """The Armor total the rules use (`numenera`) or what the armor does to defense
        rolls (`cypher`), and any cost reduction: the number the fight uses, on the sheet."""
        character = self.controller.character
        if self.controller.profile.armor_subtracts:
            lines = [
                self.tr("Armor {0} in all: taken off each hit of Might damage.").format(
                    worn_armor(character)
                )
            ]
        else:
            category = armor_category(character)
            if category is ArmorCategory.NONE:
                lines = [self.tr("No armor: defense rolls are neither eased nor hindered.")]
            else:
                steps = defense_task_steps(character, DefenseKind.BLOCK)
                lines = [
                    self.tr("{0} armor: block eased {1}, dodge hindered {1}.").format(
                        word(category.value).capitalize(), steps
                    )
                ]
        reduction = character.armor_cost_reduction
        if reduction:
            lines.append(
                self.tr("Cost of wearing armor reduced by {0} (advancement).").format(reduction)
            )
        return " ".join(lines)

    def _wound_text(self) -> str:
        """What the wounds do now (C3): the hindrance on every task, or death."""
        character = self.controller.character
        problem = track_problem(character)
        if problem is not None:
            return self.tr(problem)
        steps = task_hindrance(character)
        if steps:
            return self.tr("Every task is hindered by {0} step(s).").format(steps)
        return self.tr("No penalties.")

    def _wound_boxes(self) -> list[QCheckBox]:
        """The `cypher` wound boxes, minor to major (made as the wounds are drawn)."""
        return [
            box
            for severity in SEVERITIES
            for box in child(self.form, WoundBoxes, f"{severity}Boxes").boxes()
        ]

    def _set_tab_order(self) -> None:
        """Keyboard order follows the paper: header, numbers, stats, health, lists, story."""
        order: list[QWidget] = [self.line(n) for n, _f, _e in TEXT_FIELDS]
        order += [self.line(n) for n, _f, _e in NUMBER_FIELDS[:4]]
        order += [child(self.form, QPushButton, "portraitChoose")]
        order += [child(self.form, QPushButton, "portraitRemove")]
        for stat in Stat:
            order += [self.line(f"{stat.value}{p}") for p in ("Current", "Maximum", "Edge")]
        order += [child(self.form, QRadioButton, n) for n, _s in TRACK_BUTTONS[:1]]
        order += [child(self.form, QRadioButton, "trackExtraStep")]
        order += [child(self.form, QRadioButton, n) for n, _s in TRACK_BUTTONS[1:]]
        self._ordered_wound_boxes = self._wound_boxes()
        order += self._ordered_wound_boxes
        order += [child(self.form, QCheckBox, n) for n in REST_BOXES]
        order.append(self.line("recoveryRollEdit"))
        order += self.advancement.focus_chain()
        for name in ("skills", "abilities"):
            order += self.list_editors[name].focus_chain()
        order.append(self.line("cypherLimitEdit"))
        for name in (
            "cyphers",
            "artifacts",
            "oddities",
            "weapons",
            "armor",
            "shields",
            "equipment",
            "followers",
            "extra_pools",
            "money",
            "lasting_damage",
            "recursions",
            "power_shifts",
        ):
            order += self.list_editors[name].focus_chain()
        order += [
            self.line(n)
            for n in ("currencyEdit", "initiativeBonusEdit", "stressEdit", "preparedSpellsEdit")
        ]
        order += [child(self.form, QPlainTextEdit, n) for n, _f in STORY_FIELDS]
        for first, second in itertools.pairwise(order):
            QWidget.setTabOrder(first, second)
