"""Table link benchmarks with real processes on 127.0.0.1 (`python -m numdesk.bench table`):

- how long a change saved on a player's laptop takes to be saved on the GM's (p50/p95
  over many changes; the goal is p95 < 100 ms);
- how long six players take to meet the table again after 1,000 edits each made
  while apart (and the GM's own edits meanwhile);
- the host's memory per connected player.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

from numdesk.model.character import Character
from numdesk.model.history import HistoryEntry
from numdesk.store import Library
from numdesk.store.commit import Write

CODE = "K7M-Q2P"


class _Proc:
    """A numdesk child process whose output lines are collected."""

    def __init__(self, *args: str) -> None:
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONUNBUFFERED": "1"}
        self.popen = subprocess.Popen(
            [sys.executable, "-m", "numdesk", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            text=True,
            env=env,
        )
        self.lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.popen.stdout is not None
        for line in self.popen.stdout:
            self.lines.append(line.rstrip())

    def wait_for(self, pattern: str, timeout: float = 120) -> re.Match[str]:
        regex = re.compile(pattern)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for line in list(self.lines):
                found = regex.search(line)
                if found:
                    return found
            time.sleep(0.02)
        raise RuntimeError(f"no {pattern!r} in {self.lines[-10:]}")

    def stop(self) -> None:
        self.popen.terminate()
        self.popen.wait(60)


def _host(library: Path) -> tuple[_Proc, int]:
    proc = _Proc(
        "table", "host", "--library", str(library), "--code", CODE, "--no-announce",
        "--bind", "127.0.0.1", "--name", "Bench",
    )  # fmt: skip
    return proc, int(proc.wait_for(r"at \S+:(\d+);").group(1))


def _join(library: Path, port: int, name: str) -> _Proc:
    return _Proc(
        "table", "join", f"127.0.0.1:{port}", "--library", str(library), "--code", CODE,
        "--character", name,
    )  # fmt: skip


def _players(folder: Path, count: int) -> tuple[Path, list[tuple[Path, Character]]]:
    gm = folder / "gm.numdesk"
    Library.create(gm, starter=False).close()
    players = []
    for i in range(count):
        sheet = Character(f"Player {i}", profile="cypher", player=f"P{i}")
        path = folder / f"p{i}.numdesk"
        with Library.create(path, starter=False) as lib:
            lib.characters.save(sheet)
        players.append((path, sheet))
    return gm, players


def _xp_at(conn: sqlite3.Connection, uid: str) -> int | None:
    row = conn.execute(
        "SELECT json_extract(data, '$.xp') FROM entries WHERE uid = ?", (uid,)
    ).fetchone()
    conn.commit()
    return None if row is None or row[0] is None else int(row[0])


def _edit(library: Library, uid: str, xp: int) -> None:
    character, revision = library.load_revision(uid)
    assert isinstance(character, Character)
    character.xp = xp
    character.history.append(HistoryEntry(f"XP set to {xp}"))
    library.commit([Write(uid, character, revision)])


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def bench_latency(folder: Path, samples: int = 100) -> list[tuple[str, str]]:
    """Player's save -> the GM's library has it, `samples` times."""
    gm, [(path, sheet)] = _players(folder, 1)
    host, port = _host(gm)
    player = _join(path, port, sheet.name)
    try:
        host.wait_for("P0 joined")
        watch = sqlite3.connect(str(gm))
        while _xp_at(watch, sheet.uid) is None:
            time.sleep(0.05)
        times = []
        with Library.open(path, create=False) as library:
            for xp in range(1, samples + 1):
                _edit(library, sheet.uid, xp)
                saved = time.perf_counter()
                while _xp_at(watch, sheet.uid) != xp:
                    time.sleep(0.0005)
                times.append(time.perf_counter() - saved)
                time.sleep(0.02)
        watch.close()
    finally:
        player.stop()
        host.stop()
    ordered = sorted(times)
    p95 = ordered[round(0.95 * (len(ordered) - 1))]
    return [
        (
            f"a player's save reaches the GM's library ({samples} changes, 127.0.0.1)",
            f"median {statistics.median(ordered) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms",
        )
    ]


def bench_rejoin(folder: Path, players: int = 6, edits: int = 1000) -> list[tuple[str, str]]:
    """`players` meet the table, leave, make `edits` edits each, and meet again."""
    gm, seats = _players(folder, players)
    host, port = _host(gm)
    rows = []
    try:
        time.sleep(1.0)
        rss_none = _rss_kib(host.popen.pid)
        joins = [_join(path, port, sheet.name) for path, sheet in seats]
        for i in range(players):
            host.wait_for(f"P{i} joined")
        watch = sqlite3.connect(str(gm))
        for _path, sheet in seats:
            while _xp_at(watch, sheet.uid) is None:
                time.sleep(0.05)
        rss_joined = _rss_kib(host.popen.pid)
        for proc in joins:
            proc.stop()
        started = time.perf_counter()
        for path, sheet in seats:
            with Library.open(path, create=False) as library:
                for xp in range(1, edits + 1):
                    _edit(library, sheet.uid, xp)
        offline = time.perf_counter() - started
        started = time.perf_counter()
        joins = [_join(path, port, sheet.name) for path, sheet in seats]
        for _path, sheet in seats:
            while _xp_at(watch, sheet.uid) != edits:
                time.sleep(0.01)
        met = time.perf_counter() - started
        watch.close()
        for proc in joins:
            proc.stop()
        rows.append(
            (
                f"{players} players meet again after {edits} edits each made apart",
                f"{met:.1f} s until the GM's library has all of them "
                f"(making the edits took {offline:.1f} s)",
            )
        )
        rows.append(
            (
                "the host's memory per connected player",
                f"{(rss_joined - rss_none) / players / 1024:.1f} MiB "
                f"({rss_none / 1024:.0f} MiB with nobody, {rss_joined / 1024:.0f} MiB with "
                f"{players})",
            )
        )
    finally:
        host.stop()
    return rows


def bench_table_link(folder: Path) -> list[tuple[str, str]]:
    """Every table link benchmark, with the machine's load when they ran."""
    load = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    latency = folder / "latency"
    latency.mkdir()
    rejoin = folder / "rejoin"
    rejoin.mkdir()
    rows = [("machine load (1/5/15 min) at the start", load)]
    rows += bench_latency(latency)
    rows += bench_rejoin(rejoin)
    return rows


if __name__ == "__main__":
    for label, value in bench_table_link(Path(sys.argv[1])):
        print(json.dumps({label: value}))
