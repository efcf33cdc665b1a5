"""Where the Cypher System's version-2 data layout keeps each value (system 2.x and 3.x).

Version 2 groups values (`basic`, `pools.might.edge`, `combat.recoveries`,
`settings.equipment.currency`) and names item types with hyphens ("lasting-damage");
teen-form items carry `settings.general.unmaskedForm: "Teen"`. Foundry 10 and later
export the block as `system`. The mapper in `foundry_cypher` reads through this table.
"""

from __future__ import annotations

FORMAT = "foundry-v2"

PATHS: dict[str, tuple[str, ...]] = {
    "cypher_limit": ("equipment", "cypherLimit"),
    "advancement": ("basic", "advancement"),
    "recoveries": ("combat", "recoveries"),
    "recovery_roll": ("combat", "recoveries", "roll"),
    "one_action_count": ("settings", "combat", "numberOneActionRecoveries"),
    "ten_minute_count": ("settings", "combat", "numberTenMinuteRecoveries"),
    "damage_track": ("combat", "damageTrack", "state"),
    "extra_pool": ("settings", "general", "additionalPool"),
    "currency": ("settings", "equipment", "currency"),
    "initiative": ("settings", "general", "initiativeBonus"),
    "description": ("description",),
    "notes": ("notes",),
    "teen_active": ("basic", "unmaskedForm"),
    "teen_track": ("teen", "combat", "damageTrack", "state"),
    "teen_armor": ("teen", "combat", "armor", "ratingTotal"),
    "armor_total": ("combat", "armor", "ratingTotal"),
    "teen_notes": ("teen", "notes"),
    "teen_description": ("teen", "description"),
    "npc_level": ("basic", "level"),
    "npc_health": ("pools", "health"),
    "npc_damage": ("combat", "damage"),
    "npc_armor": ("combat", "armor"),
    "npc_notes": ("notes",),
    "npc_initiative": ("settings", "general", "initiativeBonus"),
    "rank": ("basic", "rank"),
    "infrastructure": ("pools", "infrastructure"),
    "crew": ("basic", "crew"),
    "weapon_systems": ("basic", "weaponSystems"),
    "disposition": ("basic", "disposition"),
    "category": ("basic", "category"),
    "owned_by": ("basic", "ownedBy"),
    "quantity": ("pools", "quantity"),
}

ADVANCEMENT_KEYS = ("stats", "edge", "effort", "skill", "other")
REST_KEYS = ("oneAction", "tenMinutes", "oneHour", "tenHours")
EXTRA_ONE_ACTION = tuple(f"oneAction{n}" for n in range(2, 8))
EXTRA_TEN_MINUTES = ("tenMinutes2",)
EXTRA_POOL_LABEL = "label"
TEEN_POOL_LABEL = ""
TEEN_POOL_ACTIVE = ""
CURRENCY_NAMES = tuple(f"labelCategory{n}" for n in range(1, 7))
CURRENCY_AMOUNTS = tuple(f"quantity{n}" for n in range(1, 7))
CURRENCY_COUNT = "numberCategories"


def edge_path(stat: str, teen: bool = False) -> tuple[str, ...]:
    return ("teen", "pools", stat, "edge") if teen else ("pools", stat, "edge")
