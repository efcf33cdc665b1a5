"""Values of the real Foundry actor documents, one cause of issue 24 per test: each value
is in the imported entry, shown on the sheet, printed by `numdesk export-pdf` and kept
through `numdesk export` and `import`."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from numdesk.controllers.library import LibraryController
from numdesk.io.importer import import_files
from numdesk.model.items import CypherType, GearKind, in_use
from numdesk.model.operations import worn_armor
from numdesk.rules.types import SkillLevel, SpellTier, Stat, WeaponCategory
from numdesk.store import Library
from numdesk.views.entry_editor import EntryEditor
from numdesk.views.forms import child
from numdesk.views.sheet.task_dialog import TaskDialog
from tests.foundry_real import (
    exchanged,
    exchanged_character,
    import_real,
    printed,
    real_actor,
)
from tests.views.main_window_helpers import make_settings
from tests.views.sheet_helpers import open_sheet, type_into


def _column(sheet: object, list_name: str, header: str) -> int:
    model = sheet.list_editors[list_name].model  # type: ignore[attr-defined]
    count = model.columnCount()
    headers = [model.headerData(c, Qt.Orientation.Horizontal, 0) for c in range(count)]
    return headers.index(header)


def test_archived_items_are_kept_as_archived_and_not_offered_for_use(
    qtbot: QtBot, library: Library, tmp_path: Path
) -> None:
    pc = import_real(library, "cs2-pc-griselda-tags-f12.json")
    weapons = {w.name: w for w in pc.weapons}
    assert weapons["Heavy crossbow"].archived and weapons["Battleaxe"].archived
    assert not weapons["Broadsword"].archived
    assert [e.archived for e in pc.equipment if e.name == "Crossbow bolts"] == [True]
    assert [e.archived for e in pc.equipment if e.name == "Priestly vestments"] == [True]
    assert "Heavy crossbow" not in [w.name for w in in_use(pc.weapons)]

    controller, sheet = open_sheet(qtbot, library, pc.uid)
    model = sheet.list_editors["weapons"].model
    row = [w.name for w in model.items()].index("Heavy crossbow")
    cell = model.index(row, _column(sheet, "weapons", "Archived"))
    assert cell.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
    assert "not in use" in model.index(row, 0).data(Qt.ItemDataRole.ToolTipRole)
    dialog = TaskDialog(controller, sheet)
    qtbot.addWidget(dialog)
    offered = [dialog.weapon.itemText(i) for i in range(dialog.weapon.count())]
    assert any("Broadsword" in t for t in offered)
    assert not any("Heavy crossbow" in t or "Battleaxe" in t for t in offered)
    # untick Archived on the sheet: the crossbow is offered again, undo puts it back
    model.setData(cell, Qt.CheckState.Unchecked.value, Qt.ItemDataRole.CheckStateRole)
    assert not controller.character.weapons[row].archived
    controller.undo_stack.undo()
    assert controller.character.weapons[row].archived
    assert worn_armor(controller.character) == worn_armor(pc)

    text = printed(library.path, pc.name, tmp_path / "griselda.pdf")
    assert "Archived (kept, not in use): Heavy crossbow, Battleaxe" in text
    assert "Archived (kept, not in use): Crossbow bolts, Priestly vestments" in text

    back = exchanged_character(library.path, tmp_path, pc.name)
    assert {w.name for w in back.weapons if w.archived} == {"Heavy crossbow", "Battleaxe"}
    archived = {e.name for e in back.equipment if e.archived}
    assert archived == {"Crossbow bolts", "Priestly vestments"}


def test_items_keep_their_tags_and_recursions_and_the_sheet_switches_them(
    qtbot: QtBot, library: Library, tmp_path: Path, artifacts_dir: Path
) -> None:
    pc = import_real(library, "cs2-pc-alexina-recursions-f12.json")
    weapons = {w.name: w for w in pc.weapons}
    assert weapons["Handgun, medium"].tags == ["Earth"] and not weapons["Handgun, medium"].archived
    assert weapons["Light crossbow"].tags == ["Ardeyn"] and weapons["Light crossbow"].archived
    assert [s.tags for s in pc.skills if s.name == "Stealth"] == [["Earth", "Ardeyn"], ["Ruk"]]
    assert [(r.name, r.active) for r in pc.recursions] == [
        ("Earth", True),
        ("Ardeyn", False),
        ("Ruk", False),
    ]
    # the older layout marked the same links in the text ("#Crossbow")
    older = import_real(library, "cs2-pc-griselda-tags-f10.json")
    assert [w.tags for w in older.weapons if w.name == "Heavy crossbow"] == [["Crossbow"]]

    controller, sheet = open_sheet(qtbot, library, pc.uid)
    weapons_table = sheet.list_editors["weapons"]
    tags_column = _column(sheet, "weapons", "Tags")
    assert not weapons_table.table.isColumnHidden(tags_column)
    assert weapons_table.model.index(0, tags_column).data() == "Earth"
    table = sheet.list_editors["recursions"].model
    members = table.index(0, _column(sheet, "recursions", "Items")).data()
    assert "Handgun, medium" in members and "Light crossbow" not in members
    # translate to Ardeyn: tick its Active box
    ardeyn = table.index(1, _column(sheet, "recursions", "Active"))
    table.setData(ardeyn, Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
    now = controller.character
    assert [(r.name, r.active) for r in now.recursions] == [
        ("Earth", False),
        ("Ardeyn", True),
        ("Ruk", False),
    ]
    in_hand = {w.name for w in in_use(now.weapons)}
    assert {"Light crossbow", "Dagger"} <= in_hand and "Handgun, medium" not in in_hand
    assert (now.pools[Stat.MIGHT].current, now.pools[Stat.MIGHT].maximum) == (15, 15)
    assert now.focus == "Lives in the Wilderness"
    assert "Turned on the recursion Ardeyn (off now: Earth)" in now.history[-1].summary
    sheet.scroll_area.ensureWidgetVisible(sheet.list_editors["recursions"])
    sheet.grab().save(str(artifacts_dir / "sheet-foundry-recursions.png"))
    sheet.scroll_area.ensureWidgetVisible(sheet.list_editors["weapons"])
    sheet.grab().save(str(artifacts_dir / "sheet-foundry-tagged-weapons.png"))
    controller.undo_stack.undo()
    assert [r.active for r in controller.character.recursions] == [True, False, False]
    assert controller.character.pools[Stat.MIGHT].maximum == 12

    text = printed(library.path, pc.name, tmp_path / "alexina.pdf")
    assert (
        "Items: Stealth; Perception, cryptography, deceiving, and breaking into computers; "
        "Investigate; Handgun, medium; Knife, hunting; Disguise kit" in text
    )
    assert "Archived (kept, not in use): Light crossbow, Dagger, Blowgun" in text

    back = exchanged_character(library.path, tmp_path, pc.name)
    assert [w.tags for w in back.weapons] == [w.tags for w in pc.weapons]
    assert [r.active for r in back.recursions] == [True, False, False]


def test_spells_keep_their_tier_and_the_sheet_its_prepared_spells(
    qtbot: QtBot, library: Library, tmp_path: Path
) -> None:
    pc = import_real(library, "cs2-pc-harold-spells-f12.json")
    tiers = {a.name: a.spell_tier for a in pc.abilities}
    assert tiers["Hedge Magic"] is SpellTier.LOW and tiers["Fire Bloom"] is SpellTier.MID
    assert sum(t is not None for t in tiers.values()) == 9
    assert pc.prepared_spells == 6

    controller, sheet = open_sheet(qtbot, library, pc.uid)
    model = sheet.list_editors["abilities"].model
    row = [a.name for a in model.items()].index("Fire Bloom")
    assert model.index(row, _column(sheet, "abilities", "Spell")).data() == "mid"
    assert sheet.line("preparedSpellsEdit").text() == "6"
    type_into(qtbot, sheet.line("preparedSpellsEdit"), "5")
    assert controller.character.prepared_spells == 5
    controller.undo_stack.undo()
    assert controller.character.prepared_spells == 6

    text = printed(library.path, pc.name, tmp_path / "harold.pdf")
    assert "Mid-tier spell" in text and "Low-tier spell" in text
    assert "Spells: 9 known, 6 prepared at a time." in text

    back = exchanged_character(library.path, tmp_path, pc.name)
    assert {a.name: a.spell_tier for a in back.abilities} == tiers
    assert back.prepared_spells == 6


def test_practiced_skills_ammo_materials_levels_and_attack_and_armor_values_have_fields(
    qtbot: QtBot, library: Library, tmp_path: Path
) -> None:
    pc = import_real(library, "cs3-pc-t3-adept-scifi-impaired.json")
    assert [s.level for s in pc.skills if s.name == "Piloting"] == [SkillLevel.PRACTICED]
    gear = {e.name: e for e in pc.equipment}
    assert (gear["Iridium filament"].kind, gear["Iridium filament"].level) == (
        GearKind.MATERIAL,
        4,
    )
    assert (gear["First aid kit"].kind, gear["First aid kit"].level) == (GearKind.EQUIPMENT, 2)
    blaster = next(w for w in pc.weapons if w.name == "Blaster, light")
    assert blaster.steps == 1 and "Eased" not in blaster.notes
    field = next(a for a in pc.armor if a.name == "Force field, quick")
    assert not field.worn and "Not worn" not in field.notes
    assert worn_armor(pc) == sum(a.value or 0 for a in pc.armor if a.worn)
    warrior = import_real(library, "cs3-pc-t1-warrior-fantasy.json")
    assert [w.skill for w in warrior.weapons if w.name == "Broadsword"] == [SkillLevel.TRAINED]
    assert [e.kind for e in warrior.equipment if e.name == "Sling bullets"] == [GearKind.AMMO]

    controller, sheet = open_sheet(qtbot, library, pc.uid)
    skills = sheet.list_editors["skills"].model
    row = [s.name for s in skills.items()].index("Piloting")
    assert skills.index(row, _column(sheet, "skills", "Level")).data() == "practiced"
    equipment = sheet.list_editors["equipment"].model
    row = [e.name for e in equipment.items()].index("Iridium filament")
    assert equipment.index(row, _column(sheet, "equipment", "Kind")).data() == "material"
    assert equipment.index(row, _column(sheet, "equipment", "Level")).data() == "4"
    weapons = sheet.list_editors["weapons"].model
    row = [w.name for w in weapons.items()].index("Blaster, light")
    assert weapons.index(row, _column(sheet, "weapons", "Eased")).data() == "1"
    armor = sheet.list_editors["armor"].model
    row = [a.name for a in armor.items()].index("Force field, quick")
    worn_box = armor.index(row, _column(sheet, "armor", "Worn"))
    assert worn_box.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Unchecked
    # a practiced skill eases nothing: the task dialog's preview says so
    dialog = TaskDialog(controller, sheet)
    qtbot.addWidget(dialog)
    dialog.skill.setCurrentIndex(dialog.skill.findText("Piloting (practiced)"))
    assert dialog.skill.currentIndex() > 0

    text = printed(library.path, pc.name, tmp_path / "ysolde.pdf")
    assert "Force field, quick (not worn)" in text
    assert "Material" in text and "Iridium filament" in text
    assert "Blaster, light — eased 1" in text  # (the line wraps after "1")
    assert "P practiced" in text  # the skills table's Practiced column and legend

    back = exchanged_character(library.path, tmp_path, pc.name)
    assert [s.level for s in back.skills] == [s.level for s in pc.skills]
    assert [(e.kind, e.level) for e in back.equipment] == [(e.kind, e.level) for e in pc.equipment]
    assert [(w.steps, w.skill) for w in back.weapons] == [(w.steps, w.skill) for w in pc.weapons]
    assert [(a.worn, a.kind) for a in back.armor] == [(a.worn, a.kind) for a in pc.armor]


def test_cypher_types_are_a_field_in_both_systems(
    qtbot: QtBot, library: Library, tmp_path: Path
) -> None:
    pc = import_real(library, "cs3-pc-t3-adept-scifi-impaired.json")
    kinds = {c.name: (c.cypher_type, c.fantastic) for c in pc.cyphers}
    assert kinds == {
        "Manipulation beam": (CypherType.MANIFEST, True),
        "Stim": (CypherType.SUBTLE, False),
        "Detonation (flash)": (CypherType.MANIFEST, False),
    }
    glaive = import_real(library, "num-pc-glaive.json")
    assert [c.cypher_type for c in glaive.cyphers] == [
        CypherType.ANOETIC,
        CypherType.ANOETIC,
        CypherType.OCCULTIC,
    ]
    assert "anoetic" not in glaive.notes and "occultic" not in glaive.notes

    _controller, sheet = open_sheet(qtbot, library, pc.uid)
    model = sheet.list_editors["cyphers"].model
    row = [c.name for c in model.items()].index("Manipulation beam")
    assert model.index(row, _column(sheet, "cyphers", "Type")).data() == "manifest"
    fantastic = model.index(row, _column(sheet, "cyphers", "Fantastic"))
    assert fantastic.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked

    text = printed(library.path, pc.name, tmp_path / "ysolde.pdf")
    assert "Level 4 Manifest, fantastic Level: 1d6 + 2" in text  # Manipulation beam
    assert "Subtle" in text
    numenera = printed(library.path, glaive.name, tmp_path / "sarn.pdf")
    assert "Occultic" in numenera and "Anoetic" in numenera

    back = exchanged_character(library.path, tmp_path, pc.name)
    assert {c.name: (c.cypher_type, c.fantastic) for c in back.cyphers} == kinds


def test_special_ability_attacks_keep_their_kind_and_get_no_invented_weight(
    qtbot: QtBot, library: Library, tmp_path: Path
) -> None:
    pc = import_real(library, "cs2-pc-grocko-unmasked-f12.json")
    bash = next(w for w in pc.weapons if w.name == "Bash, unarmed")
    assert (bash.category, bash.kind, bash.damage) == (
        WeaponCategory.NONE,
        "special ability",
        10,
    )
    assert [w.category for w in pc.weapons if w.name == "Unarmed"] == [WeaponCategory.MEDIUM]

    controller, sheet = open_sheet(qtbot, library, pc.uid)
    model = sheet.list_editors["weapons"].model
    row = [w.name for w in model.items()].index("Bash, unarmed")
    assert model.index(row, _column(sheet, "weapons", "Category")).data() == "none"
    assert model.index(row, _column(sheet, "weapons", "Kind")).data() == "special ability"
    assert model.index(row, _column(sheet, "weapons", "Eased")).data() == "0"  # no weight's ease
    dialog = TaskDialog(controller, sheet)
    qtbot.addWidget(dialog)
    assert dialog.weapon.findText("Bash, unarmed (special ability)") > 0

    text = printed(library.path, pc.name, tmp_path / "grocko.pdf")
    row = text.split("Bash, unarmed")[1][:60]
    assert "special ability" in row and "Medium" not in row

    back = exchanged_character(library.path, tmp_path, pc.name)
    kept = next(w for w in back.weapons if w.name == "Bash, unarmed")
    assert (kept.category, kept.kind) == (WeaponCategory.NONE, "special ability")


def test_recovery_roll_initiative_skill_and_clamped_level_are_kept_and_said(
    qtbot: QtBot, library: Library, tmp_path: Path
) -> None:
    report = import_files(library, [real_actor("cs2-pc-harold-spells-f12.json")])
    pc = library.characters.find_by_name("Harold Hannover (Spells)")
    assert pc is not None and pc.tier == 3
    assert (pc.recovery_roll, pc.recovery_bonus) == ("1d6+1", 0)  # as the file says
    said = "\n".join(t for f in report.files for t in f.report_texts())
    assert "the recovery roll '1d6+1' is below the rules' 1d6 + tier (1d6+3 at tier 3)" in said
    griselda = import_real(library, "cs2-pc-griselda-tags-f12.json")
    assert [s.name for s in griselda.skills if s.initiative] == ["Initiative"]
    import_files(library, [real_actor("cs2-vehicle-airplane-level21-f10.json")])
    plane = library.creatures.find_by_name("Airplane, basic")
    assert plane is not None and plane.level == 10
    assert "The Foundry file gives level 21; numdesk holds levels 1 to 10." in plane.description

    _controller, sheet = open_sheet(qtbot, library, pc.uid)
    info = child(sheet.form, QLabel, "recoveryInfo").text()
    assert "Recovery roll: 1d6 + 3" in info and "its sheet said 1d6+1" in info
    assert sheet.line("recoveryRollEdit").text() == "1d6+1"
    sheet.close()
    _controller, other = open_sheet(qtbot, library, griselda.uid)
    skills = other.list_editors["skills"].model
    row = [s.name for s in skills.items()].index("Initiative")
    box = skills.index(row, _column(other, "skills", "Initiative"))
    assert box.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked

    text = printed(library.path, pc.name, tmp_path / "harold.pdf")
    assert "Roll 1d6 + 3 (tier) · its sheet said 1d6+1" in text
    assert "Initiative (initiative)" in printed(library.path, griselda.name, tmp_path / "g.pdf")
    block = printed(library.path, plane.name, tmp_path / "plane.pdf", "--creature")
    assert "numdesk holds levels 1 to 10" in block

    back = exchanged_character(library.path, tmp_path, pc.name)
    assert back.recovery_roll == "1d6+1"


def test_an_npcs_artifact_keeps_its_depletion(
    qtbot: QtBot, library: Library, tmp_path: Path
) -> None:
    import_files(library, [real_actor("cs3-npc-virgilius-with-artifact.json")])
    sorcerer = library.creatures.find_by_name("Virgilius the Sorcerer")
    assert sorcerer is not None
    book = next(i for i in sorcerer.items if i.kind == "artifact")
    assert book.depletion == "1 in 1d6"

    editor = EntryEditor(LibraryController(library, make_settings(tmp_path)), sorcerer.uid)
    qtbot.addWidget(editor)
    assert editor.reader is not None and "depletion 1 in 1d6" in editor.reader.text()
    editor.start_editing()
    table = editor.fields["items"]
    headers = [table.table.horizontalHeaderItem(c).text() for c in range(table.table.columnCount())]
    row = [table.table.item(r, 0).text() for r in range(table.table.rowCount())].index(book.name)
    assert table.table.item(row, headers.index("Depletion")).text() == "1 in 1d6"

    block = printed(library.path, sorcerer.name, tmp_path / "virgilius.pdf", "--creature")
    assert "depletion 1 in 1d6" in block

    with Library.open_read_only(exchanged(library.path, tmp_path)) as back:
        kept = back.creatures.find_by_name(sorcerer.name)
        assert kept is not None
        assert [i.depletion for i in kept.items if i.kind == "artifact"] == ["1 in 1d6"]
