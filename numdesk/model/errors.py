"""The one error type users can cause, carrying a message written for them."""

from __future__ import annotations


class DomainError(Exception):
    """A value or action the rules or the data do not allow.

    `message` is shown to the user as it is (next to the field that caused it), so it
    is a whole sentence in plain words; `field` names that field when there is one.
    """

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
