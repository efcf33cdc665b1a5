"""The entry editor has a working form for every kind it edits, and its structured
fields (stats, nested template lists) store good values and explain bad ones."""

from __future__ import annotations

from pathlib import Path

import pytest
from main_window_helpers import add, make_controller, make_window
from pytestqt.qtbot import QtBot

from numdesk.controllers.library import LibraryController
from numdesk.model.abilities import Ability
from numdesk.model.kinds import EntryKind
from numdesk.model.templates import TierAbilities, TypeTemplate
from numdesk.rules.types import Stat
from numdesk.views.entry_editor import EntryEditor, can_edit
from numdesk.views.library.new_entry import blank_entry
from numdesk.views.main_window import MainWindow


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    controller = make_controller(tmp_path)
    yield make_window(qtbot, controller)
    controller.close()


EDITABLE = [kind for kind in EntryKind if can_edit(kind)]


def test_characters_and_encounters_have_their_own_windows() -> None:
    assert not can_edit(EntryKind.CHARACTER) and not can_edit(EntryKind.ENCOUNTER)
    assert len(EDITABLE) == len(EntryKind) - 2


@pytest.mark.parametrize("kind", EDITABLE, ids=lambda k: k.value)
def test_every_kind_opens_and_saves_unchanged(window: MainWindow, kind: EntryKind) -> None:
    controller: LibraryController = window.controller
    entry = blank_entry(kind, f"Blank {kind.value}")
    uid = controller.create(entry)
    editor = window.open_entry(uid)
    assert isinstance(editor, EntryEditor)
    editor.commit_all()
    assert all(editor.error_text(name) == "" for name in editor.fields)
    assert controller.load(uid) == entry
    assert controller.kind_of(uid) is kind


def test_type_template_pools_and_tiers(window: MainWindow) -> None:
    controller = window.controller
    glaive = TypeTemplate(
        name="Test type",
        pools={Stat.MIGHT: 11, Stat.SPEED: 10},
        tiers=[TierAbilities(1, [Ability("Fleet of foot", cost=2, pool=Stat.SPEED)], 2)],
    )
    add(controller.library, glaive)
    editor = window.open_entry(glaive.uid)
    assert isinstance(editor, EntryEditor)

    pools = editor.fields["pools"]
    assert pools.edits[Stat.MIGHT].text() == "11"  # type: ignore[attr-defined]
    assert pools.edits[Stat.INTELLECT].text() == ""  # type: ignore[attr-defined]
    pools.edits[Stat.INTELLECT].setText("7")  # type: ignore[attr-defined]
    pools._commit()
    assert controller.library.types.load(glaive.uid).pools == {
        Stat.MIGHT: 11,
        Stat.SPEED: 10,
        Stat.INTELLECT: 7,
    }
    pools.edits[Stat.SPEED].setText("ten")  # type: ignore[attr-defined]
    pools._commit()
    assert editor.error_text("pools") == "Starting Pools (Speed) must be a whole number."

    tiers = editor.fields["tiers"]
    table = tiers.table  # type: ignore[attr-defined]
    assert [table.item(0, c).text() for c in range(3)] == ["1", "2", "Fleet of foot"]
    table.item(0, 1).setText("two")
    assert editor.error_text("tiers") == "Row 1: Choose must be a whole number."
    assert controller.library.types.load(glaive.uid).tiers[0].choose == 2
    table.item(0, 1).setText("1")
    table.item(0, 3).setText("3 Speed")
    assert editor.error_text("tiers") == ""
    stored = controller.library.types.load(glaive.uid).tiers[0]
    assert stored.choose == 1 and stored.abilities[0].cost_text == "3 Speed"
    assert stored.abilities[0].cost == 2  # the values without a column are kept
