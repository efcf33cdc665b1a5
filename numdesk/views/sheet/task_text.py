"""The task dialog's sentences built from numbers: the cost broken down the way a player
checks it (G9a, G9b) and what a natural d20 face adds to a result (G10).

They keep the dialog's translation context ("TaskDialog"), so moving them here changed no
message a translator sees.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from numdesk.model.operations.task import TaskPreview, TaskResult

#: lupdate extracts `translate("Context", "literal")` calls
translate = QCoreApplication.translate


def cost_lines(preview: TaskPreview, stat: str) -> list[str]:
    """Total, the ability's own cost, Effort, Edge, the impaired surcharge, the Pool after."""
    cost = preview.cost
    lines = [translate("TaskDialog", "{0} {1} points").format(cost.total, stat)]
    if cost.ability_cost:
        name = preview.ability_name or translate("TaskDialog", "ability")
        lines.append(translate("TaskDialog", "{0}: {1}").format(name, cost.ability_cost))
    if cost.effort_levels:
        lines.append(
            translate("TaskDialog", "Effort {0} level(s) = {1}").format(
                cost.effort_levels, cost.effort_points
            )
        )
    if cost.edge_used:
        lines.append(translate("TaskDialog", "Edge −{0}").format(cost.edge_used))
    if preview.impaired and cost.effort_levels:
        lines.append(translate("TaskDialog", "impaired: +1 per level"))
    lines.append(
        translate("TaskDialog", "Pool {0} → {1}").format(
            preview.pool_before, max(preview.pool_after, 0)
        )
    )
    return lines


def damage_text(preview: TaskPreview) -> str:
    """ "5", then "Battleaxe 4, Combat Prowess (melee) +1" on a line below: the damage of
    a hit and, when more than the weapon adds to it, where each point comes from; "—"
    when it is no attack."""
    if not preview.damage_if_hit and not preview.damage_parts:
        return "—"
    parts = preview.damage_parts
    if len(parts) < 2:
        return str(preview.damage_if_hit)
    first, *rest = parts
    said = [f"{first[0]} {first[1]}"] + [
        f"{what} {amount:+d}".replace("-", "−")
        for what, amount in rest  # Bash −1
    ]
    # a line of its own, not word-wrapped: a wrapped label in the form's grid is sized
    # for one line and would run over the line below
    return f"{preview.damage_if_hit}\n" + ", ".join(said)


def special_lines(result: TaskResult) -> list[str]:
    """What the natural face adds, in the order a player acts on it (G10): the
    intrusion, then the bonus damage *or* the effect picked below, then a refund."""
    outcome = result.outcome
    if outcome is None:
        return []
    lines: list[str] = []
    if outcome.gm_intrusion:
        lines.append(translate("TaskDialog", "Natural 1: the GM intrudes (no XP for it)."))
    bonus = outcome.bonus_damage
    if outcome.effect_instead_of_damage:
        size = (
            translate("TaskDialog", "a major")
            if outcome.major_effect
            else translate("TaskDialog", "a minor")
        )
        lines.append(
            translate(
                "TaskDialog",
                "Natural {0}: +{1} damage ({2} in all), or instead {3} effect picked "
                "below ({4} damage then).",
            ).format(outcome.natural, bonus, result.damage, size, result.damage - bonus)
        )
    elif bonus:
        lines.append(translate("TaskDialog", "+{0} damage from the roll.").format(bonus))
    elif outcome.major_effect:
        lines.append(
            translate("TaskDialog", "Natural 20: a major effect (or a minor one), picked below.")
        )
    elif outcome.minor_effect:
        lines.append(translate("TaskDialog", "Natural 19: a minor effect, picked below."))
    if result.refunded:
        lines.append(translate("TaskDialog", "The points spent on it come back."))
    return lines


def effect_taken_line(label: str, result: TaskResult) -> str:
    """After "Take effect": which effect, and the damage of the hit without the bonus."""
    bonus = result.outcome.bonus_damage if result.outcome is not None else 0
    if result.damage and bonus:
        return translate(
            "TaskDialog", "Effect taken instead of the bonus damage: {0}; the hit deals {1}."
        ).format(label, result.damage - bonus)
    return translate("TaskDialog", "Effect taken: {0}.").format(label)
