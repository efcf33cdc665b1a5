"""The schema comes from the migrations, and old libraries are migrated without losing a value."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from numdesk.model.kinds import EntryKind, ModelObject
from numdesk.model.serialize import to_data
from numdesk.store import Library
from numdesk.store.connection import make_engine
from numdesk.store.migrate import downgrade, script_revisions, upgrade
from numdesk.store.revisions import FIRST, HEAD, REVISIONS
from numdesk.store.schema import Base, include_name


def revision_of(path: Path) -> str:
    con = sqlite3.connect(path)
    try:
        return str(con.execute("SELECT version_num FROM alembic_version").fetchone()[0])
    finally:
        con.close()


def dump(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table numdesk writes (without the column migration 2 adds),
    an entry's data as a value with a fight's log in it wherever it is stored (migration
    5 moves it to rows of its own)."""
    con = sqlite3.connect(path)
    try:
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        logs: dict[int, list[object]] = {}
        if "log_lines" in tables:
            for entry_id, line in con.execute("SELECT entry_id, line FROM log_lines ORDER BY seq"):
                logs.setdefault(entry_id, []).append(json.loads(line))
        out = {}
        for table, cols in (
            (
                "entries",
                "id, uid, kind, name, profile, level, subtitle, favourite, data, created, updated",
            ),
            ("tags", "id, name, key"),
            ("entry_tags", "entry_id, tag_id"),
            ("history", "id, entry_id, seq, at, kind, summary, details"),
            ("meta", "key, value"),
            ("entries_fts", "rowid, name, tags, body"),
        ):
            out[table] = con.execute(f"SELECT {cols} FROM {table} ORDER BY 1, 2").fetchall()
        out["entries"] = [_with_log(row, logs) for row in out["entries"]]
        return out
    finally:
        con.close()


def _with_log(row: tuple[object, ...], logs: dict[int, list[object]]) -> tuple[object, ...]:
    data = json.loads(str(row[8]))
    if row[2] == "encounter":
        data["log"] = logs.get(int(str(row[0])), data.get("log", []))
    return (*row[:8], data, *row[9:])


def test_revision_list_matches_the_scripts() -> None:
    assert script_revisions() == list(REVISIONS)
    assert len(REVISIONS) >= 2


def test_migrated_schema_equals_the_models(tmp_path: Path) -> None:
    path = tmp_path / "lib.numdesk"
    upgrade(path)
    engine = make_engine(path, write=False)
    try:
        with engine.connect() as conn:
            context = MigrationContext.configure(conn, opts={"include_name": include_name})
            assert compare_metadata(context, Base.metadata) == []
    finally:
        engine.dispose()


def test_migration_from_the_first_schema_keeps_every_value(
    tmp_path: Path, samples: dict[EntryKind, ModelObject]
) -> None:
    path = tmp_path / "old.numdesk"
    with Library.create(path) as lib:
        lib.save_many(samples.values())
        hero = samples[EntryKind.CHARACTER]
        lib.set_tags(hero.uid, ["Party", "Ärger"])
        lib.set_favourite(hero.uid, True)
        lib.meta_set("csrd_imported", {"when": "yesterday"})
    downgrade(path, FIRST)
    assert revision_of(path) == FIRST
    before = dump(path)
    assert len(before["entries"]) > len(samples)  # starter content as well

    with Library.open(path) as lib:
        assert revision_of(path) == HEAD
        for kind, obj in samples.items():
            assert to_data(lib.repo_for(kind).load(obj.uid)) == to_data(obj)
        assert set(lib.summary(hero.uid).tags) == {"Ärger", "Party"}
        assert lib.meta_get("csrd_imported") == {"when": "yesterday"}
        assert lib.characters.find_by_name("ÄRWEN TALLOW") is not None  # the new column
        assert [s.name for s in lib.search("ärwen")] == ["Ärwen Tallow"]
    assert dump(path) == before

    [backup] = list(tmp_path.glob(f"old.numdesk.backup-{FIRST}-*"))
    assert revision_of(backup) == FIRST
    assert dump(backup) == before


def test_a_file_written_by_the_first_schema_opens(tmp_path: Path) -> None:
    """Rows written the way the first numdesk wrote them, without any newer code."""
    path = tmp_path / "v1.numdesk"
    upgrade(path, FIRST)
    con = sqlite3.connect(path)
    data = {"name": "Varakith", "level": 5, "profile": "numenera", "uid": "u1"}
    con.execute(
        "INSERT INTO entries (id, uid, kind, name, profile, level, subtitle, favourite, data,"
        " created, updated) VALUES (7, 'u1', 'creature', 'Varakith', 'numenera', 5,"
        " 'Level 5 creature', 1, ?, 'c', 'u')",
        (json.dumps(data),),
    )
    con.execute("INSERT INTO entries_fts (rowid, name, tags, body) VALUES (7, 'Varakith', '', '')")
    con.commit()
    con.close()
    with Library.open(path) as lib:
        monster = lib.creatures.load("u1")
        assert (monster.name, monster.level, monster.profile) == ("Varakith", 5, "numenera")
        assert lib.summary("u1").favourite is True
        assert lib.creatures.find_by_name("varakith") is not None
        assert [s.uid for s in lib.search("vara")] == ["u1"]


def test_a_name_key_library_gains_revisions_and_the_undo_journal(
    tmp_path: Path, samples: dict[EntryKind, ModelObject]
) -> None:
    """0002 -> 0003: a backup first, every entry at revision 1, an empty undo journal,
    and the first checked save after the migration works against that revision."""
    from numdesk.store.commit import ConflictError, Write

    path = tmp_path / "second.numdesk"
    with Library.create(path) as lib:
        lib.save_many(samples.values())
    downgrade(path, "0002_name_key")
    before = dump(path)
    con = sqlite3.connect(path)
    columns = {row[1] for row in con.execute("PRAGMA table_info(entries)")}
    tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    con.close()
    assert "revision" not in columns and "undo_steps" not in tables

    with Library.open(path) as lib:
        assert revision_of(path) == HEAD
        hero = samples[EntryKind.CHARACTER]
        loaded, revision = lib.load_revision(hero.uid)
        assert revision == 1
        assert to_data(loaded) == to_data(hero)
        assert lib.journal("library") == (0, [])
        loaded.name = "Renamed"  # type: ignore[misc]
        assert lib.commit([Write(hero.uid, loaded, 1)]) == {hero.uid: 2}
        with pytest.raises(ConflictError):
            lib.commit([Write(hero.uid, loaded, 1)])  # a stale revision is refused
    [backup] = list(tmp_path.glob("second.numdesk.backup-0002_name_key-*"))
    assert revision_of(backup) == "0002_name_key"
    assert dump(backup) == before


def test_a_revisions_library_gains_one_letter_search_and_tag_sorting(
    tmp_path: Path, samples: dict[EntryKind, ModelObject]
) -> None:
    """0003 -> 0004: the search index is made again with one-letter prefixes from its own
    text, tags get their sort key, and the browser's sorted pages use the new indexes."""
    from numdesk.model.listing import Sort, SortKey
    from numdesk.store.browse import Pages

    path = tmp_path / "third.numdesk"
    with Library.create(path, starter=False) as lib:
        lib.save_many(samples.values())
        creature = samples[EntryKind.CREATURE]
        lib.set_tags(creature.uid, ["Swamp", "boss"])
    downgrade(path, "0003_revisions_undo_journal")
    before = dump(path)
    con = sqlite3.connect(path)
    fts = con.execute("SELECT sql FROM sqlite_master WHERE name = 'entries_fts'").fetchone()[0]
    con.close()
    assert "prefix = '2 3'" in fts

    with Library.open(path) as lib:
        assert revision_of(path) == HEAD
        assert dump(path) == before  # every row and every indexed text kept
        first = creature.name[0]
        assert creature.uid in {s.uid for s in lib.search(first)}
    con = sqlite3.connect(path)
    try:
        fts = con.execute("SELECT sql FROM sqlite_master WHERE name = 'entries_fts'").fetchone()
        assert "prefix = '1 2 3'" in fts[0]
        key = con.execute("SELECT tag_key FROM entries WHERE uid = ?", (creature.uid,)).fetchone()
        assert key == ("boss, swamp",)
        pages = Pages(sort=Sort(SortKey.TAGS, descending=True))
        assert pages.next_page(con, 1)[0].uid == creature.uid  # the only tagged entry
        plan = con.execute(
            "EXPLAIN QUERY PLAN SELECT id FROM entries e ORDER BY e.tag_key, e.name_key LIMIT 5"
        ).fetchall()
        assert "ix_entries_tag_key_name_key" in str(plan)
    finally:
        con.close()
