"""Roll tables: cypher tables, GM intrusion tables, hazards and other lists to roll on."""

from __future__ import annotations

from dataclasses import dataclass, field

from numdesk.model.items import new_uid


@dataclass
class TableRow:
    """Rows `start`..`end` of the die give `entry`."""

    start: int
    end: int
    entry: str


@dataclass
class RollTable:
    """A table rolled with a d`die` (`category`: "cypher", "intrusion", "hazard", "other")."""

    name: str
    category: str = "other"
    die: int = 100
    description: str = ""
    rows: list[TableRow] = field(default_factory=list)
    uid: str = field(default_factory=new_uid)
