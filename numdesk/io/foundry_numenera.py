"""Foundry VTT "Numenera" system actors (SolarBear/Numenera-FoundryVTT): PCs, NPCs, communities.

This system keeps its own layout: `stats.might.pool.value` with `stats.might.edge`,
`characterType`, `damageTrack` as 0-3, `recoveries` as four boxes still available,
`shins`; items carry `identified`, `levelDie`, `form`, `effect` and an artifact's
depletion as `{isDepleting, die, threshold}`. Its PCs play by numdesk's `numenera` rules.
"""

from __future__ import annotations

from typing import Any

from numdesk.io import foundry_items as fi
from numdesk.io import foundry_numenera_words as words
from numdesk.io.foundry_actors import split_notes
from numdesk.io.foundry_core import SourceActor, SourceItem
from numdesk.io.foundry_items import CYPHER_TYPES
from numdesk.model.abilities import Ability, Skill
from numdesk.model.character import Character, StatPool
from numdesk.model.creature import Creature
from numdesk.model.extras import PowerShift, Recursion
from numdesk.model.items import Armor, Artifact, Cypher, Equipment, Oddity, Weapon
from numdesk.rules.profiles import NUMENERA
from numdesk.rules.types import (
    AbilityKind,
    Advancement,
    ArmorCategory,
    DamageTrackState,
    Rest,
    SkillLevel,
    Stat,
    WeaponCategory,
)

FORMAT = "foundry-numenera"
_TRACK = (
    DamageTrackState.HALE,
    DamageTrackState.IMPAIRED,
    DamageTrackState.DEBILITATED,
    DamageTrackState.DEAD,
)
_ADVANCES = (
    ("statPools", Advancement.CAPABILITIES),
    ("edge", Advancement.PERFECTION),
    ("effort", Advancement.EFFORT),
    ("skillTraining", Advancement.SKILL),
    ("other", Advancement.OTHER),
)
_RESTS = (Rest.ONE_ACTION, Rest.TEN_MINUTES, Rest.ONE_HOUR, Rest.TEN_HOURS)


def _text(raw: Any) -> str:
    """Free text that may be a localised object ({"en": "..."}) in older versions."""
    if isinstance(raw, dict):
        raw = next((v for v in raw.values() if isinstance(v, str) and v.strip()), "")
    return fi.html_text(raw) if isinstance(raw, str) else ""


def numenera_pc(a: SourceActor, profile: str | None) -> Character:
    ch = Character(name=a.name, profile=profile or NUMENERA.name)
    ch.type = _text(a.sys.get("characterType"))
    ch.descriptor = _text(a.sys.get("descriptor"))
    ch.focus = _text(a.sys.get("focus"))
    for name in ("tier", "effort"):
        value = fi.as_int(a.sys.get(name), 1)
        if not 1 <= value <= 6:
            a.changed(f"system.{name}", f"{name} {value} is outside 1..6; kept within it.")
        setattr(ch, name, min(6, max(1, value)))
    ch.xp = max(0, fi.as_int(a.sys.get("xp")))
    ch.cypher_limit = max(0, fi.as_int(a.sys.get("cypherLimit"), 2))
    ch.shins = max(0, fi.as_int(a.sys.get("shins")))
    for stat in Stat:
        block = a.block("stats", stat.value)
        pool = block.get("pool") if isinstance(block.get("pool"), dict) else {}
        maximum = max(0, fi.as_int(pool.get("max")))
        current = min(max(0, fi.as_int(pool.get("value"), maximum)), maximum)
        if current != fi.as_int(pool.get("value"), maximum):
            a.changed(
                f"system.stats.{stat.value}.pool.value",
                f"{stat.value.capitalize()} Pool {pool.get('value')} was outside "
                f"0..{maximum}; kept within it.",
            )
        ch.pools[stat] = StatPool(current, maximum, max(0, fi.as_int(block.get("edge"))))
    state = fi.as_int(a.sys.get("damageTrack"))
    ch.damage_track = _TRACK[min(3, max(0, state))]
    advances = a.block("advances")
    ch.advancements = [adv for key, adv in _ADVANCES if advances.get(key)][:3]
    boxes = a.sys.get("recoveries")
    if isinstance(boxes, list):
        ch.recoveries_used = [
            rest for rest, left in zip(_RESTS, boxes, strict=False) if left is False
        ]
    recovery = fi.as_int(a.sys.get("recovery"), ch.tier)
    ch.recovery_bonus = max(0, recovery - ch.tier)
    if penalty := str(a.sys.get("armorPenalty") or "").strip():
        a.moved("system.armorPenalty", "the armor penalty", f"Armor penalty: {penalty}")
    for item in a.items():
        _pc_item(a, ch, item)
    total = fi.as_int(a.sys.get("armor"))
    worn = sum(piece.value or 0 for piece in ch.armor)
    if total != worn:
        a.changed(
            "system.armor",
            f"Armor {total} on the Foundry sheet; the armor listed "
            f"adds up to {worn}, which is what numdesk counts.",
        )
    ch.background = _text(a.sys.get("background"))
    ch.notes = a.notes_text()
    return ch


def _level(sys: dict[str, Any]) -> tuple[int | None, str]:
    level = sys.get("level")
    fixed = fi.as_int(level) if level not in (None, "") else 0
    return (fixed or None), fi.roll_text(sys.get("levelDie") or "")


def _depletion(raw: Any) -> str:
    """{"isDepleting": true, "die": "d10", "threshold": 1} -> "1 in 1d10"."""
    if not isinstance(raw, dict):
        return fi.roll_text(raw) or "—"
    if not raw.get("isDepleting"):
        return "—"
    die = str(raw.get("die") or "d6").strip()
    die = die if die[:1].isdigit() else f"1{die}"
    threshold = max(1, fi.as_int(raw.get("threshold"), 1))
    return f"{threshold} in {die}" if threshold == 1 else f"1-{threshold} in {die}"


def _weight(a: SourceActor, item: SourceItem, default: str) -> str:
    """The weight class the item's `weight` names ("NUMENERA.weightClasses.Medium")."""
    raw = item.sys.get("weight")
    found, known = words.weight_word(raw)
    if found in ("light", "medium", "heavy"):
        return found
    said = found or "not applicable"
    a.changed(
        f"{item.where}.weight",
        f"'{item.name}' has the weight class {said!r}; numdesk needs light, medium or heavy "
        f"and reads it as {default}." + ("" if known else f" (stored as {raw!r})"),
    )
    return default


def _range(a: SourceActor, item: SourceItem) -> str:
    """The item's `range` in words; a key the system's tables do not know is reported."""
    raw = item.sys.get("range")
    found, known = words.range_word(raw)
    if not known:
        a.changed(
            f"{item.where}.range",
            f"the range of '{item.name}' was stored as {raw!r}; read as {found!r}.",
        )
    return found


def _price(sys: dict[str, Any]) -> str:
    price = fi.as_int(sys.get("price"))
    return f"{price} shins" if price else ""


def _ability(a: SourceActor, item: SourceItem, notes: str) -> Ability:
    """An ability: its kind and range are stored as the system's keys, its tier as text."""
    s, name = item.sys, item.name
    cost = s.get("cost") if isinstance(s.get("cost"), dict) else {}
    amount = max(0, fi.as_int(cost.get("amount")))
    pool = words.stat_of(cost.get("pool"))
    kind, said = words.ability_kind(s.get("abilityType"))
    if kind is None and said:
        a.changed(
            f"{item.where}.abilityType",
            f"'{name}' is of the kind {said!r}, which numdesk does not know; kept as an action.",
        )
    elif said == "spell":
        a.changed(
            f"{item.where}.abilityType",
            f"'{name}' is a spell in Foundry; numdesk keeps it as an action ability.",
        )
    tier = fi.as_int(s.get("tier"), 1)
    if not 1 <= tier <= 6:
        a.changed(f"{item.where}.tier", f"'{name}' has tier {s.get('tier')!r}; kept within 1..6.")
    return Ability(
        name,
        amount,
        pool,
        kind or AbilityKind.ACTION,
        tier=min(6, max(1, tier)),
        description=notes,
        cost_text=f"{amount} {pool.value.capitalize()}" if amount and pool else "",
        range=_range(a, item),
    )


def _pc_item(a: SourceActor, ch: Character, item: SourceItem) -> None:
    s, name = item.sys, item.name
    notes = fi.html_text(s.get("notes"))
    kind = item.kind
    if kind == "skill":
        level = fi.as_int(s.get("skillLevel"))
        stat = words.stat_of(s.get("stat"))
        if s.get("inability"):
            ch.skills.append(Skill(name, SkillLevel.INABILITY, notes, stat=stat))
            if level:
                a.changed(
                    f"{item.where}.inability",
                    f"'{name}' was trained and an inability at once; kept as inability.",
                )
        elif level <= 0:
            ch.skills.append(Skill(name, SkillLevel.PRACTICED, notes, stat=stat))  # untrained
        else:
            ch.skills.append(
                Skill(
                    name,
                    SkillLevel.SPECIALIZED if level >= 2 else SkillLevel.TRAINED,
                    notes,
                    stat=stat,
                )
            )
    elif kind == "ability":
        ch.abilities.append(_ability(a, item, notes))
    elif kind == "cypher":
        kind_of_cypher = str(s.get("cypherType") or "").strip().lower()
        cypher_type = CYPHER_TYPES.get(kind_of_cypher)
        if kind_of_cypher and cypher_type is None:
            a.moved(
                f"{item.where}.cypherType",
                f"the cypher type of '{name}' ('{kind_of_cypher}', not one numdesk knows)",
                f"{name} is {kind_of_cypher}.",
            )
        level, dice = _level(s)
        ch.cyphers.append(
            Cypher(
                name,
                level,
                _text(s.get("effect")) or notes,
                dice,
                _text(s.get("form")),
                bool(s.get("identified", False)),
                cypher_type=cypher_type,
            )
        )
    elif kind == "artifact":
        level, dice = _level(s)
        ch.artifacts.append(
            Artifact(
                name,
                level,
                _depletion(s.get("depletion")),
                _text(s.get("effect")) or notes,
                _text(s.get("form")),
                dice,
                identified=bool(s.get("identified", False)),
            )
        )
    elif kind == "oddity":
        ch.oddities.append(Oddity(name, notes))
    elif kind == "equipment":
        price = fi.as_int(s.get("price"))
        ch.equipment.append(
            Equipment(
                name,
                max(0, fi.as_int(s.get("quantity"), 1)),
                notes,
                f"{price} shins" if price else "",
            )
        )
    elif kind == "armor":
        ch.armor.append(
            Armor(
                name,
                ArmorCategory(_weight(a, item, "light")),
                max(0, fi.as_int(s.get("armor"))),
                max(0, fi.as_int(s.get("additionalSpeedEffortCost"))),
                notes,
                price=_price(s),
            )
        )
    elif kind == "weapon":
        # "NUMENERA.weaponTypes.Bladed": the word its sheet shows
        weapon_type = words.spaced(words.key_part(s.get("weaponType"))[0]).capitalize()
        extra = [t for t in (weapon_type, notes) if t]
        if ammo := fi.as_int(s.get("ammo")):
            extra.append(f"Ammo: {ammo}")
        ch.weapons.append(
            Weapon(
                name,
                WeaponCategory(_weight(a, item, "medium")),
                max(0, fi.as_int(s.get("damage"))) or None,
                _range(a, item),
                "\n".join(extra),
                price=_price(s),
            )
        )
    elif kind == "powerShift":
        ch.power_shifts.append(
            PowerShift(
                name,
                max(0, fi.as_int(s.get("level"), 1)),
                description=_text(s.get("effect")) or notes,
            )
        )
    elif kind == "recursion":
        text = [
            f"{label}: {_text(s.get(key))}"
            for key, label in (
                ("laws", "Laws"),
                ("race", "Race"),
                ("trait", "Trait"),
                ("focusAbilities", "Focus abilities"),
            )
            if _text(s.get(key))
        ]
        ch.recursions.append(
            Recursion(
                name,
                "recursion",
                bool(s.get("active")),
                focus=_text(s.get("focus")),
                description="\n".join([*text, notes]).strip(),
            )
        )
    else:
        a.moved(
            item.where, f"the {kind} '{name}'", f"{name} ({kind})" + (f": {notes}" if notes else "")
        )


def numenera_npc(a: SourceActor, profile: str | None, kind: str = "npc") -> Creature:
    level = fi.as_int(a.sys.get("level"), 1)
    cr = Creature(
        name=a.name, level=min(10, max(0, level)), profile=profile or NUMENERA.name, kind=kind
    )
    health = a.block("health")
    cr.health = max(0, fi.as_int(health.get("max"), 3 * cr.level))
    current = fi.as_int(health.get("value"), cr.health)
    if current != cr.health:
        cr.current_health = max(0, min(current, cr.health))
        if cr.current_health != current:
            a.changed(
                "system.health.value",
                f"the current health {current} is outside 0..{cr.health}; "
                f"kept as {cr.current_health}.",
            )
    cr.armor = max(0, fi.as_int(a.sys.get("armor")))
    cr.damage = f"{fi.as_int(a.sys.get('damage'))} points"
    movement, known = words.range_word(a.sys.get("movement"))
    if not known:
        a.changed(
            "system.movement",
            f"the movement was stored as {a.sys.get('movement')!r}; read as {movement!r}.",
        )
    cr.movement = movement.capitalize()
    mods = fi.html_text(a.sys.get("modifications"))
    cr.modifications = [
        m.strip() for line in mods.splitlines() for m in line.split(";") if m.strip()
    ]
    cr.combat = fi.html_text(a.sys.get("combat"))
    if kind == "community":
        infra = a.block("infrastructure")
        cr.stats["infrastructure"] = max(0, fi.as_int(infra.get("max")))
        now = fi.as_int(infra.get("value"), cr.stats["infrastructure"])
        if now != cr.stats["infrastructure"]:
            a.moved(
                "system.infrastructure.value",
                f"the current infrastructure {now} of {cr.stats['infrastructure']}",
                f"Current infrastructure when exported: {now} of {cr.stats['infrastructure']}",
            )
        government = fi.html_text(a.sys.get("government"))
        texts = [
            _text(a.sys.get("overview")),
            f"Government: {government}" if government else "",
            fi.html_text(a.sys.get("information")),
        ]
    else:
        # the sheet's Description tab is `notes`; `description` is an older field
        texts = [_text(a.sys.get("description")), _text(a.sys.get("notes"))]
        split_notes(a.sys.get("info"), cr)
    cr.description = "\n\n".join(t for t in (*texts, cr.description) if t)
    cr.items = [fi.stat_item(item.kind, item.name, item.sys) for item in a.items()]
    if a.notes:
        cr.description = "\n\n".join(t for t in (cr.description, *a.notes) if t)
    return cr
