"""A host and three players at once, each player editing their own sheet 200 times while
the GM damages all three; one player is killed -9 mid-run and joins again. Afterwards
every library's export holds the same shared entries and no acknowledged edit is lost."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from numdesk.model.character import Character
from numdesk.store import Library
from tests.link import procs

EDITS = 200


def _export(library: Path, out: Path) -> dict[str, dict]:
    subprocess.run(
        [sys.executable, "-m", "numdesk", "export", "--library", str(library), "--out",
         str(out), "--kind", "character"],
        check=True, cwd=procs.REPO, capture_output=True, timeout=procs.WAIT,
    )  # fmt: skip
    doc = json.loads(out.read_text(encoding="utf-8"))
    return {e["data"]["uid"]: e["data"] for e in doc["entries"]}


def test_three_players_and_the_gm_editing_at_once_end_identical(tmp_path: Path) -> None:
    names = ["Ana", "Bo", "Cy"]
    sheets = {n: Character(f"{n} Vell", profile="cypher", player=n) for n in names}
    gm = tmp_path / "gm.numdesk"
    with Library.create(gm, starter=False):
        pass
    libraries = {}
    for name, sheet in sheets.items():
        libraries[name] = tmp_path / f"{name}.numdesk"
        with Library.create(libraries[name], starter=False) as lib:
            lib.characters.save(sheet)
    host, port = procs.host(gm)
    players = {n: procs.join(libraries[n], port, sheets[n].name) for n in names}
    for name in names:
        host.saw(f"{name} joined")
    with Library.open(gm, create=False) as lib:
        end = time.monotonic() + procs.WAIT
        while len(lib.characters.list()) < 3:
            assert time.monotonic() < end
            time.sleep(0.2)
    editors = {
        n: procs.edit(libraries[n], sheets[n].name, "--random", str(EDITS), "--seed", str(i),
                      "--role", "player")
        for i, n in enumerate(names)
    }  # fmt: skip
    damage = [
        procs.edit(gm, sheets[n].name, "--random", str(EDITS // 4), "--seed", str(10 + i),
                   "--role", "gm")
        for i, n in enumerate(names)
    ]  # fmt: skip
    editors["Bo"].wait_for(r"acked", timeout=procs.WAIT)
    time.sleep(1.0)
    players["Bo"].kill()  # kill -9 mid-run
    players["Bo"] = procs.join(libraries["Bo"], port, sheets["Bo"].name)
    for proc in [*editors.values(), *damage]:
        proc.wait_for("^done$", timeout=procs.WAIT * 3)
    end = time.monotonic() + procs.WAIT
    while True:
        at_gm = _export(gm, tmp_path / "gm.json")
        mine = {n: _export(libraries[n], tmp_path / f"{n}.json") for n in names}
        same = all(at_gm.get(sheets[n].uid) == mine[n].get(sheets[n].uid) for n in names)
        if same or time.monotonic() > end:
            break
        time.sleep(1.0)
    if not same:
        print("HOST", *host.lines[-40:], sep="\n")
        print("BO", *players["Bo"].lines[-40:], sep="\n")
    for name in names:
        assert at_gm[sheets[name].uid] == mine[name][sheets[name].uid], name
        items = {item["name"] for item in at_gm[sheets[name].uid]["equipment"]}
        acked = {
            line.removeprefix("acked item=")
            for line in editors[name].lines
            if line.startswith("acked item=")
        }
        assert acked and acked <= items, name
    for proc in players.values():
        proc.stop()
    host.stop()
