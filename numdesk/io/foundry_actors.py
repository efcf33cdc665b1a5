"""Cypher System actors other than PCs: NPCs, companions, communities and vehicles.

NPCs are stat blocks; a companion is a follower (of its owner when the owner comes in
the same import); communities and vehicles are library stat blocks of their own kind
("community", "vehicle") with their extra numbers in `stats`. Markers (and the old
"Token" actor, also used for loot piles) hold nothing a sheet keeps: they are skipped
with a report line.
"""

from __future__ import annotations

import re
from types import ModuleType
from typing import Any

from numdesk.io import foundry_items as fi
from numdesk.io.foundry_core import SourceActor
from numdesk.io.foundry_cypher import at, layout_of, where
from numdesk.model.creature import Creature
from numdesk.model.follower import Follower

_NPC_SECTIONS = {
    "motive": "motive",
    "environment": "environment",
    "movement": "movement",
    "modifications": "modifications",
    "combat": "combat",
    "interaction": "interaction",
    "use": "use",
    "loot": "loot",
    "gm intrusion": "intrusions",
    "gm intrusions": "intrusions",
    "government": "description",
    "character benefit": "description",
    "background": "description",
    "description": "description",
}
_SECTION = re.compile(r"^\s*([A-Za-z][A-Za-z ]{1,20}):\s*(.*)$")
_STAT_LINES = ("health", "damage inflicted", "armor")


def split_notes(raw: Any, cr: Creature) -> None:
    """Split Foundry's stat block notes ("Motive: ...", "Combat: ...") into the fields."""
    field = "description"
    parts: dict[str, list[str]] = {}
    for line in fi.html_text(raw).splitlines():
        match = _SECTION.match(line)
        label = match.group(1).strip().lower() if match else ""
        if match and label in _NPC_SECTIONS:
            field = _NPC_SECTIONS[label]
            line = match.group(2) if label not in ("government",) else line
        elif match and label in _STAT_LINES:
            continue
        if line.strip() and line.strip() != "[Description]":
            parts.setdefault(field, []).append(line.strip())
    for field, lines in parts.items():
        if field == "modifications":
            cr.modifications.extend(
                m.strip() for line in lines for m in line.split(";") if m.strip()
            )
        elif field == "intrusions":
            cr.intrusions.extend(lines)
        else:
            setattr(cr, field, "\n".join(t for t in (getattr(cr, field), *lines) if t))


def stat_items(a: SourceActor, cr: Creature) -> None:
    """A stat block's items as its text: attacks to combat, gear to loot, skills to mods."""
    for item in a.items():
        kind = item.kind.lower().replace(" ", "-")
        text = fi.html_text(item.sys.get("description"))
        line = f"{item.name}: {text}".rstrip(": ")
        if kind == "skill":
            rating = fi.value(item.sys, "rating", "skillLevel", "Trained")
            cr.modifications.append(f"{item.name} ({rating})")
        elif kind == "attack":
            weapon = fi.weapon(item.name, item.sys)
            attack = f"{item.name}: {weapon.damage} damage, {weapon.range} range. {weapon.notes}"
            cr.combat = "\n".join(t for t in (cr.combat, attack.strip()) if t)
        elif kind in ("cypher", "artifact", "oddity", "equipment", "material", "ammo", "armor"):
            cr.loot = "\n".join(t for t in (cr.loot, line) if t)
        elif kind == "ability":
            cr.modifications.append(line)
        else:
            cr.description = "\n".join(t for t in (cr.description, f"{line} ({kind})") if t)
        a.changed(
            item.where,
            f"the {kind.replace('-', ' ')} '{item.name}' became part of the stat block text.",
        )


def _health(a: SourceActor, lay: ModuleType, key: str, cr: Creature | None = None) -> int:
    block = a.block(*lay.PATHS[key])
    maximum = max(0, fi.as_int(block.get("max"), 0))
    current = block.get("value")
    if current is not None and fi.as_int(current, maximum) != maximum:
        a.moved(
            where(lay, key) + ".value",
            f"the current {key.replace('npc_', '')} {current} of {maximum}",
            f"Current {key.replace('npc_', '')} when exported: {current} of {maximum}",
        )
    return maximum


def npc(a: SourceActor, profile: str) -> Creature:
    lay = layout_of(a.sys)
    level = fi.as_int(at(a, lay, "npc_level"), 1)
    cr = Creature(name=a.name, level=min(10, max(0, level)), profile=profile, kind="npc")
    if cr.level != level:
        a.changed(where(lay, "npc_level"), f"level {level} is outside 0..10; kept within it.")
    _combat_numbers(a, lay, cr)
    cr.health = _health(a, lay, "npc_health") if a.block(*lay.PATHS["npc_health"]) else None
    split_notes(at(a, lay, "npc_notes"), cr)
    if text := fi.html_text(a.sys.get("description")):
        cr.description = "\n\n".join(t for t in (cr.description, text) if t)
    stat_items(a, cr)
    _keep_notes(a, cr)
    return cr


def _combat_numbers(a: SourceActor, lay: ModuleType, cr: Creature) -> None:
    damage = at(a, lay, "npc_damage")
    cr.armor = max(0, fi.as_int(at(a, lay, "npc_armor")))
    cr.damage = f"{fi.as_int(damage)} points" if damage not in (None, "") else ""
    cr.initiative_bonus = fi.as_int(at(a, lay, "npc_initiative"))


def _keep_notes(a: SourceActor, cr: Creature) -> None:
    if a.notes:
        cr.description = "\n\n".join(t for t in (cr.description, *a.notes) if t)


def community(a: SourceActor, profile: str) -> Creature:
    lay = layout_of(a.sys)
    rank = fi.as_int(at(a, lay, "rank"), 1)
    cr = Creature(name=a.name, level=min(10, max(0, rank)), profile=profile, kind="community")
    _combat_numbers(a, lay, cr)
    cr.health = _health(a, lay, "npc_health")
    cr.stats["infrastructure"] = _health(a, lay, "infrastructure")
    split_notes(at(a, lay, "npc_notes"), cr)
    if text := fi.html_text(a.sys.get("description")):
        cr.description = "\n\n".join(t for t in (cr.description, text) if t)
    stat_items(a, cr)
    _keep_notes(a, cr)
    return cr


def vehicle(a: SourceActor, profile: str) -> Creature:
    lay = layout_of(a.sys)
    level = fi.as_int(at(a, lay, "npc_level"), 1)
    cr = Creature(name=a.name, level=min(10, max(0, level)), profile=profile, kind="vehicle")
    cr.stats["crew"] = fi.as_int(at(a, lay, "crew"), 1)
    cr.stats["weapon systems"] = fi.as_int(at(a, lay, "weapon_systems"), 1)
    cr.description = "\n\n".join(
        t
        for t in (fi.html_text(a.sys.get("description")), fi.html_text(at(a, lay, "npc_notes")))
        if t
    )
    stat_items(a, cr)
    _keep_notes(a, cr)
    return cr


def companion(a: SourceActor, profile: str) -> Follower:
    lay = layout_of(a.sys)
    fl = Follower(name=a.name, level=max(1, fi.as_int(at(a, lay, "npc_level"), 1)), profile=profile)
    fl.health = _health(a, lay, "npc_health")
    fl.armor = max(0, fi.as_int(at(a, lay, "npc_armor")))
    damage = at(a, lay, "npc_damage")
    fl.damage = fi.as_int(damage) if damage not in (None, "") else None
    fl.disposition = str(at(a, lay, "disposition") or "").strip()
    fl.category = str(at(a, lay, "category") or "").strip()
    fl.owner = str(at(a, lay, "owned_by") or "").strip()
    if bonus := fi.as_int(at(a, lay, "npc_initiative")):
        a.moved(
            where(lay, "npc_initiative"), "the initiative bonus", f"Initiative bonus: {bonus:+d}"
        )
    scratch = Creature(name=a.name)
    split_notes(at(a, lay, "npc_notes"), scratch)
    stat_items(a, scratch)
    parts = [fi.html_text(a.sys.get("description")), scratch.description]
    parts += [
        f"Combat: {scratch.combat}" if scratch.combat else "",
        "Skills and abilities: " + "; ".join(scratch.modifications)
        if scratch.modifications
        else "",
        f"Carries: {scratch.loot}" if scratch.loot else "",
    ]
    fl.notes = "\n\n".join(t for t in (*parts, *a.notes) if t)
    return fl
