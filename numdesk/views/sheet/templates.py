"""Finding templates (types, descriptors, foci, flavors) in the library for a sheet, and
telling apart templates that share a name.

Names are not unique: the CSRD's "Adept" can sit beside an imported or hand-edited
"Adept". The wizard and the tier-up picker show such templates with a hint (their tags,
else a number) so the player sees there is a choice and which one they take.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication

from numdesk.model.kinds import EntryKind
from numdesk.model.summary import EntrySummary
from numdesk.rules.profiles import family_of

#: more templates than any library holds (the CSRD has ~110 foci)
_ALL = 10_000


def template_labels(summaries: Sequence[EntrySummary]) -> list[str]:
    """A label per template: its name, plus a hint where several share that name."""
    counts = Counter(s.name.casefold() for s in summaries)
    labels = []
    for summary in summaries:
        label = summary.name
        if counts[summary.name.casefold()] > 1:
            hint = ", ".join(summary.tags) or QCoreApplication.translate("Templates", "no tags")
            label = f"{summary.name} ({hint})"
        labels.append(label)
    totals = Counter(labels)
    seen: Counter[str] = Counter()
    numbered = []
    for label in labels:
        if totals[label] > 1:  # same name and same tags: number them
            seen[label] += 1
            label = f"{label} #{seen[label]}"
        numbered.append(label)
    return numbered


def profile_templates(library: Any, kind: EntryKind, profile: str) -> list[EntrySummary]:
    """Every template of `kind` a `profile` character can use (its own or profile-free).

    A house rules set uses the templates of the built-in it starts from as well.
    """
    usable = (None, "", profile, family_of(profile))
    return [s for s in library.search("", kinds=[kind], limit=_ALL) if s.profile in usable]


def templates_named(
    library: Any, kind: EntryKind, name: str, profile: str
) -> list[tuple[str, Any]]:
    """(label, template) for each template of `kind` called `name` (any case) in `profile`."""
    if not name:
        return []
    found = [
        s for s in profile_templates(library, kind, profile) if s.name.casefold() == name.casefold()
    ]
    return [
        (label, library.load(s.uid)) for label, s in zip(template_labels(found), found, strict=True)
    ]
