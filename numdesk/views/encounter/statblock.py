"""The side panel's text: a combatant's stat block (creature), sheet summary (PC) or
object state, as small HTML for a QTextBrowser.

Creature instances show the library stat block they link to, so an edited creature is
edited everywhere; the instance adds only its own health and conditions.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QCoreApplication

from numdesk.controllers.encounter import EncounterController
from numdesk.model.character import track_step_name
from numdesk.model.creature import block_numbers, item_groups
from numdesk.model.encounter import Combatant
from numdesk.model.operations.encounter_health import OBJECT_STATE_WORDS
from numdesk.rules.types import Stat
from numdesk.views.encounter.condition_words import condition_text, condition_tooltip
from numdesk.views.encounter.table import TRACK_WORDS


def _t(text: str) -> str:
    return QCoreApplication.translate("EncounterStatBlock", text)


def _row(label: str, value: object) -> str:
    if value in (None, "", [], ()):
        return ""
    return f"<tr><th align='left' valign='top'>{escape(_t(label))}</th><td>{value}</td></tr>"


def _lines(items: list[str]) -> str:
    return "<br>".join(escape(i) for i in items if i)


def stat_block_html(controller: EncounterController, combatant: Combatant | None) -> str:
    """HTML describing `combatant` for the side panel (a hint when nothing is selected)."""
    if combatant is None:
        return "<p><i>{}</i></p>".format(
            escape(_t("Select a row to see its stat block and act on it."))
        )
    head = f"<h3>{escape(combatant.name)}</h3>"
    rows = []
    conditions = ", ".join(condition_text(controller.encounter, c) for c in combatant.conditions)
    if combatant.side == "npc":
        creature = controller.creature(combatant)
        rows += [
            _row("Level", combatant.level),
            _row("Target number", 3 * combatant.level),
            _row("Health", f"{combatant.health} / {combatant.max_health}"),
            _row("Armor", combatant.armor),
            _row(
                "Armor against",
                escape(", ".join(f"{k} +{v}" for k, v in combatant.armor_against.items())),
            ),
        ]
        if creature is not None:
            rows += [_row(label, escape(value)) for label, value in block_numbers(creature)]
            rows += [
                _row("Damage", escape(creature.damage)),
                _row("Movement", escape(creature.movement)),
                _row("Modifications", _lines(creature.modifications)),
                *(_row(title, _lines(lines)) for title, lines in item_groups(creature.items)),
                _row("Combat", escape(creature.combat)),
                _row("GM intrusions", _lines(creature.intrusions)),
                _row("Interaction", escape(creature.interaction)),
                _row("Loot", escape(creature.loot)),
            ]
        else:
            rows.append(_row("Stat block", escape(_t("not in the library any more"))))
    elif combatant.side == "pc":
        sheet = controller.character(combatant)
        if sheet is None:
            rows.append(_row("Sheet", escape(_t("not in the library any more"))))
        else:
            pools = "<br>".join(
                f"{escape(_t(stat.value.capitalize()))} {sheet.pool(stat).current}/"
                f"{sheet.pool(stat).maximum} ({escape(_t('Edge'))} {sheet.pool(stat).edge})"
                for stat in Stat
            )
            if controller.profile.uses_damage_track:
                state = track_step_name(sheet) or _t(TRACK_WORDS[sheet.damage_track])
                harm = _row("Damage track", escape(state))
            else:
                w = sheet.wounds
                harm = _row(
                    "Wounds",
                    escape(
                        _t("{0} minor, {1} moderate, {2} major").format(
                            w.minor, w.moderate, w.major
                        )
                    ),
                )
            rows += [
                _row("", escape(sheet.sentence)),
                _row("Tier", sheet.tier),
                _row("Effort", sheet.effort),
                _row("XP", sheet.xp),
                _row("Pools", pools),
                harm,
            ]
    elif combatant.side == "follower":
        rows += [
            _row("Level", combatant.level),
            _row("Health", f"{combatant.health} / {combatant.max_health}"),
            _row("Armor", combatant.armor),
        ]
        follower = controller.follower(combatant)
        if follower is not None:
            rows += [
                _row("Disposition", escape(follower.disposition)),
                _row("Category", escape(follower.category)),
                _row("Follows", escape(follower.owner)),
                _row("Initiative bonus", f"{follower.initiative_bonus:+d}")
                if follower.initiative_bonus
                else "",
                *(_row(title, _lines(lines)) for title, lines in item_groups(follower.items)),
                _row("Notes", escape(follower.notes)),
            ]
    else:
        rows.append(_row("Level", combatant.level))
        if controller.profile.objects_use_track:
            rows.append(_row("State", escape(_t(OBJECT_STATE_WORDS[combatant.object_state]))))
            rows.append(_row("Target number", 3 * combatant.level))
        else:
            rows.append(_row("Current level", combatant.health))
            rows.append(_row("Damage since broken", combatant.damage_taken_at_zero))
    rows.append(_row("Conditions", escape(conditions)))
    if combatant.conditions:
        effects = condition_tooltip(combatant).split("\n")
        rows.append(_row("Effects", _lines(effects)))
    if combatant.defeated:
        rows.append(_row("Out of the fight", escape(_t(combatant.defeated))))
    return head + "<table cellspacing='4'>" + "".join(rows) + "</table>"
