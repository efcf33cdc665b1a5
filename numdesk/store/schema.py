"""The tables of a library file as typed SQLAlchemy models (the current schema).

Each entry is one row holding the model object as JSON (`data`) plus the columns the
library browser lists and filters on, so a list or a search never decodes JSON. A
character's history has its own table because it only ever grows at the end and can
grow long. The full-text index `entries_fts` is an FTS5 table that the migrations
create with plain SQL; the store keeps it in step with `entries`.

These models describe the newest schema only. Older files are brought up to it by the
migrations in `migrations/versions/`, which never import this module.
"""

from __future__ import annotations

from sqlalchemy import ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    """The declarative base of every library table."""


class Entry(Base):
    """One library entry of any kind.

    `id` is the stable integer key the full-text index and the child tables use; `uid`
    is the identifier model objects, exports and links carry.
    """

    __tablename__ = "entries"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    uid: Mapped[str] = mapped_column(String(64), unique=True)
    kind: Mapped[str] = mapped_column(String(32))
    name: Mapped[str] = mapped_column(Text)
    name_key: Mapped[str] = mapped_column(Text, server_default="")
    profile: Mapped[str | None] = mapped_column(String(32))
    level: Mapped[int | None] = mapped_column(Integer)
    subtitle: Mapped[str] = mapped_column(Text, server_default="")
    favourite: Mapped[bool] = mapped_column(server_default="0")
    data: Mapped[str] = mapped_column(Text)
    created: Mapped[str] = mapped_column(String(40))
    updated: Mapped[str] = mapped_column(String(40))
    #: how many times the entry was saved: a save names the revision it started from
    revision: Mapped[int] = mapped_column(Integer, server_default="1")
    #: the entry's tag keys joined in order: what the browser's Tags column sorts by
    tag_key: Mapped[str] = mapped_column(Text, server_default="")

    __table_args__ = (
        Index("ix_entries_kind_name_key", "kind", "name_key"),
        Index("ix_entries_name_key", "name_key"),
        # the browser's sorted pages (see migration 0004)
        Index("ix_entries_level_name_key", "level", "name_key"),
        Index("ix_entries_profile_name_key", "profile", "name_key"),
        Index("ix_entries_favourite_name_key", "favourite", "name_key"),
        Index("ix_entries_tag_key_name_key", "tag_key", "name_key"),
    )


class Tag(Base):
    """A tag; `key` is the case-folded name, so "Boss" and "boss" are one tag."""

    __tablename__ = "tags"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(Text)
    key: Mapped[str] = mapped_column(Text, unique=True)


class EntryTag(Base):
    """Which entry carries which tag."""

    __tablename__ = "entry_tags"

    entry_id: Mapped[int] = mapped_column(
        ForeignKey("entries.id", ondelete="CASCADE"), primary_key=True
    )
    tag_id: Mapped[int] = mapped_column(
        ForeignKey("tags.id", ondelete="CASCADE"), primary_key=True, index=True
    )


class HistoryRow(Base):
    """One line of a character's history; `seq` orders them from 0 upwards."""

    __tablename__ = "history"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    entry_id: Mapped[int] = mapped_column(ForeignKey("entries.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    at: Mapped[str] = mapped_column(String(40))
    kind: Mapped[str] = mapped_column(String(32))
    summary: Mapped[str] = mapped_column(Text)
    details: Mapped[str] = mapped_column(Text, server_default="")

    __table_args__ = (UniqueConstraint("entry_id", "seq", name="uq_history_entry_seq"),)


class LogLineRow(Base):
    """One line of a fight's log, the JSON of a `LogEntry`; `seq` orders them from 0.

    A log grows by a line or two per fight action, thousands in a long fight: kept out
    of the encounter's JSON (`store.records`), an action appends a row instead of
    rewriting the whole log (migration 0005).
    """

    __tablename__ = "log_lines"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    entry_id: Mapped[int] = mapped_column(ForeignKey("entries.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    line: Mapped[str] = mapped_column(Text)

    __table_args__ = (UniqueConstraint("entry_id", "seq", name="uq_log_lines_entry_seq"),)


class Meta(Base):
    """Small settings stored in the library itself, as JSON text."""

    __tablename__ = "meta"

    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class UndoStackRow(Base):
    """Where one undo stack stands: `position` steps of it are done, the rest undone.

    `stack` names the window's subject: "library", "character:<uid>", "encounter:<uid>".
    """

    __tablename__ = "undo_stacks"

    stack: Mapped[str] = mapped_column(String(120), primary_key=True)
    position: Mapped[int] = mapped_column(Integer, server_default="0")


class UndoStepRow(Base):
    """One undo step of a stack: its menu text and its patches as JSON."""

    __tablename__ = "undo_steps"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    stack: Mapped[str] = mapped_column(String(120))
    seq: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    steps: Mapped[str] = mapped_column(Text)

    __table_args__ = (UniqueConstraint("stack", "seq", name="uq_undo_steps_stack_seq"),)


#: The FTS5 table and its shadow tables (`entries_fts_data`, ...) share this prefix.
FTS_PREFIX = "entries_fts"


def include_name(name: str | None, type_: str, parent_names: object) -> bool:
    """Hide the full-text tables from Alembic's autogenerate, which would drop them."""
    return not (type_ == "table" and (name or "").startswith(FTS_PREFIX))
