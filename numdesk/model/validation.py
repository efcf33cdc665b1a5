"""Checks that a value may go on a sheet, raising `DomainError` with a message for the user.

Every operation validates its input with these before changing anything, and the
character operations check the whole sheet again afterwards (`check_character`), so no
operation can leave a sheet the rules do not allow. Error `field` names are the paths
of `to_data` output ("tier", "pools.might.current", "skills[2].level", "wounds.minor"),
so a view can put the message next to the widget bound to that path.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from numdesk.model.abilities import Ability, Skill
from numdesk.model.character import Character, StatPool, Wounds
from numdesk.model.errors import DomainError, domain_errors
from numdesk.model.extras import ExtraPool, LastingDamage, Money, PowerShift, Recursion
from numdesk.model.follower import Follower
from numdesk.model.items import Armor, Artifact, Cypher, Equipment, Oddity, Shield, Weapon
from numdesk.model.limits import LimitError, check_limits
from numdesk.rules.damage import check_kind_armor
from numdesk.rules.defense import new_shield
from numdesk.rules.effort import MAX_EDGE
from numdesk.rules.errors import RulesError
from numdesk.rules.items import MAX_DEVICE_LEVEL, parse_depletion
from numdesk.rules.profiles import Profile, get_profile
from numdesk.rules.types import Advancement, SkillLevel, Stat, WoundSeverity

MAX_TIER = 6
MAX_EFFORT = 6
#: Portraits are kept inside the library file; larger pictures should be scaled first.
MAX_PORTRAIT_BYTES = 8 * 1024 * 1024
_IMAGE_SIGNATURES: tuple[bytes, ...] = (
    b"\x89PNG\r\n\x1a\n",
    b"\xff\xd8\xff",
    b"GIF87a",
    b"GIF89a",
    b"BM",
)


def profile_of(character: Character) -> Profile:
    """The rules profile of `character`, as a DomainError if the sheet names an unknown one."""
    try:
        return get_profile(character.profile)
    except KeyError:
        raise DomainError(
            f"The rules '{character.profile}' are not built in and not a rules set of "
            "this library (choose numenera, cypher or one of the library's rules sets).",
            field="profile",
        ) from None


def check_int(
    value: object,
    field: str,
    label: str,
    minimum: int | None = None,
    maximum: int | None = None,
) -> int:
    """Return `value` if it is a whole number within the bounds; else explain what is wrong."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise DomainError(f"{label} must be a whole number.", field=field)
    if minimum is not None and value < minimum:
        if minimum == 0:
            raise DomainError(f"{label} cannot be negative.", field=field)
        if maximum is not None:
            raise DomainError(f"{label} must be between {minimum} and {maximum}.", field=field)
        raise DomainError(f"{label} must be at least {minimum}.", field=field)
    if maximum is not None and value > maximum:
        if minimum is not None:
            raise DomainError(f"{label} must be between {minimum} and {maximum}.", field=field)
        raise DomainError(f"{label} cannot be more than {maximum}.", field=field)
    return value


def check_text(value: object, field: str, label: str, required: bool = False) -> str:
    """Return `value` if it is text (non-blank when `required`)."""
    if not isinstance(value, str):
        raise DomainError(f"{label} must be text.", field=field)
    if required and not value.strip():
        raise DomainError(f"{label} cannot be empty.", field=field)
    return value


def check_portrait(value: object) -> bytes | None:
    """Accept None (no portrait) or the bytes of a PNG, JPEG, GIF, BMP or WebP image."""
    if value is None:
        return None
    if not isinstance(value, bytes):
        raise DomainError("The portrait must be an image file.", field="portrait")
    if not value:
        raise DomainError("The portrait file is empty.", field="portrait")
    if len(value) > MAX_PORTRAIT_BYTES:
        raise DomainError(
            "The portrait is larger than 8 MB; please use a smaller picture.", field="portrait"
        )
    is_webp = value[:4] == b"RIFF" and value[8:12] == b"WEBP"
    if not (is_webp or value.startswith(_IMAGE_SIGNATURES)):
        raise DomainError(
            "The portrait must be a PNG, JPEG, GIF, BMP or WebP image.", field="portrait"
        )
    return value


def check_pool(pool: StatPool, stat: Stat, prefix: str = "pools") -> None:
    """A Pool's maximum and Edge are ≥ 0 and its current value lies in 0..maximum."""
    name = stat.value.capitalize()
    base = f"{prefix}.{stat.value}"
    check_int(pool.maximum, f"{base}.maximum", f"The {name} Pool maximum", minimum=0)
    check_int(pool.edge, f"{base}.edge", f"{name} Edge", minimum=0, maximum=MAX_EDGE)
    check_int(pool.current, f"{base}.current", f"The {name} Pool", minimum=0)
    if pool.current > pool.maximum:
        raise DomainError(
            f"The {name} Pool cannot be above its maximum of {pool.maximum}.",
            field=f"{base}.current",
        )


def check_skill_level(level: object, profile: Profile, field: str) -> SkillLevel:
    """The skill level must exist and be one the profile allows (no expert in numenera)."""
    if not isinstance(level, SkillLevel):
        try:
            level = SkillLevel(str(level))
        except ValueError:
            raise DomainError(f"'{level}' is not a skill level.", field=field) from None
    if level not in profile.skill_levels and level is not SkillLevel.PRACTICED:
        allowed = ", ".join(lv.value for lv in profile.skill_levels)
        raise DomainError(
            f"{profile.label} has no '{level.value}' skill level (use {allowed}).", field=field
        )
    return level


def check_wounds(wounds: Wounds) -> None:
    """Wound counts lie between 0 and their slots; slots are ≥ 0."""
    for severity in ("minor", "moderate", "major"):
        slots = check_int(
            getattr(wounds, f"{severity}_slots"),
            f"wounds.{severity}_slots",
            f"The number of {severity} wound boxes",
            minimum=0,
        )
        check_int(
            getattr(wounds, severity),
            f"wounds.{severity}",
            f"The number of {severity} wounds",
            minimum=0,
            maximum=slots,
        )


def check_item(item: Any, character: Character, field: str) -> None:
    """Check the values of one list entry of a sheet (skill, ability, cypher, ...)."""
    check_sheet_item(item, profile_of(character), field)
    _check_tags(item, character, field)


def _check_tags(item: Any, character: Character, field: str) -> None:
    """An item belongs only to tags and recursions the sheet has."""
    tags = getattr(item, "tags", None)
    if not tags:
        return
    known = {r.name.casefold() for r in character.recursions}
    for tag in tags:
        if tag.casefold() not in known:
            raise DomainError(
                f"The sheet has no tag or recursion called '{tag}' (add it under "
                "Recursions and tags first).",
                field=f"{field}.tags",
            )


def check_sheet_item(item: Any, profile: Profile, field: str) -> None:
    """Check an item by the rules a sheet holds it to, for `profile`'s skill levels.

    The library's entry editor uses this too, so an entry can always be put on a sheet.
    """
    if isinstance(item, Skill):
        check_text(item.name, f"{field}.name", "A skill's name", required=True)
        item.level = check_skill_level(item.level, profile, f"{field}.level")
    elif isinstance(item, Ability):
        check_text(item.name, f"{field}.name", "An ability's name", required=True)
        if item.cost is not None:  # None: nobody knows it yet (added by name)
            check_int(item.cost, f"{field}.cost", "An ability's cost", minimum=0)
        check_int(item.tier, f"{field}.tier", "An ability's tier", minimum=1, maximum=MAX_TIER)
    elif isinstance(item, Cypher | Artifact):
        kind = "cypher" if isinstance(item, Cypher) else "artifact"
        check_text(item.name, f"{field}.name", f"A {kind}'s name", required=True)
        if item.level is not None:
            check_int(
                item.level,
                f"{field}.level",
                f"A {kind}'s level",
                minimum=1,
                maximum=MAX_DEVICE_LEVEL,
            )
        if isinstance(item, Artifact):
            with domain_errors(f"{field}.depletion"):
                parse_depletion(check_text(item.depletion, f"{field}.depletion", "Depletion"))
    elif isinstance(item, Oddity):
        check_text(item.name, f"{field}.name", "An oddity's name", required=True)
    elif isinstance(item, Equipment):
        check_text(item.name, f"{field}.name", "A piece of equipment's name", required=True)
        check_int(item.quantity, f"{field}.quantity", "A quantity", minimum=0)
    elif isinstance(item, Weapon):
        check_text(item.name, f"{field}.name", "A weapon's name", required=True)
        if item.damage is not None:
            check_int(item.damage, f"{field}.damage", "A weapon's damage", minimum=0)
        if item.skill is not None:
            item.skill = check_skill_level(item.skill, profile, f"{field}.skill")
    elif isinstance(item, Armor):
        check_text(item.name, f"{field}.name", "An armor's name", required=True)
        if item.value is not None:
            check_int(item.value, f"{field}.value", "An armor's Armor value", minimum=0)
        check_int(item.speed_cost, f"{field}.speed_cost", "An armor's Speed cost", minimum=0)
        check_kind_armor_field(item.against, f"{field}.against")
    elif isinstance(item, Shield):
        check_text(item.name, f"{field}.name", "A shield's name", required=True)
        boxes = new_shield()
        for severity in WoundSeverity:
            name = severity.name.lower()
            check_int(
                getattr(item, name),
                f"{field}.{name}",
                f"A shield's {name} wounds",
                minimum=0,
                maximum=boxes.slots(severity),
            )
    elif isinstance(item, Follower):
        check_text(item.name, f"{field}.name", "A follower's name", required=True)
        check_int(item.level, f"{field}.level", "A follower's level", minimum=1, maximum=10)
        check_int(
            item.acquired_at_tier,
            f"{field}.acquired_at_tier",
            "The tier a follower joined at",
            minimum=1,
            maximum=MAX_TIER,
        )
        if item.health is not None:
            check_int(item.health, f"{field}.health", "A follower's health", minimum=0)
    elif isinstance(item, Money):
        check_text(item.currency, f"{field}.currency", "A currency's name", required=True)
    elif isinstance(item, ExtraPool | LastingDamage | PowerShift | Recursion):
        check_text(item.name, f"{field}.name", "A name", required=True)
    else:
        raise DomainError(f"A {type(item).__name__} cannot go on a character sheet.", field=field)


def check_advancements(advancements: list[Advancement]) -> None:
    """Each advancement is bought once per tier, and Other takes the Skill's place (A1/A2)."""
    if len(set(advancements)) != len(advancements):
        raise DomainError("Each advancement can be bought only once per tier.", "advancements")
    if Advancement.SKILL in advancements and Advancement.OTHER in advancements:
        raise DomainError(
            "The Other advancement replaces the Skill advancement: a tier has one or the other.",
            field="advancements",
        )
    if len(advancements) > 3:
        raise DomainError(
            "A fourth advancement raises the tier; at most three are listed.", "advancements"
        )


def find_problems(
    character: Character, *, history: bool = True, since: Character | None = None
) -> list[DomainError]:
    """Every rule-bound value of the sheet that is wrong (RULES.md S), one error each.

    An operation checks only what it can have changed, so that a click costs the same
    on a sheet played for years: `history` False leaves the history's lines out (no
    operation changes them), and `since`, the sheet as it was before, leaves out every
    list entry equal to the one at the same place there under the same rules and
    recursions (whatever it had wrong, it had there too, at the same place).
    """
    known = _same_entries(character, since) if since is not None else None
    checks: list[Callable[[], object]] = [
        lambda: profile_of(character),
        lambda: check_text(character.name, "name", "The character's name", required=True),
        lambda: check_int(character.tier, "tier", "Tier", minimum=1, maximum=MAX_TIER),
        lambda: check_int(character.effort, "effort", "Effort", minimum=1, maximum=MAX_EFFORT),
        lambda: check_int(character.xp, "xp", "XP", minimum=0),
        lambda: check_int(character.shins, "shins", "Shins", minimum=0),
        lambda: check_int(character.cypher_limit, "cypher_limit", "The cypher limit", minimum=0),
        lambda: check_int(
            character.recovery_bonus, "recovery_bonus", "The recovery bonus", minimum=0
        ),
        lambda: check_int(
            character.armor_cost_reduction,
            "armor_cost_reduction",
            "The armor cost reduction",
            minimum=0,
        ),
        lambda: check_int(
            character.starting_points, "starting_points", "Starting points", minimum=0
        ),
        lambda: check_wounds(character.wounds),
        lambda: _check_rests(character),
        lambda: check_advancements(character.advancements),
        lambda: check_portrait(character.portrait),
        lambda: _check_limits(character, history, known),
        lambda: check_kind_armor_field(character.armor_against, "armor_against"),
    ]
    for stat in Stat:
        checks.append(partial(_check_stat, character, stat))
    for list_name in ITEM_LISTS:
        skip = known.get(list_name, ()) if known is not None else ()
        for index, item in enumerate(getattr(character, list_name)):
            if index not in skip:
                checks.append(partial(check_item, item, character, f"{list_name}[{index}]"))
    problems = []
    for check in checks:
        try:
            check()
        except DomainError as err:
            problems.append(err)
    return problems


def _check_stat(character: Character, stat: Stat) -> None:
    if stat not in character.pools:
        raise DomainError(f"The {stat.value.capitalize()} Pool is missing.", "pools")
    check_pool(character.pools[stat], stat)


def _same_entries(character: Character, since: Character) -> dict[str, set[int]]:
    """list name -> the indexes of its entries equal to those at the same place of
    `since`; none when the rules or the recursions (an entry's tags) changed."""
    if character.profile != since.profile or character.recursions != since.recursions:
        return {}
    same: dict[str, set[int]] = {}
    for list_name in ITEM_LISTS:
        now, before = getattr(character, list_name), getattr(since, list_name)
        same[list_name] = {i for i, (a, b) in enumerate(zip(now, before, strict=False)) if a == b}
    return same


def _check_limits(
    character: Character, history: bool = True, known: dict[str, set[int]] | None = None
) -> None:
    """The sizes every entry obeys (`numdesk.model.limits`), as a sheet problem."""
    try:
        check_limits(character, leave_out=() if history else ("history",), known=known)
    except LimitError as err:
        raise DomainError(f"Expected {err.expected}, found {err.found}.", err.path) from None


def _check_rests(character: Character) -> None:
    if len(set(character.recoveries_used)) != len(character.recoveries_used):
        raise DomainError("Each rest can be used once a day.", field="recoveries_used")


def check_kind_armor_field(value: object, field: str) -> dict[str, int]:
    """Armor against named damage kinds (T8), cleaned; DomainError naming `field` if bad."""
    if not isinstance(value, dict):
        raise DomainError("Armor against kinds is a list of kind: number pairs.", field=field)
    try:
        return check_kind_armor(value)
    except RulesError as err:
        raise DomainError(err.message, field=field) from None


def check_character(character: Character) -> None:
    """Raise the first problem `find_problems` finds, if any."""
    problems = find_problems(character)
    if problems:
        raise problems[0]


#: The list fields of a sheet and the class each holds.
ITEM_LISTS: dict[str, type] = {
    "skills": Skill,
    "abilities": Ability,
    "cyphers": Cypher,
    "artifacts": Artifact,
    "oddities": Oddity,
    "equipment": Equipment,
    "weapons": Weapon,
    "armor": Armor,
    "shields": Shield,
    "followers": Follower,
    "extra_pools": ExtraPool,
    "money": Money,
    "lasting_damage": LastingDamage,
    "power_shifts": PowerShift,
    "recursions": Recursion,
}
