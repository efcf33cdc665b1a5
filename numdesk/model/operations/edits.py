"""Direct edits of sheet fields: what a player types into the form (RULES.md S)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from numdesk.model.character import Character, track_step_name
from numdesk.model.errors import DomainError
from numdesk.model.operations.base import Change
from numdesk.model.operations.sheet import CharacterOperation, as_stat, stat_name
from numdesk.model.operations.wording import change_phrase
from numdesk.model.validation import check_int, check_portrait, check_text, profile_of
from numdesk.rules.damage_track import track_label
from numdesk.rules.profiles import PROFILES
from numdesk.rules.types import Advancement, DamageTrackState, Rest, Stat


@dataclass(frozen=True)
class _FieldSpec:
    label: str
    kind: str
    value_type: str  # "text", "long_text", "int", or a special name handled below


_FIELDS: dict[str, _FieldSpec] = {
    "name": _FieldSpec("Name", "edit", "text"),
    "player": _FieldSpec("Player", "edit", "text"),
    "descriptor": _FieldSpec("Descriptor", "edit", "text"),
    "type": _FieldSpec("Type", "edit", "text"),
    "focus": _FieldSpec("Focus", "edit", "text"),
    "flavor": _FieldSpec("Flavor", "edit", "text"),
    "background": _FieldSpec("Background", "edit", "long_text"),
    "notes": _FieldSpec("Notes", "edit", "long_text"),
    "connections": _FieldSpec("Connections", "edit", "long_text"),
    "tier": _FieldSpec("Tier", "tier", "int"),
    "effort": _FieldSpec("Effort", "tier", "int"),
    "xp": _FieldSpec("XP", "xp", "int"),
    "shins": _FieldSpec("Shins", "items", "int"),
    "currency": _FieldSpec("Currency", "items", "text"),
    "initiative_bonus": _FieldSpec("Initiative bonus", "edit", "int"),
    "stress": _FieldSpec("Stress", "pools", "int"),
    "cypher_limit": _FieldSpec("Cypher limit", "items", "int"),
    "prepared_spells": _FieldSpec("Prepared spells", "items", "int"),
    "recovery_bonus": _FieldSpec("Recovery bonus", "pools", "int"),
    "recovery_roll": _FieldSpec("Recovery roll as written", "pools", "text"),
    "armor_cost_reduction": _FieldSpec("Armor cost reduction", "edit", "int"),
    "starting_points": _FieldSpec("Starting points", "pools", "int"),
    "portrait": _FieldSpec("Portrait", "edit", "portrait"),
    "profile": _FieldSpec("Rules profile", "edit", "profile"),
    "damage_track": _FieldSpec("Damage track", "pools", "track"),
    "recoveries_used": _FieldSpec("Rests used today", "pools", "rests"),
    "advancements": _FieldSpec("Advancements this tier", "tier", "advancements"),
}

#: The fields `SetField` can edit (lists of items have their own operations).
EDITABLE_FIELDS: tuple[str, ...] = tuple(_FIELDS)


def _convert(name: str, spec: _FieldSpec, value: object, character: Character) -> Any:
    """Turn the typed-in value into the field's type, or explain why it cannot be."""
    if spec.value_type in ("text", "long_text"):
        return check_text(value, name, spec.label, required=name == "name")
    if spec.value_type == "int":
        return check_int(value, name, spec.label)
    if spec.value_type == "portrait":
        return check_portrait(value)
    if spec.value_type == "profile":
        if value not in PROFILES:
            raise DomainError("Choose numenera, cypher or one of the library's rules sets.", name)
        return value
    if spec.value_type == "track":
        if not profile_of(character).uses_damage_track:
            raise DomainError(
                "This character takes wounds, not damage track steps.", field="damage_track"
            )
        if isinstance(value, str):
            value = DamageTrackState.__members__.get(value.upper(), value)
        return _enum(DamageTrackState, value, name, "a step of the damage track")
    if spec.value_type == "rests":
        return [_enum(Rest, v, name, "a rest") for v in _as_list(value, name)]
    return [_enum(Advancement, v, name, "an advancement") for v in _as_list(value, name)]


def _as_list(value: object, name: str) -> list[object]:
    if not isinstance(value, list | tuple):
        raise DomainError("Expected a list of choices.", field=name)
    return list(value)


def _enum(cls: Any, value: object, name: str, what: str) -> Any:
    try:
        return cls(value)
    except (TypeError, ValueError):
        raise DomainError(f"'{value}' is not {what}.", field=name) from None


#: Longest quote of a text in a history line (the sheet holds the whole text).
_EXCERPT = 100


def _excerpt(text: str) -> str:
    """`text`, or its start and an ellipsis: a history line names a change, it does not
    copy a 30,000-character field twice (it must fit a text field itself)."""
    return text if len(text) <= _EXCERPT else text[: _EXCERPT - 1] + "…"


class SetField(CharacterOperation):
    """Set one plain field of the sheet (`EDITABLE_FIELDS`) to a new value."""

    def __init__(self, field: str, value: object) -> None:
        super().__init__()
        self.field = field
        self.value = value

    def _run(self, character: Character) -> Change:
        spec = _FIELDS.get(self.field)
        if spec is None:
            raise DomainError(f"'{self.field}' is not a field that can be edited.", self.field)
        new = _convert(self.field, spec, self.value, character)
        old = getattr(character, self.field)
        if new == old:
            return Change(f"{spec.label} unchanged", kind=spec.kind, record=False)
        setattr(character, self.field, new)
        if spec.value_type == "portrait":
            summary = "Removed the portrait" if new is None else "Changed the portrait"
        elif spec.value_type == "long_text":
            summary = f"Edited the {spec.label.lower()}"
        elif spec.value_type == "text":
            shown_old, shown_new = _excerpt(old), _excerpt(new)
            summary = (
                f"{spec.label}: '{shown_old}' → '{shown_new}'"
                if old
                else f"{spec.label} set to '{shown_new}'"
            )
        else:
            summary = change_phrase(spec.label, old, new)
        return Change(summary, kind=spec.kind)


class SetPool(CharacterOperation):
    """Edit one stat's Pool current value, maximum and/or Edge (None leaves it as it is)."""

    def __init__(
        self,
        stat: Stat | str,
        current: int | None = None,
        maximum: int | None = None,
        edge: int | None = None,
    ) -> None:
        super().__init__()
        self.stat = as_stat(stat)
        self.current = current
        self.maximum = maximum
        self.edge = edge

    def _run(self, character: Character) -> Change:
        name = stat_name(self.stat)
        pool = character.pool(self.stat)
        base = f"pools.{self.stat.value}"
        parts = []
        if self.maximum is not None:
            new = check_int(self.maximum, f"{base}.maximum", f"The {name} Pool maximum", 0)
            if new != pool.maximum:
                parts.append(f"{name} Pool maximum {pool.maximum} → {new}")
                pool.maximum = new
        if self.current is not None:
            new = check_int(self.current, f"{base}.current", f"The {name} Pool", 0)
            if new > pool.maximum:
                raise DomainError(
                    f"The {name} Pool cannot be above its maximum of {pool.maximum}.",
                    field=f"{base}.current",
                )
            if new != pool.current:
                parts.append(f"{name} Pool {pool.current} → {new}")
                pool.current = new
        elif pool.current > pool.maximum:
            raise DomainError(
                f"The {name} Pool holds {pool.current}; lower it before setting the maximum "
                f"to {pool.maximum}.",
                field=f"{base}.maximum",
            )
        if self.edge is not None:
            new = check_int(self.edge, f"{base}.edge", f"{name} Edge", 0)
            if new != pool.edge:
                parts.append(f"{name} Edge {pool.edge} → {new}")
                pool.edge = new
        if not parts:
            return Change(f"{name} unchanged", kind="pools", record=False)
        return Change("; ".join(parts), kind="pools")


class SetWounds(CharacterOperation):
    """Tick or clear `cypher` wound boxes, or change how many boxes there are (C1)."""

    def __init__(self, **counts: int) -> None:
        super().__init__()
        allowed = {"minor", "moderate", "major", "minor_slots", "moderate_slots", "major_slots"}
        for key in counts:
            if key not in allowed:
                raise DomainError(f"'{key}' is not a wound box.", field=f"wounds.{key}")
        self.counts = counts

    def _run(self, character: Character) -> Change:
        if profile_of(character).uses_damage_track:
            raise DomainError("This character uses the damage track, not wounds.", "wounds")
        parts = []
        for key, value in self.counts.items():
            label = key.replace("_slots", " wound boxes") if key.endswith("_slots") else key
            if key in ("minor", "moderate", "major"):
                label = f"{key} wounds"
            new = check_int(value, f"wounds.{key}", label.capitalize(), 0)
            old = getattr(character.wounds, key)
            if new != old:
                parts.append(f"{label.capitalize()} {old} → {new}")
                setattr(character.wounds, key, new)
        if not parts:
            return Change("Wounds unchanged", kind="wounds", record=False)
        return Change("; ".join(parts), kind="wounds")


class SetTrackStep(CharacterOperation):
    """Put the character on a step of the damage track, the sheet's extra step included.

    The extra step (`Character.track_extra_step`, Foundry's "Hurt") lies between hale and
    impaired and changes no rule, so a character at it is hale with the step marked.
    """

    def __init__(self, state: DamageTrackState | int, extra_step: bool = False) -> None:
        super().__init__()
        self.state = state
        self.extra_step = extra_step

    def _run(self, character: Character) -> Change:
        if not profile_of(character).uses_damage_track:
            raise DomainError(
                "This character takes wounds, not damage track steps.", field="damage_track"
            )
        state = _enum(DamageTrackState, self.state, "damage_track", "a step of the damage track")
        if self.extra_step and not character.track_extra_step:
            raise DomainError("This sheet has no extra step on its damage track.", "damage_track")
        before = track_step_name(character) or track_label(character.damage_track)
        character.damage_track = DamageTrackState.HALE if self.extra_step else state
        character.at_track_extra_step = self.extra_step
        after = track_step_name(character) or track_label(character.damage_track)
        if before == after:
            return Change("Damage track unchanged", kind="pools", record=False)
        return Change(f"Damage track {before} → {after}", kind="pools")
