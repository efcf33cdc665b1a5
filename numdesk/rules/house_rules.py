"""House rules: a group's own rules set, derived from a built-in profile (RULES.md, profiles).

A house rules set is a built-in `Profile` with some switches and caps changed. The
changes are plain JSON-ready values keyed by `Profile` field name, so they can be stored,
exported and shown in a readable form; `derive_profile` checks every value and builds the
new `Profile`, and the engine reads only that object. `PROFILE_FIELDS` describes every
field a group may change (its kind and allowed range), which is what an editor offers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from numdesk.rules.errors import RulesError
from numdesk.rules.profiles import BUILTIN_PROFILES, Profile
from numdesk.rules.types import SkillLevel


@dataclass(frozen=True, slots=True)
class ProfileField:
    """One changeable switch or cap of a `Profile`.

    `kind` is "bool", "int", "optional_int" (a number, or None for "not a rule"),
    "skill_levels" (which skill levels exist) or "names" (a list of words).
    """

    name: str
    kind: str
    low: int = 0
    high: int = 0


#: Longest currency name a rules set may give ("crowns", "credits", "gold pieces").
MAX_CURRENCY = 30

#: Every field of `Profile` a house rules set may change, in the order an editor shows them.
PROFILE_FIELDS: tuple[ProfileField, ...] = (
    ProfileField("uses_damage_track", "bool"),
    ProfileField("armor_subtracts", "bool"),
    ProfileField("npc_wins_initiative_ties", "bool"),
    ProfileField("has_action_timing", "bool"),
    ProfileField("defense_actions", "bool"),
    ProfileField("impaired_limits_special_rolls", "bool"),
    ProfileField("xp_reroll", "bool"),
    ProfileField("benefit_spends", "bool"),
    ProfileField("objects_use_track", "bool"),
    ProfileField("rests_in_order", "bool"),
    ProfileField("skill_levels", "skill_levels"),
    ProfileField("skill_ease_cap", "int", 0, 3),
    ProfileField("asset_ease_cap", "int", 0, 4),
    ProfileField("max_effort", "int", 1, 6),
    ProfileField("refuse_intrusion_cost", "optional_int", 0, 4),
    ProfileField("player_intrusion_cost", "optional_int", 0, 4),
    ProfileField("react_to_intrusion_cost", "optional_int", 0, 4),
    ProfileField("area_resist_damage", "int", 0, 3),
    ProfileField("last_action_recovery_bonus", "int", 0, 6),
    ProfileField("day_hours", "int", 12, 48),
    ProfileField("type_names", "names"),
    ProfileField("currency", "text", 0, MAX_CURRENCY),
)

FIELDS_BY_NAME: dict[str, ProfileField] = {f.name: f for f in PROFILE_FIELDS}

#: Longest name a house rules set may have (it shows in lists and on printouts).
MAX_LABEL = 60


def derive_profile(
    base: Profile | str, name: str, label: str, changes: Mapping[str, Any]
) -> Profile:
    """A new profile `name` shown as `label`: `base` with `changes` applied.

    `base` is a built-in profile (or its name). `changes` maps `Profile` field names to
    JSON-ready values (booleans, numbers, None, lists of words). Every value is checked;
    an unknown field, a wrong type or a value out of range raises `RulesError` naming the
    switch, and nothing is built.
    """
    start = _builtin(base)
    if name in BUILTIN_PROFILES:  # entries naming it would play by the built-in instead
        raise RulesError(
            f"The id '{name}' is the built-in {BUILTIN_PROFILES[name].label} rules' own; "
            "a rules set needs an id of its own."
        )
    label = check_label(label)
    values = {key: _checked(key, value) for key, value in changes.items()}
    return start._replace(name=name, label=label, base=start.name, **values)


def check_label(label: str) -> str:
    """`label` stripped, if it can name a rules set; RulesError saying why not otherwise."""
    label = label.strip()
    if not label:
        raise RulesError("A rules set needs a name.")
    if len(label) > MAX_LABEL:
        raise RulesError(f"A rules set's name has at most {MAX_LABEL} characters.")
    if label.casefold() in {p.label.casefold() for p in BUILTIN_PROFILES.values()}:
        raise RulesError(f"'{label}' is the name of a built-in rules set; choose another.")
    return label


def profile_changes(base: Profile | str, profile: Profile) -> dict[str, Any]:
    """The JSON-ready changes that turn `base` into `profile` (only fields that differ)."""
    start = _builtin(base)
    out: dict[str, Any] = {}
    for spec in PROFILE_FIELDS:
        new = getattr(profile, spec.name)
        if new != getattr(start, spec.name):
            out[spec.name] = _plain(new)
    return out


def describe_changes(base: Profile | str, changes: Mapping[str, Any]) -> list[str]:
    """One readable line per change, e.g. "max_effort: 6 → 4" (for notes and logs)."""
    start = _builtin(base)
    lines = []
    for key in sorted(changes, key=lambda k: list(FIELDS_BY_NAME).index(k)):
        old = _plain(getattr(start, key))
        lines.append(f"{key}: {_shown(old)} → {_shown(_plain(_checked(key, changes[key])))}")
    return lines


def _builtin(base: Profile | str) -> Profile:
    name = base if isinstance(base, str) else base.name
    try:
        return BUILTIN_PROFILES[name]
    except KeyError:
        known = " or ".join(p.label for p in BUILTIN_PROFILES.values())
        raise RulesError(f"A rules set starts from {known}, not '{name}'.") from None


def _checked(key: str, value: Any) -> Any:
    """`value` as the `Profile` field `key` holds it; RulesError if it does not fit."""
    spec = FIELDS_BY_NAME.get(key)
    if spec is None:
        raise RulesError(f"'{key}' is not a switch a rules set can change.")
    if spec.kind == "bool":
        if not isinstance(value, bool):
            raise RulesError(f"{key} is a yes/no switch, not {value!r}.")
        return value
    if spec.kind in ("int", "optional_int"):
        if value is None and spec.kind == "optional_int":
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesError(f"{key} needs a whole number, not {value!r}.")
        if not spec.low <= value <= spec.high:
            raise RulesError(f"{key} must be {spec.low} to {spec.high}; {value} is not.")
        return value
    if spec.kind == "text":
        if not isinstance(value, str):
            raise RulesError(f"{key} needs a word, not {value!r}.")
        value = " ".join(value.split())
        if len(value) > spec.high:
            raise RulesError(f"{key} has at most {spec.high} characters.")
        return value
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise RulesError(f"{key} needs a list of words.")
    if spec.kind == "skill_levels":
        return _skill_levels(value)
    names = tuple(dict.fromkeys(v.strip() for v in value if v.strip()))
    if not names:
        raise RulesError("A rules set needs at least one character type name.")
    return names


def _skill_levels(value: list[str] | tuple[str, ...]) -> tuple[SkillLevel, ...]:
    choices = [level for level in SkillLevel if level is not SkillLevel.PRACTICED]
    try:
        chosen = {SkillLevel(v) for v in value}
    except ValueError:
        chosen = {SkillLevel.PRACTICED}  # refused just below
    if not chosen <= set(choices):
        known = ", ".join(level.value for level in choices)
        raise RulesError(f"skill_levels may hold only {known}.")
    for needed in (SkillLevel.INABILITY, SkillLevel.TRAINED):
        if needed not in chosen:
            raise RulesError(f"Every rules set keeps the '{needed.value}' skill level.")
    if SkillLevel.EXPERT in chosen and SkillLevel.SPECIALIZED not in chosen:
        raise RulesError("The 'expert' skill level needs 'specialized' below it.")
    return tuple(level for level in SkillLevel if level in chosen)


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [str(v) for v in value]
    return value


def _shown(value: Any) -> str:
    if value is None:
        return "not a rule"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(value)
    return str(value)
