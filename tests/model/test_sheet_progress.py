"""XP, intrusions, advancement, cyphers and artifacts (creation: tests/model/test_creation.py)."""

from __future__ import annotations

from numdesk.model.abilities import Ability, Skill
from numdesk.model.items import Artifact, Cypher
from numdesk.model.operations import (
    AwardXp,
    BuyAdvancement,
    GmIntrusion,
    NaturalOneIntrusion,
    ReceiveXp,
    RefuseIntrusion,
    SpendXp,
    UseArtifact,
    UseCypher,
    advancement_options,
    cypher_limit_warning,
    cyphers_over_limit,
    gm_intrusion_ops,
)
from numdesk.rules.dice import Dice
from numdesk.rules.types import Advancement, OtherAdvancement, SkillLevel, Stat
from numdesk.rules.xp import XpSpendKind
from tests.model.sheet_ops_helpers import apply_and_revert, assert_refused, make_character


def test_award_and_spend_xp() -> None:
    character = make_character()
    change = apply_and_revert(AwardXp(3, "finding the vault"), character)
    assert change.summary == "Gained 3 XP for finding the vault; XP 0 → 3"
    change = apply_and_revert(SpendXp(XpSpendKind.SHORT_TERM, "a contact in Qi"), character)
    assert change.summary == "Spent 2 XP on a short-term benefit (a contact in Qi); XP 3 → 1"
    assert_refused(SpendXp(XpSpendKind.LONG_TERM, "a home"), character, field="xp")
    assert_refused(AwardXp(0), character, field="xp")
    assert_refused(AwardXp(5, session_end=True), character, field="xp")
    apply_and_revert(AwardXp(4, session_end=True), character)


def test_refuse_intrusion_per_profile() -> None:
    numenera = make_character(xp=2)
    change = apply_and_revert(RefuseIntrusion("not the rope!"), numenera)
    assert numenera.xp == 1 and "refuse a GM intrusion" in change.summary
    assert_refused(RefuseIntrusion(), make_character(xp=0), field="xp")
    cypher = make_character("cypher", xp=2)
    assert_refused(RefuseIntrusion(), cypher, field="xp")
    apply_and_revert(SpendXp(XpSpendKind.PLAYER_INTRUSION, "a handy ledge"), cypher)
    assert cypher.xp == 1


def test_ex13_gm_intrusion_gift() -> None:
    a = make_character(xp=0)
    b = make_character(xp=0)
    b.name = "Bo"
    give, receive = gm_intrusion_ops(a, b, "saved me from the fall")
    change = apply_and_revert(give, a)
    assert change.summary == (
        "GM intrusion: +2 XP, gave 1 to Bo (saved me from the fall); XP 0 → 1"
    )
    change = apply_and_revert(receive, b)
    assert change.summary == "Received 1 XP from Kara: saved me from the fall; XP 0 → 1"
    assert (a.xp, b.xp) == (1, 1)
    assert_refused(GmIntrusion("Kara", "myself"), a, field="recipient")
    assert_refused(GmIntrusion("Bo", ""), a, field="reason")
    assert_refused(ReceiveXp("", "x"), b, field="giver")


def test_natural_one_intrusion_gives_no_xp() -> None:
    character = make_character(xp=2)
    change = apply_and_revert(NaturalOneIntrusion("the bridge gives way"), character)
    assert character.xp == 2
    assert change.summary == "GM intrusion on a natural 1 (no XP): the bridge gives way"


def test_four_advancements_raise_the_tier() -> None:
    character = make_character(xp=16, skills=[Skill("Climbing")])
    assert advancement_options(character)[Advancement.EFFORT] is None
    op = BuyAdvancement(Advancement.PERFECTION, stat="speed")
    change = apply_and_revert(op, character)
    assert change.summary == "Bought Perfection: Speed Edge 1 → 2; XP 16 → 12"
    assert not op.tier_raised
    apply_and_revert(
        BuyAdvancement(Advancement.CAPABILITIES, split={"might": 3, "intellect": 1}), character
    )
    assert (character.pool(Stat.MIGHT).maximum, character.pool(Stat.MIGHT).current) == (15, 15)
    assert character.pool(Stat.INTELLECT).maximum == 9
    apply_and_revert(BuyAdvancement(Advancement.EFFORT), character)
    assert character.effort == 2
    assert_refused(BuyAdvancement(Advancement.EFFORT), character, field="advancements")
    last = BuyAdvancement(Advancement.SKILL, skill="climbing")
    change = apply_and_revert(last, character)
    assert last.tier_raised
    assert character.tier == 2 and character.advancements == [] and character.xp == 0
    assert character.skills[0].level is SkillLevel.SPECIALIZED
    assert "reached tier 2" in change.summary


def test_advancement_refusals() -> None:
    character = make_character(xp=3)
    assert advancement_options(character)[Advancement.EFFORT] is not None
    assert_refused(BuyAdvancement(Advancement.EFFORT), character, field="advancements")
    rich = make_character(xp=8)
    assert_refused(BuyAdvancement(Advancement.CAPABILITIES, split={"might": 3}), rich, "split")
    assert_refused(BuyAdvancement(Advancement.PERFECTION), rich, field="stat")
    assert_refused(BuyAdvancement(Advancement.SKILL), rich, field="skill")
    assert_refused(BuyAdvancement(Advancement.OTHER), rich, field="other")
    BuyAdvancement(Advancement.OTHER, other=OtherAdvancement.RECOVERY_BONUS).apply(rich)
    assert rich.recovery_bonus == 2
    assert_refused(BuyAdvancement(Advancement.SKILL, skill="Stealth"), rich, "advancements")


def test_other_advancement_new_ability_and_skill_training() -> None:
    character = make_character(xp=8)
    high = Ability("Deadly Aim", tier=3)
    assert_refused(
        BuyAdvancement(Advancement.OTHER, other=OtherAdvancement.ABILITY, ability=high),
        character,
        field="ability",
    )
    op = BuyAdvancement(
        Advancement.OTHER, other=OtherAdvancement.ABILITY, ability=Ability("Trick", tier=1)
    )
    apply_and_revert(op, character)
    assert character.abilities[-1].name == "Trick"
    other = make_character(xp=4)
    apply_and_revert(BuyAdvancement(Advancement.SKILL, skill="Stealth"), other)
    assert other.skills[0].name == "Stealth" and other.skills[0].level is SkillLevel.TRAINED


def test_tier_six_stays_six() -> None:
    character = make_character(tier=6, xp=4)
    character.advancements = [Advancement.EFFORT, Advancement.PERFECTION, Advancement.SKILL]
    op = BuyAdvancement(Advancement.CAPABILITIES, split={"speed": 4})
    op.apply(character)
    assert character.tier == 6 and character.advancements == []


def test_use_cypher_and_limit() -> None:
    character = make_character(cyphers=[Cypher("Detonation", 4), Cypher("Stim", 2)])
    character.cypher_limit = 1
    assert cyphers_over_limit(character) == 1
    assert cypher_limit_warning(character) == (
        "Kara carries 2 cyphers but the limit is 1: 1 too many."
    )
    change = apply_and_revert(UseCypher("Detonation", "blew the door"), character)
    assert change.summary == "Used cypher 'Detonation' (level 4): blew the door"
    assert cyphers_over_limit(character) == 0 and cypher_limit_warning(character) is None
    assert_refused(UseCypher("Detonation"), character, field="cyphers")


def test_use_artifact_depletion() -> None:
    character = make_character(
        artifacts=[Artifact("Rod", 5, "1 in 1d10"), Artifact("Lens", 3, "—")]
    )
    kept = UseArtifact(0, Dice(script=[7]))
    apply_and_revert(kept, character)
    assert kept.check is not None and kept.check.roll == 7 and not character.artifacts[0].depleted
    gone = UseArtifact("Rod", Dice(script=[1]))
    change = apply_and_revert(gone, character)
    assert character.artifacts[0].depleted and "now depleted" in change.summary
    assert_refused(UseArtifact("Rod", Dice(script=[5])), character, field="artifacts[0]")
    UseArtifact("Lens", Dice()).apply(character)
    assert not character.artifacts[1].depleted
