"""One module per schema revision, oldest first (see `numdesk.store.revisions`)."""
