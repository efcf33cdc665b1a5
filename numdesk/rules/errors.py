"""The one error the rules engine raises for input a user can cause.

It is a `ValueError` so plain scripts can catch it without knowing numdesk; the model's
`DomainError` wraps or subclasses it so the UI shows `message` next to the cause.
"""

from __future__ import annotations


class RulesError(ValueError):
    """A rule forbids the request, or a value is out of range; `message` is for the user."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
