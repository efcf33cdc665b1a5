"""The table display: the players' view of a running fight, for a TV or second screen."""

from numdesk.views.table_display.widget import TableDisplay

__all__ = ["TableDisplay"]
