"""SetAbilityText: the player's own text for a linked ability, and back to the library's."""

from __future__ import annotations

from numdesk.model.abilities import Ability
from numdesk.model.operations import SetAbilityText
from tests.model.sheet_ops_helpers import apply_and_revert, assert_refused, make_character


def _with(ability: Ability):  # type: ignore[no-untyped-def]
    character = make_character(abilities=[ability])
    return character, character.abilities[0]


def test_typing_over_a_linked_text_makes_it_the_players() -> None:
    character, bash = _with(Ability("Bash", description="Library text.", library_uid="lib-1"))
    change = apply_and_revert(SetAbilityText(bash.uid, "  My text.  "), character)
    assert "your own text" in change.summary
    bash = character.abilities[0]
    assert (bash.description, bash.own_text) == ("My text.", True)


def test_clearing_own_text_hands_it_back_to_the_library() -> None:
    ability = Ability("Bash", description="Mine.", library_uid="lib-1", own_text=True)
    character, bash = _with(ability)
    change = apply_and_revert(SetAbilityText(bash.uid, None), character)
    assert "follows its library text" in change.summary
    assert not character.abilities[0].own_text
    # the same with an emptied cell
    character, bash = _with(Ability("Bash", description="Mine.", library_uid="x", own_text=True))
    SetAbilityText(bash.uid, "").apply(character)
    assert not bash.own_text


def test_following_already_changes_nothing() -> None:
    character, bash = _with(Ability("Bash", description="Library text.", library_uid="lib-1"))
    assert not SetAbilityText(bash.uid, None).apply(character).record
    # a cell opened and closed untouched does not make the library's text the player's
    assert not SetAbilityText(bash.uid, "Library text.").apply(character).record
    assert not bash.own_text


def test_a_hand_made_ability_is_simply_edited() -> None:
    character, own = _with(Ability("Juggle", description="Old."))
    apply_and_revert(SetAbilityText(own.uid, "New."), character)
    own = character.abilities[0]
    assert (own.description, own.own_text) == ("New.", False)
    assert "not linked" in assert_refused(SetAbilityText(own.uid, None), character)
    SetAbilityText(own.uid, "").apply(character)
    assert character.abilities[0].description == ""
