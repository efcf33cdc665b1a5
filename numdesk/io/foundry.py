"""Import of Foundry VTT "Cypher System" actor exports (PCs and NPCs, both data layouts).

An actor export is one JSON object: `name`, `type` ("pc"/"npc"; "PC"/"NPC" in the
version-1 layout), the actor's values in `system` (`data` before Foundry 10) and its
`items`. Layout version 1 keeps values flat (`system.advancement.advStats`,
`system.pools.mightEdge`, `system.recoveries`, `system.damage`); version 2 groups them
(`system.basic.advancement.stats`, `system.pools.might.edge`, `system.combat.*`).
Whatever numdesk has no field for goes into the notes, and every such move or drop is
listed in the import report.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from numdesk.io import foundry_items as fi
from numdesk.io.entries import FileImport, ImportedEntry
from numdesk.io.errors import ImportFormatError, shown
from numdesk.model.character import Character, StatPool
from numdesk.model.creature import Creature
from numdesk.model.errors import DomainError
from numdesk.model.validation import find_problems
from numdesk.rules.profiles import CYPHER, NUMENERA, PROFILES, get_profile
from numdesk.rules.types import Advancement, DamageTrackState, Rest, Stat

_ACTOR_TYPES = {"pc": "pc", "npc": "npc"}
_TRACK = {
    "hale": DamageTrackState.HALE,
    "impaired": DamageTrackState.IMPAIRED,
    "debilitated": DamageTrackState.DEBILITATED,
    "dead": DamageTrackState.DEAD,
}
#: (version-2 key, version-1 key, numdesk advancement)
_ADVANCEMENTS = (
    ("stats", "advStats", Advancement.CAPABILITIES),
    ("edge", "advEdge", Advancement.PERFECTION),
    ("effort", "advEffort", Advancement.EFFORT),
    ("skill", "advSkill", Advancement.SKILL),
    ("other", "advOther", Advancement.OTHER),
)
#: (version-2 key, version-1 key, numdesk rest); extra one-action/ten-minute boxes follow
_RESTS = (
    ("oneAction", "oneAction", Rest.ONE_ACTION),
    ("tenMinutes", "tenMinutes", Rest.TEN_MINUTES),
    ("oneHour", "oneHour", Rest.ONE_HOUR),
    ("tenHours", "tenHours", Rest.TEN_HOURS),
)
_EXTRA_RESTS = ("oneAction2", "oneActionTwo", "tenMinutes2", "tenMinutesTwo")
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
}
#: Fixed forever: the uids of imported actors derive from it and Foundry's actor id.
_FOUNDRY_NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://numdesk.invalid/foundry")
_SECTION = re.compile(r"^\s*([A-Za-z][A-Za-z ]{1,20}):\s*(.*)$")


def is_foundry_actor(doc: Any) -> bool:
    """Whether a parsed JSON document is a Foundry PC or NPC actor export."""
    return (
        isinstance(doc, dict)
        and str(doc.get("type", "")).lower() in _ACTOR_TYPES
        and isinstance(doc.get("system", doc.get("data")), dict)
        and isinstance(doc.get("name"), str)
    )


def layout_version(sys: dict[str, Any]) -> int:
    """1 or 2: the Cypher System data layout of an actor's `system` block."""
    if isinstance(sys.get("version"), int) and sys["version"] >= 2:
        return 2
    flat = ("advancement", "recoveries", "health", "level", "biography")
    pools = sys.get("pools")
    old_edges = isinstance(pools, dict) and "mightEdge" in pools
    return 1 if any(k in sys for k in flat) or old_edges else 2


class _Actor:
    """Reads one actor; `notes` collects text for the sheet, `report` what moved or dropped."""

    def __init__(self, doc: dict[str, Any], file: Path) -> None:
        self.doc = doc
        self.file = file
        self.sys = fi.system_of(doc)
        self.version = layout_version(self.sys)
        self.name = str(doc["name"]).strip()
        if not self.name:
            raise ImportFormatError(file, "$.name", "the actor's name")
        self.notes: list[str] = []
        self.report: list[str] = []

    def get(self, *keys: str, default: Any = None) -> Any:
        """`sys[k1][k2]...`, or `default` if any step is missing."""
        node: Any = self.sys
        for key in keys:
            if not isinstance(node, dict) or key not in node:
                return default
            node = node[key]
        return node

    def block(self, *keys: str) -> dict[str, Any]:
        """`get(*keys)` when it is an object, else an empty one (a damaged field reads as unset)."""
        node = self.get(*keys)
        return node if isinstance(node, dict) else {}

    def moved(self, what: str, text: str = "") -> None:
        self.report.append(f"{self.name}: {what} moved to the notes.")
        if text:
            self.notes.append(text)

    def dropped(self, what: str) -> None:
        self.report.append(f"{self.name}: {what} not imported (numdesk has no place for it).")

    def items(self) -> list[tuple[int, str, str, dict[str, Any]]]:
        """(index, type, name, system) of each item, teen-form items reported and skipped."""
        result = []
        items = self.doc.get("items") or []
        if not isinstance(items, list):
            raise ImportFormatError(self.file, "$.items", "a list", shown(items))
        for index, item in enumerate(items):
            if not isinstance(item, dict):
                raise ImportFormatError(self.file, f"$.items[{index}]", "an object", shown(item))
            kind = str(item.get("type", "")).strip()
            name = str(item.get("name") or "").strip() or f"Unnamed {kind}"
            sys = fi.system_of(item)
            settings = sys.get("settings")
            general = settings.get("general") if isinstance(settings, dict) else None
            form = general.get("unmaskedForm") if isinstance(general, dict) else None
            if kind.lower().startswith("teen") or form == "Teen":
                self.dropped(f"the teen-form {kind.replace('teen ', '').lower()} '{name}'")
                continue
            result.append((index, kind.lower().replace(" ", "-"), name, sys))
        return result


def _profile_for(type_name: str) -> str:
    """`numenera` for a Numenera type name, else `cypher` (the Foundry system's own game)."""
    known = {n.lower() for n in NUMENERA.type_names} - {n.lower() for n in CYPHER.type_names}
    return NUMENERA.name if type_name.strip().lower() in known else CYPHER.name


def _pc(actor: _Actor, profile: str | None) -> Character:
    a = actor
    v2 = a.version == 2
    basic = a.block("basic")
    ch = Character(name=a.name)
    ch.descriptor = str(basic.get("descriptor") or "").strip()
    ch.type = str(basic.get("type") or "").strip()
    ch.focus = str(basic.get("focus") or "").strip()
    ch.profile = profile or _profile_for(ch.type)
    if extra := str(basic.get("additionalSentence") or "").strip():
        ch.flavor = extra
        a.report.append(f"{a.name}: the additional sentence '{extra}' became the flavor.")
    for name, raw in (("tier", basic.get("tier")), ("effort", basic.get("effort"))):
        value = fi.as_int(raw, 1)
        if not 1 <= value <= 6:
            a.report.append(f"{a.name}: {name} {value} is outside 1..6; kept within it.")
        setattr(ch, name, min(6, max(1, value)))
    ch.xp = max(0, fi.as_int(basic.get("xp")))
    limit = a.get("equipment", "cypherLimit") if v2 else basic.get("cypherLimit")
    ch.cypher_limit = max(0, fi.as_int(limit, 2))
    for stat in Stat:
        pool = a.block("pools", stat.value)
        edge = pool.get("edge") if v2 else a.get("pools", f"{stat.value}Edge")
        maximum = max(0, fi.as_int(pool.get("max"), 10))
        current = fi.as_int(pool.get("value"), maximum)
        if not 0 <= current <= maximum:
            a.report.append(
                f"{a.name}: {stat.value.capitalize()} Pool {current} was outside 0..{maximum}; "
                "kept within it."
            )
        ch.pools[stat] = StatPool(min(max(current, 0), maximum), maximum, max(0, fi.as_int(edge)))
    additional = a.block("pools", "additional")
    label_path = ("settings", "general", "additionalPool") if v2 else ("additionalPool",)
    extra_pool = a.block(*label_path)
    if extra_pool.get("active"):
        label = extra_pool.get("label") or extra_pool.get("additionalPoolName") or "Additional"
        a.moved(
            f"the {label} Pool",
            f"{label} Pool: {additional.get('value', 0)} / {additional.get('max', 0)}",
        )
    _advancements(a, ch)
    _recoveries(a, ch)
    state = a.get("combat", "damageTrack", "state") if v2 else a.get("damage", "damageTrack")
    ch.damage_track = _TRACK.get(str(state or "Hale").strip().lower(), DamageTrackState.HALE)
    if ch.damage_track and not get_profile(ch.profile).uses_damage_track:
        a.report.append(
            f"{a.name}: damage track state kept, but the {ch.profile} profile "
            "records harm as wounds; check the sheet."
        )
    _pc_items(a, ch)
    _pc_texts(a, ch)
    return ch


def _advancements(a: _Actor, ch: Character) -> None:
    flags = a.block("basic", "advancement") if a.version == 2 else a.block("advancement")
    bought = [adv for k2, k1, adv in _ADVANCEMENTS if flags.get(k2 if a.version == 2 else k1)]
    if Advancement.SKILL in bought and Advancement.OTHER in bought:
        bought.remove(Advancement.OTHER)
        a.dropped("the Other advancement (a tier has Skill or Other, and Skill was ticked)")
    if len(bought) > 3:
        a.dropped(f"the {bought[-1].value} advancement (buying the fourth one raises the tier)")
        bought = bought[:3]
    ch.advancements = bought


def _recoveries(a: _Actor, ch: Character) -> None:
    block = a.block("combat", "recoveries") if a.version == 2 else a.block("recoveries")
    ch.recoveries_used = [
        rest for k2, k1, rest in _RESTS if block.get(k2 if a.version == 2 else k1)
    ]
    if any(block.get(k) for k in _EXTRA_RESTS) or any(
        block.get(k) for k in block if re.match(r"oneAction(\d|Three|Four|Five|Six|Seven)", k)
    ):
        a.dropped("extra one-action/ten-minute recoveries used today")
    roll = str(block.get("roll") or block.get("recoveryRoll") or "")
    match = re.fullmatch(r"\s*1d6\s*\+\s*(\d+)\s*", roll)
    if match and int(match.group(1)) > ch.tier:
        ch.recovery_bonus = int(match.group(1)) - ch.tier
    elif roll and not match:
        a.moved(f"the recovery roll '{roll}'", f"Recovery roll: {roll}")


#: Foundry item types that become a sheet list entry: (Character list, reader).
_SHEET_ITEMS: dict[str, tuple[str, Callable[[str, dict[str, Any]], Any]]] = {
    "ability": ("abilities", fi.ability),
    "cypher": ("cyphers", fi.cypher),
    "artifact": ("artifacts", fi.artifact),
    "oddity": ("oddities", fi.oddity),
    "equipment": ("equipment", fi.equipment),
    "armor": ("armor", fi.armor),
    "attack": ("weapons", fi.weapon),
}


def _pc_items(a: _Actor, ch: Character) -> None:
    practiced = []
    for _index, kind, name, sys in a.items():
        if kind == "skill":
            skill = fi.skill(name, sys)
            if skill is None:
                practiced.append(name)
            else:
                ch.skills.append(skill)
        elif kind in _SHEET_ITEMS:
            list_name, read = _SHEET_ITEMS[kind]
            getattr(ch, list_name).append(read(name, sys))
        else:
            _other_item(a, kind, name, sys)
    if practiced:
        a.moved(f"{len(practiced)} practiced skill(s)", "Practiced: " + ", ".join(practiced))


def _other_item(a: _Actor, kind: str, name: str, sys: dict[str, Any]) -> None:
    """Item types numdesk has no list for (ammo, materials, lasting damage, tags, ...)."""
    label = kind.replace("-", " ")
    details = [fi.html_text(sys.get("description"))]
    amount = fi.value(sys, "quantity", "quantity")
    if amount is not None:
        details.insert(0, f"quantity {amount}")
    for v2_key, v1_key in (
        ("damage", "lastingDamageAmount"),
        ("effect", "lastingDamageEffect"),
        ("shifts", "powerShiftValue"),
        ("focus", "focus"),
    ):
        if (found := fi.value(sys, v2_key, v1_key)) not in (None, "", 0):
            details.append(f"{v2_key} {found}")
    text = "; ".join(d for d in details if d)
    a.moved(f"the {label} '{name}'", f"{name} ({label})" + (f": {text}" if text else ""))


def _pc_texts(a: _Actor, ch: Character) -> None:
    v2 = a.version == 2
    basic = a.block("basic")
    description = a.sys.get("description") if v2 else basic.get("description")
    ch.background = fi.html_text(description)
    own = fi.html_text(a.sys.get("notes") if v2 else basic.get("notes"))
    if gm := fi.html_text(a.sys.get("gmNotes")):
        a.moved("the GM notes", "GM notes:\n" + gm)
    if fi.as_int(a.get("combat", "stress", "quantity")):
        a.dropped("stress")
    teen = a.get("teen", "basic", "name")
    if teen:
        a.dropped(f"the teen form '{teen}'")
    ch.notes = "\n\n".join(t for t in [own, *a.notes] if t)


def _npc(actor: _Actor, profile: str | None) -> Creature:
    a = actor
    v2 = a.version == 2
    level = fi.as_int(a.get("basic", "level") if v2 else a.get("level"), 1)
    health = a.block("pools", "health") if v2 else a.block("health")
    damage = a.get("combat", "damage") if v2 else a.get("damage")
    armor = a.get("combat", "armor") if v2 else a.get("armor")
    cr = Creature(
        name=a.name,
        level=min(10, max(0, level)),
        profile=profile or CYPHER.name,
        kind="npc",
        health=max(0, fi.as_int(health.get("max"), 3 * level)),
        armor=max(0, fi.as_int(armor)),
        damage=f"{fi.as_int(damage)} points" if damage not in (None, "") else "",
    )
    if fi.as_int(health.get("value"), cr.max_health) != cr.max_health:
        a.dropped(f"current health {health.get('value')} (a stat block keeps full health)")
    _npc_notes(a, cr, a.sys.get("notes") if v2 else a.sys.get("biography"))
    if text := fi.html_text(a.sys.get("description")):
        cr.description = "\n\n".join(t for t in (cr.description, text) if t)
    for _index, kind, name, sys in a.items():
        line = f"{name}: {fi.html_text(sys.get('description'))}".rstrip(": ")
        if kind == "skill":
            line = f"{name} ({fi.value(sys, 'rating', 'skillLevel', 'Trained')})"
        if kind == "attack":
            weapon = fi.weapon(name, sys)
            cr.combat = "\n".join(
                t
                for t in (
                    cr.combat,
                    f"{name}: {weapon.damage} damage, {weapon.range} range. {weapon.notes}".strip(),
                )
                if t
            )
        elif kind in ("cypher", "artifact", "oddity", "equipment", "material", "ammo"):
            cr.loot = "\n".join(t for t in (cr.loot, line) if t)
        elif kind in ("skill", "ability"):
            cr.modifications.append(line)
        else:
            a.dropped(f"the {kind.replace('-', ' ')} '{name}'")
            continue
        a.report.append(f"{a.name}: the {kind} '{name}' became part of the stat block text.")
    return cr


def _npc_notes(a: _Actor, cr: Creature, raw: Any) -> None:
    """Split Foundry's NPC notes ("Motive: ...", "Combat: ...") into the stat block's fields."""
    field = "description"
    parts: dict[str, list[str]] = {}
    for line in fi.html_text(raw).splitlines():
        match = _SECTION.match(line)
        if match and match.group(1).strip().lower() in _NPC_SECTIONS:
            field = _NPC_SECTIONS[match.group(1).strip().lower()]
            line = match.group(2)
        elif match and match.group(1).strip().lower() in ("health", "damage inflicted", "armor"):
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
            setattr(cr, field, "\n".join(lines))


def _source_id(doc: dict[str, Any]) -> str:
    """Foundry's own id of the actor, so importing the same export again updates it."""
    for holder in (doc.get("flags"), doc.get("_stats")):
        source = holder.get("exportSource") if isinstance(holder, dict) else None
        if isinstance(source, dict) and source.get("uuid"):
            return str(source["uuid"])
    return str(doc.get("_id") or "")


def read_foundry(doc: Any, file: Path, profile: str | None = None) -> FileImport:
    """One actor export as a character (PC) or creature (NPC), with the import report."""
    if not is_foundry_actor(doc):
        raise ImportFormatError(file, "$.type", "a Foundry Cypher System actor ('pc' or 'npc')")
    if profile is not None and profile not in PROFILES:
        raise DomainError(f"'{profile}' is not a rules profile (use {', '.join(PROFILES)}).")
    actor = _Actor(doc, file)
    result = FileImport(path=file, format=f"foundry-v{actor.version}")
    if _ACTOR_TYPES[str(doc["type"]).lower()] == "pc":
        character = _pc(actor, profile)
        problems = find_problems(character)
        if problems:
            raise DomainError(f"{file.name}: {actor.name}: {problems[0].message}")
        obj: Character | Creature = character
    else:
        obj = _npc(actor, profile)
    if source_id := _source_id(doc):
        obj.uid = uuid.uuid5(_FOUNDRY_NAMESPACE, source_id).hex
    result.entries.append(ImportedEntry(obj, ["Foundry"]))
    result.notes = actor.report
    return result
