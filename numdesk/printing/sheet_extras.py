"""The sheet parts beyond the core form (RULES.md S): extra Pools, stress, extra
recoveries, power shifts, recursions and tags, lasting damage, money in several
currencies and a second form.

Each function returns rows for one column width and nothing at all when the character
has no such part, so a sheet without them prints exactly as before.
"""

from __future__ import annotations

from numdesk.model.character import Character
from numdesk.model.extras import LastingDamage, Recursion, SecondForm
from numdesk.model.operations.recursions import members
from numdesk.printing.blocks import (
    Cell,
    Column,
    entry_rows,
    label_value_rows,
    note_rows,
    section,
    table_rows,
)
from numdesk.printing.canvas import Canvas, tr
from numdesk.printing.flow import Row
from numdesk.printing.labels import (
    ability_cost,
    armor_type_text,
    damage_state_name,
    money_label,
    skill_level_label,
    skill_title,
    stat_label,
    weapon_damage_text,
    weapon_type_text,
    weapon_use_text,
)
from numdesk.rules.types import AbilityKind, Rest, Stat


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"−{-n}"


def _pool_columns() -> list[Column]:
    """Pool tables: name, current, maximum, Edge."""
    return [
        Column(tr("Pool")),
        Column(tr("Current"), width=44, align="center"),
        Column(tr("Maximum"), width=48, align="center"),
        Column(tr("Edge"), width=32, align="center"),
    ]


def pools_and_state(c: Canvas, ch: Character, width: float) -> list[Row]:
    """Extra Pools (Luck) with current, maximum and Edge; stress; extra recoveries."""
    rows: list[Row] = []
    if ch.extra_pools:
        columns = _pool_columns()
        data: list[list[Cell]] = [
            [p.name, str(p.current), str(p.maximum), str(p.edge)] for p in ch.extra_pools
        ]
        header, body = table_rows(c, columns, data, width)
        rows.extend([*header, *body])
    if ch.stress:
        rows.extend(label_value_rows(c, tr("Stress"), str(ch.stress), width))
    for rest, label in (
        (Rest.ONE_ACTION, tr("Extra one-action recoveries")),
        (Rest.TEN_MINUTES, tr("Extra ten-minute recoveries")),
    ):
        have = ch.extra_recoveries.count(rest)
        if have:
            used = ch.extra_recoveries_used.count(rest)
            value = tr("{used} used of {have}").format(used=used, have=have)
            rows.extend(label_value_rows(c, label, value, width))
    return section(c, tr("More Pools and recoveries"), rows) if rows else []


def power_shifts(c: Canvas, ch: Character, width: float) -> list[Row]:
    """Power shifts: area, number of shifts, whether the boost is temporary."""
    body: list[Row] = []
    for shift in ch.power_shifts:
        right = (tr("1 shift") if shift.shifts == 1 else tr("{n} shifts")).format(n=shift.shifts)
        meta = tr("Temporary") if shift.temporary else ""
        body.extend(entry_rows(c, width, shift.name, right, meta, shift.description))
    return section(c, tr("Power shifts"), body) if body else []


def _changes_text(r: Recursion) -> str:
    parts = [
        tr("{stat} Pool {n}").format(stat=stat_label(s), n=_signed(n))
        for s in Stat
        if (n := r.pool_changes.get(s))
    ]
    parts += [
        tr("{stat} Edge {n}").format(stat=stat_label(s), n=_signed(n))
        for s in Stat
        if (n := r.edge_changes.get(s))
    ]
    return ", ".join(parts)


def recursions(c: Canvas, ch: Character, width: float) -> list[Row]:
    """Recursions and tags, the active ones marked, with focus, Pool changes and the items
    that belong to each (those of inactive ones are printed as archived)."""
    body: list[Row] = []
    for r in ch.recursions:
        kind = tr("Tag") if r.kind == "tag" else tr("Recursion")
        meta = [kind]
        if r.exclusive:
            meta.append(tr("only one at a time"))
        if r.focus:
            meta.append(tr("focus: {focus}").format(focus=r.focus))
        if changes := _changes_text(r):
            meta.append(changes)
        title = f"● {r.name}" if r.active else r.name
        right = tr("ACTIVE") if r.active else ""
        names = [item.name for item in members(ch, r.name)]
        held = tr("Items: {names}").format(names="; ".join(names)) if names else ""
        text = "\n".join(t for t in (held, r.description) if t)
        body.extend(entry_rows(c, width, title, right, " · ".join(meta), text))
    if not body:
        return []
    return section(c, tr("Recursions and tags"), body)


def _lasting_rows(c: Canvas, items: list[LastingDamage], width: float) -> list[Row]:
    body: list[Row] = []
    for d in items:
        right = str(d.amount) if d.amount else ""
        meta = [tr("Permanent") if d.permanent else tr("Heals over time")]
        if d.stat is not None:
            meta.append(stat_label(d.stat))
        if d.effect:
            meta.append(d.effect)
        body.extend(entry_rows(c, width, d.name, right, " · ".join(meta), d.description))
    return body


def lasting_damage(c: Canvas, ch: Character, width: float) -> list[Row]:
    """Lasting damage: amount, stat, effect, whether it is permanent."""
    body = _lasting_rows(c, ch.lasting_damage, width)
    return section(c, tr("Lasting damage"), body) if body else []


def money_rows(c: Canvas, ch: Character, width: float) -> list[Row]:
    """The first money under its own currency name (the rules' when none), then the others."""
    rows = label_value_rows(c, money_label(ch), str(ch.shins), width)
    for m in ch.money:
        rows.extend(label_value_rows(c, m.currency.capitalize(), str(m.amount), width))
    return rows


def second_form(c: Canvas, ch: Character, width: float) -> list[Row]:
    """The second form: name, descriptor, in play or not, its Pools, damage and gear."""
    form = ch.second_form
    if form is None:
        return []
    body: list[Row] = []
    title = form.name + (f" ({form.descriptor})" if form.descriptor else "")
    state = tr("IN PLAY") if form.active else tr("not in play")
    body.extend(entry_rows(c, width, title, state))
    columns = _pool_columns()
    data: list[list[Cell]] = [
        [stat_label(s), str(p.current), str(p.maximum), str(p.edge)]
        for s in Stat
        if (p := form.pools.get(s)) is not None
    ]
    if (extra := form.extra_pool) is not None:
        data.append([extra.name, str(extra.current), str(extra.maximum), str(extra.edge)])
    if data:
        header, rows = table_rows(c, columns, data, width)
        body.extend([*header, *rows])
    facts = tr("Damage: {state}").format(state=damage_state_name(form.damage_track))
    if form.armor_total:
        facts += " · " + tr("Armor {n}").format(n=form.armor_total)
    body.extend(label_value_rows(c, tr("State"), facts, width))
    for label, lines in _form_items(form):
        if lines:
            body.extend(label_value_rows(c, label, " · ".join(lines), width))
    body.extend(_lasting_rows(c, form.lasting_damage, width))
    if form.description.strip():
        body.extend(note_rows(c, form.description, width))
    if form.notes.strip():
        body.extend(label_value_rows(c, tr("Notes"), form.notes, width))
    return section(c, tr("Second form"), body)


def _item(name: str, parts: list[str], text: str) -> str:
    """ "Name (part, part): text", leaving out what is empty."""
    head = f"{name} ({', '.join(p for p in parts if p)})" if any(parts) else name
    return f"{head}: {text}" if text else head


def _form_items(form: SecondForm) -> list[tuple[str, list[str]]]:
    """The second form's skills, abilities, attacks and armor, each with its values."""
    enabler = tr("enabler")
    return [
        (
            tr("Skills"),
            [
                _item(skill_title(s), [skill_level_label(s.level).lower()], s.description)
                for s in form.skills
            ],
        ),
        (
            tr("Abilities"),
            [
                _item(
                    a.name,
                    [ability_cost(a), enabler if a.kind is AbilityKind.ENABLER else ""],
                    a.description,
                )
                for a in form.abilities
            ],
        ),
        (
            tr("Attacks"),
            [
                _item(
                    w.name,
                    [
                        weapon_type_text(w).lower(),
                        tr("{n} damage").format(n=weapon_damage_text(w)),
                        w.range,
                        weapon_use_text(w),
                    ],
                    w.notes,
                )
                for w in form.weapons
            ],
        ),
        (
            tr("Armor"),
            [
                _item(
                    a.name,
                    [
                        armor_type_text(a).lower(),
                        tr("Armor {n}").format(n=a.value) if a.value is not None else "",
                    ],
                    a.notes,
                )
                for a in form.armor
            ],
        ),
    ]
