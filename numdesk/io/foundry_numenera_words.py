"""The words behind the Foundry Numenera system's stored choices.

SolarBear/Numenera-FoundryVTT stores many choices as its localisation keys
(`NUMENERA.range.immediate`, `NUMENERA.weightClasses.Medium`,
`NUMENERA.item.ability.type.enabler`), and others as the English word its sheet showed
(an item's default range "Immediate", an NPC's movement "Short"); older sheets keep a
pool or stat as `NUMENERA.pool.might`. The tables below are that system's `config.js`
keys with the words of its English `lang/en.json`, so an import reads what a Foundry
user saw, never the key. A key the tables do not know is read from its last part
("veryLong" -> "very long") and the caller says so in the report.
"""

from __future__ import annotations

import re

from numdesk.rules.types import AbilityKind, Stat

#: config.js NUMENERA.ranges (and the "N/A" of its optional ranges) -> numdesk's words
RANGES = {
    "immediate": "immediate",
    "short": "short",
    "long": "long",
    "verylong": "very long",
    "n/a": "",
}
#: config.js NUMENERA.weightClasses (and "N/A" of the optional ones)
WEIGHTS = {"light": "light", "medium": "medium", "heavy": "heavy", "n/a": ""}
#: config.js NUMENERA.abilityTypesWithSpells; a spell is cast as an action
ABILITY_KINDS = {
    "action": AbilityKind.ACTION,
    "enabler": AbilityKind.ENABLER,
    "spell": AbilityKind.ACTION,
}
STATS = {s.value: s for s in Stat}


def key_part(raw: object) -> tuple[str, bool]:
    """(the meaningful last part of a value, whether it was stored as a key).

    "NUMENERA.range.veryLong" -> ("veryLong", True); "Immediate" -> ("Immediate", False).
    Keys are matched whatever their case ("Numenera.range.short" from older sheets).
    """
    text = str(raw or "").strip()
    if re.match(r"(?i)numenera\.", text):
        return text.split(".")[-1], True
    return text, False


def spaced(part: str) -> str:
    """ "veryLong" -> "very long": a key's last part as words."""
    return re.sub(r"(?<=[a-z])(?=[A-Z])", " ", part).lower()


def _lookup(raw: object, table: dict[str, str]) -> tuple[str, bool]:
    part, _is_key = key_part(raw)
    found = table.get(part.replace(" ", "").casefold())
    if found is not None:
        return found, True
    return spaced(part), not part


def range_word(raw: object) -> tuple[str, bool]:
    """(range in numdesk's words, whether the system's tables know it)."""
    return _lookup(raw, RANGES)


def weight_word(raw: object) -> tuple[str, bool]:
    """(weight class "light"/"medium"/"heavy" or "" for N/A, whether it is known)."""
    return _lookup(raw, WEIGHTS)


def ability_kind(raw: object) -> tuple[AbilityKind | None, str]:
    """(the ability's kind or None when unreadable, the word it was stored as)."""
    part, _is_key = key_part(raw)
    return ABILITY_KINDS.get(part.casefold()), spaced(part)


def stat_of(raw: object) -> Stat | None:
    """A stat stored as "might", "Might", "NUMENERA.stats.might" or "NUMENERA.pool.might"."""
    part, _is_key = key_part(raw)
    return STATS.get(part.casefold())
