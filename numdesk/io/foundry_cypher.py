"""Foundry VTT Cypher System player characters, in either data layout.

The layout tables (`foundry_cypher_v1`, `foundry_cypher_v2`) say where each value is;
this mapper turns them into a sheet: Pools and Edge, every damage-track state,
recoveries including extra ones, money with its currency named, extra Pools, stress,
the teen form as a second form, and the items (`foundry_sheet`).
"""

from __future__ import annotations

import re
from types import ModuleType
from typing import Any

from numdesk.io import foundry_cypher_v1, foundry_cypher_v2
from numdesk.io import foundry_items as fi
from numdesk.io.foundry_core import SourceActor
from numdesk.io.foundry_sheet import add_items
from numdesk.model.character import Character, StatPool
from numdesk.model.extras import ExtraPool, FormPool, Money, SecondForm
from numdesk.model.items import worn
from numdesk.rules.profiles import CYPHER, NUMENERA
from numdesk.rules.types import Advancement, DamageTrackState, Rest, Stat

TRACK = {
    "hale": DamageTrackState.HALE,
    "impaired": DamageTrackState.IMPAIRED,
    "debilitated": DamageTrackState.DEBILITATED,
    "dead": DamageTrackState.DEAD,
}
_ADVANCEMENTS = (
    Advancement.CAPABILITIES,
    Advancement.PERFECTION,
    Advancement.EFFORT,
    Advancement.SKILL,
    Advancement.OTHER,
)
_RESTS = (Rest.ONE_ACTION, Rest.TEN_MINUTES, Rest.ONE_HOUR, Rest.TEN_HOURS)


def layout_version(sys: dict[str, Any]) -> int:
    """1 or 2: the Cypher System data layout of an actor's `system` block."""
    if isinstance(sys.get("version"), int) and sys["version"] >= 2:
        return 2
    flat = ("advancement", "recoveries", "health", "level", "biography", "rank", "crew")
    pools = sys.get("pools")
    old_edges = isinstance(pools, dict) and "mightEdge" in pools
    return 1 if any(k in sys for k in flat) or old_edges else 2


def layout_of(sys: dict[str, Any]) -> ModuleType:
    return foundry_cypher_v1 if layout_version(sys) == 1 else foundry_cypher_v2


def at(a: SourceActor, layout: ModuleType, key: str, default: Any = None) -> Any:
    return a.get(*layout.PATHS[key], default=default)


def where(layout: ModuleType, key: str) -> str:
    return "system." + ".".join(layout.PATHS[key])


def profile_for(type_name: str) -> str:
    """`numenera` for a Numenera type name, else `cypher` (the Foundry system's own game)."""
    known = {n.lower() for n in NUMENERA.type_names} - {n.lower() for n in CYPHER.type_names}
    return NUMENERA.name if type_name.strip().lower() in known else CYPHER.name


def track(a: SourceActor, raw: Any, source: str) -> DamageTrackState:
    text = str(raw or "Hale").strip().lower()
    if text not in TRACK:
        a.refused(source, f"the damage state '{raw}' is not one numdesk knows; read as hale.")
    return TRACK.get(text, DamageTrackState.HALE)


def _track_with_step(a: SourceActor, lay: ModuleType, ch: Character) -> None:
    """The damage track, with the sheet's extra step between hale and impaired ("Hurt",
    `settings.combat.additionalStepDamageTrack`): kept by name, hale by the rules."""
    step = a.block("settings", "combat", "additionalStepDamageTrack")
    raw = at(a, lay, "damage_track")
    at_step = str(raw or "").strip().lower() == "hurt"
    if step.get("active") or at_step:
        ch.track_extra_step = str(step.get("label") or "").strip() or "Hurt"
    if at_step:
        ch.damage_track = DamageTrackState.HALE
        ch.at_track_extra_step = True
    else:
        ch.damage_track = track(a, raw, where(lay, "damage_track"))


def cypher_pc(a: SourceActor, profile: str | None) -> Character:
    lay = layout_of(a.sys)
    basic = a.block("basic")
    ch = Character(name=a.name)
    ch.descriptor = str(basic.get("descriptor") or "").strip()
    ch.type = str(basic.get("type") or "").strip()
    ch.focus = str(basic.get("focus") or "").strip()
    ch.profile = profile or profile_for(ch.type)
    if extra := str(basic.get("additionalSentence") or "").strip():
        ch.flavor = extra
        a.changed(
            "system.basic.additionalSentence",
            f"the additional sentence '{extra}' became the flavor.",
        )
    for name, raw in (("tier", basic.get("tier")), ("effort", basic.get("effort"))):
        value = fi.as_int(raw, 1)
        if not 1 <= value <= 6:
            a.changed(f"system.basic.{name}", f"{name} {value} is outside 1..6; kept within it.")
        setattr(ch, name, min(6, max(1, value)))
    ch.xp = max(0, fi.as_int(basic.get("xp")))
    if alt := fi.as_int(basic.get("altXp")):
        a.moved("system.basic.altXp", "the alternate experience points", f"Alternate XP: {alt}")
    ch.cypher_limit = max(0, fi.as_int(at(a, lay, "cypher_limit"), 2))
    prepared = a.get("abilities", "preparedSpells", default=a.get("basic", "preparedSpells"))
    ch.prepared_spells = max(0, fi.as_int(prepared))
    _pools(a, lay, ch)
    _advancements(a, lay, ch)
    _recoveries(a, lay, ch)
    _track_with_step(a, lay, ch)
    ch.initiative_bonus = fi.as_int(at(a, lay, "initiative"))
    ch.stress = max(0, fi.as_int(a.get("combat", "stress", "quantity")))
    for key in ("levels", "supernaturalLevels"):
        if level := fi.as_int(a.get("combat", "stress", key)):
            a.moved(f"system.combat.stress.{key}", f"the stress {key}", f"Stress {key}: {level}")
    _money(a, lay, ch)
    ch.second_form = _teen(a, lay)
    add_items(a, ch, ch.second_form)
    _armor_total(a, lay, ch)
    ch.background = fi.html_text(at(a, lay, "description"))
    own = fi.html_text(at(a, lay, "notes"))
    if gm := fi.html_text(a.sys.get("gmNotes")):
        a.moved("system.gmNotes", "the GM notes", "GM notes:\n" + gm)
    ch.notes = a.notes_text(own)
    return ch


def _pools(a: SourceActor, lay: ModuleType, ch: Character) -> None:
    for stat in Stat:
        pool = a.block("pools", stat.value)
        maximum = max(0, fi.as_int(pool.get("max"), 10))
        current = fi.as_int(pool.get("value"), maximum)
        if not 0 <= current <= maximum:
            a.changed(
                f"system.pools.{stat.value}.value",
                f"{stat.value.capitalize()} Pool {current} was outside 0..{maximum}; "
                "kept within it.",
            )
        edge = max(0, fi.as_int(a.get(*lay.edge_path(stat.value))))
        ch.pools[stat] = StatPool(min(max(current, 0), maximum), maximum, edge)
    settings = a.block(*lay.PATHS["extra_pool"])
    if settings.get("active"):
        additional = a.block("pools", "additional")
        label = str(settings.get(lay.EXTRA_POOL_LABEL) or "").strip() or "Additional"
        ch.extra_pools.append(
            ExtraPool(
                label,
                fi.as_int(additional.get("value")),
                fi.as_int(additional.get("max")),
                fi.as_int(additional.get("edge")) if settings.get("hasEdge") else 0,
            )
        )


def _advancements(a: SourceActor, lay: ModuleType, ch: Character) -> None:
    flags = a.block(*lay.PATHS["advancement"])
    bought = [
        adv for key, adv in zip(lay.ADVANCEMENT_KEYS, _ADVANCEMENTS, strict=True) if flags.get(key)
    ]
    source = where(lay, "advancement")
    key_of = dict(zip(_ADVANCEMENTS, lay.ADVANCEMENT_KEYS, strict=True))
    if Advancement.SKILL in bought and Advancement.OTHER in bought:
        bought.remove(Advancement.OTHER)
        a.refused(
            f"{source}.{key_of[Advancement.OTHER]}",
            "the Other advancement was not kept (a tier has Skill or Other, and Skill was ticked).",
        )
    if len(bought) > 3:
        a.refused(
            f"{source}.{key_of[bought[-1]]}",
            f"the {bought[-1].value} advancement was not kept "
            "(buying the fourth one raises the tier).",
        )
        bought = bought[:3]
    ch.advancements = bought


def _recoveries(a: SourceActor, lay: ModuleType, ch: Character) -> None:
    block = a.block(*lay.PATHS["recoveries"])
    ch.recoveries_used = [
        rest for key, rest in zip(lay.REST_KEYS, _RESTS, strict=True) if block.get(key)
    ]
    for count_key, keys, rest in (
        ("one_action_count", lay.EXTRA_ONE_ACTION, Rest.ONE_ACTION),
        ("ten_minute_count", lay.EXTRA_TEN_MINUTES, Rest.TEN_MINUTES),
    ):
        count = max(1, fi.as_int(at(a, lay, count_key), 1))
        extra = keys[: count - 1]
        ch.extra_recoveries += [rest] * len(extra)
        ch.extra_recoveries_used += [rest for key in extra if block.get(key)]
        for key in keys[count - 1 :]:
            if block.get(key):
                a.refused(
                    f"{where(lay, 'recoveries')}.{key}",
                    "a tick on an extra recovery the sheet had switched off was not kept.",
                )
    roll = str(at(a, lay, "recovery_roll") or "").strip()
    match = re.fullmatch(r"1d6\s*\+\s*(\d+)", roll)
    added = int(match.group(1)) if match else None
    if added is not None and added > ch.tier:
        ch.recovery_bonus = added - ch.tier
    elif roll and added != ch.tier:
        # kept as written, beside the rules' roll: a roll left from a lower tier reads as
        # a sheet not brought up to date, so numdesk rolls the rules' 1d6 + tier
        ch.recovery_roll = roll
        why = (
            f"below the rules' 1d6 + tier (1d6+{ch.tier} at tier {ch.tier})"
            if added is not None
            else "not 1d6 plus a number"
        )
        a.warning(
            where(lay, "recovery_roll"),
            f"the recovery roll '{roll}' is {why}; it is kept as the sheet wrote it, "
            f"and numdesk rolls the rules' 1d6+{ch.tier} (1d6 + tier) for recoveries.",
        )


def _armor_total(a: SourceActor, lay: ModuleType, ch: Character) -> None:
    """Foundry's sheet shows an Armor total of its own; numdesk adds up the armor worn.
    When the two differ (an item edited away, a total typed in), the report says so."""
    shown = fi.as_int(at(a, lay, "armor_total"))
    counted = sum(armor.value or 0 for armor in worn(ch.armor))
    if shown != counted:
        a.changed(
            where(lay, "armor_total"),
            f"the Foundry sheet showed Armor {shown}; the armor worn on the sheet adds up to "
            f"{counted}, which numdesk uses.",
        )


def _money(a: SourceActor, lay: ModuleType, ch: Character) -> None:
    """The first currency becomes the shins (its name kept); further ones follow it."""
    block = a.block(*lay.PATHS["currency"])
    count = min(6, max(1, fi.as_int(block.get(lay.CURRENCY_COUNT), 1)))
    pairs = [
        (str(block.get(n) or "").strip(), fi.as_int(block.get(q)))
        for n, q in zip(lay.CURRENCY_NAMES[:count], lay.CURRENCY_AMOUNTS[:count], strict=True)
    ]
    hidden = [fi.as_int(block.get(q)) for q in lay.CURRENCY_AMOUNTS[count:]]
    if any(hidden):
        a.refused(
            where(lay, "currency"),
            "money in currencies the sheet had hidden was "
            f"not kept ({', '.join(str(h) for h in hidden if h)}).",
        )
    if not pairs:
        return
    (first, amount), rest = pairs[0], pairs[1:]
    ch.shins = max(0, amount)
    if first and first.lower() not in ("shins", "shin"):
        ch.currency = first
    ch.money = [
        Money(name or f"Currency {i}", max(0, value))
        for i, (name, value) in enumerate(rest, start=2)
    ]


def _teen(a: SourceActor, lay: ModuleType) -> SecondForm | None:
    """The teen form of Unmasked, when the sheet has one (a name or its own Pools)."""
    teen = a.block("teen")
    basic = teen.get("basic") if isinstance(teen.get("basic"), dict) else {}
    name = str(basic.get("name") or "").strip()
    has_items = any(it.kind.lower().startswith("teen") or _teen_item(it.sys) for it in a.items())
    if not name and not has_items:
        return None
    form = SecondForm(name=name or f"{a.name} (teen)")
    form.descriptor = str(basic.get("descriptor") or "").strip()
    form.active = str(at(a, lay, "teen_active") or "") == "Teen"
    for stat in Stat:
        pool = a.block("teen", "pools", stat.value)
        edge = fi.as_int(a.get(*lay.edge_path(stat.value, teen=True)))
        form.pools[stat] = FormPool(fi.as_int(pool.get("value")), fi.as_int(pool.get("max")), edge)
    form.damage_track = track(a, at(a, lay, "teen_track"), where(lay, "teen_track"))
    form.armor_total = fi.as_int(at(a, lay, "teen_armor"))
    form.notes = fi.html_text(at(a, lay, "teen_notes"))
    form.description = fi.html_text(at(a, lay, "teen_description"))
    if lay is foundry_cypher_v1:
        settings = a.block("additionalPool")
        active, label = settings.get(lay.TEEN_POOL_ACTIVE), settings.get(lay.TEEN_POOL_LABEL)
    else:
        settings = a.block("teen", "settings", "general", "additionalPool")
        active, label = settings.get("active"), settings.get("label")
    if active:
        pool = a.block("teen", "pools", "additional")
        form.extra_pool = ExtraPool(
            str(label or "Additional"), fi.as_int(pool.get("value")), fi.as_int(pool.get("max"))
        )
    return form


def _teen_item(sys: dict[str, Any]) -> bool:
    settings = sys.get("settings")
    general = settings.get("general") if isinstance(settings, dict) else None
    return isinstance(general, dict) and general.get("unmaskedForm") == "Teen"
