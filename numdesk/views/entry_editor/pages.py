"""Readable pages for library entries: a template as a rulebook page shows it (Pools,
abilities by tier as a table, characteristics, links, background table) and a creature
as a stat block. The entry editor opens these kinds on this page; Edit shows the form.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication

from numdesk.model.creation_effects import descriptor_effects
from numdesk.model.creature import Creature, block_numbers, item_groups
from numdesk.model.tables import RollTable
from numdesk.model.templates import SentenceTemplate, TierAbilities, TypeTemplate
from numdesk.rules.profiles import get_profile
from numdesk.rules.types import Stat

translate = QCoreApplication.translate

_STYLE = (
    "<style>table{border-collapse:collapse;margin:4px 0 10px 0;}"
    "th{background:#e6e1d6;color:#222;text-align:left;padding:3px 8px;}"
    "td{padding:3px 8px;vertical-align:top;border-bottom:1px solid #ccc;}"
    "h2{margin-top:14px;margin-bottom:4px;}</style>"
)


def _e(text: object) -> str:
    return html.escape(str(text))


def _t(text: str) -> str:
    return translate("EntryPage", text)


def _given(value: int | None) -> str:
    return "—" if value is None else str(value)


def _rules(profile: str) -> str:
    """The rules' name as the user reads it (a house rules set by its name, not its uid)."""
    try:
        return get_profile(profile).label
    except KeyError:
        return profile


def _heading(name: str, subtitle: str, description: str) -> list[str]:
    parts = [_STYLE, f"<h1>{_e(name)}</h1>", f"<p><i>{_e(subtitle)}</i></p>"]
    if description:
        parts.append("".join(f"<p>{_e(p)}</p>" for p in description.split("\n") if p.strip()))
    return parts


def _tiers_table(tiers: list[TierAbilities]) -> str:
    if not tiers:
        return f"<p>{_e(_t('No abilities by tier.'))}</p>"
    rows = [
        f"<tr><th>{_e(_t('Tier'))}</th><th>{_e(_t('Ability'))}</th>"
        f"<th>{_e(_t('Given or chosen'))}</th><th>{_e(_t('Cost'))}</th>"
        f"<th>{_e(_t('What it does'))}</th></tr>"
    ]
    for group in sorted(tiers, key=lambda g: (g.tier, g.choose != 0)):
        grants = group.choose == 0 or group.choose >= len(group.abilities)
        how = _t("✔ given") if grants else _t("choose {0}").format(group.choose)
        for ability in group.abilities:
            text = ability.description
            short = text if len(text) <= 220 else text[:217].rsplit(" ", 1)[0] + "…"
            rows.append(
                f"<tr><td>{group.tier}</td><td><b>{_e(ability.name)}</b></td><td>{_e(how)}</td>"
                f"<td>{_e(ability.cost_text or (ability.cost or ''))}</td><td>{_e(short)}</td></tr>"
            )
    return "<table width='100%'>" + "".join(rows) + "</table>"


def _list(title: str, items: list[str]) -> str:
    if not items:
        return ""
    return f"<h2>{_e(title)}</h2><ul>" + "".join(f"<li>{_e(i)}</li>" for i in items) + "</ul>"


def type_page(entry: TypeTemplate, background: RollTable | None = None) -> str:
    """A type as its rulebook page: Pools and Edges, starting values, abilities by tier."""
    subtitle = _t("Type · {0} rules").format(_rules(entry.profile))
    parts = _heading(entry.name, subtitle, entry.description)
    head = "".join(f"<th>{_e(_t(s.value.capitalize()))}</th>" for s in Stat)
    pools = "".join(f"<td>{_given(entry.pools.get(s))}</td>" for s in Stat)
    edges = "".join(f"<td>{_given(entry.edges.get(s))}</td>" for s in Stat)
    parts.append(
        f"<h2>{_e(_t('Stat Pools'))}</h2><table><tr><th></th>{head}</tr>"
        f"<tr><th>{_e(_t('Pool'))}</th>{pools}</tr><tr><th>{_e(_t('Edge'))}</th>{edges}</tr>"
        "</table>"
    )
    values = [
        (_t("Effort"), entry.effort),
        (_t("Cypher limit"), entry.cypher_limit),
        (_t("Extra points to divide"), entry.starting_points),
        (_t("Starting shins"), entry.shins),
    ]
    parts.append(
        "<table>"
        + "".join(f"<tr><th>{_e(k)}</th><td>{_given(v)}</td></tr>" for k, v in values)
        + "</table>"
    )
    if any(v is None for _k, v in values) or any(v is None for v in entry.pools.values()):
        parts.append(
            f"<p><i>{_e(_t('— : not given; the New Character wizard asks the player.'))}</i></p>"
        )
    parts.append(f"<h2>{_e(_t('Abilities by tier'))}</h2>{_tiers_table(entry.tiers)}")
    parts.append(_list(_t("Skills"), [f"{s.name} ({s.level.value})" for s in entry.skills]))
    parts.append(_list(_t("Equipment"), [e.name for e in entry.equipment]))
    parts.append(_list(_t("GM intrusions"), entry.intrusions))
    if entry.notes:
        parts.append(_list(_t("Notes"), entry.notes.splitlines()))
    if background is not None and background.rows:
        rows = "".join(
            f"<tr><td>{r.start if r.start == r.end else f'{r.start}–{r.end}'}</td>"
            f"<td>{_e(r.entry)}</td></tr>"
            for r in background.rows
        )
        parts.append(
            f"<h2>{_e(background.name)} (d{background.die})</h2><table width='100%'>{rows}</table>"
        )
    return "".join(parts)


def sentence_page(entry: SentenceTemplate) -> str:
    """A descriptor, focus or flavor: characteristics, what a new character gets, links."""
    subtitle = _t("{0} · {1} rules").format(_t(entry.part.capitalize()), _rules(entry.profile))
    parts = _heading(entry.name, subtitle, entry.description)
    if entry.characteristics:
        items = []
        for line in entry.characteristics:
            name, sep, text = line.partition(":")
            items.append(
                f"<li><b>{_e(name)}</b>: {_e(text)}</li>" if sep else f"<li>{_e(line)}</li>"
            )
        parts.append(f"<h2>{_e(_t('Characteristics'))}</h2><ul>{''.join(items)}</ul>")
    applied = [line for effect in descriptor_effects(entry) for line in effect.lines]
    parts.append(_list(_t("What a new character gets"), applied))
    if entry.tiers:
        parts.append(f"<h2>{_e(_t('Abilities by tier'))}</h2>{_tiers_table(entry.tiers)}")
    parts.append(_list(_t("Equipment"), [e.name for e in entry.equipment]))
    title = _t("Connections") if entry.part == "focus" else _t("Links to the adventure")
    parts.append(_list(title, entry.links))
    if entry.notes:
        parts.append(_list(_t("Notes"), entry.notes.splitlines()))
    return "".join(parts)


def creature_page(entry: Creature) -> str:
    """A creature or NPC as a stat block."""
    kind = {"npc": _t("NPC"), "community": _t("Community"), "vehicle": _t("Vehicle")}.get(
        entry.kind, _t("Creature")
    )
    parts = _heading(
        f"{entry.name} {entry.level} ({entry.target_number})",
        _t("{0} · {1} rules").format(kind, _rules(entry.profile)),
        entry.description,
    )
    rows = [
        (_t("Motive"), entry.motive),
        (_t("Environment"), entry.environment),
        (_t("Health"), entry.max_health),
        (_t("Health now"), "" if entry.current_health is None else entry.current_health),
        (_t("Damage inflicted"), entry.damage),
        (_t("Armor"), entry.armor or ""),
        *((_t(label), value) for label, value in block_numbers(entry)),
        (_t("Movement"), entry.movement),
        (_t("Modifications"), "; ".join(entry.modifications)),
        *((_t(title), " · ".join(lines)) for title, lines in item_groups(entry.items)),
        (_t("Combat"), entry.combat),
        (_t("Interaction"), entry.interaction),
        (_t("Use"), entry.use),
        (_t("Loot"), entry.loot),
        (_t("GM intrusions"), " ".join(entry.intrusions)),
    ]
    parts.append(
        "<table width='100%'>"
        + "".join(
            f"<tr><th width='22%'>{_e(k)}</th><td>{_e(v)}</td></tr>" for k, v in rows if v != ""
        )
        + "</table>"
    )
    return "".join(parts)
