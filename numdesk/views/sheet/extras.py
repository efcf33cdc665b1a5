"""The sheet's line about parts it shows as text: extra recoveries and the second form."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from numdesk.model.character import Character
from numdesk.rules.types import Rest, Stat
from numdesk.views.sheet.words import word

#: lupdate extracts `translate("Context", "literal")` calls
translate = QCoreApplication.translate


def extras_text(character: Character) -> str:
    """Extra recoveries (used of available) and the second form's Pools, in words."""
    parts: list[str] = []
    for rest, label in (
        (Rest.ONE_ACTION, translate("SheetExtras", "one-action")),
        (Rest.TEN_MINUTES, translate("SheetExtras", "ten-minute")),
    ):
        have = character.extra_recoveries.count(rest)
        if have:
            used = character.extra_recoveries_used.count(rest)
            parts.append(
                translate("SheetExtras", "Extra {0} recoveries: {1} used of {2}.").format(
                    label, used, have
                )
            )
    form = character.second_form
    if form is not None:
        pools = ", ".join(
            f"{word(stat.value.capitalize())} {pool.current}/{pool.maximum}"
            for stat in Stat
            if (pool := form.pools.get(stat)) is not None
        )
        state = (
            translate("SheetExtras", "in play")
            if form.active
            else translate("SheetExtras", "not in play")
        )
        text = translate("SheetExtras", "Second form: {0}").format(form.name)
        if form.descriptor:
            text += f" ({form.descriptor})"
        text += f", {state}"
        if pools:
            text += f"; {pools}"
        counts = [
            (len(form.abilities), translate("SheetExtras", "abilities")),
            (len(form.skills), translate("SheetExtras", "skills")),
            (len(form.weapons), translate("SheetExtras", "attacks")),
            (len(form.armor), translate("SheetExtras", "armor")),
            (len(form.lasting_damage), translate("SheetExtras", "lasting damage")),
        ]
        listed = ", ".join(f"{n} {label}" for n, label in counts if n)
        if listed:
            text += f"; {listed}"
        parts.append(text + ".")
    return " ".join(parts)
