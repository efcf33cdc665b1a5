"""Finding what a typed name was meant to be, for "did you mean …?" in refusals.

The wizard's and the command line's refusals (a template, an ability, a choice, an entry
to print) all offer the closest name the same way, ignoring case.
"""

from __future__ import annotations

import difflib


def close_match(name: str, candidates: list[str]) -> str | None:
    """The candidate `name` was most likely meant to be, or None when none is close."""
    folded = {c.casefold(): c for c in candidates}
    found = difflib.get_close_matches(name.casefold(), list(folded), n=1, cutoff=0.6)
    return folded[found[0]] if found else None
