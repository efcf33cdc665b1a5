"""An encounter sheet for the GM's table: who fights in which order, boxes to tick off
health, a round counter, and the stat blocks of every creature taking part.

Combatants link to library entries (`source_uid`); the caller passes the creatures and
characters it loaded for those links. A link that no longer resolves still prints its
combatant row; only its stat block is missing.
"""

from __future__ import annotations

from collections.abc import Mapping

from numdesk.model.character import Character
from numdesk.model.creature import Creature
from numdesk.model.encounter import Combatant, Encounter
from numdesk.printing.blocks import (
    Boxes,
    Cell,
    Column,
    label_value_rows,
    note_rows,
    paragraph_rows,
    section,
    table_rows,
)
from numdesk.printing.canvas import Canvas, font, tr
from numdesk.printing.flow import Page, Row, column_frames, flow_rows
from numdesk.printing.furniture import FOOTER, LATER_TOP, page_furniture
from numdesk.printing.labels import stat_label
from numdesk.printing.statblocks import plan_creatures
from numdesk.rules.initiative import InitiativeEntry, npc_initiative, turn_order
from numdesk.rules.profiles import get_profile
from numdesk.rules.types import STAT_ORDER

#: More health than this prints as a number to write down rather than boxes.
MAX_HEALTH_BOXES = 60
ROUNDS_TO_TICK = 12


def initiative_value(combatant: Combatant) -> int:
    """What orders a combatant: its rolled initiative, else an NPC's target number, else 0."""
    if combatant.initiative is not None:
        return combatant.initiative
    if combatant.side == "npc":
        return npc_initiative(min(max(combatant.level, 1), 10))
    return 0


def initiative_order(encounter: Encounter) -> list[Combatant]:
    """Combatants in the order they act (G12); unrolled PCs come last, to fill in."""
    entries = [
        InitiativeEntry(c.uid, c.side != "npc", initiative_value(c)) for c in encounter.combatants
    ]
    order = turn_order(
        get_profile(encounter.profile), entries, group_npcs=encounter.group_npc_initiative
    )
    by_uid = {c.uid: c for c in encounter.combatants}
    return [by_uid[uid] for uid in order.ids]


def _side_label(side: str) -> str:
    return {
        "pc": tr("PC"),
        "npc": tr("NPC"),
        "follower": tr("follower"),
        "object": tr("object"),
    }.get(side, side)


def _name_cell(c: Combatant, blank: bool) -> str:
    """The combatant, and how it stands now unless the sheet is blank (for pencil)."""
    parts = [f"{c.name} ({_side_label(c.side)})"]
    if c.defeated and not blank:
        parts.append(tr("defeated: {how}").format(how=c.defeated))
    if c.conditions and not blank:
        names = ", ".join(cond.name for cond in c.conditions)
        parts.append(tr("conditions: {names}").format(names=names))
    if c.notes:
        parts.append(c.notes)
    return " — ".join(parts)


def _wound_rows(character: Character | None, blank: bool) -> list[list[Cell]]:
    """A wound-rules PC's wound slots as boxes to tick, one row per severity (C1); the
    wounds it has are ticked unless the sheet is blank."""
    if character is None or get_profile(character.profile).uses_damage_track:
        return []
    w = character.wounds
    rows: list[list[Cell]] = []
    for label, taken, slots in (
        (tr("minor wounds"), w.minor, w.minor_slots),
        (tr("moderate wounds"), w.moderate, w.moderate_slots),
        (tr("major wounds"), w.major, w.major_slots),
    ):
        rows.append(["", "", f"    {label}", "", "", Boxes(0 if blank else taken, slots)])
    return rows


def _health_cell(c: Combatant, character: Character | None, blank: bool) -> Cell:
    if c.side == "pc":
        if character is None:
            return ""
        pools = []
        for stat in STAT_ORDER:
            pool = character.pool(stat)
            now = "__" if blank else str(pool.current)
            pools.append(f"{stat_label(stat)} {now}/{pool.maximum}")
        if not get_profile(character.profile).uses_damage_track and not blank:
            w = character.wounds
            pools.append(
                tr("wounds {minor} minor, {moderate} moderate, {major} major").format(
                    minor=w.minor, moderate=w.moderate, major=w.major
                )
            )
        return " · ".join(pools)
    if 0 < c.max_health <= MAX_HEALTH_BOXES:
        taken = 0 if blank else max(0, c.max_health - c.health)
        return Boxes(taken, c.max_health)
    if c.max_health > MAX_HEALTH_BOXES:
        return f"__ / {c.max_health}" if blank else f"{c.health} / {c.max_health}"
    return ""


def combatant_rows(
    cv: Canvas,
    encounter: Encounter,
    characters_by_uid: Mapping[str, Character],
    width: float,
    blank: bool,
) -> list[Row]:
    """The combatants table in initiative order."""
    columns = [
        Column("#", width=16, align="center"),
        Column(tr("Init"), width=28, align="center"),
        Column(tr("Combatant"), share=1.0),
        Column(tr("Level / target"), width=60, align="center"),
        Column(tr("Armor"), width=32, align="center"),
        Column(tr("Health"), share=1.1),
    ]
    data: list[list[Cell]] = []
    for n, c in enumerate(initiative_order(encounter), start=1):
        character = characters_by_uid.get(c.source_uid or "")
        shown_init = "" if c.initiative is None or blank else str(c.initiative)
        level = "" if c.side == "pc" else f"{c.level} / {3 * c.level}"
        data.append(
            [
                str(n),
                shown_init,
                _name_cell(c, blank),
                level,
                str(c.armor),
                _health_cell(c, character, blank),
            ]
        )
        if c.side == "pc":
            data += _wound_rows(character, blank)
    if not data:
        return section(
            cv, tr("Combatants"), note_rows(cv, tr("Nobody is in this fight yet."), width)
        )
    header, body = table_rows(cv, columns, data, width)
    return section(cv, tr("Combatants in initiative order"), body, repeat=header)


def _round_rows(cv: Canvas, encounter: Encounter, width: float, blank: bool) -> list[Row]:
    """A strip of numbered boxes to tick off rounds."""
    done = 0 if blank else min(encounter.round, ROUNDS_TO_TICK)
    columns = [
        Column(str(n), width=width / ROUNDS_TO_TICK, align="center")
        for n in range(1, ROUNDS_TO_TICK + 1)
    ]
    header, body = table_rows(
        cv, columns, [[n <= done for n in range(1, ROUNDS_TO_TICK + 1)]], width
    )
    return section(cv, tr("Rounds"), [*header, *body])


def plan_encounter(
    cv: Canvas,
    encounter: Encounter,
    creatures_by_uid: Mapping[str, Creature],
    characters_by_uid: Mapping[str, Character],
    blank: bool = False,
) -> list[Page]:
    """The pages of an encounter sheet: header, combatants, rounds, notes, stat blocks."""
    width = cv.width
    bottom = cv.height - FOOTER
    profile = get_profile(encounter.profile)
    title_font = font(16.0, bold=True)
    title_lines = cv.wrap(encounter.name, title_font, width) or [""]
    lh = cv.line_height(title_font)

    def draw_title(c: Canvas, x: float, y: float, w: float) -> None:
        for i, line in enumerate(title_lines):
            c.text(x, y + i * lh, line, title_font)
        c.hline(x, x + w, y + len(title_lines) * lh + 1, weight=1.8)

    rows: list[Row] = [Row(len(title_lines) * lh + 4, draw_title, keep_with_next=True)]
    facts = tr("Encounter · {rules}").format(rules=profile.label)
    if encounter.round and not blank:
        facts += " · " + tr("round {n}").format(n=encounter.round)
    rows.extend(paragraph_rows(cv, facts, width, font(7.5, italic=True)))
    rows.extend(combatant_rows(cv, encounter, characters_by_uid, width, blank))
    rows.extend(_round_rows(cv, encounter, width, blank))
    if encounter.notes.strip():
        rows.extend(section(cv, tr("Notes"), paragraph_rows(cv, encounter.notes, width)))
    missing = [
        c.name
        for c in encounter.combatants
        if c.side == "npc" and c.source_uid and c.source_uid not in creatures_by_uid
    ]
    if missing:
        rows.extend(
            label_value_rows(cv, tr("No stat block in the library for"), ", ".join(missing), width)
        )
    pages: list[Page] = []
    end = flow_rows(rows, column_frames(0, 0.0, 0, width, bottom, LATER_TOP), pages)
    seen: dict[str, Creature] = {}
    for c in encounter.combatants:
        creature = creatures_by_uid.get(c.source_uid or "")
        if creature is not None:
            seen.setdefault(creature.uid, creature)
    if seen:
        plan_creatures(
            cv,
            list(seen.values()),
            title=tr("Stat blocks"),
            first_page=end.page,
            first_top=end.y + 14.0,
            pages=pages,
            blank=True,
        )
    page_furniture(pages, encounter.name, tr("Encounter sheet"))
    return pages
