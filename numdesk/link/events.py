"""What the table link tells whoever runs it: the CLI prints it, the app shows it.

The link calls these from its own thread; the app's bridge turns each into a Qt
signal (`numdesk.controllers.table_link`). Every method has a quiet default, so a
runner overrides only what it shows.
"""

from __future__ import annotations

import sys
from typing import Any, TextIO


class LinkEvents:
    """The link's reports; override what you need (called on the link's thread)."""

    def said(self, line: str) -> None:
        """A line for the log: a connection, a synced entry, a refusal, a drop."""

    def people(self, names: list[str]) -> None:
        """Who is at the table now (the host's and every player's view)."""

    def connected(self, joined: bool) -> None:
        """A player's link joined the table (True) or lost it and is trying again."""

    def entry_saved(self, uid: str, name: str) -> None:
        """The link saved entry `uid` in the local library (a change from the table)."""

    def table_view(self, view: dict[str, Any] | None) -> None:
        """The GM's fight as players see it (`numdesk.model.table_view` as data)."""

    def roll(self, who: str, uid: str, text: str) -> None:
        """A player's roll result, for the GM's fight log."""

    def offer(self, offer: dict[str, Any]) -> None:
        """A GM intrusion offered to this player (an `offer` message)."""

    def answer(self, who: str, answer: dict[str, Any]) -> None:
        """A player's answer to a GM intrusion (an `answer` message)."""

    def initiative_asked(self) -> None:
        """The GM asks the players for their initiative rolls."""

    def initiative(self, who: str, uid: str, face: int) -> None:
        """A player's initiative die face for character `uid`."""

    def refused(self, uid: str, why: str) -> None:
        """The table refused one of the characters this player brought."""


class PrintedEvents(LinkEvents):
    """The headless runner's events: one line each, flushed at once."""

    def __init__(self, out: TextIO | None = None) -> None:
        self._out = out if out is not None else sys.stdout

    def _print(self, line: str) -> None:
        print(line, file=self._out, flush=True)

    def said(self, line: str) -> None:
        self._print(line)

    def entry_saved(self, uid: str, name: str) -> None:
        self._print(f"synced {name} ({uid})")

    def roll(self, who: str, uid: str, text: str) -> None:
        self._print(f"roll from {who}: {text}")

    def offer(self, offer: dict[str, Any]) -> None:
        self._print(f"GM intrusion offered: {offer.get('text', '')}")

    def answer(self, who: str, answer: dict[str, Any]) -> None:
        verb = "accepted" if answer.get("accept") else "refused"
        self._print(f"{who} {verb} the GM intrusion")

    def initiative(self, who: str, uid: str, face: int) -> None:
        self._print(f"initiative from {who}: {face}")

    def refused(self, uid: str, why: str) -> None:
        self._print(f"refused {uid}: {why}")
