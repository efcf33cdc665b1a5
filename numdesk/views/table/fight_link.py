"""The GM's fight window and the table: while hosting, the fight the GM works in is
shown on the players' laptops, their rolls land in its log, a GM intrusion on a PC
whose player is at the table is asked on that player's laptop (the answer is then
applied here, through the fight's own action: logged, undoable, XP on both sheets),
and New initiative asks the players for their dice and fills in what they send."""

from __future__ import annotations

import uuid
from typing import Any

from PySide6.QtCore import QObject, QTimer

from numdesk.controllers.table_link import TableLinkController
from numdesk.model.errors import DomainError
from numdesk.model.operations.encounter_base import LogEvent


class FightLink(QObject):
    """Joins one open fight window (`window`, an EncounterWindow) to the table."""

    def __init__(self, window: Any, link: TableLinkController) -> None:
        super().__init__(window)
        self.window = window
        self.link = link
        self.controller = window.controller
        #: offer id -> (combatant uid, reason) of intrusions waiting for an answer
        self.pending: dict[str, tuple[str, str]] = {}
        self._dialog: Any = None
        window.panel.offer_to_player = self.offer
        window.initiativeOpened.connect(self._initiative_opened)
        link.rolled.connect(self._rolled)
        link.answered.connect(self._answered)
        link.initiativeFace.connect(self._face)

    @property
    def uid(self) -> str:
        return str(self.controller.uid)

    def share(self) -> None:
        """Show this fight to the players."""
        self.link.share_fight(self.uid)

    def _shared(self) -> bool:
        return self.link.shared_fight == self.uid

    def _pc(self, character_uid: str) -> Any:
        return next(
            (
                c
                for c in self.controller.encounter.combatants
                if c.side == "pc" and c.source_uid == character_uid
            ),
            None,
        )

    # -- rolls -------------------------------------------------------------------------
    def _rolled(self, _who: str, _character_uid: str, text: str) -> None:
        if not self._shared():
            return
        try:
            self.controller.apply(LogEvent(text, "roll"))
        except DomainError as err:
            self.window.show_message(err.message)

    # -- GM intrusions -------------------------------------------------------------------
    def offer(self, combatant_uid: str, reason: str) -> str:
        """Ask the player of PC `combatant_uid` on their laptop; "" if they are not at
        the table (the intrusion is then decided here as before)."""
        combatant = next(
            (c for c in self.controller.encounter.combatants if c.uid == combatant_uid), None
        )
        if combatant is None or combatant.side != "pc" or not combatant.source_uid:
            return ""
        player = self.link.player_of(combatant.source_uid)
        if player is None:
            return ""
        others = [
            {"uid": c.source_uid, "name": c.name}
            for c in self.controller.encounter.combatants
            if c.side == "pc" and c.source_uid and c.uid != combatant_uid
        ]
        offer_id = uuid.uuid4().hex
        self.pending[offer_id] = (combatant_uid, reason.strip())
        refuse_cost = self.controller.profile.refuse_intrusion_cost
        self.link.offer_intrusion(
            combatant.source_uid, reason.strip(), 2, refuse_cost, others, offer_id
        )
        said = self.tr("GM intrusion offered to {0} on {1}'s laptop: waiting for the answer.")
        said = said.format(combatant.name, player)
        QTimer.singleShot(0, lambda: self.window.show_message(said))
        return said

    def _answered(self, who: str, answer: dict[str, Any]) -> None:
        waiting = self.pending.pop(str(answer.get("id", "")), None)
        if waiting is None:
            return
        combatant_uid, reason = waiting
        try:
            if answer.get("accept"):
                recipient = self._pc(str(answer.get("give_to", "")))
                self.controller.gm_intrusion(
                    combatant_uid, "accept", recipient.uid if recipient else "", reason
                )
            else:
                self.controller.gm_intrusion(combatant_uid, "refuse", reason=reason)
        except DomainError as err:
            self.window.show_message(
                self.tr("{0}'s answer could not be applied: {1}").format(who, err.message)
            )
            return
        verb = self.tr("accepted") if answer.get("accept") else self.tr("refused")
        self.window.show_message(self.tr("{0} {1} the GM intrusion.").format(who, verb))

    # -- initiative ----------------------------------------------------------------------
    def _initiative_opened(self, dialog: Any) -> None:
        self._dialog = dialog
        dialog.finished.connect(lambda _result: setattr(self, "_dialog", None))
        if self._shared():
            self.link.ask_initiative()

    def _face(self, _who: str, character_uid: str, face: int) -> None:
        dialog = self._dialog
        pc = self._pc(character_uid)
        if dialog is None or pc is None or pc.uid not in dialog.faces:
            return
        dialog.faces[pc.uid].setValue(face)


def attach(window: Any, link: TableLinkController) -> FightLink:
    """The window's FightLink (made once), shared with the players."""
    found = window.findChild(FightLink)
    if isinstance(found, FightLink):
        fight_link = found
    else:
        fight_link = FightLink(window, link)
        uid = fight_link.uid

        def closed() -> None:
            if link.shared_fight == uid:
                link.share_fight(None)

        window.destroyed.connect(closed)
    fight_link.share()
    return fight_link
