"""Items of a Foundry VTT "Cypher System" actor (skills, abilities, gear) as model objects.

Foundry keeps an item's values in `system` (`data` before Foundry 10). The system's
version-1 layout stores them flat (`system.costPoints`); version 2 groups them under
`system.basic` (`system.basic.cost`). `value()` reads either.
"""

from __future__ import annotations

import html
import math
import re
from typing import Any

from numdesk.model.abilities import Ability, Skill
from numdesk.model.creature import CreatureItem
from numdesk.model.items import Armor, Artifact, Cypher, CypherType, Equipment, Oddity, Weapon
from numdesk.rules.types import AbilityKind, ArmorCategory, SkillLevel, Stat, WeaponCategory

_SKILL_LEVELS = {
    "inability": SkillLevel.INABILITY,
    "practiced": SkillLevel.PRACTICED,
    "trained": SkillLevel.TRAINED,
    "specialized": SkillLevel.SPECIALIZED,
}
#: cypher types by the names the Numenera system writes
CYPHER_TYPES = {t.value: t for t in CypherType}
#: the Cypher System's cypher type, `basic.type[0]`: 0 none, 1 subtle, 2 manifest
_CYPHER_FORMS = {1: CypherType.SUBTLE, 2: CypherType.MANIFEST}
#: armor types that say nothing beyond "this is armor"
_PLAIN_ARMOR = {"", "n/a", "armor"}
_STATS = {s.value: s for s in Stat}
_INLINE_ROLL = re.compile(r"\[\[\s*/r(?:oll)?\s+(\d*)d(\d+)[^\]]*\]\]", re.IGNORECASE)
#: Any inline roll: [[/r 2d6+1 # flavour]], [[/gmr 1d20]], [[2d6]] (formula in group 1)
_ANY_ROLL = re.compile(r"\[\[\s*(?:/[a-z]+\s+)?([^\]#]*?)\s*(?:#[^\]]*)?\]\](?:\{([^}]*)\})?")
#: Document links: @UUID[Actor.x]{Label}, @Compendium[pack.id]{Label}, @Item[id]{Label}
_LINK = re.compile(
    r"@(?:UUID|Compendium|Actor|Item|JournalEntry|RollTable|Macro|Scene)"
    r"\[([^\]]*)\](?:\{([^}]*)\})?"
)
_BREAKS = re.compile(r"<\s*(br|/p|/div|/li|/h\d|/tr)\s*/?>", re.IGNORECASE)
#: the end of a table cell followed by another cell of the same row
_CELL_GAP = re.compile(r"<\s*/\s*t[dh]\s*>\s*(?=<\s*t[dh][\s>])", re.IGNORECASE)
_TAGS = re.compile(r"<[^>]+>")


def _link_label(match: re.Match[str]) -> str:
    """A link's label, or the last part of its target when it has none."""
    return match.group(2) or match.group(1).rsplit(".", 1)[-1]


def plain_links(text: str) -> str:
    """Foundry's enrichers as what a reader sees: links as their label, rolls as their formula."""
    text = _LINK.sub(_link_label, text)
    return _ANY_ROLL.sub(lambda m: m.group(2) or m.group(1).strip(), text)


def html_text(value: Any) -> str:
    """Foundry's rich text as plain text: tags dropped, paragraphs and table rows kept as
    lines (a row's cells apart: "Low-tier | Mid-tier"), links and inline rolls as what a
    reader sees."""
    if not isinstance(value, str):
        return ""
    text = _BREAKS.sub("\n", _CELL_GAP.sub(" | ", plain_links(value)))
    text = html.unescape(_TAGS.sub("", text)).replace("\xa0", " ")
    lines = [" ".join(line.split()) for line in text.splitlines()]
    return "\n".join(line for line in lines if line)


def roll_text(value: Any) -> str:
    """Foundry inline rolls as dice text: "1 in [[/r d6 # Depletion]]" -> "1 in 1d6"."""
    text = str(value or "").strip()
    return _INLINE_ROLL.sub(lambda m: f"{m.group(1) or 1}d{m.group(2)}", text)


def system_of(doc: dict[str, Any]) -> dict[str, Any]:
    """The data block of an actor or item (`system`, or `data` in older Foundry exports)."""
    block = doc.get("system")
    if not isinstance(block, dict):
        block = doc.get("data")
    return block if isinstance(block, dict) else {}


def value(sys: dict[str, Any], v2_key: str, v1_key: str, default: Any = None) -> Any:
    """`sys.basic[v2_key]` (version 2) or `sys[v1_key]` (version 1)."""
    basic = sys.get("basic")
    if isinstance(basic, dict) and v2_key in basic:
        return basic[v2_key]
    return sys.get(v1_key, default)


def as_int(raw: Any, default: int = 0) -> int:
    """A whole number from Foundry's numbers or number-like strings ("3+", "2"), else default."""
    if isinstance(raw, bool):
        return default
    if isinstance(raw, int | float):
        if isinstance(raw, float) and not math.isfinite(raw):
            return default  # inf or nan: no number at all
        return int(raw)
    match = re.match(r"\s*(-?\d+)", str(raw or ""))
    return int(match.group(1)) if match else default


def skill(name: str, sys: dict[str, Any]) -> Skill | None:
    """A Skill ("Practiced": listed without training), or None for a rating numdesk does
    not know."""
    rating = str(value(sys, "rating", "skillLevel", "Trained")).strip().lower()
    level = _SKILL_LEVELS.get(rating)
    if level is None:
        return None
    return Skill(name=name, level=level, description=html_text(sys.get("description")))


def ability(name: str, sys: dict[str, Any]) -> Ability:
    cost_raw = value(sys, "cost", "costPoints", 0)
    pool_raw = str(value(sys, "pool", "costPool", "Pool") or "Pool").strip()
    pool = _STATS.get(pool_raw.lower())
    cost = max(0, as_int(cost_raw))
    description = html_text(sys.get("description"))
    cost_text = ""
    if cost or str(cost_raw).strip() not in ("", "0"):
        unit = pool_raw if pool_raw.lower() != "pool" else "points"
        cost_text = f"{str(cost_raw).strip()} {unit}".strip()
    enabler = re.search(r"\benabler\b", description, re.IGNORECASE) is not None
    return Ability(
        name=name,
        cost=cost,
        pool=pool,
        kind=AbilityKind.ENABLER if enabler else AbilityKind.ACTION,
        description=description,
        cost_text=cost_text,
    )


def _level(sys: dict[str, Any]) -> tuple[int | None, str]:
    """(fixed level, level dice text) from Foundry's free-text level field."""
    raw = str(value(sys, "level", "level", "") or "").strip()
    if raw.isdigit():
        return int(raw) or None, ""
    return None, roll_text(raw)


def cypher(name: str, sys: dict[str, Any]) -> Cypher:
    level, dice = _level(sys)
    found = Cypher(
        name=name, level=level, level_dice=dice, effect=html_text(sys.get("description"))
    )
    kind = value(sys, "type", "cypherType", None)
    if isinstance(kind, list) and len(kind) == 2:  # [none/subtle/manifest, fantastic]
        found.cypher_type = _CYPHER_FORMS.get(as_int(kind[0]))
        found.fantastic = as_int(kind[1]) == 1
    elif isinstance(kind, str):
        found.cypher_type = CYPHER_TYPES.get(kind.strip().lower())
    return found


def artifact(name: str, sys: dict[str, Any]) -> Artifact:
    level, dice = _level(sys)
    depletion = roll_text(value(sys, "depletion", "depletion", "")) or "—"
    return Artifact(
        name=name,
        level=level,
        level_dice=dice,
        depletion=depletion,
        effect=html_text(sys.get("description")),
    )


def oddity(name: str, sys: dict[str, Any]) -> Oddity:
    return Oddity(name=name, description=html_text(sys.get("description")))


def price_text(sys: dict[str, Any]) -> str:
    """An item's price as text: the system's `price` object ("12 crowns", its price tag
    when it has no number), or a plain number or text."""
    price = sys.get("price")
    if isinstance(price, dict):
        amount = as_int(price.get("value"))
        if amount:
            return f"{amount} {price.get('currency') or ''}".strip()
        return str(price.get("priceTag") or "").strip()
    if isinstance(price, int | float) and not isinstance(price, bool):
        return str(as_int(price)) if price else ""
    return str(price or "").strip()


def equipment(name: str, sys: dict[str, Any]) -> Equipment:
    return Equipment(
        name=name,
        quantity=max(0, as_int(value(sys, "quantity", "quantity", 1), 1)),
        description=html_text(sys.get("description")),
        price=price_text(sys),
    )


def _weight(text: Any) -> str | None:
    match = re.match(r"\s*(light|medium|heavy)\b", str(text or ""), re.IGNORECASE)
    return match.group(1).lower() if match else None


def armor(name: str, sys: dict[str, Any]) -> Armor:
    kind = str(value(sys, "type", "armorType", "") or "").strip()
    weight = _weight(kind)
    notes = [html_text(value(sys, "notes", "notes", "")), html_text(sys.get("description"))]
    active = sys.get("active", sys.get("armorActive", True))
    return Armor(
        name=name,
        category=ArmorCategory(weight) if weight else ArmorCategory.NONE,
        value=max(0, as_int(value(sys, "rating", "armorValue", 0))),
        speed_cost=max(0, as_int(value(sys, "cost", "speedCost", 0))),
        notes="\n".join(n for n in notes if n),
        price=price_text(sys),
        worn=active is not False,
        kind="" if weight or kind.lower() in _PLAIN_ARMOR else kind,
    )


def attack_steps(sys: dict[str, Any]) -> int | None:
    """An attack's steps: eased (+) or hindered (−) as the item says, None for none."""
    steps = as_int(value(sys, "steps", "modifiedBy", 0))
    modifier = str(value(sys, "modifier", "modified", "eased") or "eased").strip().lower()
    if not steps:
        return None
    return -abs(steps) if modifier.startswith("hinder") else abs(steps)


def attack_skill(sys: dict[str, Any]) -> SkillLevel | None:
    """The skill level an attack item rolls with; None for "Practiced" (no skill)."""
    rating = str(value(sys, "skillRating", "skillRating", "Practiced") or "").strip().lower()
    level = _SKILL_LEVELS.get(rating)
    return None if level is SkillLevel.PRACTICED else level


def weapon(name: str, sys: dict[str, Any]) -> Weapon:
    kind = str(value(sys, "type", "attackType", "") or "").strip()
    weight = _weight(kind)
    notes = [html_text(value(sys, "notes", "notes", "")), html_text(sys.get("description"))]
    return Weapon(
        name=name,
        category=WeaponCategory(weight) if weight else WeaponCategory.NONE,
        damage=max(0, as_int(value(sys, "damage", "damage", 0))),
        range=str(value(sys, "range", "range", "") or "").strip(),  # blank: not said
        notes="\n".join(n for n in notes if n),
        kind="" if weight else kind,
        price=price_text(sys),
        steps=attack_steps(sys),
        skill=attack_skill(sys),
    )


_STAT_KINDS = {
    "attack": "attack",
    "npcattack": "attack",
    "weapon": "attack",
    "skill": "skill",
    "ability": "ability",
    "power-shift": "ability",
    "cypher": "cypher",
    "artifact": "artifact",
    "oddity": "oddity",
    "equipment": "equipment",
    "material": "equipment",
    "ammo": "equipment",
    "armor": "equipment",
}


def stat_item(kind: str, name: str, sys: dict[str, Any]) -> CreatureItem:
    """An NPC's, companion's or vehicle's item as a line of its stat block, every value
    in its own field (Cypher System v1 and v2 layouts, and the Numenera system's)."""
    kind = _STAT_KINDS.get(kind.lower().replace(" ", "-"), "other")
    text = "\n".join(
        t
        for t in (html_text(sys.get("description")), html_text(value(sys, "notes", "notes", "")))
        if t
    )
    item = CreatureItem(name=name, kind=kind, text=text)
    if kind == "attack":
        damage = value(sys, "damage", "damage", None)
        item.damage = as_int(damage) if damage not in (None, "") else None
        item.range = str(value(sys, "range", "range", "") or "").strip().lower()
        item.weapon = str(value(sys, "type", "attackType", "") or "").strip().lower()
    if kind in ("attack", "skill"):
        steps = as_int(value(sys, "steps", "modifiedBy", 0))
        modifier = str(value(sys, "modifier", "modified", "eased") or "eased").lower()
        item.steps = -steps if modifier.startswith("hinder") else steps
        rating = value(sys, "skillRating", "skillRating", None) if kind == "attack" else None
        rating = rating or value(sys, "rating", "skillLevel", "")
        item.rating = str(rating or "").strip()
    level = value(sys, "level", "level", None)
    if kind in ("cypher", "artifact", "oddity") and level not in (None, ""):
        item.level = as_int(level) if as_int(level, -1) >= 0 else None
        if item.level is None:
            item.text = "\n".join(t for t in (f"Level {level}.", item.text) if t)
    if kind == "artifact":
        item.depletion = roll_text(value(sys, "depletion", "depletion", ""))
    cost = as_int(value(sys, "cost", "costPoints", 0))
    if kind == "ability" and cost:
        pool = str(value(sys, "pool", "costPool", "") or "")
        spent = f"{cost} {pool}" if pool and pool != "Pool" else str(cost)
        item.text = "\n".join(t for t in (f"Costs {spent}.", item.text) if t)
    quantity = value(sys, "quantity", "quantity", None)
    if quantity not in (None, ""):
        item.quantity = as_int(quantity, 1)
    return item
