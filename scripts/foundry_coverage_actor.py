"""The comparison and the actor-level rules of `foundry_coverage.py`.

Each rule names a place in a Foundry actor's `system` block (a pattern over its path,
for every layout: Cypher System version 1 and 2, the Numenera system) and the field of
the imported numdesk entry that is meant to keep it. A value counts only when that
field keeps the same value, never because the number turns up somewhere else.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from numdesk.io import foundry_items as fi


def text_of(value: Any, rolls_first: bool = False) -> str:
    """A value as comparable text: rich text and rolls as a reader sees them, one case; a
    Numenera system key ("NUMENERA.range.veryLong") as the word its sheet shows.

    The importer reads an inline roll in running text as its formula ("d6") and in a
    level or depletion field as dice ("1d6"); `rolls_first` gives the second reading.
    """
    if isinstance(value, str) and re.fullmatch(r"(?i)numenera(\.\w+)+", value.strip()):
        value = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", value.strip().split(".")[-1])
    if isinstance(value, str):
        text = (
            fi.html_text(fi.roll_text(value)) if rolls_first else fi.roll_text(fi.html_text(value))
        )
    else:
        text = str(value)
    return re.sub(r"\s*\+\s*", "+", " ".join(text.split())).casefold()


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    match = re.fullmatch(r"\s*(-?\d+)\s*", str(value))
    return float(match.group(1)) if match else None


def same(theirs: Any, ours: Any) -> bool:
    """Whether a numdesk value keeps a Foundry value (long text may be a part of ours)."""
    if isinstance(ours, bool) or isinstance(theirs, bool):
        return ours is theirs
    if isinstance(ours, int | float):
        return _number(theirs) == ours
    if isinstance(ours, list):
        return any(same(theirs, v) for v in ours)
    if isinstance(ours, str):
        b = text_of(ours)
        for a in {text_of(theirs), text_of(theirs, rolls_first=True)}:
            if a and (a == b or (len(a) > 12 and a in b)):
                return True
        return False
    return False


_TRACK = {"hale": 0, "impaired": 1, "debilitated": 2, "dead": 3}
_ADVANCEMENTS = {
    "stats": "capabilities",
    "advstats": "capabilities",
    "statpools": "capabilities",
    "edge": "perfection",
    "advedge": "perfection",
    "effort": "effort",
    "adveffort": "effort",
    "skill": "skill",
    "advskill": "skill",
    "skilltraining": "skill",
    "other": "other",
    "advother": "other",
}
_NUMBERS = {"Two": 2, "Three": 3, "Four": 4, "Five": 5, "Six": 6, "Seven": 7}
_CREATURE_TEXT = (
    "description", "motive", "environment", "movement", "combat", "interaction", "use",
    "loot", "intrusions", "modifications", "damage", "notes",
)  # fmt: skip

Check = Callable[[re.Match[str], Any, dict[str, Any]], bool]


def _get(data: Any, *keys: Any) -> Any:
    for key in keys:
        if isinstance(data, dict):
            data = data.get(key)
        elif isinstance(data, list) and isinstance(key, int) and -len(data) <= key < len(data):
            data = data[key]
        else:
            return None
    return data


def _pool(m: re.Match[str], v: Any, e: dict[str, Any]) -> bool:
    part = {"value": "current", "max": "maximum", "edge": "edge", "Edge": "edge"}[m.group(2)]
    return same(v, _get(e, "pools", m.group(1), part))


def _extra_pool(m: re.Match[str], v: Any, e: dict[str, Any]) -> bool:
    part = {"value": "current", "max": "maximum", "edge": "edge"}[m.group(1)]
    return same(v, _get(e, "extra_pools", 0, part))


def _teen_pool(m: re.Match[str], v: Any, e: dict[str, Any]) -> bool:
    part = {"value": "current", "max": "maximum", "edge": "edge"}[m.group(2)]
    if m.group(1) == "additional":
        return same(v, _get(e, "second_form", "extra_pool", part))
    return same(v, _get(e, "second_form", "pools", m.group(1), part))


def _track(where: tuple[str, ...]) -> Check:
    def check(_m: re.Match[str], v: Any, e: dict[str, Any]) -> bool:
        if isinstance(v, str) and v.strip().lower() == "hurt" and where == ("damage_track",):
            # the sheet's extra step between hale and impaired, kept by name
            return e.get("at_track_extra_step") is True and _get(e, *where) == 0
        state = _TRACK.get(str(v).strip().lower()) if isinstance(v, str) else v
        return state is not None and _get(e, *where) == state

    return check


def _rest(m: re.Match[str], v: Any, e: dict[str, Any]) -> bool:
    rest = {"oneAction": "one_action", "tenMinutes": "ten_minutes"}.get(m.group(1), "")
    rest = rest or {"oneHour": "one_hour", "tenHours": "ten_hours"}[m.group(1)]
    extra = m.group(2)
    if not extra:
        return rest in (e.get("recoveries_used") or [])
    number = _NUMBERS.get(extra) or int(extra)
    return (e.get("extra_recoveries_used") or []).count(rest) >= number - 1


def _numenera_box(m: re.Match[str], v: Any, e: dict[str, Any]) -> bool:
    """The Numenera system's four recovery boxes, true while that rest is still unused."""
    rest = ("one_action", "ten_minutes", "one_hour", "ten_hours")[int(m.group(1))]
    return (rest not in (e.get("recoveries_used") or [])) is bool(v)


def _extra_count(m: re.Match[str], v: Any, e: dict[str, Any]) -> bool:
    rest = "one_action" if m.group(1) == "OneAction" else "ten_minutes"
    return same(v, (e.get("extra_recoveries") or []).count(rest) + 1)


def _recovery_roll(_m: re.Match[str], v: Any, e: dict[str, Any]) -> bool:
    if e.get("recovery_roll"):
        return same(v, e["recovery_roll"])
    return text_of(v) == f"1d6+{e.get('tier', 1) + e.get('recovery_bonus', 0)}"


def _advancement(m: re.Match[str], v: Any, e: dict[str, Any]) -> bool:
    return _ADVANCEMENTS.get(m.group(1).lower()) in (e.get("advancements") or [])


def _currency(m: re.Match[str], v: Any, e: dict[str, Any]) -> bool:
    kind, number = m.group(1), int(m.group(2) or 1)
    if kind in ("numberCategories", "howMany"):
        return same(v, 1 + len(e.get("money") or []))
    if kind in ("quantity",):
        return same(v, e.get("shins") if number == 1 else _get(e, "money", number - 2, "amount"))
    name = e.get("currency") or "shins" if number == 1 else _get(e, "money", number - 2, "currency")
    return same(v, name)


def _armor_total(field: str) -> Check:
    def check(_m: re.Match[str], v: Any, e: dict[str, Any]) -> bool:
        worn = [a for a in e.get("armor") or [] if not a.get("archived") and a.get("worn", True)]
        return same(v, sum(a.get(field) or 0 for a in worn))

    return check


def _field(*where: Any) -> Check:
    return lambda _m, v, e: same(v, _get(e, *where))


def _group_field(_m: re.Match[str], v: Any, e: dict[str, Any]) -> bool:
    return same(v, e.get(_m.group(1)))


def _creature_text(_m: re.Match[str], v: Any, e: dict[str, Any]) -> bool:
    """Every line of a stat block's text is in one of its text fields; a line of a number
    the block has a field for ("Health: 8") matches that field."""
    ours = " ".join(text_of("; ".join(map(str, _as_list(e.get(k))))) for k in _CREATURE_TEXT)
    numbers = {"health": e.get("health"), "armor": e.get("armor"), "damage inflicted": None}
    for line in (text_of(x) for x in fi.html_text(v).splitlines()):
        label, _sep, rest = line.partition(": ")
        if label in numbers and _sep:
            if numbers[label] is not None and rest != str(numbers[label]):
                if line not in ours:  # a line saying more ("armor: 1 or 2") kept as text
                    return False
                continue
            if numbers[label] is None and _number(rest.split()[0] if rest else "") is None:
                return False
            continue
        if line not in ("[description]",) and re.sub(r"^[a-z ]{2,20}: ?", "", line) not in ours:
            return False
    return True


def _as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value] if value else []


def _health(part: str) -> Check:
    def check(_m: re.Match[str], v: Any, e: dict[str, Any]) -> bool:
        if part == "max":
            return same(v, e.get("health"))
        now = e.get("current_health")
        return same(v, e.get("health") if now is None else now)

    return check


def _creature_damage(_m: re.Match[str], v: Any, e: dict[str, Any]) -> bool:
    ours = e.get("damage")
    if isinstance(ours, str):
        return _number(re.sub(r"\D.*$", "", ours.strip())) == _number(v)
    return same(v, ours)


#: (pattern, check, hidden) for a player character's values
PC_RULES: list[tuple[str, Check, bool]] = [
    (r"system\.(?:basic\.)?(descriptor|focus|tier|effort|xp)", _group_field, False),
    (r"system\.focus\.\w*", _field("focus"), False),
    (r"system\.(?:basic\.type|characterType)", _field("type"), False),
    (r"system\.basic\.additionalSentence", _field("flavor"), False),
    (r"system\.pools\.(might|speed|intellect)\.(value|max|edge)", _pool, False),
    (r"system\.pools\.(might|speed|intellect)(Edge)", _pool, False),
    (r"system\.stats\.(might|speed|intellect)\.(?:pool\.)?(value|max|edge)", _pool, False),
    (r"system\.pools\.additional\.(value|max|edge)", _extra_pool, False),
    (r"system\.settings\.general\.additionalPool\.label", _field("extra_pools", 0, "name"), False),
    (r"system\.additionalPool\.additionalPoolName", _field("extra_pools", 0, "name"), False),
    (
        r"system\.(?:settings\.general\.)?additionalPool\.(?:active|hasEdge)",
        lambda _m, v, e: bool(e.get("extra_pools")),
        False,
    ),
    (
        r"system\.(?:combat\.damageTrack\.state|damage\.damageTrack|damageTrack)",
        _track(("damage_track",)),
        False,
    ),
    (
        r"system\.teen\.(?:combat\.damageTrack\.state|damage\.damageTrack|combat\.damage\.damageTrack)",
        _track(("second_form", "damage_track")),
        False,
    ),
    (
        r"system\.(?:combat\.)?recoveries\.(oneAction|tenMinutes|oneHour|tenHours)(\d|Two|Three|Four|Five|Six|Seven)?",
        _rest,
        False,
    ),
    (r"system\.recoveries\[([0-3])\]", _numenera_box, False),
    (r"system\.(?:combat\.recoveries\.roll|recoveries\.recoveryRoll)", _recovery_roll, False),
    (
        r"system\.settings\.(?:combat|additionalRecoveries)\.number(OneAction|TenMinute)Recoveries",
        _extra_count,
        False,
    ),
    (r"system\.(?:equipment\.|basic\.)?cypherLimit", _field("cypher_limit"), False),
    (r"system\.abilities\.preparedSpells", _field("prepared_spells"), False),
    (r"system\.(?:basic\.)?advancement\.(\w+)", _advancement, False),
    (r"system\.advances\.(\w+)", _advancement, False),
    (
        r"system\.settings\.(?:equipment\.)?currency\.(quantity|labelCategory|numberCategories|howMany|name)(\d)?",
        _currency,
        False,
    ),
    (r"system\.shins", _field("shins"), False),
    (
        r"system\.settings\.(?:general|initiative)\.initiativeBonus",
        _field("initiative_bonus"),
        False,
    ),
    (r"system\.combat\.stress\.quantity", _field("stress"), False),
    (r"system\.(?:basic\.)?description", _field("background"), False),
    (r"system\.(?:basic\.)?notes", _field("notes"), False),
    (
        r"system\.combat\.armor\.ratingTotal|system\.armor\.armorValueTotal|system\.armor",
        _armor_total("value"),
        False,
    ),
    (
        r"system\.combat\.armor\.costTotal|system\.armor\.speedCostTotal",
        _armor_total("speed_cost"),
        False,
    ),
    (
        r"system\.basic\.unmaskedForm|system\.settings\.gameMode\.currentSheet",
        lambda _m, v, e: _get(e, "second_form", "active") is (v == "Teen"),
        False,
    ),
    (
        r"system\.teen\.basic\.(name|descriptor)",
        lambda m, v, e: same(v, _get(e, "second_form", m.group(1))),
        False,
    ),
    (
        r"system\.teen\.pools\.(might|speed|intellect|additional)\.(value|max|edge)",
        _teen_pool,
        False,
    ),
    (r"system\.teen\.(?:basic\.)?description", _field("second_form", "description"), False),
    (
        r"system\.teen\.settings\.general\.additionalPool\.(?:active|label)|"
        r"system\.additionalPool\.(?:teenActive|additionalTeenPoolName)",
        lambda _m, v, e: _get(e, "second_form", "extra_pool") is not None,
        False,
    ),
    (r"system\.teen\.(?:basic\.)?notes", _field("second_form", "notes"), False),
    (
        r"system\.teen\.(?:combat\.armor\.ratingTotal|armor\.armorValueTotal)",
        _field("second_form", "armor_total"),
        False,
    ),
]

#: (pattern, check, hidden) for a stat block's or a follower's values
BLOCK_RULES: list[tuple[str, Check, bool]] = [
    (r"system\.(?:basic\.)?(?:level|rank)", _field("level"), False),
    (r"system\.(?:pools\.)?health\.(max)", _health("max"), False),
    (r"system\.(?:pools\.)?health\.(value)", _health("value"), False),
    (r"system\.(?:combat\.)?damage", _creature_damage, False),
    (r"system\.(?:combat\.)?armor", _field("armor"), False),
    (r"system\.(?:pools\.)?infrastructure\.max", _field("stats", "infrastructure"), False),
    # a current infrastructure at its maximum is that maximum (below it: a report line)
    (r"system\.(?:pools\.)?infrastructure\.value", _field("stats", "infrastructure"), False),
    (r"system\.(?:basic\.)?crew", _field("stats", "crew"), False),
    (r"system\.(?:basic\.)?weaponSystems", _field("stats", "weapon systems"), False),
    (r"system\.(?:basic\.)?(disposition|category)", _group_field, False),
    (r"system\.(?:basic\.)?ownedBy", _field("owner"), False),
    (
        r"system\.(notes|biography|description|info|modifications|movement|government|overview"
        r"|information|combat)",
        _creature_text,
        False,
    ),
]


def actor_check(where: str, value: Any, entry: dict[str, Any], kind: str) -> str | None:
    """'shown' or 'hidden' when the field meant for the value keeps it, else None."""
    rules = PC_RULES if kind == "character" else BLOCK_RULES
    for pattern, check, hidden in rules:
        match = re.fullmatch(pattern, where)
        if match and check(match, value, entry):
            return "hidden" if hidden else "shown"
    if kind == "creature" and re.fullmatch(
        r"system\.settings\.(?:general|initiative)\.initiativeBonus", where
    ):
        return "shown" if same(value, entry.get("initiative_bonus")) else None
    if kind == "follower" and where.endswith("initiativeBonus"):
        return "shown" if same(value, entry.get("initiative_bonus")) else None
    return None
