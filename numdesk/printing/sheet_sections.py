"""The flowing parts of a character sheet: skills, abilities, gear and the written parts.

Each function returns rows for one column width; the sheet places them in its columns
and pages. Sections with nothing in them are left out, except on a blank sheet, where
empty lines invite pencil entries, and the sections a find is written into during play
(artifacts, oddities, notes), which keep their empty lines on a filled sheet too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from numdesk.model.character import Character
from numdesk.model.items import Armor, GearKind, in_use, shown_name
from numdesk.printing.blocks import (
    Boxes,
    Cell,
    Column,
    entry_rows,
    note_rows,
    paragraph_rows,
    pencil_rows,
    section,
    table_rows,
)
from numdesk.printing.canvas import Canvas, font, tr
from numdesk.printing.flow import Row
from numdesk.printing.labels import (
    ability_cost,
    ability_meta,
    armor_defense_text,
    armor_number,
    armor_type_text,
    cypher_type_text,
    modifiers_text,
    priced,
    skill_level_label,
    skill_title,
    weapon_damage_text,
    weapon_type_text,
    weapon_use_text,
)
from numdesk.printing.sheet_extras import money_rows
from numdesk.rules.profiles import get_profile
from numdesk.rules.types import SkillLevel

#: Empty table lines added on a blank sheet for pencil entries.
PENCIL_LINES = 3


def _joined(name: str, detail: str) -> str:
    return f"{name} — {detail}" if detail else name


def archived_rows(c: Canvas, items: Sequence[Any], width: float) -> list[Row]:
    """One note naming the archived items of a list: kept on the sheet, not in use."""
    names = [item.name for item in items if getattr(item, "archived", False)]
    if not names:
        return []
    text = tr("Archived (kept, not in use): {names}").format(names=", ".join(names))
    return note_rows(c, text, width)


def skills(c: Canvas, ch: Character, width: float, blank: bool) -> list[Row]:
    """Skills and inabilities, ticked in the column of their level, with a legend."""
    levels: list[SkillLevel] = [
        lvl for lvl in get_profile(ch.profile).skill_levels if lvl is not SkillLevel.INABILITY
    ]
    if any(s.level is SkillLevel.PRACTICED for s in in_use(ch.skills)):
        levels.insert(0, SkillLevel.PRACTICED)  # listed without training: eases nothing
    levels.append(SkillLevel.INABILITY)
    columns = [Column(tr("Skill"))] + [
        Column(skill_level_label(lvl)[0], width=17.0, align="center") for lvl in levels
    ]
    data: list[list[Cell]] = [
        [_joined(skill_title(s), s.description), *(s.level is lvl for lvl in levels)]
        for s in in_use(ch.skills)
    ]
    if blank or not data:
        data.extend([["", *(False for _ in levels)] for _ in range(PENCIL_LINES)])
    header, body = table_rows(c, columns, data, width)
    legend = " · ".join(
        f"{skill_level_label(lvl)[0]} {skill_level_label(lvl).lower()}" for lvl in levels
    )
    rows = [*body, *archived_rows(c, ch.skills, width), *note_rows(c, legend, width)]
    return section(c, tr("Skills"), rows, repeat=header)


def abilities(c: Canvas, ch: Character, width: float, blank: bool) -> list[Row]:
    """Special abilities: name and cost, kind/tier/source, description."""
    body: list[Row] = []
    for ability in in_use(ch.abilities):
        body.extend(
            entry_rows(
                c,
                width,
                ability.name,
                ability_cost(ability),
                ability_meta(ability),
                ability.description,
            )
        )
    body.extend(archived_rows(c, ch.abilities, width))
    if ch.prepared_spells:
        spells = sum(1 for a in ch.abilities if a.spell_tier is not None)
        body.extend(
            note_rows(
                c,
                tr("Spells: {known} known, {prepared} prepared at a time.").format(
                    known=spells, prepared=ch.prepared_spells
                ),
                width,
            )
        )
    if blank:
        body.extend(pencil_rows(PENCIL_LINES + 3))
    if not body:
        return []
    return section(c, tr("Special abilities"), body)


def attacks(c: Canvas, ch: Character, width: float, blank: bool) -> list[Row]:
    """Weapons: category, damage and range."""
    columns = [
        Column(tr("Weapon")),
        Column(tr("Type"), width=64),
        Column(tr("Damage"), width=38, align="center"),
        Column(tr("Range"), width=52),
    ]
    data: list[list[Cell]] = [
        [
            _joined(
                priced(w.name, w.price), "; ".join(t for t in (weapon_use_text(w), w.notes) if t)
            ),
            weapon_type_text(w),
            weapon_damage_text(w),
            w.range,
        ]
        for w in in_use(ch.weapons)
    ]
    if blank or not data:
        data.extend([["", "", "", ""] for _ in range(2)])
    header, body = table_rows(c, columns, data, width)
    body.extend(archived_rows(c, ch.weapons, width))
    return section(c, tr("Attacks"), body, repeat=header)


def _armor_name(armor: Armor) -> str:
    return armor.name if armor.worn else tr("{name} (not worn)").format(name=armor.name)


def armor(c: Canvas, ch: Character, width: float, blank: bool) -> list[Row]:
    """Armor worn (and shields in `cypher`), with what each does."""
    profile = get_profile(ch.profile)
    rows: list[Row] = []
    if ch.armor or blank:
        if profile.armor_subtracts:
            columns = [
                Column(tr("Armor")),
                Column(tr("Type"), width=60),
                Column(tr("Armor"), width=34, align="center"),
                Column(tr("Speed cost"), width=46, align="center"),
            ]
            data: list[list[Cell]] = [
                [
                    _joined(priced(_armor_name(a), a.price), a.notes),
                    armor_type_text(a),
                    str(armor_number(a)) if a.worn else "—",
                    str(a.speed_cost) if a.worn else "—",
                ]
                for a in in_use(ch.armor)
            ]
        else:
            columns = [
                Column(tr("Armor")),
                Column(tr("Type"), width=60),
                Column(tr("Defense"), width=96),
            ]
            data = [
                [
                    _joined(priced(_armor_name(a), a.price), a.notes),
                    armor_type_text(a),
                    armor_defense_text(a),
                ]
                for a in in_use(ch.armor)
            ]
        if blank:
            data.extend([["" for _ in columns] for _ in range(2)])
        header, body = table_rows(c, columns, data, width)
        rows.extend([*header, *body, *archived_rows(c, ch.armor, width)])
    if ch.armor_cost_reduction:
        rows.extend(
            note_rows(
                c,
                tr("Cost of wearing armor reduced by {n}.").format(n=ch.armor_cost_reduction),
                width,
            )
        )
    if ch.shields:
        columns = [
            Column(tr("Shield")),
            Column(tr("Minor"), width=36),
            Column(tr("Moderate"), width=40),
            Column(tr("Major"), width=30),
            Column(tr("Broken"), width=34, align="center"),
        ]
        data = [
            [s.name, Boxes(s.minor, 3), Boxes(s.moderate, 2), Boxes(s.major, 1), s.broken]
            for s in ch.shields
        ]
        header, body = table_rows(c, columns, data, width)
        rows.extend([*header, *body])
    if not rows:
        return []
    return section(c, tr("Armor"), rows)


def cyphers(c: Canvas, ch: Character, width: float, blank: bool) -> list[Row]:
    """Cyphers carried against the limit, with a warning when over it."""
    count, limit = len(ch.cyphers), ch.cypher_limit
    over = count > limit
    note = tr("{count} of {limit} carried").format(count=count, limit=limit)
    body: list[Row] = []
    if over:
        body.extend(
            paragraph_rows(
                c,
                tr("Over the limit: {count} cyphers carried, limit {limit}.").format(
                    count=count, limit=limit
                ),
                width,
                f=font(8.5, bold=True),
            )
        )
    for cypher in ch.cyphers:
        level = str(cypher.level) if cypher.level is not None else cypher.level_dice
        right = tr("Level {level}").format(level=level) if level else ""
        meta = " · ".join(t for t in (cypher_type_text(cypher), cypher.form) if t)
        body.extend(entry_rows(c, width, shown_name(cypher), right, meta, cypher.effect))
    if blank:
        body.extend(pencil_rows(max(limit - count, 0) * 2))
    elif not ch.cyphers:
        body.extend(note_rows(c, tr("No cyphers carried."), width))
    return section(c, tr("Cyphers"), body, note=(note.upper() if over else note))


def artifacts(c: Canvas, ch: Character, width: float, blank: bool) -> list[Row]:
    """Artifacts with level and depletion."""
    body: list[Row] = []
    for art in ch.artifacts:
        level = str(art.level) if art.level is not None else art.level_dice
        right = tr("Level {level}").format(level=level) if level else ""
        meta = tr("Depletion: {d}").format(d=art.depletion or "—")
        if art.depleted:
            meta += " · " + tr("DEPLETED")
        if art.form:
            meta += " · " + art.form
        body.extend(entry_rows(c, width, shown_name(art), right, meta, art.effect))
    if blank or not ch.artifacts:  # a find is pencilled in during play
        body.extend(pencil_rows(PENCIL_LINES))
    return section(c, tr("Artifacts"), body)


def oddities(c: Canvas, ch: Character, width: float, blank: bool) -> list[Row]:
    """Oddities: curiosities to barter."""
    body: list[Row] = []
    for odd in ch.oddities:
        body.extend(entry_rows(c, width, odd.name, body=odd.description))
    if blank or not ch.oddities:  # a find is pencilled in during play
        body.extend(pencil_rows(PENCIL_LINES - 1))
    return section(c, tr("Oddities"), body)


def equipment(c: Canvas, ch: Character, width: float, blank: bool) -> list[Row]:
    """Ordinary gear with quantities, then ammo and materials apart, and the shins."""
    rows: list[Row] = []
    for kind, title in (
        (GearKind.EQUIPMENT, tr("Item")),
        (GearKind.AMMO, tr("Ammo")),
        (GearKind.MATERIAL, tr("Material")),
    ):
        gear = [e for e in in_use(ch.equipment) if e.kind is kind]
        if not gear and not (kind is GearKind.EQUIPMENT and (blank or not ch.equipment)):
            continue
        levels = any(e.level is not None for e in gear)
        columns = [
            Column(tr("Qty"), width=24, align="center"),
            Column(title),
            *([Column(tr("Level"), width=30, align="center")] if levels else []),
            Column(tr("Price"), width=48),
        ]
        data: list[list[Cell]] = [
            [
                str(e.quantity),
                _joined(e.name, e.description),
                *([str(e.level) if e.level is not None else ""] if levels else []),
                e.price,
            ]
            for e in gear
        ]
        if kind is GearKind.EQUIPMENT and (blank or not data):
            data.extend([["" for _ in columns] for _ in range(PENCIL_LINES)])
        header, body = table_rows(c, columns, data, width)
        rows.extend([*header, *body])
    rows.extend(archived_rows(c, ch.equipment, width))
    shins = money_rows(c, ch, width)
    for row in shins:
        row.keep_with_next = True  # never alone at the foot of a column
    return section(c, tr("Equipment"), [*shins, *rows])


def followers(c: Canvas, ch: Character, width: float) -> list[Row]:
    """Followers: level, health, task modifiers, notes."""
    body: list[Row] = []
    for f in ch.followers:
        health = f.health if f.health is not None else 3 * f.level
        meta = tr("Health {health} · acquired at tier {tier}").format(
            health=health, tier=f.acquired_at_tier
        )
        mods = modifiers_text(f.modifiers)
        if mods:
            meta += " · " + mods
        meta = " · ".join(part for part in (f.category, f.disposition, meta) if part)
        right = tr("Level {level}").format(level=f.level)
        details = "\n".join([*(item.line() for item in f.items), f.notes]).strip()
        body.extend(entry_rows(c, width, f.name, right, meta, details))
    return section(c, tr("Followers"), body) if body else []


def writing(c: Canvas, ch: Character, width: float, blank: bool) -> list[Row]:
    """Background, connections and notes (with lines to write on when blank)."""
    rows: list[Row] = []
    # notes are written during play: their lines stay on a filled sheet too
    for title, text, kept in (
        (tr("Background"), ch.background, False),
        (tr("Connections"), ch.connections, False),
        (tr("Notes"), ch.notes, True),
    ):
        body = paragraph_rows(c, text, width) if text.strip() else []
        if blank or (kept and not text.strip()):
            body.extend(pencil_rows(PENCIL_LINES + 3))
        if body:
            rows.extend(section(c, title, body))
    return rows
