"""The table link's state in one line, for the status bar and the Table window."""

from __future__ import annotations

import time
from typing import Any

from numdesk.controllers.table_link import TableLinkController


def status_text(link: TableLinkController, tr: Any) -> str:
    """One line: where, with whom, and when the last change arrived."""
    if not link.role:
        return tr("Not at a table")
    people = ", ".join(link.people) if link.people else tr("nobody")
    if link.role == "host":
        text = tr("Hosting '{0}' · at the table: {1}").format(link.table_name, people)
    elif link.table_name and not link.connected:
        text = tr("Reconnecting to '{0}'…").format(link.table_name)
    elif link.table_name:
        text = tr("At '{0}' · with {1}").format(link.table_name, people)
    else:
        text = tr("Joining a table…")
    if link.last_change is not None:
        stamp = time.strftime("%H:%M:%S", time.localtime(link.last_change))
        text += " · " + tr("last change {0}").format(stamp)
    return text
