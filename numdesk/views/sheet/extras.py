"""The sheet's line about parts it shows as text: extra recoveries and the second form."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from numdesk.model.character import Character
from numdesk.rules.types import Rest, Stat


def _tr(text: str) -> str:
    return QCoreApplication.translate("SheetExtras", text)


def extras_text(character: Character) -> str:
    """Extra recoveries (used of available) and the second form's Pools, in words."""
    parts: list[str] = []
    for rest, label in (
        (Rest.ONE_ACTION, _tr("one-action")),
        (Rest.TEN_MINUTES, _tr("ten-minute")),
    ):
        have = character.extra_recoveries.count(rest)
        if have:
            used = character.extra_recoveries_used.count(rest)
            parts.append(_tr("Extra {0} recoveries: {1} used of {2}.").format(label, used, have))
    form = character.second_form
    if form is not None:
        pools = ", ".join(
            f"{_tr(stat.value.capitalize())} {pool.current}/{pool.maximum}"
            for stat in Stat
            if (pool := form.pools.get(stat)) is not None
        )
        state = _tr("in play") if form.active else _tr("not in play")
        text = _tr("Second form: {0}").format(form.name)
        if form.descriptor:
            text += f" ({form.descriptor})"
        text += f", {state}"
        if pools:
            text += f"; {pools}"
        counts = [
            (len(form.abilities), _tr("abilities")),
            (len(form.skills), _tr("skills")),
            (len(form.weapons), _tr("attacks")),
            (len(form.armor), _tr("armor")),
            (len(form.lasting_damage), _tr("lasting damage")),
        ]
        listed = ", ".join(f"{n} {label}" for n, label in counts if n)
        if listed:
            text += f"; {listed}"
        parts.append(text + ".")
    return " ".join(parts)
