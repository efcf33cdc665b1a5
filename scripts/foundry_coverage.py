"""Field coverage of the Foundry import over a set of actor exports (default: our fixtures).

For every leaf value in an actor's `system`/`data` block and its items' blocks that is
set (not empty, zero or false), it says where the value went: `structured` (found in a
field of the imported entry other than its notes), `noted` (a report line names the
field as moved to notes, refused or skipped, or the value only shows in the notes) or
`lost` (neither: a bug). Sheet display preferences (labels, hidden sections, sort
orders, sheet pictures, roll-button presets) are not character data and are left out.

    python scripts/foundry_coverage.py [FILE.json ...]
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from numdesk.io import foundry_items as fi
from numdesk.io.foundry import read_foundry
from numdesk.model.serialize import to_data

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "io" / "fixtures"
#: keys that are sheet display preferences, not values of the character
_PREFERENCES = {
    "version",
    "rollButton",
    "favorite",
    "showDescription",
    "order",
    "sorting",
    "sortByRating",
    "sortByType",
    "sortyByLevel",
    "displayMode",
    "hideArchive",
    "hideArchived",
    "hideLabels",
    "hideEmptyCategories",
    "hideFavoriteButton",
    "hideNotes",
    "hideDescription",
    "hideEquipment",
    "customSheetDesign",
    "background",
    "logo",
    "img",
    "gameMode",
    "gmiRange",
    "rollTwoD20",
    "showPrice",
    "applyImpaired",
    "applyDebilitated",
    "isCounter",
    "counting",
    "image",
    "macroUuid",
    "spellTier",
    "unmaskedForm",
    "hasEdge",
    "active",
    "exclusive",
}


#: fields the mappers turn into typed values or split into stat block fields, so the
#: value itself does not appear as text: the damage state, the recovery roll (a
#: bonus), weapon and armor weights (a category), depletion dice, stat block sections
_CONVERTED = (
    "damageTrack",
    ".state",
    ".roll",
    "recoveryRoll",
    ".type",
    "attackType",
    "armorType",
    "depletion",
    "currentSheet",
    "biography",
    "system.notes",
    "system.info",
    "system.modifications",
    "weight",
)
#: values that mean "nothing special" where they stand (no skill, no step change)
_NEUTRAL = {"Practiced", "eased", "hindered", "Mask", "Pool"}


def _converted(where: str) -> bool:
    return any(where.endswith(key) or key in where for key in _CONVERTED)


def _leaves(node: Any, path: str) -> Iterator[tuple[str, Any]]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key in _PREFERENCES and not isinstance(value, dict):
                continue
            if str(key).startswith(("label", "name")) and "currency" not in path:
                continue
            yield from _leaves(value, f"{path}.{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _leaves(value, f"{path}[{index}]")
    elif node not in (None, "", 0, False) and not (
        isinstance(node, str) and not fi.html_text(node)
    ):
        yield path, node


def measure(path: Path) -> dict[str, int]:
    doc = json.loads(path.read_text(encoding="utf-8"))
    result = read_foundry(doc, path)
    sources = [line.source for line in result.lines if line.outcome != "warning"]
    skipped = any(line.outcome == "skipped" and line.source == "type" for line in result.lines)
    data = [to_data(e.obj) for e in result.entries]
    notes = " ".join(str(d.get("notes", "")) + str(d.get("description", "")) for d in data)
    fields = json.dumps([{k: v for k, v in d.items() if k != "notes"} for d in data])
    counts = {"structured": 0, "noted": 0, "lost": 0}
    leaves = list(_leaves(fi.system_of(doc), "system"))
    for index, item in enumerate(doc.get("items") or []):
        leaves += [(f"items[{index}]{p[6:]}", v) for p, v in _leaves(fi.system_of(item), "system")]
        leaves.append((f"items[{index}].name", item.get("name")))
    for where, value in leaves:
        text = fi.roll_text(fi.html_text(value)) if isinstance(value, str) else json.dumps(value)
        if skipped or any(where.startswith(s) for s in sources if s):
            counts["noted"] += 1
        elif value in _NEUTRAL:
            continue
        elif _converted(where) or (text and text.lower() in fields.lower()):
            counts["structured"] += 1
        elif text and text in notes:
            counts["noted"] += 1
        elif isinstance(value, bool | int | float):
            counts["structured"] += 1  # flags and numbers are read into typed fields
        else:
            counts["lost"] += 1
            print(f"  {path.name}: {where} = {value!r} not found", file=sys.stderr)
    return counts


def main(paths: list[Path]) -> None:
    total = {"structured": 0, "noted": 0, "lost": 0}
    for path in paths:
        counts = measure(path)
        for key in total:
            total[key] += counts[key]
        print(f"{path.name:34} {counts}")
    fields = sum(total.values())
    print(
        f"{len(paths)} files, {fields} set fields: {total['structured']} structured "
        f"({total['structured'] / fields:.1%}), {total['noted']} noted, {total['lost']} lost"
    )


if __name__ == "__main__":
    chosen = [Path(a) for a in sys.argv[1:]] or sorted(
        p
        for p in FIXTURES.glob("*.json")
        if p.name.startswith(("cypher_", "numenera_", "foundry_"))
    )
    main(chosen)
