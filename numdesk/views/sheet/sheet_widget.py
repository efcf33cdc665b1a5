"""The character sheet: the paper form (ui/sheet.ui) in a scroll area, beside the play
and history panels. It only shows the controller's character and forwards intents.

The typed fields (`fields`) and the health box (`health`) are mixins of the widget;
this module puts the parts together, draws the rest and sets the keyboard order."""

from __future__ import annotations

import itertools
from pathlib import Path

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
from numdesk.model.errors import DomainError
from numdesk.model.operations import SetField
from numdesk.model.operations.devices import cypher_limit_warning
from numdesk.rules.types import Stat
from numdesk.views.forms import child
from numdesk.views.sheet.ability_links import AbilityLinkBar
from numdesk.views.sheet.advancement import AdvancementPanel
from numdesk.views.sheet.bindings import ErrorLabel, FieldBinding
from numdesk.views.sheet.extras import extras_text, second_form_text
from numdesk.views.sheet.fields import NUMBER_FIELDS, STORY_FIELDS, TEXT_FIELDS, SheetFields
from numdesk.views.sheet.fitting import reflow
from numdesk.views.sheet.forms import load_sheet_form
from numdesk.views.sheet.health import REST_BOXES, TRACK_BUTTONS, SheetHealth
from numdesk.views.sheet.history import HistoryPanel
from numdesk.views.sheet.lists import ItemListEditor
from numdesk.views.sheet.play import PlayPanel
from numdesk.views.sheet.portrait import PortraitLabel
from numdesk.views.sheet.specs import LIST_SPECS
from numdesk.views.sheet.style import set_role, style_paper
from numdesk.views.sheet.words import word
from numdesk.views.vertical_scroll import VerticalScroll

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


class SheetWidget(SheetFields, SheetHealth, QWidget):
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
        # (scrolled, so that the open sheet still fits a 768-pixel screen)
        self.side.addTab(VerticalScroll(self.play_panel), self.tr("&Play"))
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

    # -- messages ------------------------------------------------------------------------
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
        self._draw_track(character, profile)
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
        self._draw_wounds(character, profile)
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
