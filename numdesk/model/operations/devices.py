"""Using cyphers and artifacts (RULES.md G17), and the cypher limit check."""

from __future__ import annotations

from numdesk.model.character import Character
from numdesk.model.errors import DomainError, domain_errors
from numdesk.model.items import Artifact, Cypher
from numdesk.model.operations.base import Change
from numdesk.model.operations.sheet import CharacterOperation, locate
from numdesk.rules.dice import Dice
from numdesk.rules.items import (
    DepletionCheck,
    LevelRoll,
    check_depletion,
    parse_depletion,
    roll_device_level,
)
from numdesk.rules.items import cyphers_over_limit as _over_limit


def cyphers_over_limit(character: Character) -> int:
    """How many cyphers the character carries beyond its limit (0 when within it)."""
    return _over_limit(len(character.cyphers), character.cypher_limit)


def cypher_limit_warning(character: Character) -> str | None:
    """The warning a sheet shows when the character carries too many cyphers, else None."""
    over = cyphers_over_limit(character)
    if not over:
        return None
    return (
        f"{character.name} carries {len(character.cyphers)} cyphers but the limit is "
        f"{character.cypher_limit}: {over} too many."
    )


class UseCypher(CharacterOperation):
    """Use a cypher: it is gone from the sheet, and the history says what it did."""

    def __init__(self, key: int | str, note: str = "") -> None:
        super().__init__()
        self.key = key
        self.note = note

    def _run(self, character: Character) -> Change:
        cypher = character.cyphers.pop(locate(character.cyphers, self.key, "cyphers", "cypher"))
        level = f" (level {cypher.level})" if cypher.level is not None else ""
        note = f": {self.note}" if self.note else ""
        return Change(f"Used cypher '{cypher.name}'{level}{note}", kind="items")


class UseArtifact(CharacterOperation):
    """Use an artifact: roll its depletion die; a depletion face marks it depleted (G17).

    The artifact works this time either way. After `apply`, `check` holds the roll.
    """

    def __init__(self, key: int | str, dice: Dice, note: str = "") -> None:
        super().__init__()
        self.key = key
        self.dice = dice
        self.note = note
        self.check: DepletionCheck | None = None

    def _run(self, character: Character) -> Change:
        index = locate(character.artifacts, self.key, "artifacts", "artifact")
        artifact = character.artifacts[index]
        if artifact.depleted:
            raise DomainError(f"{artifact.name} is depleted.", field=f"artifacts[{index}]")
        with domain_errors(f"artifacts[{index}].depletion"):
            check = check_depletion(parse_depletion(artifact.depletion), self.dice)
        artifact.depleted = check.depleted
        self.check = check
        text = f"Used artifact '{artifact.name}'"
        if check.roll is not None:
            text += f"; depletion roll {check.roll}"
        if check.depleted:
            text += "; it is now depleted"
        if self.note:
            text += f" ({self.note})"
        return Change(text, kind="items")


class RollDeviceLevel(CharacterOperation):
    """Roll the level of a cypher or artifact found with only its level dice (T9).

    `items` is "cyphers" or "artifacts". The rolled level is kept on the sheet; a device
    whose level is already known is refused, so a level is never rolled twice.
    """

    def __init__(self, items: str, key: int | str, dice: Dice) -> None:
        super().__init__()
        self.items = items
        self.key = key
        self.dice = dice
        self.roll: LevelRoll | None = None

    def _run(self, character: Character) -> Change:
        if self.items not in ("cyphers", "artifacts"):
            raise DomainError("Only cyphers and artifacts have a level to roll.", field="items")
        devices: list[Cypher] | list[Artifact] = getattr(character, self.items)
        what = self.items[:-1]
        index = locate(devices, self.key, self.items, what)
        device = devices[index]
        field = f"{self.items}[{index}]"
        if device.level is not None:
            raise DomainError(f"{device.name} already has level {device.level}.", field=field)
        if not device.level_dice.strip():
            raise DomainError(f"{device.name} has no level dice to roll.", field=field)
        with domain_errors(f"{field}.level_dice"):
            self.roll = roll_device_level(device.level_dice, self.dice)
        device.level = self.roll.level
        text = f"Rolled the level of {what} '{device.name}': {self.roll.summary}"
        return Change(text, kind="items")
