"""The one error type users can cause, carrying a message written for them."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from numdesk.rules.errors import RulesError


class DomainError(RulesError):
    """A value or action the rules or the data do not allow.

    `message` is shown to the user as it is (next to the field that caused it), so it
    is a whole sentence in plain words; `field` names that field when there is one.
    It subclasses the rules engine's `RulesError` (a `ValueError`), so a script that
    catches either catches both; `domain_errors` turns a bare `RulesError` into this.
    """

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


@contextmanager
def domain_errors(field: str | None = None) -> Iterator[None]:
    """Re-raise a `RulesError` from the rules engine as a `DomainError` naming `field`."""
    try:
        yield
    except DomainError:
        raise
    except RulesError as err:
        raise DomainError(err.message, field=field) from err
