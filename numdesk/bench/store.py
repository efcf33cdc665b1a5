"""The store benchmark: a big library's everyday actions, without a window.

It builds a library of 10,000 creatures, 2,000 characters and 5,000 items in a
temporary folder and times what a user feels: opening the library, search-as-you-type,
loading one full character and saving one edit.
"""

from __future__ import annotations

from pathlib import Path

from numdesk.bench.library import build_objects
from numdesk.bench.timing import Timer
from numdesk.model.history import HistoryEntry
from numdesk.rules.types import Stat

#: Words typed letter by letter for the search-as-you-type measurement.
TYPED = ("glaive", "hunter", "kar", "shadow crawler", "ember", "dakost", "iron s",
         "storm wyrm", "sage", "zorfen", "guardian", "nano")  # fmt: skip


def bench_store(
    folder: Path, creatures: int = 10_000, characters: int = 2_000, items: int = 5_000
) -> list[tuple[str, str]]:
    """Build the big library in `folder` and time the everyday actions."""
    from numdesk.model.kinds import EntryKind
    from numdesk.store import Library

    rows: list[tuple[str, str]] = []
    path = folder / "bench.numdesk"
    objects = list(build_objects(creatures, characters, items))
    build = Timer()
    with Library.create(path, starter=False) as lib:
        build.time(lambda: lib.save_many(objects))
    rows.append((
        f"build: `save_many` of {len(objects):,} entries (one transaction)",
        f"{build.wall[0]:.1f} s (CPU {build.cpu[0]:.1f} s)",
    ))  # fmt: skip
    rows.append(("library file size", f"{path.stat().st_size / 1e6:.0f} MB"))

    first = Timer()
    first.time(lambda: Library.open(path).close())
    rows.append(("first open of the day (full page check + rolling backup)", first.report()))
    opens = Timer()
    for _ in range(10):
        opens.time(lambda: Library.open(path).close())
    rows.append(("open, median / p95 of 10", opens.report()))

    with Library.open(path) as lib:
        lib.search("warm up")
        typing = Timer()
        for word in TYPED:
            for end in range(1, len(word) + 1):
                typing.time(lambda text=word[:end]: lib.search(text))
        rows.append((f"search-as-you-type, {len(typing.wall)} queries, median / p95",
                     typing.report()))  # fmt: skip
        filtered = Timer()
        for word in TYPED:
            filtered.time(
                lambda text=word[:3]: lib.search(
                    text, kinds=[EntryKind.CREATURE], level_min=3, level_max=6
                )
            )
        rows.append(("search with kind and level filters, median / p95", filtered.report()))

        uids = [s.uid for s in lib.characters.list()][:50]
        loads = Timer()
        for uid in uids:
            loads.time(lambda uid=uid: lib.characters.load(uid))
        rows.append(("load one character (100 history lines), median / p95", loads.report()))

        saves = Timer()
        for uid in uids:
            hero = lib.characters.load(uid)
            hero.pools[Stat.MIGHT].current -= 1
            hero.history.append(HistoryEntry("Took 1 Might damage", kind="pools"))
            saves.time(lambda hero=hero: lib.characters.save(hero))
        rows.append(("save one edit of a character, median / p95", saves.report()))
    return rows
