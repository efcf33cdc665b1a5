"""Descriptor characteristics read into structure, and a character built from choices."""

from __future__ import annotations

import pytest

from numdesk.model.abilities import Ability
from numdesk.model.characteristics import read_characteristic
from numdesk.model.creation import build_character, creation_problems, prefill
from numdesk.model.creation_choices import CreationChoices, PartChoice
from numdesk.model.creation_offers import ability_offers
from numdesk.model.errors import DomainError
from numdesk.model.names import close_match
from numdesk.model.templates import SentenceTemplate, TierAbilities, TypeTemplate
from numdesk.rules.types import SkillLevel, Stat


@pytest.mark.parametrize(
    ("text", "bonus", "extra"),
    [
        ("+4 to your Might Pool.", {Stat.MIGHT: 4}, 0),
        ("-2 to your Speed Pool.", {Stat.SPEED: -2}, 0),
        (
            "+2 to your Speed Pool, and 2 additional points to divide among your stat Pools.",
            {Stat.SPEED: 2},
            2,
        ),
        ("+3 to your Might Pool and your Speed Pool.", {Stat.MIGHT: 3, Stat.SPEED: 3}, 0),
        (
            "+2 to your Might Pool, and +2 to your Intellect Pool.",
            {Stat.MIGHT: 2, Stat.INTELLECT: 2},
            0,
        ),
        ("You get 4 additional points to divide among your stat Pools.", {}, 4),
    ],
)
def test_pool_characteristics_become_numbers(text: str, bonus: dict[Stat, int], extra: int) -> None:
    found = read_characteristic("Exceptional", text)
    assert (found.pool_bonus, found.extra_points, found.ability) == (bonus, extra, None)


def test_a_choice_between_pools_becomes_a_choice_with_the_books_words() -> None:
    text = "+2 to your Might Pool or +2 to your Intellect Pool or +1 to all three Pools."
    found = read_characteristic("Resilient", text, "Rusted")
    assert found.pool_bonus == {} and found.ability is None
    assert found.choice is not None and found.choice.text == text
    assert found.choice.title == "Rusted: Resilient"
    assert [(o.label, o.pool_bonus) for o in found.choice.options] == [
        ("+2 to your Might Pool", {Stat.MIGHT: 2}),
        ("+2 to your Intellect Pool", {Stat.INTELLECT: 2}),
        ("+1 to all three Pools", dict.fromkeys(Stat, 1)),
    ]


@pytest.mark.parametrize(
    ("name", "text", "skills", "level"),
    [
        (
            "Skill",
            "You're trained in all actions involving breaking inanimate objects.",
            ["Breaking inanimate objects"],
            SkillLevel.TRAINED,
        ),
        (
            "Skill",
            "You're trained in initiative and stealth tasks.",
            ["Initiative", "Stealth"],
            SkillLevel.TRAINED,
        ),
        (
            "Skill",
            "You are specialized in tasks related to perception.",
            ["Perception"],
            SkillLevel.SPECIALIZED,
        ),
        (
            "Inability",
            "You were never good at studying or retaining facts. Any task involving "
            "lore, knowledge, or understanding is hindered.",
            ["Lore, knowledge, or understanding"],
            SkillLevel.INABILITY,
        ),
    ],
)
def test_skill_and_inability_characteristics_become_skills(
    name: str, text: str, skills: list[str], level: SkillLevel
) -> None:
    found = read_characteristic(name, text)
    assert [s.name for s in found.skills] == skills
    assert all(s.level is level and s.description == text for s in found.skills)
    assert found.ability is None


@pytest.mark.parametrize(
    ("text", "count", "options"),
    [
        ("You're trained in an area of knowledge of your choice.", 1, []),
        ("You are trained in four nonphysical skills of your choice.", 4, []),
        (
            "You had to fake it until you made it; you are trained in one creative skill such "
            "as singing, writing, or something similar.",
            1,
            ["Singing", "Writing"],
        ),
    ],
)
def test_a_skill_left_to_the_player_becomes_a_skill_choice(
    text: str, count: int, options: list[str]
) -> None:
    found = read_characteristic("Skill", text)
    assert found.skills == [] and found.ability is None and found.choice is not None
    assert (found.choice.count, found.choice.own, found.choice.labels()) == (count, True, options)


def _choices() -> CreationChoices:
    warrior = TypeTemplate(
        "Warrior",
        profile="cypher",
        pools={Stat.MIGHT: 10, Stat.SPEED: 10, Stat.INTELLECT: 8},
        edges={Stat.MIGHT: 1, Stat.SPEED: 0, Stat.INTELLECT: 0},
        effort=1,
        cypher_limit=2,
        starting_points=6,
        tiers=[TierAbilities(1, [Ability("Bash"), Ability("Swipe"), Ability("Fury")], choose=2)],
    )
    amazing = SentenceTemplate(
        "Amazing",
        part="descriptor",
        profile="cypher",
        characteristics=[
            "Exceptional: +2 to your Speed Pool, and 2 additional points to divide among your "
            "stat Pools.",
            "Skill: You're trained in initiative and stealth tasks.",
        ],
        pool_bonus={Stat.SPEED: 2},  # what an older import stored: not counted twice
        extra_points=2,
    )
    choices = CreationChoices("Kit", "cypher")
    choices.parts["type"] = PartChoice("warrior", warrior)
    choices.parts["descriptor"] = PartChoice("amazing", amazing)
    prefill(choices)
    return choices


def test_build_applies_and_says_what_it_applied() -> None:
    choices = _choices()
    choices.extra = {Stat.MIGHT: 4, Stat.SPEED: 0, Stat.INTELLECT: 4}
    choices.picked = ["bash", "FURY"]
    result = build_character(choices)
    ch = result.character
    assert [ch.pool(s).maximum for s in Stat] == [14, 12, 12]
    assert "+2 Speed from Exceptional" in result.applied
    assert [s.name for s in ch.skills] == ["Initiative", "Stealth"]
    assert [a.name for a in ch.abilities] == ["Bash", "Fury"]


def test_problems_name_what_is_missing() -> None:
    choices = _choices()
    choices.picked = ["Bash"]
    problems = creation_problems(choices)
    assert "8 extra points to divide among the Pools; 0 spent." in problems
    assert any(
        p.startswith("Warrior needs 2 tier-1 special abilities; 1 given: Bash. Choose from:")
        for p in problems
    )
    with pytest.raises(DomainError):
        build_character(choices)


def test_close_match_ignores_case() -> None:
    assert close_match("strongg", ["Strong", "Swift"]) == "Strong"
    assert close_match("zzz", ["Strong"]) is None


def test_templates_of_another_rules_or_part_are_refused() -> None:
    choices = _choices()
    choices.profile = "numenera"
    assert "Warrior belongs to the Cypher System rules, this character to the Numenera rules." in (
        creation_problems(choices)
    )
    choices = _choices()
    focus = SentenceTemplate("Bears a Halo of Fire", part="focus", profile="cypher")
    choices.parts["descriptor"] = PartChoice("x", focus)
    assert "Bears a Halo of Fire is a focus, not a descriptor." in creation_problems(choices)


def test_a_focus_type_swap_option_joins_the_type_choice() -> None:
    choices = _choices()
    focus = SentenceTemplate(
        "Controls Gravity",
        part="focus",
        profile="cypher",
        tiers=[
            TierAbilities(1, [Ability("Hover")]),
            TierAbilities(1, [Ability("Weighty")], choose=1),  # a type swap option
        ],
    )
    choices.parts["focus"] = PartChoice("Controls Gravity", focus)
    offers = ability_offers(choices)
    assert [(o.label, o.choose) for o in offers] == [
        ("Warrior (or Controls Gravity)", 2),
        ("Controls Gravity", 0),
    ]
    assert [a.name for a in offers[0].abilities] == ["Bash", "Swipe", "Fury", "Weighty"]
    assert [a.name for a in offers[1].abilities] == ["Hover"]


def test_short_ability_pick_names_what_can_be_chosen() -> None:
    """A player at the command line has no checkbox list: the refusal names the choices."""
    from numdesk.model.creation_offers import AbilityOffer, pick_problems

    offer = AbilityOffer("Glaive", 1, [Ability(name="Pierce"), Ability(name="Thrust")], 1)
    assert pick_problems([offer], []) == [
        "Glaive needs 1 tier-1 special ability; 0 given. Choose from: Pierce, Thrust."
    ]
    assert pick_problems([offer], ["Zzzz qqq", "Pierce"])[0] == (
        "No ability called 'Zzzz qqq' is offered to choose (offered: Pierce, Thrust)."
    )
