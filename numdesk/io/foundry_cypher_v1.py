"""Where the Cypher System's version-1 data layout keeps each value (system 1.x, Foundry 0.8-10).

Version 1 keeps many values flat in the actor's `data`/`system` block (`pools.mightEdge`,
`recoveries.recoveryRoll`, `damage.damageTrack`) and names item types with spaces
("lasting Damage", "teen Ability"). The mapper in `foundry_cypher` reads through this table.
"""

from __future__ import annotations

FORMAT = "foundry-v1"

PATHS: dict[str, tuple[str, ...]] = {
    "cypher_limit": ("basic", "cypherLimit"),
    "advancement": ("advancement",),
    "recoveries": ("recoveries",),
    "recovery_roll": ("recoveries", "recoveryRoll"),
    "one_action_count": ("settings", "additionalRecoveries", "numberOneActionRecoveries"),
    "ten_minute_count": ("settings", "additionalRecoveries", "numberTenMinuteRecoveries"),
    "damage_track": ("damage", "damageTrack"),
    "extra_pool": ("additionalPool",),
    "currency": ("settings", "currency"),
    "initiative": ("settings", "initiative", "initiativeBonus"),
    "description": ("basic", "description"),
    "notes": ("basic", "notes"),
    "teen_active": ("settings", "gameMode", "currentSheet"),
    "teen_track": ("teen", "damage", "damageTrack"),
    "teen_armor": ("teen", "armor", "armorValueTotal"),
    "armor_total": ("armor", "armorValueTotal"),
    "teen_notes": ("teen", "basic", "notes"),
    "teen_description": ("teen", "basic", "description"),
    "npc_level": ("level",),
    "npc_health": ("health",),
    "npc_damage": ("damage",),
    "npc_armor": ("armor",),
    "npc_notes": ("biography",),
    "npc_initiative": ("settings", "initiative", "initiativeBonus"),
    "rank": ("rank",),
    "infrastructure": ("infrastructure",),
    "crew": ("crew",),
    "weapon_systems": ("weaponSystems",),
    "disposition": ("disposition",),
    "category": ("category",),
    "owned_by": ("ownedBy",),
    "quantity": ("quantity",),
}

#: advancement key per numdesk advancement, in the sheet's order
ADVANCEMENT_KEYS = ("advStats", "advEdge", "advEffort", "advSkill", "advOther")
#: used-recovery keys: the first one-action, ten-minute, one-hour, ten-hour boxes
REST_KEYS = ("oneAction", "tenMinutes", "oneHour", "tenHours")
EXTRA_ONE_ACTION = (
    "oneActionTwo",
    "oneActionThree",
    "oneActionFour",
    "oneActionFive",
    "oneActionSix",
    "oneActionSeven",
)
EXTRA_TEN_MINUTES = ("tenMinutesTwo",)
EXTRA_POOL_LABEL = "additionalPoolName"
TEEN_POOL_LABEL = "additionalTeenPoolName"
TEEN_POOL_ACTIVE = "teenActive"
CURRENCY_NAMES = ("name", "name2", "name3", "name4", "name5", "name6")
CURRENCY_AMOUNTS = ("quantity", "quantity2", "quantity3", "quantity4", "quantity5", "quantity6")
CURRENCY_COUNT = "howMany"


def edge_path(stat: str, teen: bool = False) -> tuple[str, ...]:
    return ("teen", "pools", f"{stat}Edge") if teen else ("pools", f"{stat}Edge")
