"""House rules sets in the library: the registry `get_profile` reads, and their users.

The built-in profiles are code constants. A library's rules sets are entries of kind
`rules_set`; whenever a library opens, or a rules set is saved or imported, the
profiles they describe are registered in `numdesk.rules.profiles`, so every layer that
asks `get_profile(name)` sees them. Deleting a set that entries still use is refused.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from sqlalchemy import Connection, select

from numdesk.model.errors import DomainError
from numdesk.model.kinds import EntryKind
from numdesk.model.rules_set import RulesSet
from numdesk.rules.profiles import BUILTIN_PROFILES, Profile
from numdesk.store.entries import rebuild
from numdesk.store.errors import LibraryError
from numdesk.store.rules_registry import register_sets
from numdesk.store.schema import Entry

if TYPE_CHECKING:
    from numdesk.store.repository import Repository


class HoldsRulesSets(Protocol):
    """What `ensure_rules_set` needs of a library: its rules sets (keeps this module off
    `store.library`, which imports it)."""

    rules_sets: Repository[RulesSet]


def load_registry(conn: Connection, registered: set[str]) -> list[str]:
    """Register every rules set stored in the library behind `conn` (at open)."""
    rows = conn.execute(select(Entry.data).where(Entry.kind == EntryKind.RULES_SET.value))
    return register_sets((rebuild(EntryKind.RULES_SET, row.data, None) for row in rows), registered)


def users_of(conn: Connection, uid: str, going: Collection[str] = ()) -> list[str]:
    """ "Name (kind)" of every entry whose rules are the set `uid`, by name, leaving out
    the entries `going` (deleted in the same step)."""
    rows = conn.execute(
        select(Entry.uid, Entry.name, Entry.kind)
        .where(Entry.profile == uid)
        .order_by(Entry.name_key)
    )
    return [f"{row.name} ({row.kind})" for row in rows if row.uid not in going]


def refuse_delete_in_use(
    conn: Connection, uid: str, name: str, going: Collection[str] = ()
) -> None:
    """LibraryError naming the users if entries (other than `going`) still play by the
    rules set `uid`."""
    users = users_of(conn, uid, going)
    if users:
        shown = ", ".join(users[:10]) + (f" and {len(users) - 10} more" if len(users) > 10 else "")
        raise LibraryError(
            f"The rules set '{name}' is in use and was not deleted. Move these to "
            f"other rules first: {shown}."
        )


def ensure_rules_set(
    library: HoldsRulesSets, base: str, name: str, changes: Mapping[str, Any]
) -> Profile:
    """The profile of the library's rules set called `name`, creating it on first need.

    If the library has no rules set of that name (ignoring case), one is made from the
    built-in `base` ("numenera" or "cypher") with `changes` (`Profile` field names to
    plain values, checked by `derive_profile`) and saved. If one exists it is used as
    it is, even if the group edited it since: their edits win. Put the returned
    profile's `name` into a character's, creature's or encounter's `profile` field.
    """
    rules, new = rules_set_named(library, base, name, changes)
    if new:
        library.rules_sets.save(rules)
    return rules.profile()


def rules_set_named(
    library: HoldsRulesSets, base: str, name: str, changes: Mapping[str, Any]
) -> tuple[RulesSet, bool]:
    """The library's rules set called `name` (ignoring case), or a new one from `base`
    with `changes`, not saved yet: (set, whether it is new).

    An import saves the new set in the same transaction as the entries that play by it,
    so a cancelled or failed import leaves neither behind. Bad changes raise DomainError
    before anything is saved.
    """
    existing = library.rules_sets.find_by_name(name)
    if existing is not None:
        return existing, False
    if base not in BUILTIN_PROFILES:
        raise DomainError(f"A rules set starts from numenera or cypher, not '{base}'.")
    rules = RulesSet(name=name, base=base, changes=dict(changes))
    rules.profile()  # refuses bad changes (DomainError)
    return rules, True
