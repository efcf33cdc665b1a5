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


def _joined(name: str, parts: list[str], text: str) -> str:
    """ "Name (part, part): text", leaving out what is empty."""
    head = f"{name} ({', '.join(p for p in parts if p)})" if any(parts) else name
    return f"{head}: {text}" if text else head


def _steps(steps: int | None) -> str:
    if not steps:
        return ""
    if steps > 0:
        if steps == 1:
            return translate("SheetExtras", "eased 1 step")
        return translate("SheetExtras", "eased {0} steps").format(steps)
    if steps == -1:
        return translate("SheetExtras", "hindered 1 step")
    return translate("SheetExtras", "hindered {0} steps").format(-steps)


def second_form_text(character: Character) -> str:
    """The second form's items with their values, its description and notes, one group a
    line, for the sheet to show under the summary (the printout prints the same)."""
    form = character.second_form
    if form is None:
        return ""
    groups: list[tuple[str, list[str]]] = [
        (
            translate("SheetExtras", "Skills"),
            [_joined(s.name, [word(s.level.value)], s.description) for s in form.skills],
        ),
        (
            translate("SheetExtras", "Abilities"),
            [
                _joined(
                    a.name,
                    [
                        a.cost_text
                        or (
                            f"{a.cost} {word(a.pool.value.capitalize())}"
                            if a.cost and a.pool
                            else ""
                        ),
                        word(a.kind.value)
                        if a.kind is not None and a.kind.value == "enabler"
                        else "",
                    ],
                    a.description,
                )
                for a in form.abilities
            ],
        ),
        (
            translate("SheetExtras", "Attacks"),
            [
                _joined(
                    w.name,
                    [
                        w.kind or word(w.category.value),
                        translate("SheetExtras", "{0} damage").format(w.damage)
                        if w.damage is not None
                        else "",
                        w.range,
                        _steps(w.steps),
                        word(w.skill.value) if w.skill is not None else "",
                    ],
                    w.notes,
                )
                for w in form.weapons
            ],
        ),
        (
            translate("SheetExtras", "Armor"),
            [
                _joined(
                    a.name,
                    [
                        a.kind or word(a.category.value),
                        translate("SheetExtras", "Armor {0}").format(a.value)
                        if a.value is not None
                        else "",
                    ],
                    a.notes,
                )
                for a in form.armor
            ],
        ),
        (
            translate("SheetExtras", "Lasting damage"),
            [
                _joined(
                    d.name,
                    [
                        f"{d.amount} {word(d.stat.value.capitalize())}"
                        if d.stat
                        else str(d.amount),
                        translate("SheetExtras", "permanent") if d.permanent else "",
                    ],
                    d.effect,
                )
                for d in form.lasting_damage
            ],
        ),
        (translate("SheetExtras", "Description"), [form.description] if form.description else []),
        (translate("SheetExtras", "Notes"), [form.notes] if form.notes else []),
    ]
    lines = [f"{title}: {'; '.join(items)}" for title, items in groups if items]
    if not lines:
        return ""
    head = translate("SheetExtras", "{0}, the second form:").format(form.name)
    return "\n".join([head, *lines])
