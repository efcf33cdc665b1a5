"""One typed repository per kind of entry: `lib.characters.load(uid) -> Character`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, TypeVar, cast

from numdesk.model.kinds import EntryKind, ModelObject
from numdesk.store.search import EntrySummary

if TYPE_CHECKING:
    from numdesk.store.library import Library

T = TypeVar("T", bound=ModelObject)


class Repository(Generic[T]):
    """The entries of one kind. Every method is one transaction of its own."""

    def __init__(self, library: Library, kind: EntryKind, cls: type[T]) -> None:
        self._library = library
        self._kind = kind
        self._cls = cls

    @property
    def kind(self) -> EntryKind:
        """The kind of entry this repository holds."""
        return self._kind

    def load(self, uid: str) -> T:
        """The entry `uid`; LibraryError if there is none of this kind."""
        # `_load` checked the stored kind, and each kind has exactly one class
        return cast(T, self._library._load(uid, self._kind))

    def save(self, obj: T) -> None:
        """Insert `obj`, or replace the stored entry with the same uid."""
        self._library._save_one(obj, self._kind)

    def delete(self, uid: str) -> None:
        """Remove the entry `uid` (with its tags and history)."""
        self._library._delete(uid, self._kind)

    def list(self) -> list[EntrySummary]:
        """Every entry of this kind, by name."""
        return self._library._list(self._kind)

    def find_by_name(self, name: str) -> T | None:
        """The entry named `name` (ignoring case), or None; the oldest if several are."""
        uid = self._library._uid_by_name(self._kind, name)
        return None if uid is None else self.load(uid)

    def count(self) -> int:
        """How many entries of this kind the library holds."""
        return self._library.count(self._kind)
