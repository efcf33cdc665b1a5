"""Small text rules for the CSRD import: stable uids, readable names, numbers in prose.

Kept apart from the mapping so each rule can be tested on its own.
"""

from __future__ import annotations

import re
import uuid

from numdesk.rules.types import Stat

#: Fixed forever: changing it would make a re-import duplicate every CSRD entry.
CSRD_NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://numdesk.invalid/csrd")

_SMALL_WORDS = {"a", "an", "and", "as", "at", "by", "for", "from", "in", "of", "on", "or", "the"}
_SMALL_WORDS |= {"to", "with", "le"}
_ACRONYMS = {"AI", "GM", "SS", "X", "II", "III", "IV", "NPC", "XP", "UV", "EMP", "DNA"}
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_STATS = {s.value.capitalize(): s for s in Stat}


def csrd_uid(*parts: str) -> str:
    """The same uid for the same CSRD entry on every import (so re-import updates in place)."""
    key = "/".join(p.strip().casefold() for p in parts)
    return uuid.uuid5(CSRD_NAMESPACE, key).hex


def display_name(raw: str) -> str:
    """Title case for the CSRD's ALL-CAPS names ("ABIDES IN STONE" -> "Abides in Stone").

    Names already in mixed case are left as written; known acronyms stay capitals.
    """
    raw = " ".join(raw.split())
    if raw != raw.upper():
        return raw
    words = re.split(r"(\s+|-|/|\()", raw)
    out = []
    first = True
    for word in words:
        bare = word.strip("(),.:'")
        if not bare or not any(c.isalpha() for c in bare):
            out.append(word)
            continue
        if bare in _ACRONYMS:
            out.append(word)
        elif not first and word.lower() in _SMALL_WORDS:
            out.append(word.lower())
        else:
            out.append(word[:1] + word[1:].lower())
        first = False
    return "".join(out)


def level_dice_text(dice: str | None, mod: int) -> str:
    """CSRD level dice and modifier as one text: ("1d6", 3) -> "1d6+3"; (None, 5) -> "5"."""
    if not dice:
        return str(mod) if mod else ""
    return f"{dice}+{mod}" if mod else dice


def pool_bonus(text: str) -> dict[Stat, int]:
    """Pool changes stated plainly at the start of a characteristic, else nothing.

    "+2 to your Speed Pool" -> {speed: 2}; "+3 to your Might Pool and your Speed Pool"
    -> both +3. Anything vaguer is left to the reader.
    """
    match = re.match(
        r"\s*([+-]\d+) to your (Might|Speed|Intellect) Pool"
        r"(?: and (?:your |to your )?(Might|Speed|Intellect) Pool)?\b",
        text,
    )
    if not match:
        return {}
    amount = int(match.group(1))
    return {_STATS[name]: amount for name in match.groups()[1:] if name}


def extra_points(text: str) -> int:
    """Points to divide freely, when stated as "N additional points to divide"."""
    match = re.search(r"(\d+) additional points to divide", text)
    return int(match.group(1)) if match else 0


def stated_effort(text: str) -> int | None:
    match = re.search(r"Effort is (\d+)", text)
    return int(match.group(1)) if match else None


def stated_cypher_limit(text: str) -> int | None:
    match = re.search(r"bear (\w+) cyphers", text)
    if not match:
        return None
    word = match.group(1).lower()
    return int(word) if word.isdigit() else _NUMBER_WORDS.get(word)


def stated_edges(text: str) -> dict[Stat, int]:
    """Edges when the text gives one value per stat; none when it offers a choice ("or")."""
    if re.search(r"\bor\b", text):
        return {}
    return {
        _STATS[name]: int(v)
        for name, v in re.findall(r"(Might|Speed|Intellect) Edge of (\d+)", text)
    }


def table_die(ends: list[int]) -> int:
    """The die a table is rolled with: the highest row end, rounded up to a common die."""
    top = max(ends, default=1)
    for die in (2, 3, 4, 6, 8, 10, 12, 20, 100):
        if top <= die:
            return die
    return top
