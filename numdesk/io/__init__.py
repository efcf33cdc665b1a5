"""Import and export: numdesk's JSON format, the CSRD, Foundry VTT actors, CSV creatures.

What the app and the CLI call (all raise `DomainError` subclasses with messages for the
user, and write nothing when they raise):

- `importer.import_files(lib, paths, progress=None, profile=None) -> ImportReport`
  (or `importer.read_files(paths)` to validate first, then `importer.save_report(lib, report)`)
- `export.export_entries(lib, out, uids=None, kinds=None, progress=None) -> int`
- `importer.csrd_present(lib)` and `csrd_license.attribution_text()` for the About box

`progress(done, total)` is `entries.Progress`; it may raise to cancel an import.
Parsers (`native`, `csrd`, `foundry`, `csv_creatures`, chosen by `detect`) are pure:
they turn a file into model objects and a report without touching a library.
"""
