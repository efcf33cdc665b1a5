"""The table link's windows: hosting, joining, the Table window and the status line."""
