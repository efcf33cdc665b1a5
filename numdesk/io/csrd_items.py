"""CSRD cyphers, artifacts, creatures/NPCs, equipment and roll tables as model objects."""

from __future__ import annotations

import re
from typing import Any

from numdesk.io.csrd_text import csrd_uid, display_name, level_dice_text, table_die
from numdesk.io.entries import ReportLine
from numdesk.io.fields import FieldReader
from numdesk.model.creature import Creature
from numdesk.model.items import Armor, Artifact, Cypher, Equipment, Weapon
from numdesk.model.kinds import ModelObject
from numdesk.model.tables import RollTable, TableRow
from numdesk.rules.types import ArmorCategory, WeaponCategory

#: Equipment tags that name a setting or tech level (the rest name a gear category).
SETTING_TAGS = (
    "FANTASY",
    "SCIENCE FICTION",
    "MODERN",
    "CONTEMPORARY",
    "POST-APOCALYPTIC",
    "FAIRY TALE",
    "HORROR",
    "SUPERHERO",
    "HISTORICAL",
    "ADVANCED",
    "FANTASTIC",
)
_WEIGHT = re.compile(r"^(light|medium|heavy) (weapon|armor)$", re.IGNORECASE)
_RANGE = re.compile(r"^(immediate|short|long|very long) range$", re.IGNORECASE)
_NO_DEPLETION = {"", "-", "=", "—"}
_CREATURE_KINDS = {"creature": "creature", "npc": "npc", "super villain": "super villain"}


def tag_name(raw: str) -> str:
    """A CSRD tag or category as a library tag ("SCIENCE FICTION" -> "Science Fiction")."""
    return display_name(str(raw).strip())


def depletion_text(raw: str) -> str:
    """The artifact depletion in numdesk's text form ("—" for none, "automatic")."""
    text = raw.strip()
    if text in _NO_DEPLETION:
        return "—"
    if text.lower() == "automatic":
        return "automatic"
    if text.startswith("- ("):
        return "— " + text[2:]
    return text


class CsrdItems:
    """Collects (object, extra tags) pairs; gives each CSRD entry its stable uid."""

    def __init__(self, reader: FieldReader) -> None:
        self.r = reader
        self.items: list[tuple[ModelObject, list[str]]] = []
        self._used: dict[str, int] = {}
        #: what the file lacked or what was guessed, for the import report
        self.notes: list[str] = []
        #: values changed on the way in, each named by its entry (the file's place
        #: kept as the line's source, for the JSON report)
        self.lines: list[ReportLine] = []

    def uid(self, kind: str, name: str, variant: str = "") -> str:
        """uuid5 of ("csrd", kind, name[, variant]); a repeated name gets "#2", "#3"..."""
        parts = ["csrd", kind, name] + ([variant] if variant else [])
        key = "/".join(parts).casefold()
        seen = self._used.get(key, 0) + 1
        self._used[key] = seen
        if seen > 1:
            parts.append(f"#{seen}")
        return csrd_uid(*parts)

    def unique_name(self, kind: str, name: str, variant: str = "") -> str:
        """The display name, with " (2)" for the second entry of the same kind and name."""
        key = "/".join(["csrd", kind, name] + ([variant] if variant else [])).casefold()
        seen = self._used.get(key, 0)
        return name if seen <= 1 else f"{name} ({seen})"

    def add(self, obj: ModelObject, tags: list[str] | None = None) -> None:
        self.items.append((obj, list(dict.fromkeys(tags or []))))

    def rows(self, raw: dict[str, Any], path: str) -> list[TableRow]:
        r = self.r
        result = []
        for i, row in enumerate(r.list_of(raw, "table", path)):
            rpath = f"{path}.table[{i}]"
            r.object_at(row, rpath)
            start = r.whole(row, "start", rpath)
            end = r.whole(row, "end", rpath, default=start)
            result.append(TableRow(start, end, r.text(row, "entry", rpath)))
        return result

    def table_text(self, tables: list[Any], path: str) -> str:
        """Option tables of an item or creature rendered as text lines."""
        blocks = []
        for i, raw in enumerate(tables):
            tpath = f"{path}[{i}]"
            self.r.object_at(raw, tpath)
            lines = [display_name(n) + ":"] if (n := self.r.text(raw, "name", tpath)) else []
            for row in self.rows(raw, tpath):
                span = str(row.start) if row.start == row.end else f"{row.start}-{row.end}"
                lines.append(f"{span}: {row.entry}")
            blocks.append("\n".join(lines))
        return "\n\n".join(blocks)

    def add_table(self, raw: Any, path: str, name: str, category: str, group: str) -> None:
        self.r.object_at(raw, path)
        rows = self.rows(raw, path)
        self.add(
            RollTable(
                name=name,
                category=category,
                die=table_die([row.end for row in rows]),
                description=self.r.text(raw, "description", path),
                rows=rows,
                uid=self.uid("table", group, name),
            )
        )

    def read_items(self, doc: dict[str, Any]) -> None:
        self.read_cyphers(doc)
        self.read_artifacts(doc)
        self.read_creatures(doc)
        self.read_equipment(doc)
        self.read_tables(doc)

    def _with_options(self, raw: dict[str, Any], path: str, key: str) -> str:
        text = self.r.text(raw, key, path)
        options = self.table_text(self.r.list_of(raw, "options", path), f"{path}.options")
        return f"{text}\n\n{options}" if options else text

    def _device_level(self, raw: dict[str, Any], path: str) -> tuple[int | None, str]:
        """A cypher's or artifact's (fixed level, level dice text): dice win when given."""
        dice = self.r.text(raw, "level_dice", path)
        mod = self.r.whole(raw, "level_mod", path, default=0)
        return (None if dice else (mod or None)), level_dice_text(dice, mod)

    def read_cyphers(self, doc: dict[str, Any]) -> None:
        r = self.r
        for i, raw in enumerate(r.list_of(doc, "cyphers", "$")):
            path = f"$.cyphers[{i}]"
            raw_name = r.text(r.object_at(raw, path), "name", path, required=True)
            uid = self.uid("cypher", raw_name)
            level, level_dice = self._device_level(raw, path)
            obj = Cypher(
                name=self.unique_name("cypher", display_name(raw_name)),
                level=level,
                effect=self._with_options(raw, path, "effect"),
                level_dice=level_dice,
                form=r.text(raw, "form", path),
                uid=uid,
            )
            tags = r.list_of(raw, "tags", path) + r.list_of(raw, "kinds", path)
            self.add(obj, [tag_name(t) for t in tags])

    def read_artifacts(self, doc: dict[str, Any]) -> None:
        r = self.r
        for i, raw in enumerate(r.list_of(doc, "artifacts", "$")):
            path = f"$.artifacts[{i}]"
            raw_name = r.text(r.object_at(raw, path), "name", path, required=True)
            uid = self.uid("artifact", raw_name)
            level, level_dice = self._device_level(raw, path)
            obj = Artifact(
                name=self.unique_name("artifact", display_name(raw_name)),
                level=level,
                depletion=depletion_text(r.text(raw, "depletion", path)),
                effect=self._with_options(raw, path, "effect"),
                form=r.text(raw, "form", path),
                level_dice=level_dice,
                uid=uid,
            )
            self.add(obj, [tag_name(t) for t in r.list_of(raw, "tags", path)])

    def read_creatures(self, doc: dict[str, Any]) -> None:
        r = self.r
        for i, raw in enumerate(r.list_of(doc, "creatures", "$")):
            path = f"$.creatures[{i}]"
            raw_name = r.text(r.object_at(raw, path), "name", path, required=True)
            uid = self.uid("creature", raw_name)
            kind = r.text(raw, "kind", path) or "Creature"
            if kind.lower() not in _CREATURE_KINDS:
                raise r.fail(f"{path}.kind", "Creature, NPC or Super Villain", kind)
            level = r.opt_whole(raw, "level", path)
            if level is None:
                level = 1
                self.lines.append(
                    ReportLine(
                        "changed",
                        display_name(raw_name),
                        f"{path}.level",
                        "no level in the file; imported at level 1 for you to correct.",
                    )
                )
            if not 0 <= level <= 10:
                raise r.fail(f"{path}.level", "a level from 0 to 10", level)
            intrusions = r.text(raw, "intrusions", path)
            obj = Creature(
                name=self.unique_name("creature", display_name(raw_name)),
                level=level,
                profile="cypher",
                kind=_CREATURE_KINDS[kind.lower()],
                health=r.opt_whole(raw, "health", path),
                armor=r.whole(raw, "armor", path, default=0),
                damage=r.text(raw, "damage", path),
                movement=r.text(raw, "movement", path),
                modifications=[str(m) for m in r.list_of(raw, "modifications", path)],
                combat=self._with_options(raw, path, "combat"),
                interaction=r.text(raw, "interactions", path),
                use=r.text(raw, "uses", path),
                loot=r.text(raw, "loot", path),
                intrusions=[intrusions] if intrusions else [],
                description=r.text(raw, "description", path),
                motive=r.text(raw, "motive", path),
                environment=r.text(raw, "environment", path),
                uid=uid,
            )
            self.add(obj, [tag_name(kind)])

    def read_equipment(self, doc: dict[str, Any]) -> None:
        r = self.r
        for i, raw in enumerate(r.list_of(doc, "equipment", "$")):
            path = f"$.equipment[{i}]"
            name = display_name(r.text(r.object_at(raw, path), "name", path, required=True))
            variants = r.list_of(raw, "variants", path)
            for j, variant in enumerate(variants):
                vpath = f"{path}.variants[{j}]"
                r.object_at(variant, vpath)
                tags = [str(t) for t in r.list_of(variant, "tags", vpath) if str(t).strip()]
                settings = [tag_name(t) for t in tags if t.upper() in SETTING_TAGS]
                label = "/".join(settings) if len(variants) > 1 else ""
                shown_name = f"{name} ({label})" if label else name
                self.add(
                    self.gear(variant, vpath, name, shown_name, label), [tag_name(t) for t in tags]
                )

    def gear(
        self, raw: dict[str, Any], path: str, name: str, shown_name: str, label: str
    ) -> ModelObject:
        """One equipment variant: a Weapon or Armor when its notes say so, else Equipment."""
        r = self.r
        notes = [str(n).strip() for n in r.list_of(raw, "notes", path)]
        weight = next((m for n in notes if (m := _WEIGHT.match(n))), None)
        reach = next((m for n in notes if (m := _RANGE.match(n))), None)
        rest = [n for n in notes if not _WEIGHT.match(n) and not _RANGE.match(n)]
        details = [r.text(raw, "description", path), *rest]
        levels = [str(v) for v in r.list_of(raw, "levels", path)]
        if levels:
            details.append("Level " + " or ".join(levels))
        price = ", ".join(str(v) for v in r.list_of(raw, "value", path))
        text = "\n".join(d for d in details if d)
        if weight and weight.group(2).lower() == "weapon":
            if price:
                text = f"{text}\nPrice: {price}".strip()
            return Weapon(
                name=shown_name,
                category=WeaponCategory(weight.group(1).lower()),
                range=reach.group(1).lower() if reach else "immediate",
                notes=text,
                uid=self.uid("weapon", name, label),
            )
        if weight:
            if price:
                text = f"{text}\nPrice: {price}".strip()
            return Armor(
                name=shown_name,
                category=ArmorCategory(weight.group(1).lower()),
                notes=text,
                uid=self.uid("armor", name, label),
            )
        if reach:
            text = f"{text}\n{reach.group(0)}".strip()
        return Equipment(
            name=shown_name, description=text, price=price, uid=self.uid("equipment", name, label)
        )

    def read_tables(self, doc: dict[str, Any]) -> None:
        r = self.r
        for key, category, suffix in (
            ("cypher_tables", "cypher", " Cyphers"),
            ("intrusion_tables", "intrusion", ""),
            ("other_tables", "other", ""),
        ):
            for i, raw in enumerate(r.list_of(doc, key, "$")):
                path = f"$.{key}[{i}]"
                title = display_name(
                    r.text(r.object_at(raw, path), "name", path) or f"Table {i + 1}"
                )
                kind = "hazard" if category == "other" and "Hazard" in title else category
                self.add_table(raw, path, title + suffix, kind, key)
