"""The sheet's health box (a mixin of `SheetWidget`): the damage track (`numenera`) or
the wound boxes (`cypher`), the recoveries used today, the recovery roll and what the
worn armor does, drawn from the character and clicked through operations."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QCheckBox, QLabel, QRadioButton, QWidget

from numdesk.controllers.character import CharacterController
from numdesk.model.character import Character, track_step_name
from numdesk.model.operations import SetField, SetTrackStep, SetWounds
from numdesk.model.operations.conditions import task_hindrance, track_problem
from numdesk.model.operations.damage import armor_category, defense_task_steps, worn_armor
from numdesk.rules.damage_track import track_effects
from numdesk.rules.defense import DefenseKind
from numdesk.rules.profiles import Profile
from numdesk.rules.types import REST_ORDER, ArmorCategory, DamageTrackState, Rest, Stat
from numdesk.views.forms import child
from numdesk.views.sheet.lists import ItemListEditor
from numdesk.views.sheet.words import word
from numdesk.views.sheet.wounds import WoundBoxes

TRACK_BUTTONS = (
    ("trackHale", DamageTrackState.HALE),
    ("trackImpaired", DamageTrackState.IMPAIRED),
    ("trackDebilitated", DamageTrackState.DEBILITATED),
    ("trackDead", DamageTrackState.DEAD),
)
REST_BOXES = ("restOneAction", "restTenMinutes", "restOneHour", "restTenHours")
SEVERITIES = ("minor", "moderate", "major")


class SheetHealth:
    """The health box of `SheetWidget` (a mixin; the widget sets what is declared)."""

    controller: CharacterController
    form: QWidget
    list_editors: dict[str, ItemListEditor]
    _ordered_wound_boxes: list[QCheckBox]
    _apply: Callable[..., bool]
    _set_tab_order: Callable[[], None]
    tr: Callable[[str], str]

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

    def _toggle_rest(self, rest: Rest, checked: bool) -> None:
        used = [r for r in self.controller.character.recoveries_used if r != rest]
        if checked:
            used.append(rest)
        self._apply(SetField("recoveries_used", [r.value for r in REST_ORDER if r in used]))

    def _draw_track(self, character: Character, profile: Profile) -> None:
        """Show the damage track or the wound boxes (as the rules use), and the track's
        step and what it does."""
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

    def _draw_wounds(self, character: Character, profile: Profile) -> None:
        """Draw the wound boxes, the recoveries used today, the armor's note and the
        recovery roll."""
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
