"""Operations: every change a user makes, as an object that applies and reverts itself."""

from numdesk.model.operations.base import Change, Operation

__all__ = ["Change", "Operation"]
