"""Reading the open library for the views (a mixin of `LibraryController`): the
browser's listings, searches, counts and tags from the library, or from the
first-screen reader while the full library is still loading; entries as stored or as
shown."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, Unpack

from numdesk.model.entry_kind import EntryKind, NewerKind
from numdesk.model.listing import MatchCount, Sort
from numdesk.model.summary import EntrySummary
from numdesk.store.browse import Pages
from numdesk.store.reader import LibraryReader
from numdesk.store.search import SearchFilters

if TYPE_CHECKING:
    from numdesk.model.kinds import ModelObject
    from numdesk.model.newer import NewerEntry
    from numdesk.store.library import Library


class EntryMeta(NamedTuple):
    """What the store keeps beside an entry (restored with it when a delete is undone)."""

    tags: tuple[str, ...] = ()
    favourite: bool = False


class Listing:
    """One search or sorted list of a browser, read page by page as the user scrolls.

    It reads from whatever is open at the time (the first-screen reader, then the
    library), so a listing begun on the first screen goes on after the full open.
    """

    def __init__(self, reading: LibraryReading, pages: Pages, count: MatchCount) -> None:
        self._reading = reading
        self._pages = pages
        self.count = count

    @property
    def done(self) -> bool:
        """Whether every entry of the listing has been read."""
        return self._pages.done

    def next_rows(self, limit: int) -> list[EntrySummary]:
        """The next `limit` entries (fewer at the end)."""
        return self._reading._source().next_page(self._pages, limit)


class LibraryReading:
    """The read side of `LibraryController` (which sets what is declared here)."""

    library: Library
    _library: Library | None
    _preview: LibraryReader | None
    is_open: bool

    def _source(self) -> LibraryReader | Library:
        return self._preview if self._preview is not None else self.library

    def browse(
        self, text: str = "", sort: Sort | None = None, **filters: Unpack[SearchFilters]
    ) -> Listing:
        """The browser's listing of the entries matching `text` and the filters, in
        `sort` order (None: best match first), with how many there are (counted up to
        a cap: an exact count of 100,000 matches would cost more than the listing)."""
        pages = Pages(text, sort, **filters)
        return Listing(self, pages, self._source().count_capped(pages))

    def search(
        self,
        text: str = "",
        limit: int | None = 500,
        offset: int = 0,
        **filters: Unpack[SearchFilters],
    ) -> list[EntrySummary]:
        """Entries matching the browser's search box and filters, best first."""
        source = self._preview if self._preview is not None else self.library
        return source.search(text, limit=limit, offset=offset, **filters)

    def count_matches(self, text: str = "", **filters: Unpack[SearchFilters]) -> int:
        """How many entries `search` finds with these filters (for "N entries")."""
        source = self._preview if self._preview is not None else self.library
        return source.count_matches(text, **filters)

    def load(self, uid: str) -> ModelObject:
        """A fresh copy of the stored entry `uid`."""
        return self.library.load(uid)

    def load_resolved(self, uid: str) -> ModelObject:
        """Entry `uid` as it is shown: a character's abilities linked to library entries
        carry those entries' current text (what a printout or an export holds)."""
        from numdesk.controllers.ability_links import follow_library

        entry = self.library.load(uid)
        follow_library(self.library, entry)
        return entry

    def kind_of(self, uid: str) -> EntryKind | NewerKind:
        """The kind of entry `uid` (a `NewerKind` if only a newer numdesk knows it)."""
        return self.library.kind_of_uid(uid)

    def load_newer(self, uid: str) -> NewerEntry:
        """Entry `uid` of a kind only a newer numdesk knows, as stored (read-only)."""
        return self.library.load_newer(uid)

    def unknown_fields(self, uid: str) -> list[tuple[str, str]]:
        """The fields a newer numdesk stored in entry `uid` that this one does not know,
        at any depth, each with the top-level field it is inside (("luck",
        "abilities"); "" at the top). Every save keeps them."""
        return self.library.newer_field_names(uid)

    def has(self, uid: str) -> bool:
        """Whether the open library holds entry `uid` (False when none is open)."""
        return self.is_open and bool(self._source().summaries_of([uid]))

    def rules_sets(self) -> list[EntrySummary]:
        """The library's house rules sets, by name (none when no library is open)."""
        if not self.is_open:
            return []
        return self._source().search(kinds=[EntryKind.RULES_SET], limit=None)

    def all_tags(self) -> list[str]:
        """Every tag used in the library."""
        source = self._preview if self._preview is not None else self.library
        return source.all_tags()

    def count(self, kind: EntryKind | None = None) -> int:
        """How many entries (of `kind`) the library holds."""
        source = self._preview if self._preview is not None else self.library
        return source.count(kind)

    def meta(self, uid: str) -> EntryMeta:
        """The tags and favourite mark of `uid`."""
        summary = self.library.summary(uid)
        return EntryMeta(tuple(summary.tags), summary.favourite)

    def summary(self, uid: str) -> EntrySummary:
        """The browser line of `uid`."""
        return self.library.summary(uid)
