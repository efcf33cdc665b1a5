"""The game's fixed words as the sheet shows them: stat names, skill levels, categories,
rests, difficulties, advancements, XP spends, combat modifiers.

The rules layer names these with plain English enum values and labels (it has no Qt).
The sheet shows them through `word()`, which translates in the one "GameWords" context,
and `WORDS` marks every one of them for lupdate in that context (a test checks the list
is complete). Sentences the rules compose with numbers in them (summaries, reasons) are
not in here: they need message ids in the rules layer first.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

CONTEXT = "GameWords"


def word(text: str) -> str:
    """`text` (one of WORDS) in the user's language."""
    return QCoreApplication.translate(CONTEXT, text)


WORDS = (
    # stats
    QT_TRANSLATE_NOOP("GameWords", "Might"),
    QT_TRANSLATE_NOOP("GameWords", "Speed"),
    QT_TRANSLATE_NOOP("GameWords", "Intellect"),
    # skill levels, weapon and armor categories, ability kinds and sources (as listed)
    QT_TRANSLATE_NOOP("GameWords", "might"),
    QT_TRANSLATE_NOOP("GameWords", "speed"),
    QT_TRANSLATE_NOOP("GameWords", "intellect"),
    QT_TRANSLATE_NOOP("GameWords", "inability"),
    QT_TRANSLATE_NOOP("GameWords", "practiced"),
    QT_TRANSLATE_NOOP("GameWords", "trained"),
    QT_TRANSLATE_NOOP("GameWords", "specialized"),
    QT_TRANSLATE_NOOP("GameWords", "expert"),
    QT_TRANSLATE_NOOP("GameWords", "light"),
    QT_TRANSLATE_NOOP("GameWords", "medium"),
    QT_TRANSLATE_NOOP("GameWords", "heavy"),
    # kinds of gear
    QT_TRANSLATE_NOOP("GameWords", "equipment"),
    QT_TRANSLATE_NOOP("GameWords", "ammo"),
    QT_TRANSLATE_NOOP("GameWords", "material"),
    # cypher types
    QT_TRANSLATE_NOOP("GameWords", "subtle"),
    QT_TRANSLATE_NOOP("GameWords", "manifest"),
    QT_TRANSLATE_NOOP("GameWords", "anoetic"),
    QT_TRANSLATE_NOOP("GameWords", "occultic"),
    # spell tiers
    QT_TRANSLATE_NOOP("GameWords", "low"),
    QT_TRANSLATE_NOOP("GameWords", "mid"),
    QT_TRANSLATE_NOOP("GameWords", "high"),
    QT_TRANSLATE_NOOP("GameWords", "none"),
    QT_TRANSLATE_NOOP("GameWords", "action"),
    QT_TRANSLATE_NOOP("GameWords", "enabler"),
    QT_TRANSLATE_NOOP("GameWords", "type"),
    QT_TRANSLATE_NOOP("GameWords", "focus"),
    QT_TRANSLATE_NOOP("GameWords", "descriptor"),
    QT_TRANSLATE_NOOP("GameWords", "flavor"),
    QT_TRANSLATE_NOOP("GameWords", "other"),
    # damage types and defenses
    QT_TRANSLATE_NOOP("GameWords", "Ambient"),
    QT_TRANSLATE_NOOP("GameWords", "Block"),
    QT_TRANSLATE_NOOP("GameWords", "Dodge"),
    QT_TRANSLATE_NOOP("GameWords", "None"),
    # wound severities
    QT_TRANSLATE_NOOP("GameWords", "Minor"),
    QT_TRANSLATE_NOOP("GameWords", "Moderate"),
    QT_TRANSLATE_NOOP("GameWords", "Major"),
    # rules profiles
    QT_TRANSLATE_NOOP("GameWords", "Numenera"),
    QT_TRANSLATE_NOOP("GameWords", "Cypher System"),
    # advancements
    QT_TRANSLATE_NOOP("GameWords", "Capabilities"),
    QT_TRANSLATE_NOOP("GameWords", "Perfection"),
    QT_TRANSLATE_NOOP("GameWords", "Effort"),
    QT_TRANSLATE_NOOP("GameWords", "Skill"),
    QT_TRANSLATE_NOOP("GameWords", "Other"),
    # XP spends
    QT_TRANSLATE_NOOP("GameWords", "reroll"),
    QT_TRANSLATE_NOOP("GameWords", "refuse a GM intrusion"),
    QT_TRANSLATE_NOOP("GameWords", "player intrusion"),
    QT_TRANSLATE_NOOP("GameWords", "react to a GM intrusion"),
    QT_TRANSLATE_NOOP("GameWords", "short-term benefit"),
    QT_TRANSLATE_NOOP("GameWords", "long-term benefit"),
    QT_TRANSLATE_NOOP("GameWords", "advancement"),
    # rests
    QT_TRANSLATE_NOOP("GameWords", "one action"),
    QT_TRANSLATE_NOOP("GameWords", "ten minutes"),
    QT_TRANSLATE_NOOP("GameWords", "one hour"),
    QT_TRANSLATE_NOOP("GameWords", "ten hours"),
    # difficulties
    QT_TRANSLATE_NOOP("GameWords", "Routine"),
    QT_TRANSLATE_NOOP("GameWords", "Simple"),
    QT_TRANSLATE_NOOP("GameWords", "Standard"),
    QT_TRANSLATE_NOOP("GameWords", "Demanding"),
    QT_TRANSLATE_NOOP("GameWords", "Difficult"),
    QT_TRANSLATE_NOOP("GameWords", "Challenging"),
    QT_TRANSLATE_NOOP("GameWords", "Intimidating"),
    QT_TRANSLATE_NOOP("GameWords", "Formidable"),
    QT_TRANSLATE_NOOP("GameWords", "Heroic"),
    QT_TRANSLATE_NOOP("GameWords", "Immortal"),
    QT_TRANSLATE_NOOP("GameWords", "Impossible"),
    # combat modifiers
    QT_TRANSLATE_NOOP("GameWords", "Attacker on higher ground"),
    QT_TRANSLATE_NOOP("GameWords", "Target is dazed"),
    QT_TRANSLATE_NOOP("GameWords", "Melee attack on a prone target"),
    QT_TRANSLATE_NOOP("GameWords", "Target on guard but unaware of the attacker"),
    QT_TRANSLATE_NOOP("GameWords", "Surprise attack"),
    QT_TRANSLATE_NOOP("GameWords", "Attacker is invisible"),
    QT_TRANSLATE_NOOP("GameWords", "Target is blinded"),
    QT_TRANSLATE_NOOP("GameWords", "Ranged attack from hiding at an unaware target"),
    QT_TRANSLATE_NOOP("GameWords", "Target paralysed or unconscious"),
    QT_TRANSLATE_NOOP("GameWords", "Target behind sturdy cover"),
    QT_TRANSLATE_NOOP("GameWords", "Attacker is dazed"),
    QT_TRANSLATE_NOOP("GameWords", "Ranged attack on a prone target"),
    QT_TRANSLATE_NOOP("GameWords", "Target at extreme range"),
    QT_TRANSLATE_NOOP("GameWords", "Dim light, target within short range"),
    QT_TRANSLATE_NOOP("GameWords", "Very dim light, target within immediate range"),
    QT_TRANSLATE_NOOP("GameWords", "Target is guarding"),
    QT_TRANSLATE_NOOP("GameWords", "Ranged attack into mist"),
    QT_TRANSLATE_NOOP("GameWords", "Target is moving fast"),
    QT_TRANSLATE_NOOP("GameWords", "Attacker on a moving mount or unsteady footing"),
    # minor and major effects (T5)
    QT_TRANSLATE_NOOP("GameWords", "Strike a specific body part (the GM rules the result)"),
    QT_TRANSLATE_NOOP("GameWords", "Knock the foe back a few feet"),
    QT_TRANSLATE_NOOP("GameWords", "Move past the foe (a short distance after the attack)"),
    QT_TRANSLATE_NOOP("GameWords", "Distract: the foe's tasks hindered 1 step for a round"),
    QT_TRANSLATE_NOOP("GameWords", "Done with grace: you go a bit further (the GM says how)"),
    QT_TRANSLATE_NOOP("GameWords", "Knock down: prone until it rises on its turn"),
    QT_TRANSLATE_NOOP("GameWords", "Disarm: it drops one held object"),
    QT_TRANSLATE_NOOP("GameWords", "Stun: it loses its next action"),
    QT_TRANSLATE_NOOP("GameWords", "Impair: its tasks hindered 1 step for the rest of the combat"),
    QT_TRANSLATE_NOOP("GameWords", "A one-time asset on a similar task"),
    QT_TRANSLATE_NOOP("GameWords", "An extra action this round"),
    # damage kinds (T8) and hazards (N10)
    QT_TRANSLATE_NOOP("GameWords", "physical"),
    QT_TRANSLATE_NOOP("GameWords", "fire"),
    QT_TRANSLATE_NOOP("GameWords", "cold"),
    QT_TRANSLATE_NOOP("GameWords", "acid"),
    QT_TRANSLATE_NOOP("GameWords", "electric"),
    QT_TRANSLATE_NOOP("GameWords", "mental"),
    QT_TRANSLATE_NOOP("GameWords", "poison"),
    QT_TRANSLATE_NOOP("GameWords", "sonic"),
    QT_TRANSLATE_NOOP("GameWords", "radiation"),
    QT_TRANSLATE_NOOP("GameWords", "Falling"),
    QT_TRANSLATE_NOOP("GameWords", "Minor fire"),
    QT_TRANSLATE_NOOP("GameWords", "Major fire"),
    QT_TRANSLATE_NOOP("GameWords", "Acid splash"),
    QT_TRANSLATE_NOOP("GameWords", "Acid bath"),
    QT_TRANSLATE_NOOP("GameWords", "Cold"),
    QT_TRANSLATE_NOOP("GameWords", "Severe cold"),
    QT_TRANSLATE_NOOP("GameWords", "Shock"),
    QT_TRANSLATE_NOOP("GameWords", "Electrocution"),
    QT_TRANSLATE_NOOP("GameWords", "Crush"),
    QT_TRANSLATE_NOOP("GameWords", "Huge crush"),
    QT_TRANSLATE_NOOP("GameWords", "Collision"),
    QT_TRANSLATE_NOOP("GameWords", "Melee attack on a target in very dense mist"),
    QT_TRANSLATE_NOOP("GameWords", "Attacker in deep water"),
    QT_TRANSLATE_NOOP("GameWords", "Attacker underwater with a stabbing weapon"),
    QT_TRANSLATE_NOOP("GameWords", "Attacker underwater with a special ranged weapon"),
    QT_TRANSLATE_NOOP("GameWords", "Attacker underwater with a bashing or slashing weapon"),
    QT_TRANSLATE_NOOP("GameWords", "Ranged attack on a target in very dense mist"),
    QT_TRANSLATE_NOOP("GameWords", "Attacker underwater with a thrown weapon, bow or crossbow"),
    QT_TRANSLATE_NOOP("GameWords", "High or low gravity"),
    QT_TRANSLATE_NOOP("GameWords", "Very dim light, target beyond immediate range"),
    QT_TRANSLATE_NOOP("GameWords", "Attempt to disarm"),
    QT_TRANSLATE_NOOP("GameWords", "Called shot at a limb"),
    QT_TRANSLATE_NOOP("GameWords", "Attempt to blind the target"),
    QT_TRANSLATE_NOOP("GameWords", "Target in darkness or invisible, but located"),
    QT_TRANSLATE_NOOP("GameWords", "Darkness and no idea where the target is"),
    QT_TRANSLATE_NOOP("GameWords", "Target fully behind sturdy cover"),
    QT_TRANSLATE_NOOP("GameWords", "steps"),
    QT_TRANSLATE_NOOP("GameWords", "automatic hit"),
    QT_TRANSLATE_NOOP("GameWords", "no attack"),
)
