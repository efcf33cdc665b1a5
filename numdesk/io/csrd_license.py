"""The notice the Cypher System Open License asks for, shown in the About box.

It is license text from the top of the CSRD README, not game text. The About box shows
it once CSRD content is in the library (`numdesk.io.importer.csrd_present(lib)`, or the
library meta key "csrd_imported", whose value is the CSRD version that was imported).
"""

from __future__ import annotations

CSOL_NOTICE = (
    "This product is an independent production and is not affiliated with Monte Cook "
    "Games, LLC. It is published under the Cypher System Open License, found at "
    "http://csol.montecookgames.com.\n\n"
    "CYPHER SYSTEM and its logo are trademarks of Monte Cook Games, LLC in the U.S.A. "
    "and other countries. All Monte Cook Games characters and character names, and the "
    "distinctive likenesses thereof, are trademarks of Monte Cook Games, LLC."
)


def attribution_text() -> str:
    """The text the About box shows when CSRD content is in the library."""
    return CSOL_NOTICE
