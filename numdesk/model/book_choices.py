"""Choices a rulebook text leaves to the player, as data the wizard and the CLI can ask.

"+2 to your Might Pool or +2 to your Intellect Pool or +1 to all three Pools" is one
`BookChoice` with three `Option`s; "Choose two of the following: balancing, climbing, …"
is a choice of two skills. The player's answers are words (an option's label, or a skill
of their own where the book allows one: "or something similar", "of your choice");
`answer_problems` says what is wrong with them, `chosen_options` turns them into options.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from numdesk.model.abilities import Skill
from numdesk.model.names import close_match
from numdesk.rules.types import ArmorCategory, SkillLevel, Stat

OPTION = "option"
_ORDINALS = {2: "second", 3: "third", 4: "fourth", 5: "fifth"}
SKILLS = "skills"


@dataclass
class Option:
    """One answer the book offers, and what it gives."""

    label: str
    pool_bonus: dict[Stat, int] = field(default_factory=dict)
    #: Edges set outright (a type's "Might Edge of 1 and a Speed Edge of 0")
    edges: dict[Stat, int] = field(default_factory=dict)
    edge_bonus: dict[Stat, int] = field(default_factory=dict)
    skills: list[Skill] = field(default_factory=list)
    #: a library ability gained by name ("You gain one of the following abilities")
    ability: str = ""
    #: extra damage on weapon attacks of a reach ({"melee": 1}: Combat Prowess), applied
    #: by the task dialog to every hit with such a weapon
    damage_bonus: dict[str, int] = field(default_factory=dict)
    #: armor of this weight the character gets ("a type of armor of your choice")
    armor: ArmorCategory | None = None


@dataclass
class BookChoice:
    """A choice the book asks for: pick `count` of `options` (or name your own, if `own`).

    `key` is how the player names it at the command line ("Resilient", "Physical Skills");
    `source` is the template or ability it comes from; `text` is the book's sentence,
    shown beside the control so the player reads what they choose.
    """

    key: str
    source: str
    text: str
    options: list[Option] = field(default_factory=list)
    count: int = 1
    own: bool = False
    kind: str = OPTION
    #: the level a skill of the player's own naming gets
    level: SkillLevel = SkillLevel.TRAINED
    #: the place of the ability that asks it in the list of abilities read (None: a
    #: template's choice), so the answer is written on that ability
    owner: int | None = None
    #: 2 for the second choice of the same name (Rusted's two "Skill" lines, an ability
    #: taken twice), whose key then ends in " 2" so the command line can name it
    repeat: int = 1

    @property
    def title(self) -> str:
        """ "Rusted: Resilient" as headings show it; a repeat says which one in words
        ("Rusted: Skill (second)", "Stealth Skills (taken a second time)")."""
        name = self.key
        if self.repeat > 1 and name.endswith(f" {self.repeat}"):
            name = name[: -len(f" {self.repeat}")]
            nth = _ORDINALS.get(self.repeat, f"#{self.repeat}")
            if self.source in ("", name):
                return f"{name} (taken a {nth} time)"
            return f"{self.source}: {name} ({nth})"
        return f"{self.source}: {name}" if self.source not in ("", name) else name

    def option(self, answer: str) -> Option | None:
        """The option `answer` names (its label, any case, the only one it starts, or
        else the only one whose name holds it)."""
        wanted = " ".join(answer.split()).casefold()
        exact = [o for o in self.options if o.label.casefold() == wanted]
        if exact:
            return exact[0]
        starting = [o for o in self.options if o.label.casefold().startswith(wanted)]
        if wanted and len(starting) == 1:
            return starting[0]
        # "movement" for "Tasks requiring movement (if you rely on a prosthetic leg)"
        holding = [o for o in self.options if wanted in o.label.casefold().split(" (")[0]]
        return holding[0] if wanted and not starting and len(holding) == 1 else None

    def labels(self) -> list[str]:
        return [o.label for o in self.options]


def number_repeats(asked: list[BookChoice]) -> list[BookChoice]:
    """Give a second choice of the same name a key of its own ("Skill 2"), so each can be
    answered (and named at the command line) apart."""
    seen: dict[str, int] = {}
    for choice in asked:
        folded = choice.key.casefold()
        seen[folded] = seen.get(folded, 0) + 1
        if seen[folded] > 1:
            choice.key = f"{choice.key} {seen[folded]}"
            choice.repeat = seen[folded]
    return asked


def own_option(choice: BookChoice, answer: str) -> Option:
    """A skill the player names themselves, where the book leaves it open."""
    name = " ".join(answer.split())
    name = name[:1].upper() + name[1:]
    return Option(name, skills=[Skill(name, choice.level, choice.text)])


def chosen_options(choice: BookChoice, answers: list[str]) -> list[Option]:
    """The options `answers` pick (own skills where allowed); unknown answers are skipped."""
    found: list[Option] = []
    for answer in answers:
        if not answer.strip():
            continue
        option = choice.option(answer)
        if option is None and choice.own:
            option = own_option(choice, answer)
        if option is not None and all(o.label.casefold() != option.label.casefold() for o in found):
            found.append(option)
    return found


def answer_problems(choice: BookChoice, answers: list[str]) -> list[str]:
    """Why `answers` do not answer `choice` (one line each, naming what can be chosen)."""
    given = [a for a in answers if a.strip()]
    problems = []
    for answer in given:
        if choice.option(answer) is None and not choice.own:
            near = close_match(answer, choice.labels())
            problems.append(
                f"{choice.title}: '{answer}' is not one of its choices"
                + (f" (did you mean {near}?)" if near else f" ({_listed(choice)}).")
            )
    picked = chosen_options(choice, given)
    if len(given) != len({o.label.casefold() for o in picked}) and not problems:
        problems.append(f"{choice.title}: the same choice is named twice.")
    if not problems and len(picked) != choice.count:
        need = "one" if choice.count == 1 else str(choice.count)
        has = f"; {len(picked)} chosen" if picked else ""
        problems.append(f"{choice.title} asks you to choose {need}{has}: {_listed(choice)}.")
    return problems


def _listed(choice: BookChoice) -> str:
    shown = " | ".join(choice.labels())
    if choice.own:
        return f"{shown} | or a skill of your own" if shown else "name a skill of your own"
    return shown
