"""Getting better: recovery rests (N7, N8, C10), the new day, rallying and treatment (C8, C9).

A recovery happens in two steps, as at the table: `roll_recovery` rolls 1d6 + tier
(+bonus) so the player sees the points, then `Recover` applies the player's split of
exactly those points. Storing the roll in the operation makes redo give the same face.
"""

from __future__ import annotations

from collections.abc import Mapping

from numdesk.model.character import Character
from numdesk.model.errors import DomainError, domain_errors
from numdesk.model.operations.base import Change
from numdesk.model.operations.conditions import (
    pools_current,
    pools_maximum,
    set_pools,
    set_wounds,
    wound_state,
)
from numdesk.model.operations.sheet import CharacterOperation, as_stat, plural, stat_name
from numdesk.model.validation import check_int, profile_of
from numdesk.rules.damage_track import track_label
from numdesk.rules.dice import Dice
from numdesk.rules.rally import rally, treat_wound, treatment
from numdesk.rules.recovery import (
    RecoveryRoll,
    apply_recovery,
    available_rests,
    check_rest,
    recover_track_step,
    recovery_roll,
    rest_heals_wounds,
    rest_label,
    take_rest,
)
from numdesk.rules.types import Rest, Stat, WoundSeverity


def next_rests(character: Character) -> tuple[Rest, ...]:
    """The rests the character may take now (the next one in `numenera`, any unused in `cypher`)."""
    return available_rests(profile_of(character), character.recoveries_used)


def roll_recovery(
    character: Character, rest: Rest, dice: Dice, last_action: bool = False
) -> RecoveryRoll:
    """Roll the recovery for `rest` (1d6 + tier + bonus) without changing the sheet."""
    profile = profile_of(character)
    reason = check_rest(profile, Rest(rest), character.recoveries_used)
    if reason is not None:
        raise DomainError(reason, field="rest")
    with domain_errors("rest"):
        return recovery_roll(
            profile,
            dice,
            character.tier,
            bonus=character.recovery_bonus,
            rest=Rest(rest),
            last_action=last_action,
        )


def _wound_words(removed: Mapping[WoundSeverity, int]) -> str:
    parts = [f"{n} {sev.name.lower()}" for sev, n in removed.items() if n]
    return ", ".join(parts) + (" wound" if sum(removed.values()) == 1 else " wounds")


class Recover(CharacterOperation):
    """Take a rest: mark it used, add the split recovery points, heal wounds by rest.

    `split` gives each Pool its share of `roll.total` (the shares must add up to it; a
    Pool never goes above its maximum and the excess is lost). With `track_step` the
    rest moves a `numenera` character one step up the track instead (N8) and needs no
    roll. In `cypher`, `major_task_succeeded` is the ten-hour rest's Might task (C10).
    """

    def __init__(
        self,
        rest: Rest,
        roll: RecoveryRoll | None = None,
        split: Mapping[Stat | str, int] | None = None,
        track_step: bool = False,
        major_task_succeeded: bool = False,
    ) -> None:
        super().__init__()
        self.rest = Rest(rest)
        self.roll = roll
        self.split = {as_stat(k, "split"): v for k, v in (split or {}).items()}
        self.track_step = track_step
        self.major_task_succeeded = major_task_succeeded

    def _run(self, character: Character) -> Change:
        profile = profile_of(character)
        with domain_errors("rest"):
            taken = take_rest(profile, self.rest, character.recoveries_used)
        parts: list[str] = []
        if self.track_step:
            if not profile.uses_damage_track:
                raise DomainError("Only the damage track can be moved up by a rest.", "rest")
            before = character.damage_track
            with domain_errors("rest"):
                character.damage_track = recover_track_step(pools_current(character), before)
            parts.append(
                f"moved up the track {track_label(before)} → {track_label(character.damage_track)}"
            )
        else:
            parts.append(self._points(character))
        if not profile.uses_damage_track:
            healing = rest_heals_wounds(
                self.rest, wound_state(character), major_task_succeeded=self.major_task_succeeded
            )
            if sum(healing.removed.values()):
                set_wounds(character, healing.wounds_after)
                parts.append(f"healed {_wound_words(healing.removed)}")
        character.recoveries_used = list(taken.used_after)
        if taken.new_day:
            parts.append("a new day begins")
        label = rest_label(self.rest)
        return Change(f"{label[:1].upper()}{label[1:]} rest: " + "; ".join(parts), kind="pools")

    def _points(self, character: Character) -> str:
        if self.roll is None:
            raise DomainError("Roll the recovery first.", field="roll")
        total = self.roll.total
        for stat, value in self.split.items():
            check_int(value, f"split.{stat.value}", f"Points for {stat_name(stat)}", minimum=0)
        given = sum(self.split.values())
        if given != total:
            raise DomainError(
                f"Share out all {total} recovered points among the Pools ({given} given).",
                field="split",
            )
        with domain_errors("split"):
            result = apply_recovery(
                profile_of(character),
                pools_current(character),
                pools_maximum(character),
                total,
                self.split,
                track=character.damage_track,
            )
        set_pools(character, result.pools_after)
        character.damage_track = result.track_after
        roll = self.roll
        extra = (
            f" + {roll.bonus + roll.last_action_bonus}"
            if roll.bonus or roll.last_action_bonus
            else ""
        )
        text = f"recovered {total} (rolled {roll.die} + tier {roll.tier}{extra})"
        changed = [
            f"{stat_name(s)} Pool {result.pools_before[s]} → {result.pools_after[s]}"
            for s in Stat
            if result.pools_after[s] != result.pools_before[s]
        ]
        if changed:
            text += ": " + ", ".join(changed)
        if result.lost:
            text += f"; {result.lost} lost above the maximums"
        if result.track_after is not result.track_before:
            text += f"; {track_label(result.track_before)} → {track_label(result.track_after)}"
        return text


class NewDay(CharacterOperation):
    """Start a new day: all four rests are available again."""

    def _run(self, character: Character) -> Change:
        if not character.recoveries_used:
            raise DomainError("No rest has been used today.", field="recoveries_used")
        character.recoveries_used = []
        return Change("A new day: all four rests are available again", kind="pools")


class Rally(CharacterOperation):
    """Spend Might to shake off a `cypher` wound: minor 2, moderate 5, no Edge (C8)."""

    def __init__(self, severity: WoundSeverity, major_cost: int | None = None) -> None:
        super().__init__()
        self.severity = severity
        self.major_cost = major_cost

    def _run(self, character: Character) -> Change:
        if profile_of(character).uses_damage_track:
            raise DomainError(
                "Rallying removes wounds, which this character does not use.", "wounds"
            )
        might = character.pool(Stat.MIGHT)
        with domain_errors("wounds"):
            result = rally(
                wound_state(character),
                WoundSeverity(self.severity),
                might.current,
                major_cost=self.major_cost,
            )
        might.current = result.might_after
        set_wounds(character, result.wounds_after)
        return Change(
            f"Rallied off a {result.severity.name.lower()} wound for {result.cost} Might; "
            f"Might Pool {result.might_before} → {result.might_after}",
            kind="wounds",
        )


class TreatWound(CharacterOperation):
    """Record a treatment of a `cypher` wound; `success` is the Intellect task's result (C9)."""

    def __init__(self, severity: WoundSeverity, success: bool = True, by: str = "") -> None:
        super().__init__()
        self.severity = severity
        self.success = success
        self.by = by

    def _run(self, character: Character) -> Change:
        if profile_of(character).uses_damage_track:
            raise DomainError(
                "Treatment removes wounds, which this character does not use.", "wounds"
            )
        severity = WoundSeverity(self.severity)
        before = wound_state(character)
        with domain_errors("wounds"):
            after = treat_wound(before, severity, success=self.success)
        set_wounds(character, after)
        plan = treatment(severity)
        who = f" by {self.by}" if self.by else ""
        name = severity.name.lower()
        if after == before:
            text = f"Treatment{who} of a {name} wound failed (difficulty {plan.difficulty})"
        else:
            text = f"Treated a {name} wound{who} ({plural(plan.minutes, 'minute')})"
        return Change(text, kind="wounds")
