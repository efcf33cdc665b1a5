"""The entry editor: a form per library entry kind, autosaving every accepted edit."""

from numdesk.views.entry_editor.editor import EntryEditor, can_edit

__all__ = ["EntryEditor", "can_edit"]
