"""Table actions: helping, distracting, drawing and taking attacks, guarding, readying
and helpless targets (RULES.md T1–T4, T6, T7).

Each function answers one question the fight window or the task dialog asks: how many
steps, whether something is allowed, what it costs. Durations are `TimedEffect`s caused
by the acting character, so "until the helper's next turn" ends by the G18 clock.
"""

from __future__ import annotations

from dataclasses import dataclass

from numdesk.rules.conditions import TimedEffect
from numdesk.rules.errors import RulesError
from numdesk.rules.profiles import Profile
from numdesk.rules.tasks import helper_assets
from numdesk.rules.types import SkillLevel, WoundSeverity

# -- T1 help on defense, complementary actions --------------------------------------------


@dataclass(frozen=True, slots=True)
class DefenseHelp:
    """Assets a helper gives every defense task of the helped PC, and until when."""

    assets: int
    effect: TimedEffect


def help_on_defense(
    helper_id: str,
    helped_id: str,
    round_number: int,
    helper_skill: SkillLevel | None = None,
    *,
    helper_inability: bool = False,
) -> DefenseHelp:
    """A helper's assets on all the helped PC's defense tasks until the helper's next turn (T1).

    Reading: the amount follows G8 (1 asset, 2 if the helper is trained or better, none
    with an inability); the help lasts until the helper's turn comes round (G18 clock).
    """
    if helper_id == helped_id:
        raise RulesError("A character cannot help its own defense.")
    return DefenseHelp(
        assets=helper_assets(helper_skill, helper_inability=helper_inability),
        effect=TimedEffect(owner_id=helped_id, source_id=helper_id, started_round=round_number),
    )


def complementary_assets(success: bool) -> int:
    """Assets a complementary action (a task supporting another) gives: 1 on success (T1)."""
    return 1 if success else 0


def check_one_cooperative_action(current: str | None, wanted: str) -> str | None:
    """Why a character cannot start `wanted` while doing `current`, or None (T1).

    A character takes part in one cooperative action (help, complement, distract) at a time.
    """
    if current and current != wanted:
        return f"Already busy with one cooperative action ({current}); stop it first."
    return None


# -- T2 distraction -----------------------------------------------------------------------

#: Distraction hinders a foe's attacks this much, however many distract it.
DISTRACTION_STEPS = 1


def distraction_hindrance(distracters: int) -> int:
    """Steps a foe's attacks are hindered this round by `distracters` characters (T2, Ex19)."""
    if distracters < 0:
        raise RulesError("The number of distracters cannot be negative.")
    return DISTRACTION_STEPS if distracters else 0


# -- T3 draw the attack, take the attack -------------------------------------------------


@dataclass(frozen=True, slots=True)
class DrawAttack:
    """What drawing an NPC's attack asks and gives (T3)."""

    #: the drawer must first succeed at an Intellect task (intelligent or determined foe)
    needs_intellect_task: bool
    #: steps the drawer's defense against that attack is hindered once drawn
    defense_hindrance: int
    #: two or more drawers at once cancel out: the NPC picks its target as usual
    cancelled: bool
    summary: str


DRAW_DEFENSE_HINDRANCE = 2


def draw_the_attack(profile: Profile, drawers: int, *, determined_foe: bool) -> DrawAttack:
    """Draw an NPC's attack on yourself (T3, `cypher`-style rules)."""
    _needs_defense_actions(profile, "Drawing the attack")
    if drawers < 1:
        raise RulesError("Someone has to draw the attack.")
    if drawers > 1:
        return DrawAttack(False, 0, True, "Two drawers cancel out: the foe picks its target.")
    text = "The foe attacks the drawer, whose defense is hindered 2 steps."
    if determined_foe:
        text = "An Intellect task first; on success " + text[0].lower() + text[1:]
    return DrawAttack(determined_foe, DRAW_DEFENSE_HINDRANCE, False, text)


@dataclass(frozen=True, slots=True)
class TakeAttack:
    """Taking a hit meant for an ally (T3): it hits, and brings one extra minor wound."""

    automatic_hit: bool
    extra_wound: WoundSeverity
    #: the taker cannot take another before the start of its next turn
    effect: TimedEffect


def take_the_attack(
    profile: Profile, taker_id: str, round_number: int, *, taken_since_my_turn: bool
) -> TakeAttack:
    """Take an NPC's hit on an ally instead (T3); once until the taker's next turn."""
    _needs_defense_actions(profile, "Taking the attack")
    if taken_since_my_turn:
        raise RulesError("You already took an attack since your last turn.")
    return TakeAttack(
        automatic_hit=True,
        extra_wound=WoundSeverity.MINOR,
        effect=TimedEffect(owner_id=taker_id, source_id=taker_id, started_round=round_number),
    )


# -- T4 guarding -------------------------------------------------------------------------

GUARD_DEFENSE_EASE = 1
GUARD_STOP_EASE = 1
PASS_NPC_GUARD_HINDRANCE = 1


@dataclass(frozen=True, slots=True)
class Guarding:
    """What guarding does for the guard (T4)."""

    may_attack: bool
    defense_ease: int
    #: a foe trying to pass faces the guard's Speed task, eased this much
    stop_foe_ease: int


def guarding(profile: Profile) -> Guarding:
    """A guarding PC: no attacks, defenses eased 1 step, stops foes by an eased Speed task (T4)."""
    _needs_defense_actions(profile, "Guarding")
    return Guarding(
        may_attack=False, defense_ease=GUARD_DEFENSE_EASE, stop_foe_ease=GUARD_STOP_EASE
    )


def check_guard_attack(is_guarding: bool) -> str | None:
    """Why a guarding character cannot attack, or None (T4)."""
    return "A guarding character makes no attacks; stop guarding first." if is_guarding else None


def pass_npc_guard_hindrance(profile: Profile) -> int:
    """Steps a PC's Speed task to get past a guarding NPC is hindered (T4)."""
    _needs_defense_actions(profile, "Guarding")
    return PASS_NPC_GUARD_HINDRANCE


# -- T6 readying, T7 helpless -----------------------------------------------------------


def readied_first_action(profile: Profile, readied_whole_round: bool) -> bool:
    """Whether any action may be a First action this round after readying (T6)."""
    return profile.has_action_timing and readied_whole_round


def check_ready(profile: Profile) -> str | None:
    """Why readying is pointless under these rules, or None (T6 needs First actions)."""
    if profile.has_action_timing:
        return None
    return f"The {profile.label} rules have no First actions to ready for."


@dataclass(frozen=True, slots=True)
class HelplessTarget:
    """An attack on a helpless target (T7)."""

    can_defend: bool
    automatic_hit: bool


def helpless_target(*, helpless: bool) -> HelplessTarget:
    """A completely helpless or unconscious target cannot block or dodge: the hit lands (T7)."""
    return HelplessTarget(can_defend=not helpless, automatic_hit=helpless)


def _needs_defense_actions(profile: Profile, what: str) -> None:
    if not profile.defense_actions:
        raise RulesError(f"{what} is not a rule of {profile.label}.")
