"""Every text the main window and the sheet show can be found by lupdate (so it can be
translated): literal tr()/translate() calls, QT_TRANSLATE_NOOP markers for table headers,
list titles, actions and kinds, and the catalogue of the game's fixed words."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from numdesk.rules import types as T
from numdesk.rules.advancement import advancement_label
from numdesk.rules.combat_modifiers import COMBAT_MODIFIERS
from numdesk.rules.damage import DAMAGE_KINDS
from numdesk.rules.defense import DefenseKind
from numdesk.rules.difficulty import difficulty_name
from numdesk.rules.effects import EFFECTS
from numdesk.rules.hazards import HAZARDS
from numdesk.rules.profiles import BUILTIN_PROFILES
from numdesk.rules.recovery import rest_label
from numdesk.rules.xp import XpSpendKind, spend_label
from numdesk.views.sheet.words import WORDS

ROOT = Path(__file__).resolve().parents[2]
LUPDATE = Path(sys.executable).parent / "pyside6-lupdate"


def _extracted(tmp_path: Path) -> set[tuple[str, str]]:
    sources = [
        *sorted((ROOT / "numdesk" / "views").glob("*.py")),
        *sorted((ROOT / "numdesk" / "views" / "sheet").glob("*.py")),
        *sorted((ROOT / "numdesk" / "views" / "library").glob("*.py")),
        *sorted((ROOT / "numdesk" / "views" / "entry_editor").glob("*.py")),
        ROOT / "numdesk" / "controllers" / "library.py",
        ROOT / "numdesk" / "controllers" / "library_writing.py",
        *sorted((ROOT / "ui").glob("*.ui")),
    ]
    ts = tmp_path / "numdesk.ts"
    subprocess.run(
        [str(LUPDATE), *map(str, sources), "-ts", str(ts)],
        check=True,
        capture_output=True,
        timeout=120,
    )
    found: set[tuple[str, str]] = set()
    for context in ET.parse(ts).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            found.add((name, message.findtext("source") or ""))
    return found


@pytest.mark.skipif(not LUPDATE.exists(), reason="pyside6-lupdate is not installed")
def test_lupdate_finds_the_texts_users_see(tmp_path: Path) -> None:
    found = _extracted(tmp_path)
    expected = {
        ("ItemTableModel", "Depletion"),  # a sheet table header
        ("ItemListEditor", "Skills (and inabilities)"),  # a sheet list title
        ("ItemListEditor", "Move up"),
        ("Actions", "New &Character…"),  # menus and toolbar
        ("Actions", "Export &PDF…"),
        ("EntryKind", "Creature / NPC"),  # the browser's Kind column
        ("LibraryBrowser", "All kinds"),  # the kind filter
        ("EntryEditor", "Might"),
        (
            "Transfer",
            "Importable files (*.numdesk-json *.json *.csv);;numdesk exports (*.numdesk-json);;"
            "JSON (*.json);;CSV (*.csv);;All files (*)",
        ),
        ("PlayPanel", "Roll log (newest first):"),
        ("SheetForm", "Recoveries used today"),  # the Designer form
        ("GameWords", "Intellect"),
        ("GameWords", "specialized"),
    }
    assert expected <= found, sorted(expected - found)


def test_the_game_words_catalogue_holds_every_word_the_sheet_shows() -> None:
    shown = {s.value.capitalize() for s in T.Stat} | {s.value for s in T.Stat}
    enums = (T.SkillLevel, T.WeaponCategory, T.ArmorCategory, T.AbilityKind, T.AbilitySource)
    for enum in (*enums, T.SpellTier):
        shown |= {str(member.value).replace("_", " ") for member in enum}
    shown |= {member.value.capitalize() for member in T.DamageType}
    shown |= {member.value.capitalize() for member in DefenseKind}
    shown |= {member.name.capitalize() for member in T.WoundSeverity}
    shown |= {profile.label for profile in BUILTIN_PROFILES.values()}
    shown |= {advancement_label(kind) for kind in T.Advancement}
    shown |= {spend_label(kind) for kind in XpSpendKind}
    shown |= {rest_label(rest) for rest in T.REST_ORDER}
    shown |= {difficulty_name(level) for level in range(11)}
    shown |= {modifier.label for modifier in COMBAT_MODIFIERS}
    shown |= {effect.label for effect in EFFECTS}
    shown |= {hazard.label for hazard in HAZARDS}
    shown |= set(DAMAGE_KINDS)
    shown |= {modifier.effect.value.replace("_", " ") for modifier in COMBAT_MODIFIERS}
    assert shown <= set(WORDS), sorted(shown - set(WORDS))
