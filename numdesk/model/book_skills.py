"""Skills and inabilities in rulebook prose, read into Skills table rows or skill choices.

"You're trained in initiative and stealth tasks" is two rows; "Choose two of the
following: balancing, climbing, …" is a choice of two; "one creative skill such as
singing, writing, … or something similar" is a choice of one where the player may also
name their own; "If you've lost an eye, … hindered. If you rely on a prosthetic leg, …"
is a choice of one inability. What is not plain enough returns nothing, and the caller
keeps the text.
"""

from __future__ import annotations

import re

from numdesk.model.abilities import Skill
from numdesk.model.book_choices import SKILLS, BookChoice, Option
from numdesk.rules.types import SkillLevel

_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "any": 0}
_YOU = r"\b(?:you are|you're|you become)(?: also| likewise| \w+ly)?"
_TRAINED = re.compile(
    rf"{_YOU} (trained|specialized) (?:in|when using|when) ([^.;]+)", re.IGNORECASE
)
#: a sentence that opens with these gives training only sometimes: kept as text
_CONDITIONS = re.compile(
    r"^\s*(?:when|while|if|after|whenever|during|as long as|at the beginning)\b", re.IGNORECASE
)
_HINDERED = re.compile(r"([^.]*?)\b(?:is|are) hindered\b", re.IGNORECASE)
_IF_HINDERED = re.compile(r"\bIf ([^,]+), ([^.]+?) (?:is|are) hindered\.", re.IGNORECASE)
_LEADS = (
    "any task that involves ",
    "any task involving ",
    "any task related to ",
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
    "tasks requiring ",
    "tasks to ",
    "actions involving ",
    "interactions involving ",
    "any such task ",
    "the ",
    "all ",
    "any ",
    "your ",
    "in ",
)
_TAILS = (" tasks", " task", " actions", " action", " rolls", " roll", " skills")
_CUTS = (
    " when ",
    " if ",
    ", such as",
    " (",
    ", including",
    " whether ",
    " that you ",
    " while ",
    " and have ",
    " and gain ",
)
#: First words of a phrase that leaves the player a choice ("one area of knowledge").
_CHOICE_STARTS = {"one", "two", "three", "four", "either", "an", "a", "such", "while", "when", "if"}
_CHOICE_WORDS = re.compile(
    r"\b(?:of your choice|your choice|of your choosing|you choose|choose|either)\b", re.IGNORECASE
)
#: What is left when a phrase was not a skill at all ("as if specialized" -> "as").
_NOT_SKILLS = {"as", "using", "that", "and", "or", "it", "them", "those"}
#: "the crafting of two kinds of items": a count hidden in the middle of the phrase
_KINDS = re.compile(r"\bof (one|two|three|four) (?:kinds?|types?|areas?) of\b", re.IGNORECASE)
#: A skill name longer than this is not a plain phrasing: the text is kept instead.
MAX_WORDS = 14
_TRAILERS = re.compile(
    r",?\s*(?:and so on|or something similar|or similar|and the like|etc|or some related .*"
    r"|or (?:anything|something) (?:else|similar|like that).*)\s*$",
    re.IGNORECASE,
)
_OPEN_WORDS = re.compile(
    r"\b(?:such as|of your choice|of your choosing|and so on|something similar|some related"
    r"|any two|any one|any three)\b",
    re.IGNORECASE,
)


def trim(phrase: str) -> str:
    """The skill itself out of "all tasks involving breaking things" -> "Breaking things"."""
    text = " ".join(phrase.split()).strip(" .,;")
    for cut in _CUTS:
        index = text.find(cut)
        if index > 0:
            text = text[:index]
    changed = True
    while changed:
        changed = False
        lowered = text.casefold()
        for lead in _LEADS:
            if lowered.startswith(lead) and len(text) > len(lead):
                text = text[len(lead) :]
                changed = True
                break
        lowered = text.casefold()
        for tail in _TAILS:
            if lowered.endswith(tail) and len(text) > len(tail):
                text = text[: -len(tail)]
                changed = True
                break
    text = re.sub(r"\s+(?:and|or)$", "", text.strip(" .,"))
    if text.casefold() in _NOT_SKILLS:
        return ""
    return text[:1].upper() + text[1:] if text else ""


def split_list(phrase: str) -> list[str]:
    """ "initiative and stealth" -> two skills; a long phrase stays one skill."""
    pieces = re.split(r",\s*(?:and |or )?|\s+and\s+(?:are |also )?(?:trained in )?", phrase)
    parts = [trim(p) for p in pieces if p.strip()]
    if len(parts) > 1 and all(0 < len(p.split()) <= 4 for p in parts) and " or " not in phrase:
        return parts
    return [phrase]


def _items(listing: str) -> list[str]:
    """ "balancing, climbing, jumping, or swimming." -> the four, as skill names."""
    listing = _TRAILERS.sub("", listing.strip(" .:;"))
    parts = re.split(r",\s*(?:and |or )?|\s+or\s+", listing)
    found = []
    for part in parts:
        name = trim(part)
        if name and len(name.split()) <= 6:
            found.append(name)
    return found


def _level(word: str) -> SkillLevel:
    return SkillLevel.SPECIALIZED if word.lower() == "specialized" else SkillLevel.TRAINED


def fixed_skills(text: str) -> list[Skill]:
    """Trained (or specialized) skills named plainly in `text`; [] when not plain."""
    if _CHOICE_WORDS.search(text) or _KINDS.search(text):
        return []
    match = _TRAINED.search(text)
    if not match:
        return []
    sentence_start = max(text.rfind(". ", 0, match.start()) + 1, 0)
    if _CONDITIONS.match(text[sentence_start : match.start()]):
        return []
    phrase = trim(match.group(2))
    if not phrase or phrase.split()[0].casefold() in _CHOICE_STARTS:
        return []
    skills = [Skill(name, _level(match.group(1)), text) for name in split_list(phrase)]
    # later sentences are conditions on the first ("in woodland, specialized")
    if any(len(s.name.split()) > MAX_WORDS for s in skills):
        return []
    return skills


def _count(word: str) -> int | None:
    return _NUMBERS.get(word.casefold())


def skill_choice(key: str, source: str, text: str) -> BookChoice | None:
    """A choice of skills the text asks for ("choose two of the following: …"), or None."""
    level = SkillLevel.SPECIALIZED if re.search(r"\bspecialized in\b", text, re.I) else None
    found = (
        _either(text) or _following(text) or _choose_any(text) or _number_of(text) or _kinds(text)
    )
    if found is None:
        return None
    count, options, own = found
    if count < 1 or (not options and not own):
        return None
    choice = BookChoice(key, source, text, count=count, own=own, kind=SKILLS)
    choice.level = level or SkillLevel.TRAINED
    choice.options = [Option(name, skills=[Skill(name, choice.level, text)]) for name in options]
    return choice


def _either(text: str) -> tuple[int, list[str], bool] | None:
    match = re.search(
        rf"{_YOU} (?:trained|specialized) in either ([^.;]+?) or ([^.;(]+?)"
        r"(?:\s*\(choose one\))?[.;]",
        text,
        re.IGNORECASE,
    )
    if not match:
        return None
    return 1, [trim(match.group(1)), trim(match.group(2))], False


def _following(text: str) -> tuple[int, list[str], bool] | None:
    """ "Choose two of the following: a, b, or c" / "trained in two of the following …"."""
    match = re.search(
        r"\b(?:choose|choice of|trained in|specialized in)\s+(one|two|three|four)\s+of the "
        r"following[^:]*:\s*([^.]+)\.",
        text,
        re.IGNORECASE,
    ) or re.search(
        r"\bChoose (one|two|three|four) of the following to be trained in:\s*([^.(]+)",
        text,
        re.IGNORECASE,
    )
    if not match:
        return None
    count = _count(match.group(1)) or 0
    listing = match.group(2)
    own = bool(re.search(r"\bor some related|\bor something similar|\band so on", listing, re.I))
    return count, _items(listing), own


def _number_of(text: str) -> tuple[int, list[str], bool] | None:
    """ "trained in one creative skill such as singing, …, or something similar"."""
    match = re.search(
        rf"{_YOU} (?:trained|specialized) in (a|an|one|two|three|four) ([^.:;]*?)"
        r"(?:(?:,)? such as ([^.]+)|:\s*([^.]+))?\.",
        text,
        re.IGNORECASE,
    )
    if not match:
        return None
    what = match.group(2)
    if not re.search(r"\b(?:skills?|areas?|knowledge|kinds?|types?|tasks?)\b", what, re.I):
        return None
    count = _count(match.group(1)) or 0
    listing = match.group(3) or match.group(4) or ""
    if not listing:
        inner = re.search(r"\bsuch as ([^.)]+)", what, re.IGNORECASE)
        listing = inner.group(1) if inner else ""
    return count, _items(listing) if listing else [], True


def _choose_any(text: str) -> tuple[int, list[str], bool] | None:
    """ "Choose any two noncombat skills. You are trained in those skills." and kin."""
    match = re.search(
        r"\bChoose (?:any )?(one|two|three|four) ([^.]*?)(?:skills?|areas? of knowledge)"
        r"(?: such as ([^.]+))?[^.]*\.",
        text,
        re.IGNORECASE,
    )
    trained = re.search(r"\b(?:trained|specialized) in (?:those|that|them)", text, re.I)
    if match and (trained or re.search(r"areas? of knowledge", match.group(0), re.I)):
        listing = re.search(r"\bsuch as ([^.]+)", match.group(0), re.IGNORECASE)
        items = _items(listing.group(1)) if listing else []
        return _count(match.group(1)) or 0, items, True
    mine = re.search(
        r"\btrained in (one|two|three|four) (?:[\w-]+ )?(?:skills?|tasks?)"
        r" of your (?:choice|choosing)",
        text,
        re.IGNORECASE,
    )
    if mine:
        return _count(mine.group(1)) or 0, [], True
    return None


def _kinds(text: str) -> tuple[int, list[str], bool] | None:
    if not _TRAINED.search(text):
        return None
    match = _KINDS.search(text)
    return (_count(match.group(1)) or 0, [], True) if match else None


def open_to_the_player(text: str) -> bool:
    """Whether the book lets the player name a skill of their own here."""
    return bool(_OPEN_WORDS.search(text))


def hindered_subject(text: str) -> str:
    """What an inability hinders ("lore, knowledge, or understanding"); "" if not plain."""
    match = _HINDERED.search(text)
    if not match:
        inability = re.search(r"inability (?:in|with) ([^.(;]+)", text, re.IGNORECASE)
        subject = trim(inability.group(1)) if inability else ""
    else:
        subject = trim(match.group(1).strip())
    if not subject or subject.split()[0].casefold() in _CHOICE_STARTS:
        return ""
    return "" if len(subject.split()) > MAX_WORDS else subject


def weapon_inabilities(text: str) -> list[Skill]:
    """ "an inability with medium and heavy weapons" -> rows for each weapon weight."""
    match = re.search(r"inability with ([^;.]+)", text, re.IGNORECASE)
    if not match:
        return []
    parts = [p.strip() for p in re.split(r",\s*(?:and )?|\s+and\s+", match.group(1)) if p.strip()]
    noun = "weapons" if parts and parts[-1].endswith("weapons") else ""
    names = [p if p.endswith("weapons") or not noun else f"{p} weapons" for p in parts]
    return [Skill(n[:1].upper() + n[1:], SkillLevel.INABILITY, text) for n in names]


def inability_choice(key: str, source: str, text: str) -> BookChoice | None:
    """ "If you've lost an eye, … hindered. If …, … hindered." -> one inability to choose."""
    found = _IF_HINDERED.findall(text)
    if len(found) < 2:
        return None
    choice = BookChoice(key, source, text)
    for condition, subject in found:
        # the book's own words ("tasks requiring movement"): trimmed to "Movement" it
        # would read as an inability in all movement
        name = re.sub(r"^(?:your|all|any)\s+", "", " ".join(subject.split()), flags=re.I)
        name = name[:1].upper() + name[1:]
        label = f"{name} (if {condition.strip()})"
        choice.options.append(Option(label, skills=[Skill(name, SkillLevel.INABILITY, text)]))
    return choice
