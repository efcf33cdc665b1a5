"""Field coverage of the Foundry import: where each set value of an actor went.

Runs over the real actor documents in `../shared/data/foundry-actors/` and the test
fixtures (or the files named). For every value of an actor's `system`/`data` block and
of its items (their `system` block and their links to tags and recursions in
`flags.cyphersystem`) that is set (not empty, zero or false), it says where it went:

- `shown`: the same value is in the structured field of the imported entry meant for
  it (a skill's rating in the skill's level, a weapon's damage in its damage, ...),
  and a view, editor, fight panel or printout shows that field;
- `hidden`: kept in such a field, but nothing shows it (a rule of
  `foundry_coverage_actor` marked hidden);
- `noted`: a report line says it went to the notes, was refused or skipped, or it is
  only found in notes text;
- `changed`: a report line says it was changed, and no field holds it as it was;
- `lost`: none of these (a bug).

Only `shown` counts as covered. An item's values are compared with the record the
item became (found by name), not with the whole entry, so a number that happens to
appear elsewhere does not count. Sheet display preferences (labels, hidden sections,
sort orders, pictures, the presets of Foundry's roll button, a switched-off extra
Pool's or teen form's template defaults) are not values of the character and are
left out; so are values that mean "nothing special" where they stand.

    python scripts/foundry_coverage.py [--fields] [FILE.json ...]

`--fields` names every value that is not `shown`, grouped by where it is in the file.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from foundry_coverage_actor import actor_check, same, text_of

from numdesk.io import foundry_items as fi
from numdesk.io.entries import ReportLine
from numdesk.io.foundry import read_foundry
from numdesk.model.serialize import to_data

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "io" / "fixtures"
REAL = ROOT.parent / "shared" / "data" / "foundry-actors"
OUTCOMES = ("shown", "hidden", "noted", "changed", "lost")

#: keys whose value (or whole subtree) is a sheet display preference
_PREFERENCES = {
    "version", "rollButton", "favorite", "showDescription", "order", "sorting", "sortByRating",
    "sortByType", "sortyByLevel", "displayMode", "hideArchive", "hideArchived", "hideLabels",
    "hideEmptyCategories", "hideFavoriteButton", "hideNotes", "hideDescription",
    "hideEquipment", "customSheetDesign", "background", "logo", "img", "gameMode", "gmiRange",
    "rollTwoD20", "showPrice", "applyImpaired", "applyDebilitated", "isCounter", "counting",
    "image", "macroUuid", "linkedItems", "backgroundImage", "backgroundIcon", "ammo.active",
}  # fmt: skip
#: under `settings`, only these keys hold values of the character
_DATA_SETTINGS = {
    "numberOneActionRecoveries", "numberTenMinuteRecoveries", "currency", "additionalPool",
    "initiativeBonus", "statModifiers", "initiative", "nameUnidentified", "spellTier",
    "additionalRecoveries", "howMany", "name", "quantity",
}  # fmt: skip
#: values that mean "nothing special" where they stand
_NEUTRAL = {"Mask", "Pool", "n/a", "none"}
_SPELL_TIERS = ("low", "mid", "high")
#: the lists of an entry each Foundry item type lands in, best first
_LISTS = {
    "skill": ("skills",),
    "ability": ("abilities",),
    "attack": ("weapons",),
    "armor": ("armor",),
    "equipment": ("equipment",),
    "ammo": ("ammo", "equipment"),
    "material": ("materials", "equipment"),
    "cypher": ("cyphers",),
    "artifact": ("artifacts",),
    "oddity": ("oddities",),
    "power-shift": ("power_shifts",),
    "lasting-damage": ("lasting_damage",),
    "recursion": ("recursions",),
    "tag": ("recursions",),
}
#: item keys and the fields of the record the item became that can hold them
_ITEM_FIELDS: dict[str, tuple[str, ...]] = {
    "name": ("name",),
    "description": ("description", "effect", "notes", "text"),
    "notes": ("notes", "text", "description"),
    "effect": ("effect", "description", "text"),
    "lastingDamageEffect": ("effect",),
    "form": ("form",),
    "rating": ("level", "rating", "value"),
    "skillLevel": ("level", "rating"),
    "cost": ("cost", "cost_text", "speed_cost"),
    "costPoints": ("cost", "cost_text"),
    "amount": ("cost", "cost_text"),
    "pool": ("pool", "stat"),
    "costPool": ("pool",),
    "lastingDamagePool": ("stat",),
    "stat": ("stat",),
    "damage": ("damage", "amount"),
    "lastingDamageAmount": ("amount",),
    "range": ("range",),
    "level": ("level", "level_dice"),
    "levelDie": ("level_dice",),
    "quantity": ("quantity",),
    "identified": ("identified",),
    "archived": ("archived",),
    "depletion": ("depletion",),
    "shifts": ("shifts",),
    "powerShiftValue": ("shifts",),
    "temporary": ("temporary",),
    "focus": ("focus",),
    "steps": ("steps",),
    "modifiedBy": ("steps",),
    "skillRating": ("skill", "rating"),
    "price": ("price",),
    "value": ("price",),
    "currency": ("price",),
    "active": ("active", "worn"),
    "armorActive": ("worn",),
    "initiative": ("initiative",),
    "isInitiative": ("initiative",),
    "spellTier": ("spell_tier",),
    "nameUnidentified": ("unidentified_name",),
    "tags": ("tags",),
    "recursions": ("tags",),
    "armorValue": ("value",),
    "armor": ("value",),
    "speedCost": ("speed_cost",),
    "additionalSpeedEffortCost": ("speed_cost",),
    "tier": ("tier",),
    "cypherType": ("cypher_type",),
    "weaponType": ("weapon_type",),
    "exclusive": ("exclusive",),
}
_WEIGHT = re.compile(r"(?:numenera\.weightclasses\.)?(light|medium|heavy)\b(?: weapon| armor)?$")


# -- which values count ------------------------------------------------------------


def _preference(parts: list[str], leaf: bool) -> bool:
    """Whether the value at `parts` is a display preference (`leaf`: a value, not a block)."""
    key = parts[-1]
    if any(p in _PREFERENCES for p in parts) or key.startswith(("label", "hide")):
        return not (key.startswith("labelCategory") and "currency" in parts)
    if leaf and "settings" in parts:
        if key == "active" and "additionalPool" not in parts:
            return True  # a section of the sheet switched on or off
        after = parts[parts.index("settings") + 1 :]
        return not any(p in _DATA_SETTINGS for p in after)
    return False


def leaves(node: Any, path: str = "system") -> Iterator[tuple[str, Any]]:
    """(path, value) of every set value under `node` that is not a preference."""
    if isinstance(node, dict):
        for key, value in node.items():
            where = f"{path}.{key}"
            parts = re.sub(r"\[\d+\]", "", where).split(".")
            if not _preference(parts, not isinstance(value, dict | list)):
                yield from leaves(value, where)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from leaves(value, f"{path}[{index}]")
    elif node not in (None, "", 0, False, "0") and not (
        isinstance(node, str) and not text_of(node)
    ):
        yield path, node


def _switched_off(doc: dict[str, Any], where: str) -> bool:
    """Template defaults of an extra Pool or teen form the sheet does not use."""
    sys_ = fi.system_of(doc)
    if ".pools.additional." in where and where.startswith("system.pools"):
        general = sys_.get("settings", {}).get("general", {}) if "settings" in sys_ else {}
        v1 = sys_.get("additionalPool") if isinstance(sys_.get("additionalPool"), dict) else {}
        on = (general.get("additionalPool") or {}).get("active") or v1.get("active")
        return not on
    if where.startswith("system.teen.pools.additional."):
        teen = sys_.get("teen") if isinstance(sys_.get("teen"), dict) else {}
        general = (teen.get("settings") or {}).get("general") or {}
        v1 = sys_.get("additionalPool") if isinstance(sys_.get("additionalPool"), dict) else {}
        return not ((general.get("additionalPool") or {}).get("active") or v1.get("teenActive"))
    if where.startswith("system.teen."):
        teen = sys_.get("teen") if isinstance(sys_.get("teen"), dict) else {}
        named = (teen.get("basic") or {}).get("name")
        items = doc.get("items") or []
        teen_items = any(
            str(i.get("type", "")).lower().startswith("teen")
            or (fi.system_of(i).get("settings") or {}).get("general", {}).get("unmaskedForm")
            == "Teen"
            for i in items
            if isinstance(i, dict)
        )
        return not named and not teen_items
    return False


# -- where a value went ---------------------------------------------------------------


def _records(node: Any, path: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every named object in a list of the entry (a skill, a weapon, a stat block item)."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _records(value, f"{path}.{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            if isinstance(value, dict) and "name" in value:
                yield f"{path}[{index}]", value
            yield from _records(value, f"{path}[{index}]")


def _kind_of(data: dict[str, Any]) -> str:
    if "disposition" in data:
        return "follower"
    return "creature" if "intrusions" in data else "character"


def _item_check(key: str, value: Any, rec: dict[str, Any], item: dict[str, Any]) -> bool:
    """Whether the record an item became keeps one of its values."""
    kind = str(item.get("type", "")).lower()
    if key in ("type", "damageType") and "lasting" in kind:
        return rec.get("permanent") is (str(value).lower() == "permanent")
    if key in ("type", "attackType", "armorType", "weight") and isinstance(value, str):
        weight = _WEIGHT.match(value.strip().lower())
        if weight:
            return rec.get("category") == weight.group(1) or rec.get("weapon") == value.lower()
        return any(same(value, rec.get(f)) for f in ("kind", "weapon"))
    if key == "type" and kind == "cypher":
        return bool(rec.get("cypher_type") or rec.get("fantastic"))
    if key in ("modifier", "modified", "totalModified"):
        steps = rec.get("steps") or 0
        return (steps < 0) == str(value).lower().startswith("hinder") and steps != 0
    if key == "inability":
        return rec.get("level") == "inability"
    if key in ("die", "threshold", "isDepleting"):
        return same(value, rec.get("depletion")) or bool(rec.get("depletion"))
    if key == "sorting":
        return bool(rec.get("spell_tier"))
    if key in ("cost", "costPoints", "amount") and str(rec.get("cost_text", "")):
        return text_of(rec["cost_text"]).startswith(text_of(value)) or same(value, rec.get("cost"))
    if key == "skillLevel" and isinstance(value, int) and not isinstance(value, bool):
        # the Numenera system's levels: 0 untrained (practiced), 1 trained, 2 specialized
        level = {0: "practiced", 1: "trained", 2: "specialized"}.get(value)
        return level is not None and rec.get("level") in (level, "inability")
    if key == "abilityType":
        return same(value, rec.get("kind"))
    if key == "price" and isinstance(rec.get("price"), str) and _number_of(value) is not None:
        # "20" in shins kept as "20 shins"
        return rec["price"].split(" ")[0] == str(_number_of(value))
    fields = _ITEM_FIELDS.get(key)
    if fields is None:  # a key of no known meaning: any field of the record holding it
        return any(same(value, v) for k, v in rec.items() if k not in ("uid", "notes"))
    return any(same(value, rec.get(f)) for f in fields if f in rec)


def _link_check(value: Any, rec: dict[str, Any], doc: dict[str, Any]) -> bool:
    """An item's link to a tag or recursion (by Foundry id) kept as its name."""
    names = {i.get("_id"): i.get("name") for i in doc.get("items") or [] if isinstance(i, dict)}
    return same(names.get(value, value), rec.get("tags") or [])


class Measure:
    """Classifies every value of one actor document."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.doc = json.loads(path.read_text(encoding="utf-8"))
        result = read_foundry(self.doc, path)
        self.lines: list[ReportLine] = [ln for ln in result.lines if ln.outcome != "warning"]
        self.skipped = any(ln.outcome == "skipped" and ln.source == "type" for ln in self.lines)
        self.data: list[dict[str, Any]] = [to_data(e.obj) for e in result.entries]
        self.notes = " ".join(text_of(d.get("notes", "")) for d in self.data)
        self.records = [r for d in self.data for r in _records(d)]
        self.used: set[str] = set()

    def _record_for(self, item: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
        """The record an item became: same name, in the list its type lands in if any."""
        name = str(item.get("name") or "").strip().casefold()
        kind = re.sub(r"^teen-", "", str(item.get("type", "")).lower().replace(" ", "-"))
        lists = _LISTS.get(kind, ())
        found = [
            (where, rec)
            for where, rec in self.records
            if where not in self.used and str(rec.get("name", "")).strip().casefold() == name
        ]
        found.sort(key=lambda f: not any(f".{n}[" in f[0] for n in lists))
        if not found:
            return None
        self.used.add(found[0][0])
        return found[0]

    def _report(self, where: str) -> str | None:
        """The outcome a report line gives the value at `where`, if one names it."""
        item = re.match(r"items\[\d+\]", where)
        for line in self.lines:
            src = line.source
            if item and src.startswith(item.group(0)):
                if src in (item.group(0), where) or src.split(".")[-1] == where.split(".")[-1]:
                    return "changed" if line.outcome == "changed" else "noted"
            elif src and (where.startswith(src) or src.startswith(where)):
                return "changed" if line.outcome == "changed" else "noted"
        return None

    def _fallback(self, where: str, value: Any, text_fields: str) -> str:
        reported = self._report(where)
        if reported:
            return reported
        text = text_of(value)
        if text and (text in self.notes or text in text_fields):
            return "noted"
        return "lost"

    def run(self) -> list[tuple[str, Any, str]]:
        """(path, value, outcome) for every counted value."""
        out: list[tuple[str, Any, str]] = []
        if self.skipped or not self.data:
            return [(w, v, "noted") for w, v in self._all_leaves()]
        entry = self.data[0]
        kind = _kind_of(entry)
        for where, value in leaves(fi.system_of(self.doc)):
            if _switched_off(self.doc, where) or value in _NEUTRAL:
                continue
            outcome = actor_check(where, value, entry, kind)
            if outcome is None:
                outcome = self._fallback(where, value, "")
            out.append((where, value, outcome))
        for index, item in enumerate(self.doc.get("items") or []):
            out += self._item(index, item, kind)
        return out

    def _all_leaves(self) -> Iterator[tuple[str, Any]]:
        yield from leaves(fi.system_of(self.doc))
        for index, item in enumerate(self.doc.get("items") or []):
            yield from leaves(fi.system_of(item), f"items[{index}]")

    def _item(self, index: int, item: dict[str, Any], kind: str) -> list[tuple[str, Any, str]]:
        base = f"items[{index}]"
        found = self._record_for(item)
        _where, rec = found if found else ("", {})
        values = [(f"{base}.name", item.get("name"))]
        values += list(leaves(fi.system_of(item), base))
        flags = (item.get("flags") or {}).get("cyphersystem") or {}
        values += list(leaves({k: flags.get(k) for k in ("tags", "recursions")}, f"{base}.flags"))
        out = []
        item_type = str(item.get("type", "")).lower()
        for where, value in values:
            key = re.sub(r"\[\d+\]$", "", where).split(".")[-1]
            if value in _NEUTRAL or (key == "type" and str(value).lower() == item_type):
                continue
            if key in ("modifier", "modified", "totalModified") and not _steps(item):
                continue  # "eased by 0 steps"
            if key == "identified" and value is True and rec and "identified" not in rec:
                continue  # a stat block lists what the creature has: nothing to identify
            if key == "skillRating" and str(value).lower() == "practiced":
                continue  # an attack with no skill: the default
            spell_tier = key == "spellTier" or (key == "tier" and value in _SPELL_TIERS)
            if spell_tier and not _is_spell(item):
                continue  # the tier of a spell, set on every ability
            if not rec:
                ok = False
            elif ".flags." in where:
                ok = _link_check(value, rec, self.doc)
            elif re.search(r"statModifiers\.(\w+)\.(value|edge)$", where):
                stat, part = re.search(r"statModifiers\.(\w+)\.(value|edge)$", where).groups()
                field = "pool_changes" if part == "value" else "edge_changes"
                ok = same(value, (rec.get(field) or {}).get(stat))
            else:
                ok = _item_check(key, value, rec, item)
            if ok:
                out.append((where, value, "shown"))
            else:
                texts = " ".join(text_of(v) for v in rec.values() if isinstance(v, str))
                out.append((where, value, self._fallback(where, value, texts)))
        return out


def _number_of(value: Any) -> int | None:
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _steps(item: dict[str, Any]) -> int:
    return fi.as_int(fi.value(fi.system_of(item), "steps", "modifiedBy", 0))


def _is_spell(item: dict[str, Any]) -> bool:
    sys_ = fi.system_of(item)
    general = (sys_.get("settings") or {}).get("general") or {}
    sorting = general.get("sorting", sys_.get("sorting", ""))
    return str(sorting).lower().startswith("spell")


def measure(path: Path) -> Counter[str]:
    return Counter(outcome for _w, _v, outcome in Measure(path).run())


def _summary(label: str, counts: Counter[str]) -> str:
    fields = sum(counts.values())
    share = f"{counts['shown'] / fields:.1%}" if fields else "—"
    rest = ", ".join(f"{counts[o]} {o}" for o in OUTCOMES[1:])
    return f"{label}: {fields} set fields, {counts['shown']} shown ({share}); {rest}"


def main(argv: list[str]) -> None:
    show_fields = "--fields" in argv
    named = [Path(a) for a in argv if a != "--fields"]
    fixtures = sorted(
        p
        for p in FIXTURES.glob("*.json")
        if p.name.startswith(("cypher_", "numenera_", "foundry_"))
    )
    paths = named or [*fixtures, *sorted(REAL.glob("*.json"))]
    total: Counter[str] = Counter()
    per_folder: dict[Path, Counter[str]] = {}
    remaining: list[str] = []
    for path in paths:
        rows = Measure(path).run()
        counts = Counter(outcome for _w, _v, outcome in rows)
        total += counts
        per_folder.setdefault(path.parent, Counter()).update(counts)
        fields = sum(counts.values())
        share = f"{counts['shown'] / fields:6.1%}" if fields else "     —"
        detail = ", ".join(f"{counts[o]} {o}" for o in OUTCOMES[1:] if counts[o])
        print(f"{path.name:42} {counts['shown']:4}/{fields:<4} {share}  {detail}")
        remaining += [
            f"{outcome:8} {path.name}: {where} = {str(value)[:60]!r}"
            for where, value, outcome in rows
            if outcome != "shown"
        ]
    for folder, counts in per_folder.items():
        print(_summary(f"{folder.name}/ ({sum(p.parent == folder for p in paths)} files)", counts))
    print(_summary(f"all {len(paths)} files", total))
    if show_fields:
        for line in sorted(remaining):
            print("  " + line)


if __name__ == "__main__":
    main(sys.argv[1:])
