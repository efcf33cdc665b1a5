"""The table link inside the app: one host or join running on a thread of its own, its
reports turned into Qt signals for the windows.

The link opens the library file itself, as a second numdesk would (`numdesk.link`):
what the windows save it notices within a few hundredths of a second, and what it
saves from the table the open windows are told about through the library
controller's `notify_saved`, so sheets and fights redraw as for any save elsewhere.
"""

from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from numdesk.link.codes import new_code, normalise
from numdesk.link.events import LinkEvents
from numdesk.link.status import OK
from numdesk.model.errors import DomainError

if TYPE_CHECKING:  # the network code and the model load when a table starts
    from numdesk.link.host import TableHost
    from numdesk.link.join import TableJoin
    from numdesk.model.table_view import TableView

#: How many of the link's recent lines the app keeps to show.
KEPT_LINES = 200


class _Relay(LinkEvents):
    """The link's reports as signals of the controller (emitted on the link's thread;
    Qt delivers them on the window thread)."""

    def __init__(self, owner: TableLinkController) -> None:
        self._owner = owner

    def said(self, line: str) -> None:
        self._owner.said.emit(line)

    def people(self, names: list[str]) -> None:
        self._owner.peopleChanged.emit(list(names))

    def entry_saved(self, uid: str, name: str) -> None:
        self._owner.entryArrived.emit(uid, name)

    def table_view(self, view: dict[str, Any] | None) -> None:
        self._owner.viewArrived.emit(view)

    def roll(self, who: str, uid: str, text: str) -> None:
        self._owner.rolled.emit(who, uid, text)

    def offer(self, offer: dict[str, Any]) -> None:
        self._owner.offered.emit(offer)

    def answer(self, who: str, answer: dict[str, Any]) -> None:
        self._owner.answered.emit(who, answer)

    def initiative_asked(self) -> None:
        self._owner.initiativeAsked.emit()

    def initiative(self, who: str, uid: str, face: int) -> None:
        self._owner.initiativeFace.emit(who, uid, face)

    def refused(self, uid: str, why: str) -> None:
        self._owner.refusedCharacter.emit(uid, why)

    def connected(self, joined: bool) -> None:
        self._owner.connectionChanged.emit(joined)


class TableLinkController(QObject):
    """Hosting or joining a table from this app (one at a time).

    `library_controller` is the main window's LibraryController: the link works on its
    open library file and tells it about entries saved from the table.
    """

    #: hosting, joined, left or the connection changed: redraw the status
    stateChanged = Signal()
    #: a line of the link's log
    said = Signal(str)
    #: who is at the table
    peopleChanged = Signal(list)
    #: the link saved an entry from the table: (uid, name)
    entryArrived = Signal(str, str)
    #: the GM's fight as players see it (plain data, or None)
    viewArrived = Signal(object)
    #: the GM's side: a player's roll (who, character uid, text)
    rolled = Signal(str, str, str)
    #: the player's side: a GM intrusion offered (the offer message)
    offered = Signal(dict)
    #: the GM's side: a player's answer to an intrusion (who, the answer message)
    answered = Signal(str, dict)
    #: the player's side: the GM asks for initiative
    initiativeAsked = Signal()
    #: the GM's side: a player's initiative die (who, character uid, face)
    initiativeFace = Signal(str, str, int)
    #: the player's side: the table refused a character (uid, why)
    refusedCharacter = Signal(str, str)
    #: a player's link joined (True) or lost the table and is trying again (False)
    connectionChanged = Signal(bool)
    #: the link stopped for good: (status, last line) — a wrong code, no table, …
    ended = Signal(int, str)
    #: the link's thread ended: (runner, status) — emitted on that thread
    _finished = Signal(object, int)

    def __init__(self, library_controller: Any, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._library = library_controller
        self._runner: TableHost | TableJoin | None = None
        self._thread: threading.Thread | None = None
        self._join_args: tuple[str, str, list[str], str] | None = None
        #: "" (not at a table), "host" or "player"
        self.role = ""
        self.people: list[str] = []
        #: a player's link is joined now (False while it tries again)
        self.connected = False
        self.last_change: float | None = None
        self.lines: list[str] = []
        self.code = ""
        self.view: TableView | None = None
        #: the encounter shown to the players (hosting)
        self.shared_fight: str | None = None
        #: (name, code, port) of the last table hosted here, to host it again the same
        self.last_hosted: tuple[str, str, int] | None = None
        #: the name of the last table joined (to find it again if it moved)
        self._table_name_seen = ""
        self.said.connect(self._keep_line)
        self.peopleChanged.connect(self._set_people)
        self.entryArrived.connect(self._on_entry)
        self.viewArrived.connect(self._on_view)
        self._finished.connect(self._on_finished)
        self.connectionChanged.connect(self._set_connected)

    # -- what the windows read -----------------------------------------------------------
    @property
    def _hosting(self) -> TableHost | None:
        return self._runner if self.role == "host" else None  # type: ignore[return-value]

    @property
    def _joined(self) -> TableJoin | None:
        return self._runner if self.role == "player" else None  # type: ignore[return-value]

    @property
    def table_name(self) -> str:
        if self._hosting is not None:
            return self._hosting.name
        return self._joined.table if self._joined is not None else ""

    @property
    def port(self) -> int:
        return self._hosting.port if self._hosting is not None else 0

    @property
    def can_rejoin(self) -> bool:
        return self.role == "" and self._join_args is not None

    def player_of(self, character_uid: str) -> str | None:
        """The name of the player at this table who brought `character_uid` (host)."""
        return self._hosting.player_of(character_uid) if self._hosting is not None else None

    # -- starting and stopping ---------------------------------------------------------------
    def host(self, name: str, code: str = "", port: int = 0, announce: bool = True) -> str:
        """Host a table called `name`; returns the join code to show."""
        from numdesk.link.host import TableHost

        self._need_idle()
        self.code = code or new_code()
        path = self._library_path()
        runner = TableHost(
            path,
            name=name,
            code=normalise(self.code),
            events=_Relay(self),
            port=port,
            announce=announce,
            log_rolls=False,
        )
        self._start(runner, "host")
        return self.code

    def join(self, address: str, code: str, uids: list[str], name: str, table: str = "") -> None:
        """Join the table at `address` bringing characters `uids` of this library."""
        from numdesk.link.join import TableJoin

        self._need_idle()
        if not uids:
            raise DomainError("Choose at least one of your characters to bring.")
        self._join_args = (address, code, list(uids), name)
        runner = TableJoin(
            self._library_path(),
            address,
            normalise(code),
            uids,
            name=name,
            events=_Relay(self),
            stop_on_refusal=False,
            table=table or self._last_table,
        )
        self._start(runner, "player")

    @property
    def last_join(self) -> tuple[str, str, list[str], str] | None:
        """(address, code, character uids, name) of the last join, to join again."""
        return self._join_args

    def remember_join(
        self, address: str, code: str, uids: list[str], name: str, table: str = ""
    ) -> None:
        """A join from an earlier run, so Re-join works after a restart."""
        if uids:
            self._join_args = (address, code, list(uids), name)
            self._table_name_seen = table
            self.stateChanged.emit()

    def rejoin(self) -> None:
        """Join the last table again with the same characters."""
        if self._join_args is not None:
            self.join(*self._join_args)

    @property
    def _last_table(self) -> str:
        return self._table_name_seen

    def leave(self) -> None:
        """Leave (or, hosting, end) the table and wait for the link to stop."""
        runner, thread = self._runner, self._thread
        if runner is None:
            return
        runner.stop()
        if thread is not None:
            thread.join(15)
        self._on_finished(runner, OK)

    def _need_idle(self) -> None:
        if self.role:
            raise DomainError("Leave the table you are at first (Table > Leave).")

    def _library_path(self) -> Any:
        path = self._library.path
        if path is None:
            raise DomainError("Open a library first.")
        return path

    def _start(self, runner: TableHost | TableJoin, role: str) -> None:
        self._runner = runner
        self.role = role
        self.people = []
        self.connected = False
        self.last_change = None
        self.view = None
        self.shared_fight = None

        def run() -> None:
            import asyncio  # only once a table starts: the first window does without it

            status = OK
            try:
                result = asyncio.run(runner.run())
                status = result if isinstance(result, int) else OK
            except (OSError, DomainError) as err:
                message = err.message if isinstance(err, DomainError) else str(err)
                self.said.emit(f"the table link stopped: {message}")
                status = 1
            self._finished.emit(runner, status)

        self._thread = threading.Thread(target=run, name=f"table-{role}", daemon=True)
        self._thread.start()
        self.stateChanged.emit()

    def _on_finished(self, runner: object, status: int) -> None:
        if runner is not self._runner:
            return  # an earlier table's thread, already dealt with
        if self._hosting is not None and self._hosting.port:
            self.last_hosted = (self._hosting.name, self.code, self._hosting.port)
        self._runner = None
        self._thread = None
        self.role = ""
        self.people = []
        self.view = None
        self.stateChanged.emit()
        self.ended.emit(status, self.lines[-1] if self.lines else "")

    # -- the GM's actions ------------------------------------------------------------------------
    def share_fight(self, encounter_uid: str | None) -> None:
        """Show encounter `encounter_uid` to the players (None: no fight)."""
        self.shared_fight = encounter_uid
        if (host := self._hosting) is not None:
            host.call(host.share_fight, encounter_uid)
        self.stateChanged.emit()

    def offer_intrusion(
        self,
        character_uid: str,
        text: str,
        xp: int,
        refuse_cost: int | None,
        others: list[dict[str, str]],
        offer_id: str,
    ) -> None:
        """Offer a GM intrusion to the player who brought `character_uid`; their
        answer comes back as `answered` with the same `offer_id`."""
        if (host := self._hosting) is not None:
            host.call(host.offer_intrusion, character_uid, text, xp, refuse_cost, others, offer_id)

    def ask_initiative(self) -> None:
        if (host := self._hosting) is not None:
            host.call(host.ask_initiative)

    # -- the player's actions ----------------------------------------------------------------------
    def send_roll(self, character_uid: str, text: str) -> None:
        if (joined := self._joined) is not None and character_uid in joined.uids:
            joined.call(joined.send_roll, character_uid, text)

    def answer(self, offer_id: str, accept: bool, give_to: str = "") -> None:
        if (joined := self._joined) is not None:
            joined.call(joined.answer, offer_id, accept, give_to)

    def send_initiative(self, character_uid: str, face: int) -> None:
        if (joined := self._joined) is not None:
            joined.call(joined.send_initiative, character_uid, face)

    def brought(self) -> list[str]:
        """The characters this player brought to the table."""
        return list(self._joined.uids) if self._joined is not None else []

    # -- reports -------------------------------------------------------------------------------
    def _keep_line(self, line: str) -> None:
        stamp = time.strftime("%H:%M:%S")
        self.lines.append(f"{stamp} {line}")
        del self.lines[:-KEPT_LINES]
        self.stateChanged.emit()

    def _set_connected(self, joined: bool) -> None:
        self.connected = joined
        if joined and self.table_name:
            self._table_name_seen = self.table_name
        self.stateChanged.emit()

    def _set_people(self, names: list[str]) -> None:
        self.people = names
        self.stateChanged.emit()

    def _on_entry(self, uid: str, _name: str) -> None:
        self.last_change = time.time()
        self._library.notify_saved(uid)
        self.stateChanged.emit()

    def _on_view(self, view: dict[str, Any] | None) -> None:
        from numdesk.model.serialize import from_data
        from numdesk.model.table_view import TableView

        self.view = None if view is None else from_data(TableView, view)
        self.last_change = time.time()
        self.stateChanged.emit()
