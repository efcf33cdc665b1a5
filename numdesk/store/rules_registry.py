"""Which open libraries hold which house rules sets in the registry `get_profile` reads.

Kept apart from `store.rules_sets` (SQLAlchemy) so the first screen's `LibraryReader`,
which lists a library before SQLAlchemy is imported, registers the sets its rows name
through the same bookkeeping as a `Library`.
"""

from __future__ import annotations

from collections.abc import Iterable

from numdesk.model.errors import DomainError
from numdesk.model.kinds import ModelObject
from numdesk.model.rules_set import RulesSet
from numdesk.rules.profiles import register_profile, unregister_profile

#: How many open libraries hold each registered house rules set. Two libraries can hold
#: the same set (a copy of a file, an export imported elsewhere, the app's library and a
#: command's read-only open of it): closing one must not take the set from the other.
_HOLDERS: dict[str, int] = {}


def register_sets(objs: Iterable[ModelObject], registered: set[str]) -> list[str]:
    """Register the rules sets among `objs`; return a sentence per set that cannot be used.

    The uids registered are added to `registered`, the library's holdings (it forgets
    them on close). A set whose stored changes no longer fit (a damaged row, a file from
    a newer numdesk) is left unregistered and named, never guessed at.
    """
    problems = []
    for obj in objs:
        if isinstance(obj, RulesSet):
            try:
                register_profile(obj.profile())
            except DomainError as err:
                problems.append(err.message)
            else:
                if obj.uid not in registered:
                    registered.add(obj.uid)
                    _HOLDERS[obj.uid] = _HOLDERS.get(obj.uid, 0) + 1
    return problems


def forget(uids: Iterable[str], registered: set[str]) -> None:
    """Give up a library's hold on the sets `uids` (deleted there, or the library is
    closing); a set leaves the registry when no open library holds it any more."""
    for uid in list(uids):
        if uid not in registered:
            continue
        registered.discard(uid)
        left = _HOLDERS.get(uid, 1) - 1
        if left > 0:
            _HOLDERS[uid] = left
        else:
            _HOLDERS.pop(uid, None)
            unregister_profile(uid)
