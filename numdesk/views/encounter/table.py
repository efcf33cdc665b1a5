"""The combatant table: a Qt model over the encounter in turn order, and the delegate
that paints NPC health as a bar.

Rows follow the round's turn order (the combatant whose turn it is is highlighted);
those without a turn (no initiative yet, objects, the defeated) come after it, the
defeated greyed out. The model holds no state of its own: it reads the controller's
encounter on every `refresh` and tells the view only which rows changed.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    QRect,
    Qt,
)
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPalette
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem, QWidget

from numdesk.controllers.encounter import EncounterController
from numdesk.model.character import track_step_name
from numdesk.model.encounter import Combatant
from numdesk.model.errors import DomainError
from numdesk.model.operations.damage import armor_category, worn_armor
from numdesk.model.operations.encounter import (
    SetInitiative,
    current_slot,
    initiative_value,
    rules_conditions,
    slot_uids,
    task_hindrance,
)
from numdesk.model.operations.encounter_health import OBJECT_STATE_WORDS
from numdesk.rules.conditions import condition_effect
from numdesk.rules.types import ActionTiming, ArmorCategory, DamageTrackState, Stat
from numdesk.views.encounter.condition_words import condition_text, condition_tooltip, pick_status

Index = QModelIndex | QPersistentModelIndex
#: (health, maximum) for the bar, or None when the cell is plain text.
HEALTH_ROLE = Qt.ItemDataRole.UserRole + 1
#: the combatant's uid
UID_ROLE = Qt.ItemDataRole.UserRole + 2
DISPLAY = Qt.ItemDataRole.DisplayRole
EDIT = Qt.ItemDataRole.EditRole
BACKGROUND = Qt.ItemDataRole.BackgroundRole
FOREGROUND = Qt.ItemDataRole.ForegroundRole
FONT = Qt.ItemDataRole.FontRole
TOOLTIP = Qt.ItemDataRole.ToolTipRole
PLAIN_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
EDITABLE_FLAGS = PLAIN_FLAGS | Qt.ItemFlag.ItemIsEditable


def _t(text: str) -> str:
    return QCoreApplication.translate("EncounterTable", text)


class Column(IntEnum):
    TURN = 0
    NAME = 1
    INITIATIVE = 2
    HEALTH = 3
    ARMOR = 4
    CONDITIONS = 5
    STATUS = 6


HEADERS = {
    Column.TURN: "#",
    Column.NAME: "Name",
    Column.INITIATIVE: "Init.",
    Column.HEALTH: "Health / Pools",
    Column.ARMOR: "Armor",
    Column.CONDITIONS: "Conditions",
    Column.STATUS: "Status",
}
SIDE_WORDS = {"pc": "PC", "npc": "NPC", "follower": "Follower", "object": "Object"}
TRACK_WORDS = {
    DamageTrackState.HALE: "hale",
    DamageTrackState.IMPAIRED: "impaired",
    DamageTrackState.DEBILITATED: "debilitated",
    DamageTrackState.DEAD: "dead",
}


class CombatantTableModel(QAbstractTableModel):
    """The encounter's combatants, in turn order, for a QTableView."""

    def __init__(self, controller: EncounterController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._controller = controller
        self._highlight = QBrush(QColor("#fff1b8"))
        self._grey = QBrush(QColor("#8a8a8a"))
        self._bold = QFont()
        self._bold.setBold(True)
        self._texts: list[list[str]] = []
        self._looks: list[tuple[object, ...]] = []
        self._rows: list[Combatant] = []
        self._positions: dict[str, str] = {}
        self._current: set[str] = set()
        #: what every row may show of the fight, and uid -> (data, turn numbers, acting
        #: now, texts, look) of each row as last worked out (`_cells`)
        self._fight: object = None
        self._known: dict[str, tuple[Any, ...]] = {}
        #: the last error from an edit in the table (the window shows it)
        self.last_error = ""
        self.refresh()

    def refresh(self) -> None:
        """Re-read the encounter (rows, order positions, current turn).

        When the rows are the same combatants in the same order (a turn passing, damage,
        a condition: nearly every action), only the rows whose cells changed are
        announced with `dataChanged`, so the view repaints two or three rows instead of
        the whole table; a new order or new combatants reset the model.
        """
        enc = self._controller.encounter
        positions: dict[str, list[int]] = {}
        ordered: list[str] = []
        for number, turn in enumerate(enc.order, start=1):
            for uid in slot_uids(enc, turn):
                positions.setdefault(uid, []).append(number)
                if uid not in ordered:
                    ordered.append(uid)
        by_uid = {c.uid: c for c in enc.combatants}
        rest = [c for c in enc.combatants if c.uid not in positions]
        rest.sort(key=lambda c: (bool(c.defeated), c.side == "object"))
        rows = [by_uid[u] for u in ordered if u in by_uid] + rest
        self._positions = {u: ", ".join(str(n) for n in p) for u, p in positions.items()}
        slot = current_slot(enc)
        self._current = set(slot_uids(enc, slot)) if slot is not None else set()
        # every cell's text is worked out once per refresh (views ask for it many times),
        # and only for the rows whose combatant or place in the fight changed
        texts, looks = self._cells(rows)
        same_rows = [c.uid for c in rows] == [c.uid for c in self._rows]
        if not same_rows:
            self.beginResetModel()
        old_texts, old_looks = self._texts, self._looks
        self._rows, self._texts, self._looks = rows, texts, looks
        if not same_rows:
            self.endResetModel()
            return
        changed = [
            row
            for row in range(len(rows))
            if texts[row] != old_texts[row] or looks[row] != old_looks[row]
        ]
        for first, last in _runs(changed):
            self.dataChanged.emit(self.index(first, 0), self.index(last, len(Column) - 1))

    def _cells(self, rows: list[Combatant]) -> tuple[list[list[str]], list[tuple[object, ...]]]:
        """The texts and looks of `rows`, those of an unchanged row taken as they were.

        A row is unchanged when its combatant's data (`combatant_data`), its turn
        numbers and whether it acts now are, and so is what any row may show of the
        fight (round, turn, rules, every name: a condition names whose turn ends it).
        A PC's row shows the real sheet, and is always worked out again.
        """
        enc = self._controller.encounter
        data = dict(
            zip((c.uid for c in enc.combatants), self._controller.combatant_data(), strict=True)
        )
        fight = (enc.round, enc.turn, enc.profile, [(c.uid, c.name) for c in enc.combatants])
        known = self._known if fight == self._fight else {}
        self._fight, self._known = fight, {}
        texts, looks = [], []
        for c in rows:
            key = (data[c.uid], self._positions.get(c.uid), c.uid in self._current)
            old = known.get(c.uid)
            if (
                old is not None
                and c.side != "pc"
                and (old[0] is key[0] or old[0] == key[0])
                and old[1:3] == key[1:]
            ):
                cells = old[3:]
            else:
                cells = ([self._text(c, column) for column in Column], self._look(c))
            self._known[c.uid] = (*key, *cells)
            texts.append(cells[0])
            looks.append(cells[1])
        return texts, looks

    def _look(self, c: Combatant) -> tuple[object, ...]:
        """What decides a row's painting besides its texts (highlight, grey, bar)."""
        return (c.uid in self._current, bool(c.defeated), self._bar(c))

    def combatant_at(self, row: int) -> Combatant | None:
        return self._rows[row] if 0 <= row < len(self._rows) else None

    def row_of(self, uid: str) -> int:
        for row, c in enumerate(self._rows):
            if c.uid == uid:
                return row
        return -1

    # -- Qt model API -----------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(Column)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return _t(HEADERS[Column(section)])
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        row = index.row()
        in_range = 0 <= row < len(self._rows)
        if in_range and index.column() == Column.INITIATIVE and self._rows[row].side == "pc":
            return EDITABLE_FLAGS
        return PLAIN_FLAGS

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        row, column = index.row(), index.column()
        if not 0 <= row < len(self._rows):
            return None
        if role == DISPLAY:
            return self._texts[row][column]
        c = self._rows[row]
        if role == BACKGROUND:
            return self._highlight if c.uid in self._current else None
        if role == FOREGROUND:
            return self._grey if c.defeated else None
        if role == FONT:
            return self._bold if c.uid in self._current else None
        if role == HEALTH_ROLE and column == Column.HEALTH:
            return self._bar(c)
        if role == EDIT and column == Column.INITIATIVE:
            return c.initiative if c.initiative is not None else 0
        if role == UID_ROLE:
            return c.uid
        if role == TOOLTIP:
            return self._tooltip(c, column)
        return None

    def _tooltip(self, c: Combatant, column: int) -> str | None:
        if column == Column.INITIATIVE:
            if c.side == "pc":
                return _t("Double-click to enter the roll (easing already added)")
            if c.side == "follower":
                return _t(
                    "A follower does not roll: like every character the GM runs, it acts "
                    "on its target number (3 × level), on the PCs' side"
                )
            if c.side == "npc":
                return _t("An NPC acts on its target number (3 × level)")
            return None
        if column == Column.STATUS and c.hidden:
            hidden = _t("Hidden from the players: not on the table display (Ctrl+Shift+V)")
            return "\n".join(t for t in (hidden, condition_tooltip(c)) if t)
        if column in (Column.CONDITIONS, Column.STATUS) and c.conditions:
            return condition_tooltip(c)
        if column == Column.HEALTH and c.side == "pc":
            return self._texts[self.row_of(c.uid)][Column.HEALTH]
        return None

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        c = self.combatant_at(index.row())
        if c is None or index.column() != Column.INITIATIVE or role != Qt.ItemDataRole.EditRole:
            return False
        try:
            self._controller.apply(SetInitiative(c.uid, int(value) if value else None))
        except (DomainError, ValueError) as err:
            self.last_error = getattr(err, "message", str(err))
            return False
        self.last_error = ""
        return True

    # -- cell contents ----------------------------------------------------------------
    def _text(self, c: Combatant, column: Column) -> str:
        if column == Column.TURN:
            marker = "▶ " if c.uid in self._current else ""
            return marker + self._positions.get(c.uid, "")
        if column == Column.NAME:
            return f"{c.name}  ({_t(SIDE_WORDS.get(c.side, c.side))} {c.level})"
        if column == Column.INITIATIVE:
            if c.side == "object":
                return ""
            value = initiative_value(c)
            return "—" if value is None else str(value)
        if column == Column.HEALTH:
            return self._health_text(c)
        if column == Column.ARMOR:
            return str(c.armor) if c.side in ("npc", "follower") else self._pc_armor(c)
        if column == Column.CONDITIONS:
            enc = self._controller.encounter
            return ", ".join(condition_text(enc, cond) for cond in c.conditions)
        status = self._status(c)
        if c.hidden:  # the GM must see at a glance what the players do not
            return " · ".join(p for p in (_t("hidden"), status) if p)
        return status

    def _bar(self, c: Combatant) -> tuple[int, int] | None:
        if c.side in ("npc", "follower"):
            return (c.health, c.max_health)
        if c.side == "object" and c.max_health > 0:
            return (c.health, c.max_health)
        return None

    def _health_text(self, c: Combatant) -> str:
        if c.side in ("npc", "follower"):
            return f"{c.health} / {c.max_health}"
        if c.side == "object":
            if c.max_health > 0:
                return _t("level {0} / {1}").format(c.health, c.level)
            return _t(OBJECT_STATE_WORDS[c.object_state])
        sheet = self._controller.character(c)
        if sheet is None:
            return _t("sheet missing")
        pools = " ".join(
            f"{stat.value[0].upper()} {sheet.pool(stat).current}/{sheet.pool(stat).maximum}"
            for stat in Stat
        )
        if self._controller.profile.uses_damage_track:
            state = track_step_name(sheet).lower() or _t(TRACK_WORDS[sheet.damage_track])
        else:
            w = sheet.wounds
            state = _t("wounds {0}/{1}/{2}").format(w.minor, w.moderate, w.major)
        return f"{pools} · {state}"

    def _pc_armor(self, c: Combatant) -> str:
        sheet = self._controller.character(c)
        if sheet is None or c.side != "pc":
            return ""
        if self._controller.profile.armor_subtracts:
            return str(worn_armor(sheet))  # the Armor the damage maths takes off (N1)
        category = armor_category(sheet)  # `cypher`: eases block, hinders dodge (C6)
        return "" if category is ArmorCategory.NONE else _t(category.value)

    def _status(self, c: Combatant) -> str:
        if c.defeated:
            return _t(c.defeated)
        parts = [self._timing_or_state(c)]
        if any(condition_effect(r).loses_turn for r in rules_conditions(c)):
            parts.append(_t("loses turn"))
        hinder = task_hindrance(c)
        if hinder:
            parts.append(
                _t("tasks −1 step") if hinder == 1 else _t("tasks −{0} steps").format(hinder)
            )
        parts += pick_status(c)
        return " · ".join(p for p in parts if p)

    def _timing_or_state(self, c: Combatant) -> str:
        words = {
            ActionTiming.FIRST: "First action",
            ActionTiming.LAST: "Last action",
        }
        if c.timing is ActionTiming.WAITING:
            return self._waiting_words(c)
        if c.timing in words:
            return _t(words[c.timing])
        if c.side == "object" and c.max_health > 0 and c.health == 0:
            return _t("broken")
        if c.side == "pc" and c.initiative is None:
            return _t("needs initiative")
        sheet = self._controller.character(c)
        if sheet is not None and self._controller.profile.uses_damage_track:
            if sheet.damage_track is not DamageTrackState.HALE:
                return _t(TRACK_WORDS[sheet.damage_track])
        elif sheet is not None and sheet.wounds.major:
            return _t("{0} major wound(s)").format(sheet.wounds.major)
        return ""

    def _waiting_words(self, c: Combatant) -> str:
        """ "waiting" until the delayed turn comes, then "acting now (waited)", then
        "waited" for the rest of the round (C12): never "waiting" on the turn itself."""
        enc = self._controller.encounter
        if enc.round >= 1 and c.uid in self._current:
            return _t("acting now (waited)")
        mine = [i for i, slot in enumerate(enc.order) if c.uid in slot_uids(enc, slot)]
        if enc.round >= 1 and mine and max(mine) < enc.turn:
            return _t("waited")
        return _t("waiting")


def _runs(rows: list[int]) -> list[tuple[int, int]]:
    """Sorted row numbers as (first, last) runs of consecutive rows."""
    runs: list[tuple[int, int]] = []
    for row in rows:
        if runs and runs[-1][1] == row - 1:
            runs[-1] = (runs[-1][0], row)
        else:
            runs.append((row, row))
    return runs


class HealthBarDelegate(QStyledItemDelegate):
    """Paints health as a bar (green, amber, red by what is left) with the numbers on it."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        bar = index.data(HEALTH_ROLE)
        if not bar:
            super().paint(painter, option, index)
            return
        health, maximum = bar
        painter.save()
        background = index.data(Qt.ItemDataRole.BackgroundRole)
        if background is not None:
            painter.fillRect(option.rect, background)
        rect = QRect(option.rect).adjusted(4, 4, -4, -4)
        painter.setPen(QColor("#9a9a9a"))
        painter.setBrush(QColor("#f3f3f3"))
        painter.drawRect(rect)
        share = max(0.0, min(1.0, health / maximum)) if maximum > 0 else 0.0
        color = "#4caf50" if share > 0.5 else "#f0a030" if share > 0.25 else "#d9453a"
        filled = QRect(
            rect.left() + 1, rect.top() + 1, int((rect.width() - 1) * share), rect.height() - 1
        )
        painter.fillRect(filled, QColor(color))
        painter.setPen(option.palette.color(QPalette.ColorRole.Text))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, f"{health} / {maximum}")
        painter.restore()
