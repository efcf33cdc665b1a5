"""Issue 24, cause 10, on the real Foundry actor documents: values numdesk kept but showed
nowhere (an NPC's initiative bonus, a community's infrastructure, a vehicle's crew and
weapon systems, a follower's disposition, category and owner, the teen form's items and
notes) are on the entry page, in the editor, on the printout and in the fight, and come
back from numdesk's export and import."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QLabel, QLineEdit
from pytestqt.qtbot import QtBot

from numdesk.controllers.library import LibraryController
from numdesk.io.importer import import_files
from numdesk.model.creature import Creature
from numdesk.model.follower import Follower
from numdesk.store import Library
from numdesk.views.entry_editor import EntryEditor
from numdesk.views.forms import child
from tests.foundry_real import (
    exchanged,
    exchanged_character,
    import_real,
    printed,
    real_actor,
    run_numdesk,
)
from tests.io.conftest import FIXTURES
from tests.views.encounter_helpers import Table, add_from_library
from tests.views.main_window_helpers import make_settings
from tests.views.sheet_helpers import open_sheet

BLOCKS = {
    "cs2-vehicle-starship-cruiser-f10.json": {"crew": 25, "weapon systems": 5},
    "cs3-vehicle-tank.json": {"crew": 1, "weapon systems": 1},
    "cs3-community-dunmarrow.json": {"infrastructure": 12},
}


def _pdf(library: Library, kind: str, name: str, out: Path) -> str:
    import subprocess

    done = run_numdesk("export-pdf", "--library", library.path, f"--{kind}", name, "--out", out)
    assert done.returncode == 0, done.stderr
    text = subprocess.run(
        ["pdftotext", "-enc", "UTF-8", str(out), "-"], capture_output=True, text=True, check=True
    ).stdout
    return " ".join(text.split())


def _editor(qtbot: QtBot, library: Library, uid: str, folder: Path) -> EntryEditor:
    editor = EntryEditor(LibraryController(library, make_settings(folder)), uid)
    qtbot.addWidget(editor)
    editor.resize(1366, 768)
    editor.show()
    return editor


def editor_widget_text(editor: EntryEditor, name: str) -> str:
    """The text the form's line edit for field `name` shows."""
    if editor.reading:
        editor.start_editing()
    widget = editor.fields[name].widget
    edit = widget if isinstance(widget, QLineEdit) else widget.findChild(QLineEdit)
    assert edit is not None
    return edit.text()


def _shown_in_form(editor: EntryEditor, name: str) -> object:
    """The value the editor's form holds for field `name` (the form opened for editing)."""
    if editor.reading:
        editor.start_editing()
    return editor.fields[name].parse()


def test_stat_block_numbers_and_initiative_are_shown_everywhere(
    qtbot: QtBot, library: Library, tmp_path: Path
) -> None:
    import_files(
        library, [real_actor(n) for n in [*BLOCKS, "cs3-npc-assassin-wounded-with-items.json"]]
    )
    blocks = {s.name: library.creatures.load(s.uid) for s in library.creatures.list()}
    assert all(isinstance(b, Creature) for b in blocks.values())
    cruiser = blocks["Cruiser"]
    assert blocks["Tank"].stats == BLOCKS["cs3-vehicle-tank.json"]
    town, assassin = blocks["Dunmarrow"], blocks["Assassin"]
    assert cruiser.stats == BLOCKS["cs2-vehicle-starship-cruiser-f10.json"]
    assert town.stats == BLOCKS["cs3-community-dunmarrow.json"]
    assert assassin.initiative_bonus == 2

    page = _editor(qtbot, library, cruiser.uid, tmp_path).reader.text()  # type: ignore[union-attr]
    assert "Crew\n25" in page and "Weapon systems\n5" in page
    page = _editor(qtbot, library, town.uid, tmp_path).reader.text()  # type: ignore[union-attr]
    assert "Infrastructure\n12" in page
    page = _editor(qtbot, library, assassin.uid, tmp_path).reader.text()  # type: ignore[union-attr]
    assert "Initiative bonus\n+2" in page

    stats = editor_widget_text(_editor(qtbot, library, cruiser.uid, tmp_path), "stats")
    assert stats == "crew 25, weapon systems 5"
    editor = _editor(qtbot, library, assassin.uid, tmp_path)
    assert _shown_in_form(editor, "initiative_bonus") == 2

    text = _pdf(library, "creature", "Cruiser", tmp_path / "cruiser.pdf")
    assert "Crew: 25" in text and "Weapon systems: 5" in text
    text = _pdf(library, "creature", "Dunmarrow", tmp_path / "town.pdf")
    assert "Infrastructure: 12" in text
    text = _pdf(library, "creature", "Assassin", tmp_path / "assassin.pdf")
    assert "Initiative bonus: +2" in text

    with Library.open_read_only(exchanged(library.path, tmp_path)) as other:
        for name, block in blocks.items():
            again = other.creatures.find_by_name(name)
            assert isinstance(again, Creature)
            assert (again.stats, again.initiative_bonus) == (block.stats, block.initiative_bonus)


def test_stat_block_numbers_in_the_fight(qtbot: QtBot, tmp_path: Path) -> None:
    table = Table(tmp_path, "cypher")
    import_files(
        table.library_controller.library,
        [
            real_actor("cs2-vehicle-starship-cruiser-f10.json"),
            real_actor("cs3-npc-assassin-wounded-with-items.json"),
        ],
    )
    window = table.open(qtbot)
    add_from_library(window, ("Cruiser", "Assassin"))
    window.select_name("Cruiser")
    text = window.stat_block.toPlainText()
    assert "Crew\n25" in text and "Weapon systems\n5" in text
    window.select_name("Assassin")
    assert "Initiative bonus\n+2" in window.stat_block.toPlainText()


def test_a_followers_disposition_category_and_owner_are_shown(
    qtbot: QtBot, library: Library, tmp_path: Path
) -> None:
    import_files(library, [real_actor("cs3-companion-synth.json")])
    (summary,) = library.followers.list()
    synth = library.followers.load(summary.uid)
    assert isinstance(synth, Follower)
    assert (synth.disposition, synth.category, synth.owner) == (
        "Loyal",
        "Synth (follower)",
        "Ysolde Karr",
    )
    editor = _editor(qtbot, library, synth.uid, tmp_path)
    for name in ("disposition", "category", "owner"):
        assert editor_widget_text(editor, name) == getattr(synth, name)

    (tmp_path / "fight").mkdir()
    table = Table(tmp_path / "fight", "cypher")
    import_files(table.library_controller.library, [real_actor("cs3-companion-synth.json")])
    window = table.open(qtbot)
    add_from_library(window, ("Unit K-7",))
    window.select_name("Unit K-7")
    text = window.stat_block.toPlainText()
    assert "Disposition\nLoyal" in text and "Category\nSynth (follower)" in text
    assert "Follows\nYsolde Karr" in text

    with Library.open_read_only(exchanged(library.path, tmp_path)) as other:
        (again,) = [other.followers.load(s.uid) for s in other.followers.list()]
        assert isinstance(again, Follower)
        assert (again.disposition, again.category, again.owner) == (
            synth.disposition,
            synth.category,
            synth.owner,
        )


def test_a_followers_disposition_prints_with_its_character(
    library: Library, tmp_path: Path
) -> None:
    pc = import_real(library, "cs3-pc-t1-warrior-fantasy.json")
    import_files(library, [real_actor("cs3-companion-synth.json")])
    (summary,) = library.followers.list()
    synth = library.followers.load(summary.uid)
    pc.followers.append(synth)
    library.characters.save(pc)
    text = printed(library.path, pc.name, tmp_path / "with-follower.pdf")
    assert "Unit K-7" in text and "Loyal" in text and "Synth (follower)" in text


def test_the_teen_forms_items_and_notes_are_shown(
    qtbot: QtBot, library: Library, tmp_path: Path
) -> None:
    pc = import_real(library, "cs3-pc-t6-unmasked-powershifts.json")
    form = pc.second_form
    assert form is not None
    (unarmed,) = form.weapons
    assert (unarmed.name, unarmed.damage) == ("Unarmed", 2)

    _controller, sheet = open_sheet(qtbot, library, pc.uid)
    shown = child(sheet.form, QLabel, "secondFormText").text()
    assert "Sneaking (trained)" in shown
    assert "Unarmed (light, 2 damage, eased 1 step)" in shown
    assert "Enable Others (enabler): You can use the helping rules" in shown

    text = printed(library.path, pc.name, tmp_path / "teen.pdf")
    assert "Sneaking (trained)" in text
    assert "Unarmed (light, 2 damage, eased 1 step)" in text

    back = exchanged_character(library.path, tmp_path, pc.name)
    assert back.second_form == pc.second_form


def test_the_teen_forms_inabilities_and_notes(
    qtbot: QtBot, library: Library, tmp_path: Path
) -> None:
    grocko = import_real(library, "cs2-pc-grocko-unmasked-f12.json")
    _controller, sheet = open_sheet(qtbot, library, grocko.uid)
    shown = child(sheet.form, QLabel, "secondFormText").text()
    assert "All physical attacks (inability)" in shown and "Computers (trained)" in shown
    assert "Trivia: You can come up with a random fact" in shown
    # the fixture's teen form has notes of its own
    import_files(library, [FIXTURES / "cypher_v3_pc_unmasked.json"])
    maya = library.characters.find_by_name("Maya Quill")
    assert maya is not None and maya.second_form is not None
    _controller, sheet = open_sheet(qtbot, library, maya.uid)
    assert "Notes: Hides a diary." in child(sheet.form, QLabel, "secondFormText").text()
    text = printed(library.path, maya.name, tmp_path / "maya.pdf")
    assert "Hides a diary." in text
