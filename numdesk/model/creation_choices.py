"""What the player decides when making a character: `CreationChoices`, filled by the New
Character wizard and by `numdesk new-character`, read by `numdesk.model.creation`.

Kept in a module of its own so the modules that read the choices (what the templates
give, the abilities on offer) need not import the one that builds the character.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from numdesk.model.abilities import Ability
from numdesk.model.templates import SentenceTemplate, TypeTemplate
from numdesk.rules.types import Stat

PARTS = ("type", "descriptor", "focus", "flavor")


@dataclass
class PartChoice:
    """A type, descriptor, focus or flavor: a library template, or the player's own words."""

    text: str = ""
    template: TypeTemplate | SentenceTemplate | None = None

    @property
    def name(self) -> str:
        return self.template.name if self.template is not None else self.text.strip()


@dataclass
class CreationChoices:
    """Everything the player decides; None in a value means "not filled in yet"."""

    name: str = ""
    profile: str = "numenera"
    player: str = ""
    parts: dict[str, PartChoice] = field(default_factory=lambda: {p: PartChoice() for p in PARTS})
    pools: dict[Stat, int | None] = field(default_factory=lambda: dict.fromkeys(Stat))
    #: Edges the player typed (None: not typed; a type that decides its Edges needs none)
    edges: dict[Stat, int | None] = field(default_factory=lambda: dict.fromkeys(Stat))
    effort: int | None = None
    cypher_limit: int | None = None
    shins: int | None = None
    #: the money's name where the rules have none of their own (the group's currency)
    currency: str = ""
    #: the type's own points to divide (None: the template does not say; the player types it)
    free_points: int | None = None
    #: a Pool bonus the player types for a descriptor that is their own words
    own_bonus: dict[Stat, int] = field(default_factory=lambda: dict.fromkeys(Stat, 0))
    extra: dict[Stat, int] = field(default_factory=lambda: dict.fromkeys(Stat, 0))
    #: names of the abilities ticked in the "choose N" offers (any case)
    picked: list[str] = field(default_factory=list)
    #: abilities the player adds by hand (a free-text type has no offers)
    added: list[Ability] = field(default_factory=list)
    #: the player's answers to the book's choices, by choice key ("Resilient": ["+2 …"])
    answers: dict[str, list[str]] = field(default_factory=dict)

    def template(self, part: str) -> TypeTemplate | SentenceTemplate | None:
        return self.parts[part].template

    @property
    def type_template(self) -> TypeTemplate | None:
        found = self.parts["type"].template
        return found if isinstance(found, TypeTemplate) else None
