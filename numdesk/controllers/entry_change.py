"""What one undo step did to one entry, and how a step is replayed on it.

An `EntryChange` is a patch of the entry's plain data for an edit (`numdesk.model.merge`),
or its whole content when it came or went. `patched` applies a patch to the entry as it
is now (the window's copy, or the library's), the data the journal writes back.
The model and the store are imported on first use (start-up: see `journal`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from numdesk.model.kinds import ModelObject
    from numdesk.model.merge import Patch
    from numdesk.store.commit import Write


@dataclass(frozen=True)
class EntryChange:
    """What one step did to one entry: `patch` for an edit, or the whole `created` or
    `deleted` content (with tags and favourite mark) when the entry came or went."""

    uid: str
    kind: str
    name: str
    patch: Patch | None = None
    created: dict[str, Any] | None = None
    deleted: dict[str, Any] | None = None
    tags: tuple[str, ...] = ()
    favourite: bool = False

    @classmethod
    def edit(cls, before: ModelObject, after: ModelObject) -> EntryChange:
        """The change from `before` to `after` (two states of one entry)."""
        from numdesk.model.serialize import to_data

        return cls.between(after, to_data(before), to_data(after))

    @classmethod
    def between(cls, obj: ModelObject, before: Any, after: Any) -> EntryChange:
        """The change of `obj` from the plain data `before` to `after` (`to_data`)."""
        from numdesk.model.kinds import kind_of
        from numdesk.model.merge import diff

        return cls(obj.uid, kind_of(obj).value, obj.name, patch=diff(before, after))

    @classmethod
    def sheet(
        cls, obj: ModelObject, before: dict[str, Any], after: dict[str, Any], length: int
    ) -> EntryChange:
        """The change of a character from `before` to `after` (its `entry_data`), which
        also added the lines of its history after the first `length`."""
        from numdesk.model.history_patch import sheet_patch
        from numdesk.model.kinds import kind_of

        history = getattr(obj, "history", [])
        patch = sheet_patch(before, after, history, length)
        return cls(obj.uid, kind_of(obj).value, obj.name, patch=patch)

    @classmethod
    def create(
        cls, obj: ModelObject, tags: Sequence[str] = (), favourite: bool = False
    ) -> EntryChange:
        from numdesk.model.kinds import kind_of
        from numdesk.model.serialize import to_data

        return cls(
            obj.uid, kind_of(obj).value, obj.name, created=to_data(obj), tags=tuple(tags),
            favourite=favourite,
        )  # fmt: skip

    @classmethod
    def delete(
        cls,
        obj: ModelObject,
        tags: Sequence[str] = (),
        favourite: bool = False,
        data: dict[str, Any] | None = None,
    ) -> EntryChange:
        """The deletion of `obj`; `data` is its whole stored content when that holds
        more than `to_data(obj)` (fields a newer numdesk added: undo brings them back)."""
        from numdesk.model.kinds import kind_of
        from numdesk.model.serialize import to_data

        return cls(
            obj.uid, kind_of(obj).value, obj.name,
            deleted=data if data is not None else to_data(obj), tags=tuple(tags),
            favourite=favourite,
        )  # fmt: skip

    def stored_now(self, library: Any, current: ModelObject) -> dict[str, Any]:
        """The whole content of this entry as `library` stores it now (`current`), with
        the fields a newer numdesk added, as `created` or `deleted` hold them."""
        from numdesk.model.kinds import EntryKind
        from numdesk.model.newer import carry_newer
        from numdesk.model.serialize import to_data

        now: dict[str, Any] = to_data(current)
        stored = library.newer_stored([self.uid]).get(self.uid)
        return now if stored is None else carry_newer(EntryKind(self.kind), stored, now)

    def stored_data(self, content: dict[str, Any], obj: ModelObject) -> dict[str, Any] | None:
        """The data to store for `obj`, built from this entry's whole `content` (it came
        back): None (convert `obj`) unless `content` holds fields a newer numdesk added,
        which then come back with it."""
        from numdesk.model.kinds import EntryKind
        from numdesk.model.newer import carry_newer, has_newer
        from numdesk.model.serialize import to_data

        kind = EntryKind(self.kind)
        if not has_newer(kind, content):
            return None
        return carry_newer(kind, content, to_data(obj))

    def to_json(self) -> dict[str, Any]:
        return {
            "uid": self.uid,
            "kind": self.kind,
            "name": self.name,
            "patch": None if self.patch is None else self.patch.to_json(),
            "created": self.created,
            "deleted": self.deleted,
            "tags": list(self.tags),
            "favourite": self.favourite,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> EntryChange:
        from numdesk.model.merge import Patch

        patch = data.get("patch")
        return cls(
            uid=str(data["uid"]),
            kind=str(data["kind"]),
            name=str(data["name"]),
            patch=None if patch is None else Patch.from_json(patch),
            created=data.get("created"),
            deleted=data.get("deleted"),
            tags=tuple(data.get("tags") or ()),
            favourite=bool(data.get("favourite")),
        )

    def build(self, data: dict[str, Any]) -> ModelObject:
        """The model object of this entry's kind from plain `data`."""
        from numdesk.model.kinds import ENTRY_CLASSES, EntryKind
        from numdesk.model.serialize import from_data

        obj: ModelObject = from_data(ENTRY_CLASSES[EntryKind(self.kind)], data)
        return obj


def patched(
    change: EntryChange,
    current: ModelObject,
    revision: int | None,
    data: dict[str, Any] | None,
    patch: Patch,
) -> Write:
    """The write of `current` (at `revision`; `data`: its `entry_data` if at hand) with
    `patch` applied; MergeConflict if a part it changes was changed since.

    A character's history is patched as a list of lines (`model.history_patch`), the
    rest as plain data, and only what the patch changes is copied and built again, so
    an undo on a long-played or well-stocked sheet costs about what the click did.
    The result shares the rest with `current`: it replaces `current`, which the caller
    no longer changes.
    """
    from numdesk.model.character import Character
    from numdesk.model.history_patch import patch_history, touches_history
    from numdesk.model.merge import Patch, apply_patch
    from numdesk.model.serialize import entry_data, from_data_changed, to_data
    from numdesk.store.commit import Write

    if any(not s.path for s in patch.steps):  # the whole entry at once (no edit makes one)
        whole = apply_patch(to_data(current), patch)
        return Write(change.uid, change.build(whole), revision)
    if not isinstance(current, Character):
        # only what the patch changes is copied and built again
        whole = apply_patch(to_data(current) if data is None else data, patch, share=True)
        obj = from_data_changed(current, whole, patch.paths())
        return Write(change.uid, obj, revision, data=whole)
    lines = [s for s in patch.steps if touches_history(s)]
    rest = Patch(tuple(s for s in patch.steps if not touches_history(s)))
    result = apply_patch(entry_data(current) if data is None else data, rest, share=True)
    sheet = from_data_changed(current, result, rest.paths())
    sheet.history, kept = patch_history(current.history, lines)
    return Write(change.uid, sheet, revision, data=result, history_kept=kept)
