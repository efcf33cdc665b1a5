"""A Foundry actor's items as sheet lists, shared by the Cypher System layouts.

Each item type lands in a list of the sheet: abilities (with their archived flag),
cyphers and artifacts (with their identified flag), lasting damage, power shifts,
recursions and tags (with their active state), and which tags and recursions each item
belongs to. Teen-form items go to the second form. Materials and ammo are gear of
their own kind (`GearKind`). Nothing is dropped without a report line.
"""

from __future__ import annotations

import html
import re
from typing import Any

from numdesk.io import foundry_items as fi
from numdesk.io.foundry_core import SourceActor, SourceItem
from numdesk.model.extras import LastingDamage, PowerShift, Recursion, SecondForm
from numdesk.model.items import Equipment, GearKind
from numdesk.model.limits import RANGES
from numdesk.rules.types import SpellTier, Stat

_STATS = {s.value: s for s in Stat}
MAX_LEVEL = RANGES["Equipment.level"].high
#: the lists of a sheet (or second form) each Foundry item type fills
_LISTS = {
    "ability": "abilities",
    "cypher": "cyphers",
    "artifact": "artifacts",
    "oddity": "oddities",
    "equipment": "equipment",
    "armor": "armor",
    "attack": "weapons",
    "skill": "skills",
    "lasting-damage": "lasting_damage",
    "power-shift": "power_shifts",
    "recursion": "recursions",
    "tag": "recursions",
    "material": "equipment",
    "ammo": "equipment",
}
#: the item types a second form holds
_TEEN_KINDS = {"ability", "skill", "attack", "armor", "lasting-damage"}


def item_kind(item: SourceItem) -> tuple[str, bool]:
    """(normalised type, whether it belongs to the teen form) of a v1 or v2 item."""
    kind = item.kind.lower().replace(" ", "-")
    teen = kind.startswith("teen-")
    if teen:
        kind = kind.removeprefix("teen-")
    general = (
        item.sys.get("settings", {}).get("general")
        if isinstance(item.sys.get("settings"), dict)
        else None
    )
    if isinstance(general, dict) and general.get("unmaskedForm") == "Teen":
        teen = True
    return kind, teen


def _stat(raw: Any) -> Stat | None:
    return _STATS.get(str(raw or "").strip().lower())


def lasting_damage(name: str, sys: dict[str, Any]) -> LastingDamage:
    kind = str(fi.value(sys, "type", "damageType", "") or "")
    permanent = kind.lower() == "permanent" or bool(sys.get("permanentDamage"))
    return LastingDamage(
        name=name,
        amount=max(0, fi.as_int(fi.value(sys, "damage", "lastingDamageAmount", 0))),
        stat=_stat(fi.value(sys, "pool", "lastingDamagePool", "")),
        effect=fi.html_text(fi.value(sys, "effect", "lastingDamageEffect", "")),
        permanent=permanent,
        description=fi.html_text(sys.get("description")),
    )


def power_shift(name: str, sys: dict[str, Any]) -> PowerShift:
    return PowerShift(
        name=name,
        shifts=max(0, fi.as_int(fi.value(sys, "shifts", "powerShiftValue", 1), 1)),
        temporary=bool(fi.value(sys, "temporary", "temporary", False)),
        description=fi.html_text(sys.get("description")),
    )


def recursion(name: str, sys: dict[str, Any], kind: str) -> Recursion:
    """A recursion or tag with its stat changes (v2 `settings.statModifiers`, v1 `*Modifier`)."""
    pools: dict[Stat, int] = {}
    edges: dict[Stat, int] = {}
    settings = sys.get("settings")
    modifiers = settings.get("statModifiers") if isinstance(settings, dict) else None
    for stat in Stat:
        if isinstance(modifiers, dict):
            entry = modifiers.get(stat.value) or {}
            pool, edge = fi.as_int(entry.get("value")), fi.as_int(entry.get("edge"))
        else:
            pool = fi.as_int(sys.get(f"{stat.value}Modifier"))
            edge = fi.as_int(sys.get(f"{stat.value}EdgeModifier"))
        if pool:
            pools[stat] = pool
        if edge:
            edges[stat] = edge
    return Recursion(
        name=name,
        kind=kind,
        active=bool(sys.get("active", False)),
        exclusive=bool(sys.get("exclusive", False)),
        focus=str(fi.value(sys, "focus", "focus", "") or "").strip(),
        pool_changes=pools,
        edge_changes=edges,
        description=fi.html_text(sys.get("description")),
    )


def gear(a: SourceActor, item: SourceItem, kind: str) -> Equipment:
    """Equipment, ammo or a material, with its level when it has one (1 to 10); a level
    numdesk cannot hold stays in the description, with a report line."""
    found = fi.equipment(item.name, item.sys)
    found.kind = GearKind(kind) if kind in ("ammo", "material") else GearKind.EQUIPMENT
    raw = str(fi.value(item.sys, "level", "level", "") or "").strip()
    if raw:
        level = fi.as_int(raw, -1)
        if raw.isdigit() and 1 <= level <= MAX_LEVEL:
            found.level = level
        elif raw != "0":
            found.description = "\n".join(t for t in (f"Level {raw}", found.description) if t)
            a.moved(
                f"{item.where}.basic.level",
                f"the level '{raw}' of '{item.name}' (not a level from 1 to {MAX_LEVEL})",
                f"{item.name}: level {raw}",
            )
    return found


def sheet_item(a: SourceActor, item: SourceItem, kind: str, target: Any) -> tuple[bool, Any]:
    """Add `item` to the matching list of `target` (a Character or SecondForm): whether
    it was taken care of, and the object it became (None when it went to the notes)."""
    list_name = _LISTS.get(kind)
    if list_name is None or not hasattr(target, list_name):
        return False, None
    sys = item.sys
    if kind == "skill":
        value = fi.skill(item.name, sys)
        if value is None:
            rating = fi.value(sys, "rating", "skillLevel", "")
            a.moved(
                f"{item.where}.rating",
                f"the skill '{item.name}' at a level numdesk does not know ('{rating}')",
                f"Skill: {item.name} ({rating})",
            )
            return True, None
        value.initiative = bool(
            fi.value(sys, "initiative", "isInitiative") or _setting(sys, "initiative")
        )
    elif kind == "ability":
        value = fi.ability(item.name, sys)
        value.spell_tier = _spell_tier(a, item)
    elif kind in ("material", "ammo", "equipment"):
        value = gear(a, item, kind)
    elif kind == "lasting-damage":
        value = lasting_damage(item.name, sys)
    elif kind == "power-shift":
        value = power_shift(item.name, sys)
    elif kind in ("recursion", "tag"):
        value = recursion(item.name, sys, kind)
    else:
        value = _READERS[kind](item.name, sys)
    _flags(a, item, value)
    getattr(target, list_name).append(value)
    return True, value


def _spell_tier(a: SourceActor, item: SourceItem) -> SpellTier | None:
    """The tier of an ability the sheet sorts among its spells (None for the others)."""
    sorting = _setting(item.sys, "sorting") or item.sys.get("sorting")
    if not str(sorting or "").lower().startswith("spell"):
        return None
    raw = str(_setting(item.sys, "spellTier") or item.sys.get("tier") or "").strip().lower()
    try:
        return SpellTier(raw)
    except ValueError:
        a.changed(
            f"{item.where}.settings.general.spellTier",
            f"the spell '{item.name}' had no tier numdesk knows ('{raw}'); kept as low tier.",
        )
        return SpellTier.LOW


def _setting(sys: dict[str, Any], key: str) -> Any:
    settings = sys.get("settings")
    general = settings.get("general") if isinstance(settings, dict) else None
    return general.get(key) if isinstance(general, dict) else None


def _flags(a: SourceActor, item: SourceItem, value: Any) -> None:
    """The archived and identified flags, kept where numdesk has them, else reported."""
    sys = item.sys
    if hasattr(value, "identified"):
        value.identified = bool(fi.value(sys, "identified", "identified", True))
        value.unidentified_name = str(_setting(sys, "nameUnidentified") or "").strip()
    if sys.get("archived"):
        if hasattr(value, "archived"):
            value.archived = True
        else:
            a.changed(
                f"{item.where}.archived",
                f"'{item.name}' was archived in Foundry; it is on the sheet like the rest.",
            )


_READERS = {
    "ability": fi.ability,
    "cypher": fi.cypher,
    "artifact": fi.artifact,
    "oddity": fi.oddity,
    "equipment": fi.equipment,
    "armor": fi.armor,
    "attack": fi.weapon,
}


def tag_names(a: SourceActor) -> dict[str, tuple[str, str]]:
    """The actor's tags and recursions: Foundry id -> (name, "tag" or "recursion")."""
    found = {}
    for item in a.items():
        kind, _teen = item_kind(item)
        if kind in ("tag", "recursion"):
            found[str(item.raw.get("_id") or item.name)] = (item.name, kind)
    return found


def _marked(item: SourceItem, name: str, kind: str) -> bool:
    """Whether an item's name or description carries "#tag" or "@recursion", the way the
    system's tagging engine marked items before it kept links in flags (system 2.x)."""
    sign = "#" if kind == "tag" else "@"
    mark = re.escape(sign + html.escape(name.strip().lower(), quote=False))
    edge = r"(?:\s|&nbsp;|<[^>]*>)"
    pattern = re.compile(f"(?:^|{edge}){mark}(?:$|{edge})")
    text = str(item.sys.get("description") or "").lower()
    return bool(pattern.search(text) or pattern.search(item.name.lower()))


def links(a: SourceActor, item: SourceItem, tags: dict[str, tuple[str, str]]) -> list[str]:
    """The names of the tags and recursions an item belongs to.

    System 2.11 and later keep Foundry ids in `flags.cyphersystem.{tags,recursions}`;
    version 1 kept names in `tags`/`recursions`; in between, the item's text carried
    "#tag" and "@recursion" marks. A link to something the actor does not have is
    reported and left out.
    """
    flags = item.raw.get("flags")
    own = flags.get("cyphersystem") if isinstance(flags, dict) else None
    found: list[str] = []
    for key in ("tags", "recursions"):
        for source in (own if isinstance(own, dict) else {}, item.sys):
            refs = source.get(key)
            if not isinstance(refs, list):
                continue
            where = f"{item.where}.flags.cyphersystem.{key}" if source is own else item.where
            unknown = []
            for ref in (str(i).strip() for i in refs if str(i).strip()):
                named = tags.get(ref) or next(
                    (t for t in tags.values() if t[0].casefold() == ref.casefold()), None
                )
                if named is None:
                    unknown.append(ref)
                elif named[0] not in found:
                    found.append(named[0])
            if unknown:
                a.moved(
                    f"{where}.{key}" if source is not own else where,
                    f"the {key} '{item.name}' belongs to, which the actor does not have,",
                    f"{item.name} belongs to the {key}: {', '.join(unknown)}",
                )
    if not found and fi.as_int(a.sys.get("version")) < 4:
        found = [name for name, kind in tags.values() if _marked(item, name, kind)]
    return found


def add_items(a: SourceActor, sheet: Any, teen: SecondForm | None) -> None:
    """Every item of a PC into `sheet` or its teen form; unknown types go to the notes."""
    tags = tag_names(a)
    for item in a.items():
        kind, is_teen = item_kind(item)
        target = teen if is_teen and teen is not None else sheet
        if is_teen and teen is not None and kind not in _TEEN_KINDS:
            target = sheet
            a.changed(
                item.where,
                f"the teen-form {kind} '{item.name}' is listed on the main "
                "sheet (a second form keeps abilities, skills, attacks, armor and "
                "lasting damage).",
            )
        if is_teen and teen is None:
            a.changed(
                item.where,
                f"the teen-form {kind} '{item.name}' joined the main form "
                "(the sheet has no teen form).",
            )
        handled, value = sheet_item(a, item, kind, target)
        belongs = links(a, item, tags) if kind not in ("tag", "recursion") else []
        if belongs and hasattr(value, "tags"):
            value.tags = belongs
        elif belongs:
            a.moved(
                f"{item.where}.flags.cyphersystem",
                f"the tags and recursions of '{item.name}'",
                f"{item.name} belongs to: {', '.join(belongs)}",
            )
        if handled:
            continue
        text = fi.html_text(item.sys.get("description"))
        a.moved(
            item.where,
            f"the {kind.replace('-', ' ')} '{item.name}'",
            f"{item.name} ({kind.replace('-', ' ')})" + (f": {text}" if text else ""),
        )
