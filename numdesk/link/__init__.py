"""The table link: players' sheets, the GM's fight, rolls and intrusions shared over the
local network between numdesk processes, with no server (ARCHITECTURE.md, round 3).

Nothing here imports Qt: the same code runs headless (`numdesk table host|join`) and
inside the app, where `numdesk.controllers.table_link` bridges it to the windows.
"""
