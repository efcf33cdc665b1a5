"""Pure tests of the encounter operations: building, initiative (G12, C12), turns and
conditions (G18), NPC and object damage (G15, N9, C11), undo, and the log."""

from __future__ import annotations

import pytest

from numdesk.model.creature import Creature
from numdesk.model.encounter import Combatant, Condition, Encounter
from numdesk.model.encounter_prep import (
    creature_combatants,
    log_markdown,
    object_combatant,
    summary,
)
from numdesk.model.errors import DomainError
from numdesk.model.operations.encounter import (
    AddCombatants,
    AddCondition,
    NextTurn,
    PreviousTurn,
    RemoveCombatant,
    RollInitiative,
    SetGroupInitiative,
    SetInitiative,
    SetProfile,
    SetTiming,
    current_slot,
    losing_turn,
    slot_label,
    task_hindrance,
)
from numdesk.model.operations.encounter_health import (
    DamageCombatant,
    DamageObject,
    Heal,
    SetHealth,
)
from numdesk.model.serialize import from_data, to_data
from numdesk.rules.dice import Dice
from numdesk.rules.profiles import CYPHER, NUMENERA
from numdesk.rules.types import ActionTiming, DamageType, ObjectState


def pc(name: str) -> Combatant:
    return Combatant(name=name, side="pc", source_uid=f"sheet-{name}")


def ex10(profile: str = "numenera") -> tuple[Encounter, dict[str, str]]:
    """Ex10: PCs roll 8, 15, 4 against two level-2 NPCs (target number 6)."""
    enc = Encounter("Ex10", profile=profile)
    goblin = Creature("Goblin", level=2, armor=1)
    pcs = [pc("Ana"), pc("Bo"), pc("Cy")]
    npcs = creature_combatants(goblin, 2)
    AddCombatants([*pcs, *npcs]).apply(enc)
    for who, roll in zip(pcs, (8, 15, 4), strict=True):
        SetInitiative(who.uid, roll).apply(enc)
    names = {c.name: c.uid for c in enc.combatants}
    return enc, names


def get(enc: Encounter, name: str) -> Combatant:
    """Look a combatant up afresh (a failed operation restores copies of them)."""
    return next(c for c in enc.combatants if c.name == name)


def order_names(enc: Encounter) -> list[str]:
    return [slot_label(enc, s) for s in enc.order]


def test_creature_counts_make_numbered_instances_with_their_own_health() -> None:
    bandit = Creature("Bandit", level=2)
    first = creature_combatants(bandit, 4)
    assert [c.name for c in first] == ["Bandit 1", "Bandit 2", "Bandit 3", "Bandit 4"]
    assert all(c.health == 6 and c.source_uid == bandit.uid for c in first)
    first[0].health = 1
    assert first[1].health == 6
    more = creature_combatants(bandit, 2, [c.name for c in first])
    assert [c.name for c in more] == ["Bandit 5", "Bandit 6"]
    assert [c.name for c in creature_combatants(Creature("Dragon", level=7), 1)] == ["Dragon"]
    with pytest.raises(DomainError):
        creature_combatants(bandit, 0)


def test_ex10_numenera_pcs_must_beat_the_npcs() -> None:
    enc, _ = ex10()
    assert order_names(enc) == ["Bo", "Ana", "Goblin 1", "Goblin 2", "Cy"]


def test_ties_differ_between_profiles() -> None:
    for profile, expected in (
        ("numenera", ["Goblin 1", "Goblin 2", "Ana"]),
        ("cypher", ["Ana", "Goblin 1", "Goblin 2"]),
    ):
        enc = Encounter("Tie", profile=profile)
        ana = pc("Ana")
        AddCombatants([ana, *creature_combatants(Creature("Goblin", level=2), 2)]).apply(enc)
        SetInitiative(ana.uid, 6).apply(enc)
        assert order_names(enc) == expected, profile


def test_group_mode_puts_all_npcs_on_one_turn() -> None:
    enc, _ = ex10()
    AddCombatants(creature_combatants(Creature("Brute", level=4), 1)).apply(enc)
    SetGroupInitiative(True).apply(enc)
    # the group acts on the highest NPC target number (12): after Bo (15), before Ana (8)
    assert order_names(enc) == ["Bo", "NPCs (together)", "Ana", "Cy"]


def test_rolled_initiative_counts_each_eased_step_as_three() -> None:
    enc, names = ex10()
    RollInitiative(Dice(script=[10]), [names["Cy"]], eases={names["Cy"]: 2}).apply(enc)
    cy = get(enc, "Cy")
    assert (cy.initiative, cy.initiative_eases) == (16, 2)
    assert "Cy 10 + 6 = 16" in enc.log[-1].text
    with pytest.raises(DomainError):
        RollInitiative(Dice(), [names["Goblin 1"]]).apply(enc)


def test_turns_rounds_and_a_condition_ending_when_its_source_acts_again() -> None:
    enc, names = ex10()
    with pytest.raises(DomainError):
        PreviousTurn().apply(enc)
    NextTurn().apply(enc)
    assert (enc.round, slot_label(enc, current_slot(enc))) == (1, "Bo")
    # on Bo's turn, Goblin 1 is dazed for one round: it lasts until Bo's next turn
    AddCondition(names["Goblin 1"], "dazed", 1).apply(enc)
    for _ in range(4):
        NextTurn().apply(enc)
    assert [c.name for c in get(enc, "Goblin 1").conditions] == ["dazed"]
    assert slot_label(enc, current_slot(enc)) == "Cy"
    PreviousTurn().apply(enc)
    NextTurn().apply(enc)
    NextTurn().apply(enc)  # round 2, Bo's turn comes round
    assert (enc.round, enc.turn) == (2, 0)
    assert get(enc, "Goblin 1").conditions == []
    assert "Goblin 1 is no longer dazed" in [e.text for e in enc.log]


def test_npc_damage_armor_defeat_and_turn_order() -> None:
    enc, names = ex10()
    NextTurn().apply(enc)
    DamageCombatant(names["Goblin 1"], 4).apply(enc)
    assert get(enc, "Goblin 1").health == 3  # 1 Armor stops 1 of 4 Might damage
    DamageCombatant(names["Goblin 1"], 3, DamageType.SPEED).apply(enc)  # ignores Armor
    assert (get(enc, "Goblin 1").health, get(enc, "Goblin 1").defeated) == (0, "dead")
    assert "Goblin 1" not in order_names(enc)
    with pytest.raises(DomainError):
        DamageCombatant(names["Goblin 1"], 1).apply(enc)
    Heal(names["Goblin 1"], 2).apply(enc)
    assert get(enc, "Goblin 1").defeated == "" and "Goblin 1" in order_names(enc)
    SetHealth(names["Goblin 1"], 0, defeat_as="knocked out").apply(enc)
    assert get(enc, "Goblin 1").defeated == "knocked out"
    with pytest.raises(DomainError):
        SetHealth(names["Goblin 2"], 99).apply(enc)
    with pytest.raises(DomainError):
        DamageCombatant(names["Ana"], 3).apply(enc)


def test_defeating_the_current_combatant_passes_the_turn_on() -> None:
    enc, names = ex10()
    NextTurn().apply(enc)
    NextTurn().apply(enc)
    NextTurn().apply(enc)
    assert slot_label(enc, current_slot(enc)) == "Goblin 1"
    DamageCombatant(names["Goblin 1"], 20).apply(enc)
    assert slot_label(enc, current_slot(enc)) == "Goblin 2"


def test_undo_restores_everything() -> None:
    enc, names = ex10()
    NextTurn().apply(enc)
    before = to_data(enc)
    ops = [NextTurn(), DamageCombatant(names["Goblin 2"], 9), AddCondition(names["Ana"], "stunned")]
    for op in ops:
        op.apply(enc)
    after = to_data(enc)
    for op in reversed(ops):
        op.revert(enc)
    assert to_data(enc) == before
    for op in ops:  # redo gives back exactly the same state, log lines included
        op.apply(enc)
    assert to_data(enc) == after
    get(enc, "Goblin 2").conditions.append(Condition("poisoned"))  # snapshots stay apart
    for op in reversed(ops):
        op.revert(enc)
    assert to_data(enc) == before
    assert from_data(Encounter, to_data(enc)) == enc


def test_cypher_first_follow_up_last_and_waiting() -> None:
    enc, names = ex10("cypher")
    SetTiming(names["Cy"], ActionTiming.FIRST).apply(enc)
    SetTiming(names["Bo"], ActionTiming.LAST).apply(enc)
    assert order_names(enc) == [
        "Cy (First action)",
        "Ana",
        "Goblin 1",
        "Goblin 2",
        "Cy (Follow-up)",
        "Bo (Last action)",
    ]
    SetTiming(names["Ana"], ActionTiming.WAITING, after=names["Goblin 2"]).apply(enc)
    assert order_names(enc)[1:4] == ["Goblin 1", "Goblin 2", "Ana"]
    NextTurn().apply(enc)
    assert slot_label(enc, current_slot(enc)) == "Cy (First action)"
    for _ in range(6):
        NextTurn().apply(enc)
    # the choices were for that round only
    assert enc.round == 2
    assert order_names(enc) == ["Bo", "Ana", "Goblin 1", "Goblin 2", "Cy"]
    numenera, n = ex10()
    with pytest.raises(DomainError):
        SetTiming(n["Ana"], ActionTiming.FIRST).apply(numenera)


def test_objects_follow_the_profile() -> None:
    door = object_combatant("Door", 6, CYPHER)
    enc = Encounter("Door", profile="cypher")
    AddCombatants([door]).apply(enc)
    for hit, level in ((7, 5), (7, 3), (7, 0)):
        DamageObject(door.uid, hit).apply(enc)
        assert get(enc, "Door").health == level
    DamageObject(door.uid, 6).apply(enc)
    assert get(enc, "Door").defeated == "destroyed"
    wall = object_combatant("Wall", 2, NUMENERA)
    enc2 = Encounter("Wall")
    AddCombatants([wall]).apply(enc2)
    DamageObject(wall.uid, 7).apply(enc2)  # beats 6 by 1: one step
    assert get(enc2, "Wall").object_state is ObjectState.MINOR_DAMAGE
    DamageObject(wall.uid, 18).apply(enc2)  # beats 6 by 12: three steps, to destroyed
    assert get(enc2, "Wall").object_state is ObjectState.DESTROYED
    assert get(enc2, "Wall").defeated == "destroyed"


def test_bad_input_changes_nothing() -> None:
    enc, names = ex10()
    before = to_data(enc)
    for op in (
        SetInitiative(names["Ana"], 99),
        AddCondition(names["Ana"], "", 1),
        AddCondition(names["Ana"], "dazed", 0),
        AddCombatants([pc("ana")]),
        RemoveCombatant("nobody"),
    ):
        with pytest.raises(DomainError):
            op.apply(enc)
        assert to_data(enc) == before


def test_start_needs_every_pc_initiative() -> None:
    enc = Encounter("x")
    AddCombatants([pc("Ana"), *creature_combatants(Creature("Rat", level=1), 1)]).apply(enc)
    with pytest.raises(DomainError, match="Ana"):
        NextTurn().apply(enc)


def test_summary_and_markdown_log() -> None:
    enc, _ = ex10()
    text = summary(enc, {"sheet-Ana": 1, "sheet-Bo": 2, "sheet-Cy": 1})
    assert "3 PCs, tier 1–2" in text and "level 2 × 2" in text
    NextTurn().apply(enc)
    md = log_markdown(enc)
    assert md.startswith("# Ex10")
    assert "## Preparation" in md and "## Round 1" in md and "Round 1 begins" in md


def test_a_stunned_combatant_loses_its_turn_but_not_one_it_is_already_taking() -> None:
    enc, names = ex10()
    NextTurn().apply(enc)  # R1: Bo, Ana, Goblin 1, Goblin 2, Cy
    AddCondition(names["Goblin 1"], "stunned", 1).apply(enc)  # on Bo's turn
    AddCondition(names["Goblin 2"], "Dazed", 1).apply(enc)
    assert losing_turn(enc) == []  # Bo is not stunned
    NextTurn().apply(enc)
    NextTurn().apply(enc)
    assert [c.name for c in losing_turn(enc)] == ["Goblin 1"]
    NextTurn().apply(enc)
    assert enc.log[-1].text == "Goblin 1 loses the turn (stunned). Turn: Goblin 2"
    # stunned during its own turn: that turn is already being taken
    AddCondition(names["Goblin 2"], "stunned", 1).apply(enc)
    assert losing_turn(enc) == []
    NextTurn().apply(enc)
    assert enc.log[-1].text == "Turn: Cy"
    # dazed hinders every task 1 step; stunned and made-up conditions add nothing
    assert task_hindrance(get(enc, "Goblin 2")) == 1
    AddCondition(names["Cy"], "on fire", 2).apply(enc)
    AddCondition(names["Cy"], "stunned", 2).apply(enc)
    assert task_hindrance(get(enc, "Cy")) == 0


def test_undo_and_redo_keep_snapshots_apart_from_later_actions() -> None:
    enc, names = ex10()
    NextTurn().apply(enc)
    start = to_data(enc)
    first, second = DamageCombatant(names["Goblin 1"], 3, DamageType.SPEED), NextTurn()
    first.apply(enc)
    after_first = to_data(enc)
    second.apply(enc)
    after_second = to_data(enc)
    for _ in range(2):  # undo both, redo both, twice over: the same states each time
        second.revert(enc)
        assert to_data(enc) == after_first
        first.revert(enc)
        assert to_data(enc) == start
        first.apply(enc)
        second.apply(enc)
        assert to_data(enc) == after_second
    # undo one step, then a new action changes the encounter in place (the undone step
    # is gone from the stack): undoing that action and the first still comes back right
    second.revert(enc)
    third = DamageCombatant(names["Goblin 1"], 1, DamageType.SPEED)
    third.apply(enc)
    assert get(enc, "Goblin 1").health == 2
    third.revert(enc)
    assert to_data(enc) == after_first
    first.revert(enc)
    assert to_data(enc) == start


def test_the_log_tells_the_damage_dealt_even_past_zero_health() -> None:
    enc, names = ex10()
    DamageCombatant(names["Goblin 1"], 20, defeat_as="knocked out").apply(enc)
    assert enc.log[-1].text == (
        "Goblin 1 takes 19 Might damage (1 stopped by Armor): health 6 → 0, defeated (knocked out)"
    )


def test_changing_the_rules_before_the_fight() -> None:
    enc, names = ex10("cypher")
    door = object_combatant("Door", 3, CYPHER)
    AddCombatants([door]).apply(enc)
    SetTiming(names["Cy"], ActionTiming.FIRST).apply(enc)
    SetInitiative(names["Cy"], 6).apply(enc)  # ties the goblins: cypher puts Cy first
    assert order_names(enc)[:2] == ["Cy (First action)", "Bo"]
    op = SetProfile("numenera")
    assert op.apply(enc).summary == "The fight now uses the Numenera rules"
    # Numenera: no First action, the tie goes to the NPCs, objects take the track
    assert get(enc, "Cy").timing is ActionTiming.NORMAL
    assert order_names(enc) == ["Bo", "Ana", "Goblin 1", "Goblin 2", "Cy"]
    assert (get(enc, "Door").health, get(enc, "Door").max_health) == (0, 0)
    op.revert(enc)
    assert enc.profile == "cypher" and get(enc, "Door").health == 3
    assert order_names(enc)[0] == "Cy (First action)"
    before = to_data(enc)
    for bad in (SetProfile("cypher"), SetProfile("dnd")):
        with pytest.raises(DomainError):
            bad.apply(enc)
        assert to_data(enc) == before
    NextTurn().apply(enc)
    with pytest.raises(DomainError, match="before it starts"):
        SetProfile("numenera").apply(enc)
