"""Reading a descriptor's characteristics ("+2 to your Speed Pool", "You're trained in …")
into what a character sheet holds: Pool bonuses, points to divide, trained skills,
inabilities, and abilities.

Rulebook descriptors are prose. The sheet needs numbers and skill rows, so the plain
phrasings are read into structure; whatever is not plain (a choice, a condition, a
special rule) is kept as an ability carrying its whole text, so nothing a descriptor
gives is ever dropped. Each characteristic also says in a short line what was made of
it, which the wizard shows ("+2 Speed from Exceptional").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from numdesk.model.abilities import Ability, Skill
from numdesk.rules.types import AbilityKind, AbilitySource, SkillLevel, Stat

_STATS = {s.value: s for s in Stat}
_POOL = r"([+-]\d+) to (?:your |the )?(Might|Speed|Intellect) Pool"
_ALSO_POOL = r"(?:,)? and (?:([+-]\d+) )?(?:to )?(?:your |the )?(Might|Speed|Intellect) Pool"
_WHOLE_POOL = re.compile(rf"^\s*{_POOL}(?:{_ALSO_POOL})?(?P<rest>.*)$", re.IGNORECASE)
_DIVIDE = re.compile(
    r"^[\s,]*(?:and )?(?:you get )?(\d+) additional points to divide"
    r" among your (?:stat )?Pools\.?\s*$",
    re.IGNORECASE,
)
_CHOICE_WORDS = re.compile(r"\b(?:of your choice|your choice|you choose|choose)\b", re.IGNORECASE)
_TRAINED = re.compile(r"\b(?:you are|you're) (trained|specialized) in ([^.]+)\.?", re.IGNORECASE)
_HINDERED = re.compile(r"([^.]*?)\b(?:is|are) hindered\b", re.IGNORECASE)
_LEADS = (
    "any task that involves ",
    "any task involving ",
    "any task to ",
    "any action taken to ",
    "all tasks involving ",
    "all tasks related to ",
    "all tasks relating to ",
    "all actions involving ",
    "all actions that involve ",
    "all interactions involving ",
    "tasks involving ",
    "tasks that involve ",
    "tasks related to ",
    "tasks relating to ",
    "tasks to ",
    "actions involving ",
    "any such task ",
    "all ",
    "any ",
)
_TAILS = (" tasks", " task", " actions", " action", " rolls", " roll")
_CUTS = (" when ", " if ", ", such as", " (", ", including", " whether ")
#: First words of a phrase that leaves the player a choice ("one area of knowledge").
_CHOICE_STARTS = {"one", "two", "three", "four", "either", "an", "a", "such", "while", "when", "if"}
#: A skill name longer than this is not a plain phrasing: keep the text as an ability.
_MAX_WORDS = 10


@dataclass
class Characteristic:
    """What one characteristic gives; `lines` say it in words for the wizard."""

    name: str
    text: str
    pool_bonus: dict[Stat, int] = field(default_factory=dict)
    extra_points: int = 0
    skills: list[Skill] = field(default_factory=list)
    ability: Ability | None = None
    lines: list[str] = field(default_factory=list)


def split_line(line: str) -> tuple[str, str]:
    """ "Name: text" as stored in a template's characteristics -> (name, text)."""
    name, sep, text = line.partition(":")
    if not sep or len(name) > 60:
        return "", line.strip()
    return name.strip(), text.strip()


def read_characteristic(name: str, text: str) -> Characteristic:
    """Structure from one characteristic, or an ability keeping its text."""
    found = Characteristic(name, text)
    label = name or "the descriptor"
    if _read_pools(found, label):
        return found
    lowered = name.casefold()
    if lowered.startswith("skill") and not _CHOICE_WORDS.search(text):
        skills = _trained_skills(text)
        if skills:
            found.skills = skills
            for skill in skills:
                found.lines.append(f"{skill.level.value.capitalize()} in {skill.name}")
            return found
    if lowered.startswith("inabilit"):
        subject = _hindered_subject(text)
        if subject:
            found.skills = [Skill(subject, SkillLevel.INABILITY, text)]
            found.lines.append(f"Inability: {subject}")
            return found
    found.ability = Ability(
        name=name or "Characteristic",
        kind=AbilityKind.ENABLER,
        source=AbilitySource.DESCRIPTOR,
        description=text,
    )
    found.lines.append(f"Ability {found.ability.name} (kept with its text)")
    return found


def _read_pools(found: Characteristic, label: str) -> bool:
    """Fill Pool bonuses and points to divide when the whole text says only that."""
    text = found.text
    match = _WHOLE_POOL.match(text)
    rest = text
    if match:
        first = int(match.group(1))
        found.pool_bonus[_STATS[match.group(2).lower()]] = first
        if match.group(4):
            amount = int(match.group(3)) if match.group(3) else first
            found.pool_bonus[_STATS[match.group(4).lower()]] = amount
        rest = match.group("rest")
    divide = _DIVIDE.match(rest) if rest.strip(" .") else None
    if divide:
        found.extra_points = int(divide.group(1))
        rest = ""
    if rest.strip(" .") or not (found.pool_bonus or found.extra_points):
        found.pool_bonus, found.extra_points = {}, 0
        return False
    for stat, amount in found.pool_bonus.items():
        found.lines.append(f"{amount:+d} {stat.value.capitalize()} from {label}")
    if found.extra_points:
        found.lines.append(f"{found.extra_points} extra points to divide from {label}")
    return True


def _trained_skills(text: str) -> list[Skill]:
    """Trained (or specialized) skills named plainly in `text`; [] when not plain."""
    skills: list[Skill] = []
    for match in _TRAINED.finditer(text):
        level = SkillLevel.SPECIALIZED if match.group(1).lower() == "specialized" else None
        phrase = _trim(match.group(2))
        if not phrase or _leaves_choice(phrase):
            return []
        for name in _split_list(phrase):
            skills.append(Skill(name, level or SkillLevel.TRAINED, text))
        break  # later sentences are conditions on the first ("in woodland, specialized")
    if any(len(s.name.split()) > _MAX_WORDS for s in skills):
        return []
    return skills


def _hindered_subject(text: str) -> str:
    """What an inability hinders ("lore, knowledge, or understanding"); "" if not plain."""
    match = _HINDERED.search(text)
    if not match:
        inability = re.search(r"inability (?:in|with) ([^.(]+)", text, re.IGNORECASE)
        subject = _trim(inability.group(1)) if inability else ""
    else:
        subject = _trim(match.group(1).strip())
    if not subject or _leaves_choice(subject) or len(subject.split()) > _MAX_WORDS:
        return ""
    return subject


def _leaves_choice(phrase: str) -> bool:
    return phrase.split()[0].casefold() in _CHOICE_STARTS


def _trim(phrase: str) -> str:
    """The skill itself out of "all tasks involving breaking things" -> "breaking things"."""
    text = " ".join(phrase.split()).strip(" .,")
    for cut in _CUTS:
        index = text.find(cut)
        if index > 0:
            text = text[:index]
    changed = True
    while changed:
        changed = False
        lowered = text.casefold()
        for lead in _LEADS:
            if lowered.startswith(lead):
                text = text[len(lead) :]
                changed = True
                break
        lowered = text.casefold()
        for tail in _TAILS:
            if lowered.endswith(tail) and len(text) > len(tail):
                text = text[: -len(tail)]
                changed = True
                break
    text = text.strip(" .,")
    return text[:1].upper() + text[1:] if text else ""


def _split_list(phrase: str) -> list[str]:
    """ "initiative and stealth" -> two skills; a long list stays one skill."""
    parts = [p.strip() for p in re.split(r",\s*(?:and |or )?|\s+and\s+", phrase) if p.strip()]
    if len(parts) > 1 and all(len(p.split()) <= 2 for p in parts) and " or " not in phrase:
        return [p[:1].upper() + p[1:] for p in parts]
    return [phrase]


def read_characteristics(lines: list[str]) -> list[Characteristic]:
    """Every characteristic line of a template ("Name: text"), read in order."""
    return [read_characteristic(*split_line(line)) for line in lines if line.strip()]
