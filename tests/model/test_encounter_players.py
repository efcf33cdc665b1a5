"""Hiding combatants from the players and showing them health as numbers: fight
operations with a log line each, undone exactly, refused with a reason when they would
change nothing."""

from __future__ import annotations

import pytest

from numdesk.model.encounter import Combatant, Encounter
from numdesk.model.errors import DomainError
from numdesk.model.operations.encounter import RevealNumbers, SetHidden


def _encounter() -> Encounter:
    enc = Encounter("Ambush")
    enc.combatants = [Combatant("Bandit 1"), Combatant("Bandit 2"), Combatant("Lurker")]
    return enc


def test_hiding_several_is_one_step_with_one_log_line() -> None:
    enc = _encounter()
    bandit1, bandit2, lurker = enc.combatants
    lurker.hidden = True
    op = SetHidden([bandit1.uid, lurker.uid, bandit1.uid], True)
    change = op.apply(enc)
    assert change.summary == "Hidden from the players: Bandit 1"  # Lurker already was
    assert [c.hidden for c in enc.combatants] == [True, False, True]
    assert [line.text for line in enc.log] == ["Hidden from the players: Bandit 1"]
    op.revert(enc)
    assert [c.hidden for c in enc.combatants] == [False, False, True] and enc.log == []
    SetHidden([lurker.uid, bandit2.uid], False).apply(enc)
    assert enc.log[-1].text == "Shown to the players: Lurker"


def test_a_switch_that_changes_nothing_is_refused_with_the_reason() -> None:
    enc = _encounter()
    with pytest.raises(DomainError, match="Bandit 1 is already shown to the players"):
        SetHidden([enc.combatants[0].uid], False).apply(enc)
    with pytest.raises(DomainError, match="Select the combatants first"):
        SetHidden([], True).apply(enc)
    with pytest.raises(DomainError, match="already see health as words"):
        RevealNumbers(False).apply(enc)
    assert enc.log == []


def test_revealing_numbers_and_back() -> None:
    enc = _encounter()
    op = RevealNumbers(True)
    assert op.apply(enc).summary == "The players see NPC health as numbers"
    assert enc.reveal_numbers
    op.revert(enc)
    assert not enc.reveal_numbers and enc.log == []
    RevealNumbers(True).apply(enc)
    RevealNumbers(False).apply(enc)
    assert enc.log[-1].text.startswith("The players see NPC health as words again")
