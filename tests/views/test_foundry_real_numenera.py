"""The Foundry Numenera system's actors (issue 24, cause 8): its localisation keys become
words, its weights, ability kinds and tiers are read as it means them, and a skill's stat,
an ability's range, a weapon's or armor's price and an NPC's Description tab are kept,
shown, printed and carried through numdesk's export and import."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from numdesk.controllers.library import LibraryController
from numdesk.io.importer import import_files
from numdesk.model.creature import Creature
from numdesk.model.serialize import to_data
from numdesk.rules.types import AbilityKind, ArmorCategory, Stat, WeaponCategory
from numdesk.store import Library
from numdesk.views.entry_editor import EntryEditor
from tests.foundry_real import exchanged, exchanged_character, import_real, real_actor, run_numdesk
from tests.views.main_window_helpers import make_settings
from tests.views.sheet_helpers import open_sheet

SOLDIER_TEXT = "Clockwork automatons powered by steam"


def _cells(sheet: object, list_name: str, header: str) -> dict[str, str]:
    """Item name -> the text a sheet table shows in the column `header`."""
    model = sheet.list_editors[list_name].model  # type: ignore[attr-defined]
    headers = [
        model.headerData(c, Qt.Orientation.Horizontal, 0) for c in range(model.columnCount())
    ]
    column = headers.index(header)
    return {item.name: model.index(row, column).data() for row, item in enumerate(model.items())}


def _pdf_text(path: Path) -> str:
    import subprocess

    out = subprocess.run(
        ["pdftotext", "-enc", "UTF-8", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    return " ".join(out.split())


def test_numenera_pc_values_read_as_the_system_means_them(
    qtbot: QtBot, library: Library, tmp_path: Path
) -> None:
    pc = import_real(library, "num-pc-glaive.json")
    raw = json.dumps(to_data(pc))
    assert "NUMENERA." not in raw.upper().replace("NUMENERA LORE", "")
    abilities = {a.name: a for a in pc.abilities}
    assert abilities["Practiced in Armor"].kind is AbilityKind.ENABLER
    assert abilities["Shroud of Flame"].kind is AbilityKind.ENABLER
    assert abilities["Bash"].kind is AbilityKind.ACTION
    assert abilities["Thrust"].tier == 2 and abilities["Bash"].tier == 1
    assert abilities["Bash"].range == "immediate"
    assert abilities["Fleet of Foot"].range == "immediate"
    weapons = {w.name: w for w in pc.weapons}
    assert (weapons["Broadsword"].range, weapons["Crossbow"].range) == ("immediate", "long")
    assert weapons["Broadsword"].category is WeaponCategory.MEDIUM
    assert (weapons["Broadsword"].price, weapons["Crossbow"].price) == ("20 shins", "15 shins")
    (chainmail,) = pc.armor
    assert chainmail.category is ArmorCategory.MEDIUM and chainmail.price == "20 shins"
    skills = {s.name: s for s in pc.skills}
    assert skills["Smashing"].stat is Stat.MIGHT
    assert skills["Perception"].stat is Stat.INTELLECT
    assert skills["Numenera lore"].stat is Stat.INTELLECT

    _controller, sheet = open_sheet(qtbot, library, pc.uid)
    assert _cells(sheet, "skills", "Stat")["Smashing"] == "might"
    assert _cells(sheet, "abilities", "Range")["Bash"] == "immediate"
    assert _cells(sheet, "abilities", "Kind")["Practiced in Armor"] == "enabler"
    assert _cells(sheet, "abilities", "Tier")["Thrust"] == "2"
    assert _cells(sheet, "weapons", "Price")["Crossbow"] == "15 shins"
    assert _cells(sheet, "armor", "Price")["Chainmail"] == "20 shins"
    assert _cells(sheet, "armor", "Category")["Chainmail"] == "medium"

    out = tmp_path / "glaive.pdf"
    done = run_numdesk(
        "export-pdf", "--library", library.path, "--character", pc.name, "--out", out
    )
    assert done.returncode == 0, done.stderr
    text = _pdf_text(out)
    assert "numenera.range" not in text.lower() and "weightclasses" not in text.lower()
    assert "Smashing (Might)" in text
    assert "Enabler · tier 1" in text and "Action · tier 2" in text
    assert "range immediate" in text
    assert "20 shins" in text and "15 shins" in text

    back = exchanged_character(library.path, tmp_path, pc.name)
    assert {s.name: s.stat for s in back.skills} == {s.name: s.stat for s in pc.skills}
    assert {a.name: (a.range, a.kind, a.tier) for a in back.abilities} == {
        a.name: (a.range, a.kind, a.tier) for a in pc.abilities
    }
    assert [(w.price, w.range) for w in back.weapons] == [(w.price, w.range) for w in pc.weapons]
    assert [(a.price, a.category) for a in back.armor] == [(a.price, a.category) for a in pc.armor]


def test_numenera_npc_keeps_its_description_tab_and_movement_in_words(
    qtbot: QtBot, library: Library, tmp_path: Path
) -> None:
    import_files(library, [real_actor("num-npc-mechanical-soldier.json")])
    (summary,) = library.creatures.list()
    soldier = library.creatures.load(summary.uid)
    assert isinstance(soldier, Creature)
    assert soldier.movement == "Short"
    assert SOLDIER_TEXT in soldier.description
    assert "gleam in the glass lens" in soldier.description
    assert soldier.motive == "Incomprehensible"

    controller = LibraryController(library, make_settings(tmp_path))
    editor = EntryEditor(controller, soldier.uid)
    qtbot.addWidget(editor)
    editor.resize(1366, 768)
    editor.show()
    assert editor.reader is not None
    page = editor.reader.text()
    assert SOLDIER_TEXT in page and "Short" in page
    assert "numenera." not in page.lower()

    out = tmp_path / "soldier.pdf"
    done = run_numdesk(
        "export-pdf", "--library", library.path, "--creature", soldier.name, "--out", out
    )
    assert done.returncode == 0, done.stderr
    text = _pdf_text(out)
    assert SOLDIER_TEXT in text and "numenera." not in text.lower()

    with Library.open_read_only(exchanged(library.path, tmp_path)) as other:
        again = other.creatures.find_by_name(soldier.name)
        assert isinstance(again, Creature)
        assert (again.description, again.movement) == (soldier.description, soldier.movement)
