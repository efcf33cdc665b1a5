"""Experience points: intrusions, awards and spends (RULES.md G11, G16, A4)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from numdesk.rules.errors import RulesError
from numdesk.rules.profiles import Profile

INTRUSION_AWARD = 2
INTRUSION_GIFT = 1
SESSION_AWARD_MIN = 1
SESSION_AWARD_MAX = 4


class XpSpendKind(StrEnum):
    """What XP can buy (G11, G16, A1, A4)."""

    REROLL = "reroll"
    REFUSE_INTRUSION = "refuse_intrusion"
    PLAYER_INTRUSION = "player_intrusion"
    REACT_TO_INTRUSION = "react_to_intrusion"
    SHORT_TERM = "short_term"
    LONG_TERM = "long_term"
    ADVANCEMENT = "advancement"


_LABELS = {
    XpSpendKind.REROLL: "reroll",
    XpSpendKind.REFUSE_INTRUSION: "refuse a GM intrusion",
    XpSpendKind.PLAYER_INTRUSION: "player intrusion",
    XpSpendKind.REACT_TO_INTRUSION: "react to a GM intrusion",
    XpSpendKind.SHORT_TERM: "short-term benefit",
    XpSpendKind.LONG_TERM: "long-term benefit",
    XpSpendKind.ADVANCEMENT: "advancement",
}


#: Each spend as the subject of a sentence ("Refusing a GM intrusion costs 1 XP").
_SUBJECTS = {
    XpSpendKind.REROLL: "A reroll",
    XpSpendKind.REFUSE_INTRUSION: "Refusing a GM intrusion",
    XpSpendKind.PLAYER_INTRUSION: "A player intrusion",
    XpSpendKind.REACT_TO_INTRUSION: "Reacting to a GM intrusion",
    XpSpendKind.SHORT_TERM: "A short-term benefit",
    XpSpendKind.LONG_TERM: "A long-term benefit",
    XpSpendKind.ADVANCEMENT: "An advancement",
}


def spend_label(kind: XpSpendKind) -> str:
    """The spend in words, for history entries."""
    return _LABELS[kind]


def _cost_or_none(profile: Profile, kind: XpSpendKind) -> int | None:
    if kind is XpSpendKind.REROLL:
        return 1 if profile.xp_reroll else None
    if kind is XpSpendKind.REFUSE_INTRUSION:
        return profile.refuse_intrusion_cost
    if kind is XpSpendKind.PLAYER_INTRUSION:
        return profile.player_intrusion_cost
    if kind is XpSpendKind.REACT_TO_INTRUSION:
        return profile.react_to_intrusion_cost
    if kind is XpSpendKind.SHORT_TERM:
        return 2 if profile.benefit_spends else None
    if kind is XpSpendKind.LONG_TERM:
        return 3 if profile.benefit_spends else None
    return 4


def spend_cost(profile: Profile, kind: XpSpendKind) -> int:
    """XP a spend costs under this profile; refused if the profile lacks it."""
    cost = _cost_or_none(profile, kind)
    if cost is None:
        raise RulesError(f"The {profile.label} rules have no XP spend for a {spend_label(kind)}.")
    return cost


def available_spends(profile: Profile) -> tuple[XpSpendKind, ...]:
    """The spends this profile offers, for menus."""
    return tuple(k for k in XpSpendKind if _cost_or_none(profile, k) is not None)


def check_xp(xp: int) -> None:
    """Refuse a negative XP total (G16)."""
    if xp < 0:
        raise RulesError(f"XP cannot be negative (got {xp}).")


@dataclass(frozen=True, slots=True)
class XpSpend:
    """One logged XP spend."""

    kind: XpSpendKind
    cost: int
    xp_before: int
    xp_after: int
    note: str


def spend_xp(profile: Profile, xp: int, kind: XpSpendKind, note: str = "") -> XpSpend:
    """Pay for a spend; XP never goes below 0 (G16, A4)."""
    check_xp(xp)
    cost = spend_cost(profile, kind)
    if xp < cost:
        raise RulesError(
            f"{_SUBJECTS[kind]} costs {cost} XP; only {xp} XP "
            f"{'is' if xp == 1 else 'are'} available."
        )
    return XpSpend(kind=kind, cost=cost, xp_before=xp, xp_after=xp - cost, note=note.strip())


def award_xp(xp: int, amount: int) -> int:
    """Add an award to a total."""
    check_xp(xp)
    if amount < 0:
        raise RulesError(f"An XP award cannot be negative (got {amount}).")
    return xp + amount


def session_award(xp: int, amount: int) -> int:
    """The GM's end-of-session award for discoveries: 1 to 4 XP (G16)."""
    if not SESSION_AWARD_MIN <= amount <= SESSION_AWARD_MAX:
        raise RulesError(f"A session award is 1 to 4 XP, not {amount}.")
    return award_xp(xp, amount)


@dataclass(frozen=True, slots=True)
class IntrusionAward:
    """XP a GM intrusion moves: the target keeps one, the recipient gets the gift."""

    target: str
    recipient: str | None
    target_gain: int
    recipient_gain: int
    reason: str


def gm_intrusion_award(
    target: str, recipient: str | None, *, reason: str = "", natural_one: bool = False
) -> IntrusionAward:
    """A GM intrusion awards the target 2 XP, who gives 1 to another PC at once (G16).

    `recipient` is None only when no other PC is present; then the target keeps both.
    Intrusions caused by a natural 1 award nothing.
    """
    if natural_one:
        return IntrusionAward(target, None, 0, 0, reason.strip())
    if recipient is not None and recipient == target:
        raise RulesError("The intrusion's second XP must go to another player character.")
    if recipient is None:
        return IntrusionAward(target, None, INTRUSION_AWARD, 0, reason.strip())
    return IntrusionAward(
        target,
        recipient,
        INTRUSION_AWARD - INTRUSION_GIFT,
        INTRUSION_GIFT,
        reason.strip(),
    )
