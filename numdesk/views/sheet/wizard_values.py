"""The wizard's Pools page: starting Pools, Edges, Effort, cypher limit, shins and the
extra points to divide, prefilled from the type template where it has them.

An empty box shows "—": the template (or a free-text type) leaves that value to the
player, and the page names each one still to fill in. Descriptor bonuses are shown
beside the Pool they change, so the final Pool is never a sum the player does by hand.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from numdesk.model.creation import (
    character_abilities,
    edge_problems,
    extra_points_total,
    extra_problems,
    open_edges_note,
    pool_bonus,
    prefill,
    value_problems,
)
from numdesk.model.creation_choices import CreationChoices
from numdesk.model.creation_effects import edge_changes, pool_changes, type_edges
from numdesk.rules.profiles import get_profile
from numdesk.rules.types import Stat
from numdesk.views.plain_text import allow_rich
from numdesk.views.sheet.style import set_role
from numdesk.views.sheet.wizard_host import WizardHost
from numdesk.views.sheet.words import word

#: the value an optional spin box holds while it shows "—" (not filled in)
EMPTY = -1


def _spin(parent: QWizardPage, top: int, optional: bool, minimum: int = 0) -> QSpinBox:
    spin = QSpinBox(parent)
    spin.setRange(EMPTY if optional else minimum, top)
    spin.setMaximumWidth(110)
    if optional:
        spin.setSpecialValueText("—")
        spin.setValue(EMPTY)
    return spin


def _value(spin: QSpinBox) -> int | None:
    return None if spin.value() == EMPTY and spin.minimum() == EMPTY else spin.value()


def _set(spin: QSpinBox, value: int | None) -> None:
    spin.setValue(EMPTY if value is None else value)


class ValuesPage(QWizardPage):
    """Starting values and extra points; complete when nothing is left empty or unspent."""

    def __init__(self, wizard: WizardHost) -> None:
        super().__init__()
        self._wizard = wizard
        self._prefilled_for: object = ()
        self.setTitle(self.tr("Pools, Edges and starting values"))
        layout = QVBoxLayout(self)
        self.info = QLabel(self)
        self.info.setWordWrap(True)
        layout.addWidget(self.info)
        grid = QGridLayout()
        titles = (
            self.tr("Stat"),
            self.tr("Type's Pool"),
            self.tr("Edge"),
            self.tr("From descriptor…"),
            self.tr("Extra points"),
            self.tr("Starting Pool"),
        )
        for column, title in enumerate(titles):
            heading = QLabel(f"<b>{title}</b>", self)
            allow_rich(heading)  # our own words only
            grid.addWidget(heading, 0, column)
        self.bases: dict[Stat, QSpinBox] = {}
        self.edges: dict[Stat, QSpinBox] = {}
        self.spins: dict[Stat, QSpinBox] = {}
        self.bonus_labels: dict[Stat, QLabel] = {}
        self.pool_labels: dict[Stat, QLabel] = {}
        self.own_bonus: dict[Stat, QSpinBox] = {}
        for row, stat in enumerate(Stat, start=1):
            caption = QLabel(word(stat.value.capitalize()), self)
            base = _spin(self, 40, optional=True)
            base.setObjectName(f"pool_{stat.value}")
            caption.setBuddy(base)
            edge = _spin(self, 6, optional=False)
            edge.setObjectName(f"edge_{stat.value}")
            spin = _spin(self, 40, optional=False)
            spin.setObjectName(f"points_{stat.value}")
            bonus, result = QLabel(self), QLabel(self)
            allow_rich(result)  # a number in bold
            own = QSpinBox(self)
            own.setRange(-10, 10)
            own.setMaximumWidth(90)
            own.setObjectName(f"own_bonus_{stat.value}")
            own.setToolTip(self.tr("The Pool bonus your descriptor gives, from your rulebook"))
            bonus_cell = QWidget(self)
            cell_row = QHBoxLayout(bonus_cell)
            cell_row.setContentsMargins(0, 0, 0, 0)
            cell_row.addWidget(own)
            cell_row.addWidget(bonus, 1)
            for widget in (base, edge, spin, own):
                widget.valueChanged.connect(self._update)
            for column, cell in enumerate((caption, base, edge, bonus_cell, spin, result)):
                grid.addWidget(cell, row, column)
            self.bases[stat], self.edges[stat], self.spins[stat] = base, edge, spin
            self.bonus_labels[stat], self.pool_labels[stat] = bonus, result
            self.own_bonus[stat] = own
        grid.setColumnStretch(len(titles), 1)  # the columns stay together at the left
        layout.addLayout(grid)
        self.points_left = QLabel(self)
        layout.addWidget(self.points_left)
        form = QFormLayout()
        self.free_points = _spin(self, 40, optional=True)
        self.effort = _spin(self, 6, optional=True)
        self.cypher_limit = _spin(self, 20, optional=True)
        self.shins = _spin(self, 100000, optional=True)
        form.addRow(self.tr("Type's e&xtra points to divide"), self.free_points)
        form.addRow(self.tr("E&ffort"), self.effort)
        form.addRow(self.tr("&Cypher limit"), self.cypher_limit)
        self.money_label = QLabel(self.tr("&Money"), self)
        self.money_label.setBuddy(self.shins)
        form.addRow(self.money_label, self.shins)
        self.currency = QLineEdit(self)
        self.currency.setObjectName("currency")
        self.currency.setMaximumWidth(220)
        self.currency.setPlaceholderText(self.tr("your group's currency, e.g. crowns"))
        self.currency_label = QLabel(self.tr("C&urrency"), self)
        self.currency_label.setBuddy(self.currency)
        form.addRow(self.currency_label, self.currency)
        for name, spin in (
            ("free_points", self.free_points),
            ("effort", self.effort),
            ("cypher_limit", self.cypher_limit),
            ("shins", self.shins),
        ):
            spin.setObjectName(name)
            spin.valueChanged.connect(self._update)
        layout.addLayout(form)
        self.error = QLabel(self)
        self.error.setWordWrap(True)
        set_role(self.error, "error")
        layout.addWidget(self.error)
        layout.addStretch(1)

    def initializePage(self) -> None:
        chosen = self._wizard.choices_so_far()
        # the rules' own money (Numenera's shins), or a currency the group names
        fixed = get_profile(chosen.profile).currency
        self.money_label.setText(
            self.tr("&{0} (money)").format(fixed.capitalize()) if fixed else self.tr("&Money")
        )
        self.currency.setVisible(not fixed)
        self.currency_label.setVisible(not fixed)
        key = (chosen.profile, chosen.parts["type"].name, id(chosen.type_template))
        if key != self._prefilled_for:  # keep what the player typed when they come back
            self._prefilled_for = key
            choices = CreationChoices(profile=chosen.profile, parts=chosen.parts)
            prefill(choices)
            for stat in Stat:
                _set(self.bases[stat], choices.pools[stat])
                self.edges[stat].setValue(0)
                self.spins[stat].setValue(0)
            _set(self.free_points, choices.free_points)
            _set(self.effort, choices.effort)
            _set(self.cypher_limit, choices.cypher_limit)
            _set(self.shins, choices.shins)
        self._update()

    def _show_decided_edges(self, choices: CreationChoices) -> None:
        """Edges the type gives (or its Edge choice, as answered) are shown, not typed."""
        decided, _where = type_edges(choices)
        open_type = decided is None and not _where
        for stat in Stat:
            spin = self.edges[stat]
            spin.setEnabled(open_type)
            if decided is not None:
                spin.blockSignals(True)
                spin.setValue(decided[stat])
                spin.blockSignals(False)
        own = choices.template("descriptor") is None and bool(choices.parts["descriptor"].name)
        for stat in Stat:
            self.own_bonus[stat].setVisible(own)

    def fill(self, choices: CreationChoices) -> None:
        """Put this page's values into `choices`."""
        for stat in Stat:
            choices.pools[stat] = _value(self.bases[stat])
            edge = self.edges[stat]
            choices.edges[stat] = edge.value() if edge.isEnabled() else None
            choices.extra[stat] = self.spins[stat].value()
            own = self.own_bonus[stat]
            choices.own_bonus[stat] = own.value() if not own.isHidden() else 0
        choices.free_points = _value(self.free_points)
        choices.effort = _value(self.effort)
        choices.cypher_limit = _value(self.cypher_limit)
        choices.shins = _value(self.shins)
        choices.currency = self.currency.text().strip() if not self.currency.isHidden() else ""

    def problems(self) -> list[str]:
        choices = self._wizard.choices_so_far()
        return value_problems(choices) + edge_problems(choices) + extra_problems(choices)

    def _update(self) -> None:
        self._show_decided_edges(self._wizard.choices_so_far())
        choices = self._wizard.choices_so_far()
        bonus = pool_bonus(choices)
        total = extra_points_total(choices)
        for stat in Stat:
            self.bonus_labels[stat].setText(self._bonus_text(choices, stat))
            base = _value(self.bases[stat])
            if base is None:
                self.pool_labels[stat].setText(self.tr("fill in the type's Pool"))
            else:
                final = base + bonus[stat] + self.spins[stat].value()
                self.pool_labels[stat].setText(f"<b>{final}</b>")
        left = total - sum(s.value() for s in self.spins.values())
        self.points_left.setText(
            self.tr("Extra points: {0} to divide, {1} left.").format(total, left)
        )
        type_t = choices.type_template
        lines = []
        if type_t is not None:
            lines.append(self.tr("Prefilled from {0} where it gives a value.").format(type_t.name))
        else:
            lines.append(
                self.tr("{0} has no template: type its starting values from your rulebook.").format(
                    choices.parts["type"].name or self.tr("The type")
                )
            )
        note = open_edges_note(choices)
        if note:
            lines.append(note)
        self.info.setText(" ".join(lines))
        self.error.setText("\n".join(self.problems()))
        self.completeChanged.emit()

    def _bonus_text(self, choices: CreationChoices, stat: Stat) -> str:
        """Pool bonuses, and Edge increases (Roach's Scuttler), from the templates."""
        abilities = character_abilities(choices)
        changes = pool_changes(choices, abilities)
        parts = [f"{amount:+d} ({source})" for s, amount, source in changes if s is stat and amount]
        parts += [
            self.tr("{0:+d} Edge ({1})").format(amount, source)
            for s, amount, source in edge_changes(choices, abilities)
            if s is stat and amount
        ]
        return ", ".join(parts) or ("" if not self.own_bonus[stat].isHidden() else "—")

    def isComplete(self) -> bool:
        return not self.problems()
