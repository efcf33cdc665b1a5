"""A group's house rules as a library entry (RULES.md profiles; rules/house_rules.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from numdesk.model.errors import DomainError
from numdesk.model.items import new_uid
from numdesk.rules.errors import RulesError
from numdesk.rules.house_rules import derive_profile
from numdesk.rules.profiles import Profile


@dataclass
class RulesSet:
    """A rules set of the group's own: a built-in profile (`base`) with `changes` applied.

    Characters, creatures and encounters refer to it by its `uid` in their `profile`
    field, exactly as they name a built-in profile, so renaming it changes nothing else.
    `changes` maps `Profile` field names to plain values; only the differences from the
    base are kept, so a set follows corrections made to the built-in it starts from.
    """

    name: str
    base: str = "cypher"
    changes: dict[str, Any] = field(default_factory=dict)
    description: str = ""
    uid: str = field(default_factory=new_uid)

    def profile(self) -> Profile:
        """The `Profile` the engine reads; DomainError if a change does not fit."""
        try:
            return derive_profile(self.base, self.uid, self.name, self.changes)
        except RulesError as err:
            raise DomainError(f"Rules set '{self.name}': {err.message}") from None
