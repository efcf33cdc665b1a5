"""The library's side of making a character: finding templates by name, linking
abilities to their library entries. Shared by the New Character wizard and
`numdesk new-character`, so both find, refuse and link the same way.
"""

from __future__ import annotations

from typing import Any

from numdesk.model.abilities import Ability
from numdesk.model.character import Character
from numdesk.model.errors import DomainError
from numdesk.model.kinds import EntryKind
from numdesk.model.names import close_match
from numdesk.model.summary import EntrySummary
from numdesk.model.templates import SentenceTemplate, TypeTemplate
from numdesk.rules.profiles import family_of
from numdesk.rules.types import AbilitySource

PART_KINDS = {
    "type": EntryKind.TYPE,
    "descriptor": EntryKind.DESCRIPTOR,
    "focus": EntryKind.FOCUS,
    "flavor": EntryKind.FLAVOR,
}
#: more templates than any library holds (the CSRD has ~110 foci)
_ALL = 10_000


def part_templates(library: Any, part: str, profile: str) -> list[EntrySummary]:
    """Every template for `part` a `profile` character can use: its own, profile-free
    ones, and (for a house rules set) those of the built-in it starts from."""
    found = library.search("", kinds=[PART_KINDS[part]], limit=_ALL)
    return sorted(
        (s for s in found if s.profile in (None, "", profile, family_of(profile))),
        key=lambda s: s.name.casefold(),
    )


def reference_templates_for(profile: str) -> bool:
    """Whether importing the Cypher System Reference Document brings templates a
    `profile` character can use (its templates are all of the CSRD's own rules)."""
    from numdesk.io.csrd import PROFILE

    return family_of(profile) == PROFILE


def find_template(
    library: Any, part: str, profile: str, name: str
) -> TypeTemplate | SentenceTemplate | None:
    """The template called `name` (any case) for `part`; None when the library has no
    templates of that kind in `profile` (the name is then the player's own words).

    A name that matches none of the templates there are is refused, with the closest
    one offered: "No descriptor called 'Strongg' (did you mean Strong?)".
    """
    templates = part_templates(library, part, profile)
    if not name.strip() or not templates:
        return None
    wanted = " ".join(name.split()).casefold()
    for summary in templates:
        if summary.name.casefold() == wanted:
            loaded: TypeTemplate | SentenceTemplate = library.load(summary.uid)
            return loaded
    hint = close_match(name, [s.name for s in templates])
    if hint:
        raise DomainError(f"No {part} called '{name}' (did you mean {hint}?)", field=part)
    raise DomainError(
        f"No {part} called '{name}' among the library's {len(templates)} {profile} "
        f"{part} templates.",
        field=part,
    )


def library_ability(library: Any, name: str) -> Ability | None:
    """The library's ability entry called `name` (any case), if there is one."""
    for summary in library.search(name, kinds=[EntryKind.ABILITY], limit=50):
        if summary.name.casefold() == name.strip().casefold():
            found: Ability = library.load(summary.uid)
            return found
    return None


def link_abilities(library: Any, character: Character) -> None:
    """Link each ability that came from a template to its library entry (by uid when the
    template knows it, else by name), and fill an empty description from that entry."""
    for ability in character.abilities:
        entry: Ability | None = None
        if ability.library_uid and library.has(ability.library_uid):
            entry = library.load(ability.library_uid)
        elif not ability.library_uid and (
            ability.source is not AbilitySource.DESCRIPTOR or not ability.description
        ):  # a descriptor's kept text is its own; an ability it names is the library's
            entry = library_ability(library, ability.name)
        if entry is None:
            ability.library_uid = ""
            continue
        ability.library_uid = entry.uid
        if not ability.description:
            ability.description = entry.description
