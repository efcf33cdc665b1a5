"""Alembic migrations of the library file, shipped inside the package.

numdesk runs them itself (`numdesk.store.migrate`), with `script_location` set at run
time to this folder, so they work from a source tree, a wheel and a PyInstaller bundle.

To change the schema: edit the models in `numdesk/store/schema.py`, write
`versions/NNNN_what.py` (`alembic revision --autogenerate` can draft it, given an ini
file whose `script_location` is this folder and whose `sqlalchemy.url` names a library
at the previous revision), create FTS5 tables and triggers with `op.execute`, keep
`downgrade()` working,
and append the revision id to `REVISIONS` in `numdesk/store/revisions.py`. The tests
check that the migrated schema equals the models and that the revision list matches.
"""
