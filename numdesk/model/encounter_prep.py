"""Preparing an encounter: combatants made from library entries, the party-vs-NPC
summary, a fresh copy of a fight to run again, and the log as Markdown.

Combatants link to their library entry (`source_uid`) instead of copying the stat
block, so a creature fixed in the library is fixed in every encounter; each instance
keeps only what changes in a fight (its own health, conditions, initiative).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence

from numdesk.model.character import Character
from numdesk.model.creature import Creature
from numdesk.model.encounter import Combatant, Encounter
from numdesk.model.errors import DomainError
from numdesk.model.follower import Follower
from numdesk.model.items import new_uid
from numdesk.model.operations.encounter_base import ROLLING_SIDES, compute_order
from numdesk.rules.profiles import Profile, get_profile
from numdesk.rules.types import ActionTiming, ObjectState

MAX_COUNT = 50


def pc_combatant(character: Character) -> Combatant:
    """A PC linked to its real sheet; its level shows its tier."""
    return Combatant(name=character.name, side="pc", source_uid=character.uid, level=character.tier)


def creature_combatants(
    creature: Creature, count: int, taken_names: Sequence[str] = ()
) -> list[Combatant]:
    """`count` instances of a creature, each with its own health: "Bandit 1".."Bandit 4".

    A single creature keeps its plain name unless that name is taken; numbering goes on
    after the highest number already in use, so adding two more bandits later gives
    "Bandit 5" and "Bandit 6". A plain "Bandit" already there counts as the first:
    the next one is "Bandit 2".
    """
    if not 1 <= count <= MAX_COUNT:
        raise DomainError(f"Add between 1 and {MAX_COUNT} creatures at a time.", "count")
    base = creature.name.strip() or "Creature"
    taken = {n.casefold() for n in taken_names}
    pattern = re.compile(rf"^{re.escape(base.casefold())} (\d+)$")
    used = [int(m.group(1)) for n in taken if (m := pattern.match(n))]
    if count == 1 and base.casefold() not in taken and not used:
        names = [base]
    else:
        start = max(used, default=1 if base.casefold() in taken else 0) + 1
        names = [f"{base} {start + i}" for i in range(count)]
    maximum = creature.max_health
    health = maximum if creature.current_health is None else creature.current_health
    return [
        Combatant(
            name=name,
            side="npc",
            source_uid=creature.uid,
            level=creature.level,
            health=max(0, min(health, maximum)),
            max_health=maximum,
            armor=creature.armor,
            armor_against=dict(creature.armor_against),
        )
        for name in names
    ]


def follower_combatant(follower: Follower) -> Combatant:
    """A follower on the PCs' side; health 3 × level unless its entry says otherwise (C14),
    starting at its current health when it was saved hurt, with the Armor its entry gives."""
    maximum = follower.health if follower.health is not None else 3 * follower.level
    health = maximum if follower.current_health is None else follower.current_health
    return Combatant(
        name=follower.name,
        side="follower",
        source_uid=follower.uid,
        level=follower.level,
        health=max(0, min(health, maximum)),
        max_health=maximum,
        armor=follower.armor,
    )


def object_combatant(name: str, level: int, profile: Profile) -> Combatant:
    """A door, wall or window: a level and the profile's object model (N9 or C11)."""
    if not 1 <= level <= 10:
        raise DomainError("An object's level runs from 1 to 10.", "level")
    health = 0 if profile.objects_use_track else level
    return Combatant(
        name=name,
        side="object",
        level=level,
        health=health,
        max_health=health,
        object_state=ObjectState.INTACT,
    )


def prepared_copy(encounter: Encounter, name: str) -> Encounter:
    """A new encounter with the same combatants, as it was before the fight began.

    For running a saved fight again (another group, another evening) while keeping the
    record of the first: round 0, an empty log, everyone at full health and intact,
    no conditions, no defeat, no First/Last/waiting choices and no PC initiative (the
    players roll again; each PC's easing steps are kept). Fresh combatant uids, so the
    copy shares nothing with the original; PCs still link to their real sheets.
    """
    fresh = Encounter(
        name=name,
        profile=encounter.profile,
        group_npc_initiative=encounter.group_npc_initiative,
        notes=encounter.notes,
        uid=new_uid(),
    )
    for old in encounter.combatants:
        fresh.combatants.append(
            Combatant(
                name=old.name,
                side=old.side,
                source_uid=old.source_uid,
                level=old.level,
                health=old.max_health,
                max_health=old.max_health,
                armor=old.armor,
                armor_against=dict(old.armor_against),
                initiative=None if old.side in ROLLING_SIDES else old.initiative,
                timing=ActionTiming.NORMAL,
                object_state=ObjectState.INTACT,
                notes=old.notes,
                initiative_eases=old.initiative_eases,
            )
        )
    fresh.order = compute_order(fresh)
    return fresh


def summary(encounter: Encounter, tiers: Mapping[str, int]) -> str:
    """One line comparing the NPC levels with the party's tiers.

    `tiers` maps a PC's `source_uid` to its tier as stored in the library (the
    combatant's own level is only a fallback when the sheet cannot be read).
    """
    pcs = [c for c in encounter.combatants if c.side == "pc"]
    npcs = [c for c in encounter.combatants if c.side == "npc"]
    party = [tiers.get(c.source_uid or "", c.level) for c in pcs]
    parts = []
    if party:
        tier_text = _spread(party)
        parts.append(f"Party: {len(party)} PCs, tier {tier_text}")
    else:
        parts.append("Party: no PCs yet")
    if npcs:
        counts = Counter(c.level for c in npcs)
        levels = ", ".join(f"level {lvl} × {n}" for lvl, n in sorted(counts.items()))
        average = sum(c.level for c in npcs) / len(npcs)
        parts.append(f"NPCs: {len(npcs)} ({levels}; average {average:.1f})")
        if party:
            diff = max(c.level for c in npcs) - max(party)
            if diff > 0:
                parts.append(f"the toughest NPC is {diff} above the highest tier")
            else:
                parts.append("no NPC is above the highest tier")
    else:
        parts.append("NPCs: none yet")
    return " · ".join(parts)


def _spread(values: Sequence[int]) -> str:
    low, high = min(values), max(values)
    average = sum(values) / len(values)
    span = str(low) if low == high else f"{low}–{high}"
    return f"{span} (average {average:.1f})"


def log_markdown(encounter: Encounter) -> str:
    """The encounter log as a Markdown document: one section per round."""
    try:
        rules = get_profile(encounter.profile).label
    except KeyError:
        rules = encounter.profile
    lines = [f"# {encounter.name}", "", f"Rules: {rules}"]
    current: int | None = None
    for entry in encounter.log:
        if entry.round != current:
            current = entry.round
            title = "Preparation" if current == 0 else f"Round {current}"
            lines += ["", f"## {title}", ""]
        clock = entry.at[11:19] if len(entry.at) >= 19 else entry.at
        text = entry.text.replace("\n", " ")
        lines.append(f"- `{clock}` {text}")
    if not encounter.log:
        lines += ["", "_Nothing has happened yet._"]
    return "\n".join(lines).rstrip() + "\n"
