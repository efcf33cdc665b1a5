"""One typed repository per kind of entry: `lib.characters.load(uid) -> Character`.

A repository only narrows the library's methods to one kind. It knows the library
through `KindStore`, the few methods it calls, so the store's modules depend one way:
`library` imports `repository`, never the reverse.
"""

from __future__ import annotations

from typing import Generic, Protocol, TypeVar, cast

from numdesk.model.kinds import EntryKind, ModelObject
from numdesk.model.summary import EntrySummary

T = TypeVar("T", bound=ModelObject)


class KindStore(Protocol):
    """What a repository needs of the library (`numdesk.store.library.Library`)."""

    def _load(self, uid: str, kind: EntryKind | None) -> ModelObject: ...

    def _save_one(self, obj: ModelObject, kind: EntryKind) -> None: ...

    def _delete(self, uid: str, kind: EntryKind | None) -> None: ...

    def _list(self, kind: EntryKind) -> list[EntrySummary]: ...

    def _uid_by_name(self, kind: EntryKind, name: str) -> str | None: ...

    def count(self, kind: EntryKind | None = None) -> int: ...


class Repository(Generic[T]):
    """The entries of one kind. Every method is one transaction of its own."""

    def __init__(self, library: KindStore, kind: EntryKind, cls: type[T]) -> None:
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
