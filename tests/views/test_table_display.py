"""The table display widget, fed the players' projection of a real fight (pytest-qt,
offscreen): what it paints, the words it paints, its two looks, its size."""

from __future__ import annotations

from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from numdesk.gui import register_fonts
from numdesk.model.character import Character
from numdesk.model.encounter import Combatant, Condition, Encounter
from numdesk.model.operations.encounter import DamageCombatant, NextTurn
from numdesk.model.table_view import TableView, project
from numdesk.rules.types import DamageTrackState, DamageType, Stat
from numdesk.views.table_display import TableDisplay
from numdesk.views.table_display.look import DARK, LIGHT


def _fight(profile: str = "numenera", extra: int = 0) -> tuple[Encounter, dict[str, Character]]:
    ana = Character("Ana", profile=profile)
    ana.pools[Stat.SPEED].current = 7
    ana.damage_track = DamageTrackState.IMPAIRED
    enc = Encounter("Ambush at the ford", profile=profile)
    enc.combatants = [
        Combatant("Ana", side="pc", source_uid=ana.uid, initiative=15),
        Combatant("Abomination", level=4, health=20, max_health=20),
        Combatant("Bandit", level=2, health=6, max_health=6),
        Combatant("Rex", side="follower", level=2, health=6, max_health=6),
    ]
    enc.combatants += [
        Combatant(f"Raider {n}", level=1 + n % 5, health=3, max_health=3) for n in range(extra)
    ]
    NextTurn().apply(enc)
    return enc, {ana.uid: ana}


def _display(qtbot: QtBot, view: TableView, width: int = 1366, height: int = 768) -> TableDisplay:
    register_fonts()
    display = TableDisplay()
    qtbot.addWidget(display)
    display.resize(width, height)
    display.show_view(view)
    display.show()
    qtbot.waitExposed(display)
    _on_screen(display)  # the first paint done
    return display


def _on_screen(display: TableDisplay) -> QImage:
    """What the window shows now (its backing store), after the pending paints."""
    QApplication.sendPostedEvents()
    QApplication.processEvents()
    return display.screen().grabWindow(display.winId()).toImage()


def _painted(display: TableDisplay) -> str:
    display.grab()
    return " | ".join(display.painted_texts)


def test_it_paints_round_turn_order_health_and_pools(qtbot: QtBot) -> None:
    enc, sheets = _fight()
    enc.combatants[1].conditions.append(Condition("dazed", 1, started_round=1))
    display = _display(qtbot, project(enc, sheets))
    texts = display.painted_texts
    assert texts[:4] == ("ROUND", "1", "NOW", "Ana")
    # the order, each with its place: Ana 15, Abomination 12, Bandit 6, Rex 6
    names = [t for t in texts if t in ("Ana", "Abomination", "Bandit", "Rex")]
    assert names == ["Ana", "Ana", "Abomination", "Bandit", "Rex"]  # Ana: header and row
    for place in ("1", "2", "3", "4"):
        assert place in texts
    assert "impaired" in texts and "Speed " in texts and "7/10" in texts
    assert texts.count("hale") == 3
    assert "dazed" in texts
    assert "all tasks hindered 1 step · ends in round 2, as Abomination's turn starts" in texts


def test_it_follows_new_views_repainting_only_what_changed(qtbot: QtBot) -> None:
    enc, sheets = _fight()
    display = _display(qtbot, project(enc, sheets))
    DamageCombatant(enc.combatants[1].uid, 9, DamageType.MIGHT).apply(enc)
    NextTurn().apply(enc)
    view = project(enc, sheets)
    display.show_view(view)
    shown = _on_screen(display)
    assert display.painted_texts[:4] == ("ROUND", "1", "NOW", "Abomination")
    assert "hurt" in display.painted_texts
    # the rows and header painted anew over the old picture look exactly like a new
    # display painted from scratch
    fresh = _display(qtbot, view)
    assert shown == _on_screen(fresh)


def test_revealing_numbers_switches_words_to_numbers(qtbot: QtBot) -> None:
    enc, sheets = _fight()
    enc.combatants[1].health = 5
    display = _display(qtbot, project(enc, sheets))
    assert "badly hurt" in display.painted_texts
    assert "5 / 20" not in display.painted_texts
    enc.reveal_numbers = True
    display.show_view(project(enc, sheets))
    texts = _painted(display).split(" | ")
    assert "5 / 20" in texts and "badly hurt" not in texts


def test_a_hidden_combatant_is_not_painted(qtbot: QtBot) -> None:
    enc, sheets = _fight()
    display = _display(qtbot, project(enc, sheets))
    assert "Bandit" in display.painted_texts
    enc.combatants[2].hidden = True
    display.show_view(project(enc, sheets))
    assert "Bandit" not in _painted(display)
    assert display.findChildren(QWidget) == []  # everything it shows, it paints


def _colour_at(display: TableDisplay, x: int, y: int) -> QColor:
    image: QImage = display.grab().toImage()
    return image.pixelColor(x, y)


def test_light_and_dark_looks(qtbot: QtBot) -> None:
    enc, sheets = _fight()
    display = _display(qtbot, project(enc, sheets))
    assert display.dark
    assert _colour_at(display, 3, 3) == DARK.background
    texts = display.painted_texts
    display.set_dark(False)
    assert _colour_at(display, 3, 3) == LIGHT.background
    assert display.painted_texts == texts  # the same words, another look


def test_type_grows_with_the_screen_and_thirty_combatants_all_show(qtbot: QtBot) -> None:
    enc, sheets = _fight(extra=26)
    view = project(enc, sheets)
    small = _display(qtbot, view)
    large = _display(qtbot, view, 1920, 1080)
    for display in (small, large):
        texts = display.painted_texts
        assert all(f"Raider {n}" in texts for n in range(26))
        assert not any("more not shown" in t for t in texts)
    name_px = [d._current_scene().rows[0].unit for d in (small, large)]
    assert name_px[1] > name_px[0] >= 768 / 40  # about 20 px on a 768-line screen


def test_too_many_for_the_window_says_how_many_are_left_out(qtbot: QtBot) -> None:
    enc, sheets = _fight(extra=40)
    view = project(enc, sheets)
    display = _display(qtbot, view, 640, 360)
    notes = [t for t in display.painted_texts if "more not shown" in t]
    names = {s.name for s in view.seats}
    shown = sum(1 for t in display.painted_texts[4:] if t in names)  # after the header
    assert notes == [f"{44 - shown} more not shown: make the window larger"]
    assert 0 < shown < 44


def test_before_the_fight_and_an_empty_table(qtbot: QtBot) -> None:
    enc, sheets = _fight()
    enc.round = 0
    display = _display(qtbot, project(enc, sheets))
    assert display.painted_texts[:4] == ("ROUND", "—", "THE FIGHT", "Getting ready")
    display.show_view(project(Encounter("Empty"), {}))
    assert "Nobody at the table yet" in _painted(display)
