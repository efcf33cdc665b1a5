"""Compares how fast the frozen bundle and `python -m numdesk` show their main window.

Both run `--smoke-test` offscreen (the same work: create a throw-away library, show the
main window). Two numbers per run:
- "process": wall time from starting the process until it reports "window shown"
  (includes the interpreter or PyInstaller bootloader start-up);
- "in-app": the time the app itself reports, counted from the import of numdesk.cli;
and the CPU time (user + system) of the whole smoke test, which a busy machine
disturbs much less than wall-clock times.
Runs alternate between the two variants so that a busy machine slows both alike;
one warm-up run each fills the disk cache first. The median of the runs is printed.

    .venv/bin/python packaging/measure_startup.py [--runs 5] [--bundle dist/numdesk]
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHOWN = re.compile(r"^window shown after (\d+\.\d+) s$")


def run_once(command: list[str]) -> tuple[float, float, float]:
    """(process, in-app) seconds until the window was shown and the CPU seconds of the
    whole run; raises if the run failed."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    start = time.perf_counter()
    proc = subprocess.Popen(
        [*command, "--smoke-test"],
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
        env=env,
        cwd=ROOT,
    )
    assert proc.stderr is not None
    shown: tuple[float, float] | None = None
    lines = []
    for line in proc.stderr:
        lines.append(line)
        match = SHOWN.match(line.strip())
        if match and shown is None:
            shown = (time.perf_counter() - start, float(match.group(1)))
    _pid, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0 or shown is None:
        raise SystemExit(f"{command[0]} --smoke-test failed:\n{''.join(lines)}")
    return (*shown, usage.ru_utime + usage.ru_stime)


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--bundle", type=Path, default=ROOT / "dist" / "numdesk")
    args = parser.parse_args()
    variants = {
        "unfrozen": [sys.executable, "-m", "numdesk"],
        "frozen": [str(args.bundle / "numdesk")],
    }
    if not Path(variants["frozen"][0]).is_file():
        raise SystemExit(f"no bundle at {args.bundle}: run packaging/linux/build.sh first")
    for command in variants.values():
        run_once(command)  # warm-up
    results: dict[str, list[tuple[float, float, float]]] = {name: [] for name in variants}
    for _ in range(args.runs):
        for name, command in variants.items():
            results[name].append(run_once(command))
    medians = {}
    for name, runs in results.items():
        process = statistics.median(r[0] for r in runs)
        in_app = statistics.median(r[1] for r in runs)
        cpu = statistics.median(r[2] for r in runs)
        medians[name] = process
        shown = ", ".join(f"{r[0]:.2f}" for r in runs)
        print(
            f"{name:>8}: window shown: process {process:.3f} s, in-app {in_app:.3f} s;"
            f" cpu {cpu:.3f} s (medians; process runs {shown})"
        )
    print(f"   ratio: frozen / unfrozen = {medians['frozen'] / medians['unfrozen']:.2f}")
    print(f"  bundle: {folder_size(args.bundle) / 2**20:.1f} MiB in {args.bundle}")
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    if load is not None:
        print(f"    load: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} (1/5/15 min)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
