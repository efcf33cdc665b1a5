"""The encounter window: prepare a fight, run initiative and turns, track NPC health."""

from numdesk.views.encounter.window import EncounterWindow, open_encounter_window

__all__ = ["EncounterWindow", "open_encounter_window"]
