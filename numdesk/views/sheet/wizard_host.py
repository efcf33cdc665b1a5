"""What the New Character wizard's pages ask of the wizard (kept apart so the pages do
not import the wizard that imports them)."""

from __future__ import annotations

from typing import Any, Protocol

from numdesk.model.book_choices import BookChoice
from numdesk.model.creation_choices import CreationChoices


class WizardHost(Protocol):
    """The wizard as its pages see it: the library, the rules and the choices so far."""

    library: Any
    #: the answers to the book's choices, by choice title ("Rusted: Resilient")
    answers: dict[str, list[str]]

    def choices_so_far(self, include_abilities: bool = True) -> CreationChoices: ...

    def book_choices(self, include_abilities: bool = True) -> list[BookChoice]: ...

    def profile_label(self) -> str: ...
