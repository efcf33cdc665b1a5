"""Import of the Cypher System Reference Document JSON (the CSRD.json format, see its README).

Every CSRD entry gets the `cypher` profile, the tag "CSRD", and a uid derived from
("csrd", kind, name[, variant]) so importing the same file again updates entries in
place instead of adding duplicates. Templates (types, flavors, descriptors, foci) get
full copies of their abilities, split per tier into a granted group (`choose` 0) and a
group to choose from. Items, creatures and tables live in `numdesk.io.csrd_items`.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

from numdesk.io.csrd_items import CsrdItems, tag_name
from numdesk.io.csrd_text import (
    csrd_uid,
    display_name,
    extra_points,
    pool_bonus,
    stated_cypher_limit,
    stated_edges,
    stated_effort,
)
from numdesk.io.entries import FileImport, ImportedEntry
from numdesk.io.fields import FieldReader
from numdesk.model.abilities import Ability
from numdesk.model.templates import SentenceTemplate, TierAbilities, TypeTemplate
from numdesk.rules.types import AbilityKind, AbilitySource, Stat

CSRD_TAG = "CSRD"
#: The library meta key the About box reads; its value is the CSRD file's version date.
META_KEY = "csrd_imported"
PROFILE = "cypher"
_SECTIONS = ("types", "flavors", "descriptors", "foci", "abilities", "cyphers", "creatures")
#: The CSRD's general ability tiers as the lowest character tier of each band.
_TIER_BANDS = {"low": 1, "mid": 3, "high": 5}
_STATS = {s.value: s for s in Stat}
#: The README says a type's stat pools leave out six points the player divides.
TYPE_FREE_POINTS = 6


def is_csrd(doc: Any) -> bool:
    """Whether a parsed JSON document looks like the CSRD (its top-level sections)."""
    return isinstance(doc, dict) and sum(k in doc for k in _SECTIONS) >= 4


class _CsrdReader(CsrdItems):
    """Turns one CSRD document into entries; `add` files each with the CSRD tag."""

    def __init__(self, file: Path) -> None:
        super().__init__(FieldReader(file))
        #: ability name (casefolded) -> its raw object, path and library uid (first wins)
        self.abilities: dict[str, tuple[dict[str, Any], str, str]] = {}

    def ability(
        self, raw: dict[str, Any], path: str, uid: str, tier: int, source: AbilitySource
    ) -> Ability:
        r = self.r
        pools = [str(p).lower() for p in r.list_of(raw, "pool", path)]
        pool = _STATS.get(pools[0]) if len(pools) == 1 else None
        description = r.text(raw, "description", path)
        enabler = description.rstrip().endswith("Enabler.")
        return Ability(
            name=display_name(r.text(raw, "name", path, required=True)),
            cost=r.opt_whole(raw, "cost", path) or 0,
            pool=pool,
            kind=AbilityKind.ENABLER if enabler else AbilityKind.ACTION,
            tier=tier,
            source=source,
            description=description,
            cost_text=r.text(raw, "cost_rendered", path),
            uid=uid,
        )

    def read_abilities(self, doc: dict[str, Any]) -> None:
        r = self.r
        for i, raw in enumerate(r.list_of(doc, "abilities", "$")):
            path = f"$.abilities[{i}]"
            r.object_at(raw, path)
            name = r.text(raw, "name", path, required=True)
            uid = self.uid("ability", name)
            self.abilities.setdefault(name.casefold(), (raw, path, uid))
            band = r.text(raw, "tier", path).lower()
            obj = self.ability(raw, path, uid, _TIER_BANDS.get(band, 1), AbilitySource.OTHER)
            tags = [tag_name(c) for c in r.list_of(raw, "category", path)]
            self.add(obj, tags)

    def tiers(
        self,
        refs: list[Any],
        path: str,
        owner: str,
        source: AbilitySource,
        choose: dict[int, int] | None = None,
    ) -> list[TierAbilities]:
        """Granted and optional abilities per tier; `choose` overrides the pick count."""
        r = self.r
        groups: dict[tuple[int, bool], list[Ability]] = defaultdict(list)
        for i, ref in enumerate(refs):
            ref_path = f"{path}[{i}]"
            r.object_at(ref, ref_path)
            name = r.text(ref, "name", ref_path, required=True)
            tier = r.whole(ref, "tier", ref_path, default=1)
            found = self.abilities.get(name.casefold())
            if found is None:
                raise r.fail(f"{ref_path}.name", "the name of an ability in $.abilities", name)
            uid = csrd_uid("csrd", owner, "ability", name, str(i))
            ability = self.ability(found[0], found[1], uid, tier, source)
            ability.library_uid = found[2]  # linked to the library's own entry
            groups[(tier, r.flag(ref, "preselected", ref_path))].append(ability)
        result = []
        for tier, granted in sorted(groups, key=lambda k: (k[0], not k[1])):
            count = 0 if granted else (choose or {}).get(tier, 1)
            result.append(TierAbilities(tier, groups[(tier, granted)], count))
        return result

    def read_types(self, doc: dict[str, Any]) -> None:
        r = self.r
        for i, raw in enumerate(r.list_of(doc, "types", "$")):
            path = f"$.types[{i}]"
            r.object_at(raw, path)
            raw_name = r.text(raw, "name", path, required=True)
            name = display_name(raw_name)
            pools: dict[Stat, int | None] = {s: None for s in Stat}
            stat_pool = r.object_at(raw.get("stat_pool", {}), f"{path}.stat_pool")
            for key in stat_pool:
                stat = _STATS.get(key.lower())
                if stat is None:
                    raise r.fail(f"{path}.stat_pool", "Might, Speed and Intellect", key)
                pools[stat] = r.whole(stat_pool, key, f"{path}.stat_pool")
            edges: dict[Stat, int | None] = {s: None for s in Stat}
            effort = cypher_limit = None
            notes = []
            for j, basic in enumerate(r.list_of(raw, "abilities", path)):
                bpath = f"{path}.abilities[{j}]"
                text = r.text(r.object_at(basic, bpath), "description", bpath)
                effort = effort or stated_effort(text)
                cypher_limit = cypher_limit or stated_cypher_limit(text)
                edges.update(stated_edges(text))
                notes.append(f"{r.text(basic, 'name', bpath)}: {text}")
            per_tier = {}
            for j, amount in enumerate(r.list_of(raw, "special_abilities_per_tier", path)):
                apath = f"{path}.special_abilities_per_tier[{j}]"
                r.object_at(amount, apath)
                per_tier[r.whole(amount, "tier", apath)] = r.whole(
                    amount, "special_abilities", apath
                )
            refs = r.list_of(raw, "special_abilities", path)
            intrusions = []
            for j, item in enumerate(r.list_of(raw, "intrusions", path)):
                ipath = f"{path}.intrusions[{j}]"
                r.object_at(item, ipath)
                intrusions.append(
                    f"{r.text(item, 'name', ipath)}: {r.text(item, 'description', ipath)}"
                )
            if any(v is None for v in edges.values()):
                notes.append("Edges: this type lets the player choose; fill them in on the sheet.")
            self.add(
                TypeTemplate(
                    name=name,
                    profile=PROFILE,
                    pools=pools,
                    edges=edges,
                    effort=effort,
                    cypher_limit=cypher_limit,
                    starting_points=TYPE_FREE_POINTS,
                    tiers=self.tiers(
                        refs,
                        f"{path}.special_abilities",
                        f"type/{raw_name}",
                        AbilitySource.TYPE,
                        per_tier,
                    ),
                    intrusions=intrusions,
                    notes="\n".join(notes),
                    uid=self.uid("type", raw_name),
                )
            )
            background = raw.get("background")
            if background:
                table_name = f"{name} Background"
                self.add_table(background, f"{path}.background", table_name, "other", "background")

    def read_flavors(self, doc: dict[str, Any]) -> None:
        r = self.r
        for i, raw in enumerate(r.list_of(doc, "flavors", "$")):
            path = f"$.flavors[{i}]"
            raw_name = r.text(r.object_at(raw, path), "name", path, required=True)
            tiers = self.tiers(
                r.list_of(raw, "abilities", path),
                f"{path}.abilities",
                f"flavor/{raw_name}",
                AbilitySource.FLAVOR,
            )
            self.add(
                SentenceTemplate(
                    name=display_name(raw_name),
                    part="flavor",
                    profile=PROFILE,
                    description=r.text(raw, "description", path),
                    tiers=tiers,
                    notes="A flavor's abilities are picked in place of type abilities of the "
                    "same tier; none is granted on its own.",
                    uid=self.uid("flavor", raw_name),
                )
            )

    def read_descriptors(self, doc: dict[str, Any]) -> None:
        r = self.r
        for i, raw in enumerate(r.list_of(doc, "descriptors", "$")):
            path = f"$.descriptors[{i}]"
            raw_name = r.text(r.object_at(raw, path), "name", path, required=True)
            bonus: dict[Stat, int] = {}
            extra = 0
            lines = []
            for j, item in enumerate(r.list_of(raw, "characteristics", path)):
                cpath = f"{path}.characteristics[{j}]"
                text = r.text(r.object_at(item, cpath), "description", cpath)
                for stat, amount in pool_bonus(text).items():
                    bonus[stat] = bonus.get(stat, 0) + amount
                extra += extra_points(text)
                lines.append(f"{r.text(item, 'name', cpath)}: {text}")
            self.add(
                SentenceTemplate(
                    name=display_name(raw_name),
                    part="descriptor",
                    profile=PROFILE,
                    description=r.text(raw, "description", path),
                    pool_bonus=bonus,
                    extra_points=extra,
                    characteristics=lines,
                    links=[str(x) for x in r.list_of(raw, "links", path)],
                    uid=self.uid("descriptor", raw_name),
                )
            )

    def read_foci(self, doc: dict[str, Any]) -> None:
        r = self.r
        for i, raw in enumerate(r.list_of(doc, "foci", "$")):
            path = f"$.foci[{i}]"
            raw_name = r.text(r.object_at(raw, path), "name", path, required=True)
            refs = r.list_of(raw, "abilities", path)
            tiers = self.tiers(refs, f"{path}.abilities", f"focus/{raw_name}", AbilitySource.FOCUS)
            notes = []
            for key, label in (
                ("note", "Note"),
                ("intrusions", "GM intrusions"),
                ("additional_equipment", "Additional equipment"),
                ("minor_effect", "Minor effect"),
                ("major_effect", "Major effect"),
            ):
                if text := r.text(raw, key, path):
                    notes.append(f"{label}: {text}")
            if any(t.tier == 1 and t.choose for t in tiers):
                notes.append(
                    "The optional tier 1 abilities are type swap options: one may be "
                    "taken in place of a type ability."
                )
            self.add(
                SentenceTemplate(
                    name=display_name(raw_name),
                    part="focus",
                    profile=PROFILE,
                    description=r.text(raw, "description", path),
                    tiers=tiers,
                    links=[str(x) for x in r.list_of(raw, "connections", path)],
                    notes="\n".join(notes),
                    uid=self.uid("focus", raw_name),
                )
            )


def read_csrd(doc: Any, file: Path) -> FileImport:
    """Every entry of a CSRD document, validated; raises on the first value that does not fit."""
    reader = _CsrdReader(file)
    root = reader.r.object_at(doc, "$")
    reader.read_abilities(root)
    reader.read_types(root)
    reader.read_flavors(root)
    reader.read_descriptors(root)
    reader.read_foci(root)
    reader.read_items(root)
    version = reader.r.text(root, "version", "$") or "unknown"
    result = FileImport(
        path=file, format="csrd", meta={META_KEY: version}, notes=reader.notes, lines=reader.lines
    )
    result.entries = [ImportedEntry(obj, [CSRD_TAG, *tags]) for obj, tags in reader.items]
    return result
