"""How a player's link ended: the exit statuses of `numdesk table join` (kept apart so
the app's menus can name them without loading the network code)."""

from __future__ import annotations

OK, FAILED, WRONG_CODE, UNREACHABLE, REFUSED = 0, 1, 3, 4, 5
