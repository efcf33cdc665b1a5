"""Operations: every change a user makes, as an object that applies and reverts itself.

Character operations (this package) derive `CharacterOperation`; each validates its
input, asks the rules engine, changes the sheet and returns a `Change` whose summary
goes into the history. Pure previews (`preview_task`, `preview_damage`, ...) show a
dialog what an operation would do without changing anything.
"""

from numdesk.model.operations.ability_text import SetAbilityText
from numdesk.model.operations.advancement import (
    BuyAdvancement,
    advancement_options,
    affordable_advancements,
)
from numdesk.model.operations.base import Change, Operation
from numdesk.model.operations.damage import (
    DamagePreview,
    PreviewDamage,
    ShiftTrack,
    TakeDamage,
    TakeWound,
    WoundPreview,
    armor_category,
    defense_task_steps,
    preview_damage,
    preview_wound,
    worn_armor,
)
from numdesk.model.operations.devices import (
    RollDeviceLevel,
    UseArtifact,
    UseCypher,
    cypher_limit_warning,
    cyphers_over_limit,
)
from numdesk.model.operations.edits import (
    EDITABLE_FIELDS,
    SetField,
    SetPool,
    SetTrackStep,
    SetWounds,
)
from numdesk.model.operations.lists import (
    AddItem,
    MoveItem,
    RemoveItem,
    ReplaceItem,
    SetItemField,
    SetSkill,
)
from numdesk.model.operations.recovery import (
    NewDay,
    Rally,
    Recover,
    TreatWound,
    next_rests,
    roll_recovery,
)
from numdesk.model.operations.recursions import SwitchRecursion
from numdesk.model.operations.sheet import CharacterOperation
from numdesk.model.operations.task import (
    PerformTask,
    PlanTask,
    TaskInput,
    TaskPreview,
    TaskResult,
    preview_task,
)
from numdesk.model.operations.xp import (
    AwardXp,
    GmIntrusion,
    NaturalOneIntrusion,
    ReceiveXp,
    RefuseIntrusion,
    SpendXp,
    XpReroll,
    gm_intrusion_ops,
)

__all__ = [
    "EDITABLE_FIELDS",
    "AddItem",
    "AwardXp",
    "BuyAdvancement",
    "Change",
    "CharacterOperation",
    "DamagePreview",
    "GmIntrusion",
    "MoveItem",
    "NaturalOneIntrusion",
    "NewDay",
    "Operation",
    "PerformTask",
    "PlanTask",
    "PreviewDamage",
    "Rally",
    "ReceiveXp",
    "Recover",
    "RefuseIntrusion",
    "RemoveItem",
    "ReplaceItem",
    "RollDeviceLevel",
    "SetAbilityText",
    "SetField",
    "SetItemField",
    "SetPool",
    "SetSkill",
    "SetTrackStep",
    "SetWounds",
    "ShiftTrack",
    "SpendXp",
    "SwitchRecursion",
    "TakeDamage",
    "TakeWound",
    "TaskInput",
    "TaskPreview",
    "TaskResult",
    "TreatWound",
    "UseArtifact",
    "UseCypher",
    "WoundPreview",
    "XpReroll",
    "advancement_options",
    "affordable_advancements",
    "armor_category",
    "cypher_limit_warning",
    "cyphers_over_limit",
    "defense_task_steps",
    "gm_intrusion_ops",
    "next_rests",
    "preview_damage",
    "preview_task",
    "preview_wound",
    "roll_recovery",
    "worn_armor",
]
