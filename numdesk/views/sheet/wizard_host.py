"""What the New Character wizard's pages ask of the wizard (kept apart so the pages do
not import the wizard that imports them)."""

from __future__ import annotations

from typing import Any, Protocol

from numdesk.model.creation import CreationChoices


class WizardHost(Protocol):
    """The wizard as its pages see it: the library, the rules and the choices so far."""

    library: Any

    def choices_so_far(self, include_abilities: bool = True) -> CreationChoices: ...

    def profile_label(self) -> str: ...
