"""Encounter operations (`Operation[Encounter]`), gathered in one place to import from.

They live in five modules by what they do: `encounter_base` (the shared base, turn
order and snapshots), `encounter_build` (combatants and initiative), `encounter_turns`
(turns, action timing, conditions), `encounter_health` (damage, healing, objects) and
`encounter_players` (what the players see: hidden combatants, health as numbers).
"""

from numdesk.model.operations.encounter_base import (
    ACTING_SIDES,
    MAX_EASES,
    ROLLING_SIDES,
    SIDES,
    EncounterOperation,
    LogEvent,
    compute_order,
    current_slot,
    find,
    initiative_value,
    is_acting,
    profile_of,
    rebuild_order,
    slot_label,
    slot_uids,
)
from numdesk.model.operations.encounter_build import (
    AddCombatants,
    RemoveCombatant,
    RenameCombatant,
    RenameEncounter,
    RollInitiative,
    SetGroupInitiative,
    SetInitiative,
    SetProfile,
)
from numdesk.model.operations.encounter_health import (
    DEFEAT_CHOICES,
    OBJECT_STATE_WORDS,
    DamageCombatant,
    DamageObject,
    Heal,
    SetDefeated,
    SetHealth,
)
from numdesk.model.operations.encounter_players import RevealNumbers, SetHidden
from numdesk.model.operations.encounter_turns import (
    AddCondition,
    NextTurn,
    PreviousTurn,
    RemoveCondition,
    SetTiming,
    losing_turn,
    rules_conditions,
    task_hindrance,
)

__all__ = [
    "ACTING_SIDES",
    "DEFEAT_CHOICES",
    "MAX_EASES",
    "OBJECT_STATE_WORDS",
    "ROLLING_SIDES",
    "SIDES",
    "AddCombatants",
    "AddCondition",
    "DamageCombatant",
    "DamageObject",
    "EncounterOperation",
    "Heal",
    "LogEvent",
    "NextTurn",
    "PreviousTurn",
    "RemoveCombatant",
    "RemoveCondition",
    "RenameCombatant",
    "RenameEncounter",
    "RevealNumbers",
    "RollInitiative",
    "SetDefeated",
    "SetGroupInitiative",
    "SetHealth",
    "SetHidden",
    "SetInitiative",
    "SetProfile",
    "SetTiming",
    "compute_order",
    "current_slot",
    "find",
    "initiative_value",
    "is_acting",
    "losing_turn",
    "profile_of",
    "rebuild_order",
    "rules_conditions",
    "slot_label",
    "slot_uids",
    "task_hindrance",
]
