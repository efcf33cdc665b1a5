"""The players' projection of a fight: hidden combatants left out, health in words
unless revealed, PCs with their Pools, and a lossless trip through plain data."""

from __future__ import annotations

from numdesk.model.character import Character
from numdesk.model.encounter import Combatant, Condition, Encounter
from numdesk.model.operations.encounter import AddCondition, NextTurn
from numdesk.model.serialize import from_data, to_data
from numdesk.model.table_view import TableView, health_words, project, wound_words
from numdesk.rules.types import Stat


def _fight(profile: str = "cypher") -> tuple[Encounter, dict[str, Character]]:
    ana = Character("Ana", profile=profile)
    ana.pools[Stat.SPEED].current = 7
    ana.wounds.minor = 1
    enc = Encounter("Ambush", profile=profile)
    enc.combatants = [
        Combatant("Ana", side="pc", source_uid=ana.uid, initiative=15),
        Combatant("Abomination", level=4, health=20, max_health=20),
        Combatant("Lurker", level=3, health=9, max_health=9),
    ]
    return enc, {ana.uid: ana}


def _start(enc: Encounter) -> None:
    NextTurn().apply(enc)


def test_hidden_combatants_are_left_out_everywhere() -> None:
    enc, sheets = _fight()
    enc.combatants[2].hidden = True
    _start(enc)
    view = project(enc, sheets)
    names = [s.name for s in view.seats]
    assert names == ["Ana", "Abomination"]
    assert "Lurker" not in repr(to_data(view))


def test_health_is_words_until_the_gm_reveals_numbers() -> None:
    enc, sheets = _fight()
    _start(enc)
    abom = enc.combatants[1]
    abom.health = 12
    seat = next(s for s in project(enc, sheets).seats if s.name == "Abomination")
    assert (seat.health_words, seat.health, seat.max_health) == ("hurt", None, None)
    enc.reveal_numbers = True
    seat = next(s for s in project(enc, sheets).seats if s.name == "Abomination")
    assert (seat.health, seat.max_health) == (12, 20)


def test_health_words_follow_the_damage() -> None:
    npc = Combatant("Orc", health=10, max_health=10)
    words = []
    for health in (10, 6, 5, 1, 0):
        npc.health = health
        words.append(health_words(npc))
    assert words == ["hale", "hurt", "badly hurt", "badly hurt", "down"]


def test_pcs_show_pools_and_wounds_or_the_track_by_rules() -> None:
    enc, sheets = _fight("cypher")
    _start(enc)
    seat = next(s for s in project(enc, sheets).seats if s.side == "pc")
    assert ("speed", 7, 10) in [(p.stat, p.current, p.maximum) for p in seat.pools]
    assert seat.wounds.startswith("minor 1/3") and seat.damage_track == ""
    enc, sheets = _fight("numenera")
    _start(enc)
    seat = next(s for s in project(enc, sheets).seats if s.side == "pc")
    assert seat.damage_track == "hale" and seat.wounds == ""


def test_whose_turn_and_conditions_in_words() -> None:
    enc, sheets = _fight()
    enc.combatants[1].conditions.append(Condition("dazed", rounds_left=1, started_round=1))
    _start(enc)
    view = project(enc, sheets)
    assert view.round == 1 and view.turn_label == "Ana"
    assert [s.acting for s in view.seats] == [True, False, False]
    dazed = view.seats[1].conditions[0]
    assert dazed.name == "dazed" and "hindered" in dazed.does


def test_a_hidden_combatants_turn_is_not_named() -> None:
    enc, sheets = _fight()
    enc.combatants[0].initiative = 1
    enc.combatants[2].hidden = True
    enc.combatants[2].level = 7
    _start(enc)
    view = project(enc, sheets)
    assert view.turn_label == "" and not any(s.acting for s in view.seats)


def test_the_view_survives_plain_data() -> None:
    enc, sheets = _fight()
    _start(enc)
    view = project(enc, sheets)
    assert from_data(TableView, to_data(view)) == view


def test_places_count_only_the_seats_shown() -> None:
    enc, sheets = _fight()
    enc.combatants[1].hidden = True  # the Abomination (level 4) acts between Ana and Lurker
    _start(enc)
    view = project(enc, sheets)
    assert [(s.name, s.place) for s in view.seats] == [("Ana", 1), ("Lurker", 2)]


def test_npcs_acting_together_are_named_as_a_group_even_with_one_hidden() -> None:
    enc, sheets = _fight()
    enc.group_npc_initiative = True
    enc.combatants[0].initiative = 1  # the NPCs go first
    enc.combatants[2].hidden = True
    _start(enc)
    view = project(enc, sheets)
    assert view.turn_label == "NPCs (together)"
    assert [(s.name, s.acting) for s in view.seats] == [("Abomination", True), ("Ana", False)]
    enc.combatants[1].hidden = True  # every NPC hidden: the group's turn goes unnamed
    assert project(enc, sheets).turn_label == ""


def test_table_action_marks_say_what_they_do() -> None:
    enc, sheets = _fight()
    for name in ("helped", "distracted", "guarding", "impaired", "stunned", "my own"):
        enc.combatants[1].conditions.append(Condition(name, rounds_left=None))
    _start(enc)
    seat = next(s for s in project(enc, sheets).seats if s.name == "Abomination")
    does = {c.name: c.does for c in seat.conditions}
    assert does == {
        "helped": "defense eased 1 step",
        "distracted": "attacks hindered 1 step",
        "guarding": "defense eased 1 step",
        "impaired": "all tasks hindered 1 step",
        "stunned": "loses its turn, can still defend",
        "my own": "",
    }
    assert all(c.ends == "until removed" for c in seat.conditions)


def test_wounds_in_words_leave_out_empty_severities() -> None:
    assert wound_words(0, 0, 0, (3, 3, 3)) == "no wounds"
    assert wound_words(3, 1, 0, (3, 4, 3)) == "minor 3/3 · moderate 1/4"


def test_a_condition_says_at_whose_turn_it_ends_unless_that_one_is_hidden() -> None:
    enc, sheets = _fight()
    _start(enc)  # Ana's turn: she dazes the Abomination, on her own clock (G18)
    abom, lurker = enc.combatants[1], enc.combatants[2]
    AddCondition(abom.uid, "dazed", 1).apply(enc)
    AddCondition(abom.uid, "blinded", 2, anchor=lurker.uid).apply(enc)
    seat = next(s for s in project(enc, sheets).seats if s.name == "Abomination")
    assert [c.ends for c in seat.conditions] == [
        "ends in round 2, as Ana's turn starts",
        "ends in round 2, as Lurker's turn starts",
    ]
    lurker.hidden = True
    seat = next(s for s in project(enc, sheets).seats if s.name == "Abomination")
    assert [c.ends for c in seat.conditions] == [
        "ends in round 2, as Ana's turn starts",
        "ends in round 2",
    ]
    assert "Lurker" not in repr(to_data(project(enc, sheets)))
