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
from numdesk.model.creature import Creature, CreatureItem
from numdesk.model.follower import Follower
from numdesk.model.limits import RANGES

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
#: parts of a description that keep their label ("Background: ..."): the label says
#: what the paragraph is, and nothing else in the entry says it
_LABELLED_PARTS = ("government", "character benefit", "background")
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
            line = match.group(2) if label not in _LABELLED_PARTS else line
        elif match and label in _STAT_LINES:
            if not _repeats(label, match.group(2), cr):  # says more than the field holds
                parts.setdefault("description", []).append(line.strip())
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


def _repeats(label: str, text: str, cr: Creature) -> bool:
    """Whether a "Health: 8" / "Armor: 1" / "Damage Inflicted: 3 points" line of the notes
    says what the stat block's field holds; one that says more ("Armor: 1 or 2") stays."""
    held = {"health": str(cr.max_health), "armor": str(cr.armor), "damage inflicted": cr.damage}
    said = " ".join(text.split()).casefold()
    return said in (held[label].casefold(), f"{held[label]} points".casefold())


def stat_items(a: SourceActor) -> list[CreatureItem]:
    """A stat block's items, each value in its own field of a `CreatureItem`; a tag or
    recursion is listed by name (a stat block does not switch them: the report says so
    when one was active)."""
    for item in a.items():
        if item.kind.lower() in ("tag", "recursion") and item.sys.get("active"):
            a.refused(
                f"{item.where}.active",
                f"the {item.kind.lower()} '{item.name}' was active; a stat block lists it "
                "by name and does not switch it.",
            )
    return [fi.stat_item(item.kind, item.name, item.sys) for item in a.items()]


def _health(a: SourceActor, lay: ModuleType, key: str) -> tuple[int, int | None]:
    """The maximum, and the current value when it is below it (None: at the maximum)."""
    block = a.block(*lay.PATHS[key])
    maximum = max(0, fi.as_int(block.get("max"), 0))
    current = fi.as_int(block.get("value"), maximum)
    if current == maximum:
        return maximum, None
    kept = max(0, min(current, maximum))
    if kept != current:
        a.changed(
            where(lay, key) + ".value",
            f"the current {key.replace('npc_', '')} {current} is outside 0..{maximum}; "
            f"kept as {kept}.",
        )
    return maximum, kept


def _moved_current(a: SourceActor, lay: ModuleType, key: str) -> int:
    """A current value numdesk has no place for (a community's infrastructure): noted."""
    maximum, current = _health(a, lay, key)
    if current is not None:
        name = key.replace("npc_", "")
        a.moved(
            where(lay, key) + ".value",
            f"the current {name} {current} of {maximum}",
            f"Current {name} when exported: {current} of {maximum}",
        )
    return maximum


def _level(a: SourceActor, lay: ModuleType, key: str) -> int:
    """The level (a community's rank) within the levels numdesk holds; a clamp is said in
    the report and next to the entry (`a.notes`, which ends up in its description)."""
    raw = fi.as_int(at(a, lay, key), 1)
    low, high = RANGES["Creature.level"].low, RANGES["Creature.level"].high
    kept = min(high, max(low, raw))
    if kept != raw:
        what = "rank" if key == "rank" else "level"
        a.changed(
            where(lay, key),
            f"the {what} {raw} is outside {low} to {high}, the levels numdesk holds; "
            f"kept as {kept} (the description says so).",
        )
        a.notes.append(f"The Foundry file gives {what} {raw}; numdesk holds levels 1 to 10.")
    return kept


def npc(a: SourceActor, profile: str) -> Creature:
    lay = layout_of(a.sys)
    cr = Creature(name=a.name, level=_level(a, lay, "npc_level"), profile=profile, kind="npc")
    _combat_numbers(a, lay, cr)
    if a.block(*lay.PATHS["npc_health"]):
        cr.health, cr.current_health = _health(a, lay, "npc_health")
    split_notes(at(a, lay, "npc_notes"), cr)
    if text := fi.html_text(a.sys.get("description")):
        cr.description = "\n\n".join(t for t in (cr.description, text) if t)
    cr.items = stat_items(a)
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
    cr = Creature(name=a.name, level=_level(a, lay, "rank"), profile=profile, kind="community")
    _combat_numbers(a, lay, cr)
    cr.health, cr.current_health = _health(a, lay, "npc_health")
    cr.stats["infrastructure"] = _moved_current(a, lay, "infrastructure")
    split_notes(at(a, lay, "npc_notes"), cr)
    if text := fi.html_text(a.sys.get("description")):
        cr.description = "\n\n".join(t for t in (cr.description, text) if t)
    cr.items = stat_items(a)
    _keep_notes(a, cr)
    return cr


def vehicle(a: SourceActor, profile: str) -> Creature:
    lay = layout_of(a.sys)
    level = _level(a, lay, "npc_level")
    cr = Creature(name=a.name, level=level, profile=profile, kind="vehicle")
    cr.stats["crew"] = fi.as_int(at(a, lay, "crew"), 1)
    cr.stats["weapon systems"] = fi.as_int(at(a, lay, "weapon_systems"), 1)
    cr.description = "\n\n".join(
        t
        for t in (fi.html_text(a.sys.get("description")), fi.html_text(at(a, lay, "npc_notes")))
        if t
    )
    cr.items = stat_items(a)
    _keep_notes(a, cr)
    return cr


def companion(a: SourceActor, profile: str) -> Follower:
    lay = layout_of(a.sys)
    fl = Follower(name=a.name, level=_level(a, lay, "npc_level"), profile=profile)
    fl.health, fl.current_health = _health(a, lay, "npc_health")
    fl.armor = max(0, fi.as_int(at(a, lay, "npc_armor")))
    damage = at(a, lay, "npc_damage")
    fl.damage = fi.as_int(damage) if damage not in (None, "") else None
    fl.disposition = str(at(a, lay, "disposition") or "").strip()
    fl.category = str(at(a, lay, "category") or "").strip()
    fl.owner = str(at(a, lay, "owned_by") or "").strip()
    fl.initiative_bonus = fi.as_int(at(a, lay, "npc_initiative"))
    fl.items = stat_items(a)
    scratch = Creature(name=a.name)
    split_notes(at(a, lay, "npc_notes"), scratch)
    parts = [
        fi.html_text(a.sys.get("description")),
        scratch.description,
        f"Combat: {scratch.combat}" if scratch.combat else "",
        "Modifications: " + "; ".join(scratch.modifications) if scratch.modifications else "",
        f"Carries: {scratch.loot}" if scratch.loot else "",
    ]
    fl.notes = "\n\n".join(t for t in (*parts, *a.notes) if t)
    return fl
