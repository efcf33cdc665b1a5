"""Whether an entry's rules can be used here before anything opens it.

An entry names its rules by a built-in profile or by the uid of a house rules set in
the library. When that set is missing (deleted outside numdesk, or the entry came from
another library without it) or could not be read (damaged, or from a newer numdesk),
opening a sheet, a fight or a stat block would fail halfway; instead the user is told
which entry, which set and what to do, and nothing is opened or changed.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication

from numdesk.rules.profiles import PROFILES


def _t(text: str) -> str:
    return QCoreApplication.translate("RulesCheck", text)


def rules_problem(library: Any, uid: str, printing: bool = False) -> str:
    """Why entry `uid` cannot be opened (or printed) with its rules, or "" when it can."""
    summary = library.summary(uid)
    profile = summary.profile
    if not profile or profile in PROFILES:
        return ""
    reload = getattr(library, "load_rules_sets", None)
    if reload is not None:  # a set saved since the library opened (a CLI import)
        reload()
        if profile in PROFILES:
            return ""
    damaged = _damaged_set(library, profile)
    if damaged is not None:
        name, why = damaged
        action = _t("printed") if printing else _t("opened")
        return _t(
            "“{0}” plays by the house rules set “{1}”, which this library has but cannot "
            "use: {2} So “{0}” was not {3}, and nothing was changed. Fix the rules set "
            "in its editor, or import it again from the file it came from (with a "
            "numdesk as new as the one that wrote it)."
        ).format(summary.name, name, why, action)
    why = "; ".join(getattr(library, "rules_set_problems", []) or [])
    if printing:
        text = _t(
            "“{0}” plays by a house rules set this library does not have ({1}), so it "
            "was not printed. Import the rules set (numdesk import, or File > Import) "
            "from the export the entry came with, then print again."
        ).format(summary.name, profile)
    else:
        text = _t(
            "“{0}” plays by a house rules set this library does not have ({1}), so it "
            "cannot be opened. Nothing was changed. Import the rules set (File > Import) "
            "from the export the entry came with, then open it again."
        ).format(summary.name, profile)
    if why:
        text += " " + _t("The library could not read these rules sets: {0}").format(why)
    return text


def _damaged_set(library: Any, profile: str) -> tuple[str, str] | None:
    """(name, why) when the library holds the rules set `profile` but cannot use it."""
    from numdesk.model.errors import DomainError
    from numdesk.model.rules_set import RulesSet

    has = getattr(library, "has", None)
    if has is None or not has(profile):
        return None
    try:
        stored = library.load(profile)
    except DomainError as err:
        return profile, err.message
    if not isinstance(stored, RulesSet):
        return None
    try:
        stored.profile()
    except DomainError as err:
        return stored.name, err.message
    return None
