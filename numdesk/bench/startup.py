"""Start-up benchmark: numdesk's real start side by side with a bare PySide6 window.

    python -m numdesk.bench startup              (defaults: 15 runs, a new 17k library)
    python -m numdesk.bench.startup --runs 15 --library KEEP.numdesk [--bundle dist/numdesk]

It builds the benchmark library once (the `numdesk.bench.library` of 17,000 entries
plus the starter content; with `--library`, it is built there if missing and reused
after), opens it once so the daily backup is not part of the timings, then starts
whole processes, interleaved so a busy machine slows both alike:
- "bare": `packaging/bare_window.py`, a QMainWindow with a 300-row table and 60
  labelled line edits, shown and painted;
- "numdesk": `python -m numdesk --library FILE` until the main window with the
  library list is shown and painted (`NUMDESK_STARTUP_PROBE=painted`);
- "numdesk, library open": the same until the library is fully open as well (the
  store with SQLAlchemy, the daily checks), when the window is ready for any action
  (`NUMDESK_STARTUP_PROBE=ready`).
- with `--bundle dist/numdesk`, "frozen numdesk": the PyInstaller one-folder app
  started the same way (the ratio to the unfrozen start is printed too).
Each process ends with `os._exit` as soon as it got there. One warm-up run of each
fills the disk cache. Printed: the medians of wall-clock time, CPU time (user +
system) and peak memory (the process's maximum resident set size, `VmHWM`, as it
reports it) of each, and the ratios to the bare window. Settings go to a throw-away
folder, never the user's.
"""

from __future__ import annotations

import argparse
import itertools
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

#: The yardstick script (run by path: it must not import numdesk).
BARE_WINDOW = Path(__file__).resolve().parents[2] / "packaging" / "bare_window.py"
#: The environment variable that makes the app end itself at a point of its start.
PROBE_ENV = "NUMDESK_STARTUP_PROBE"
#: Seconds after which a start is taken to hang (and the benchmark stops).
TIMEOUT_S = 60
#: Timed rounds: this machine's speed jumps by a third within seconds, and with 7 or 9
#: rounds one fast streak of the bare window moved a median by 0.2 ×.
RUNS = 15


@dataclass
class Samples:
    """The measurements of one variant, one entry per run."""

    label: str
    command: list[str]
    probe: str | None = None
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    peak_mb: list[float] = field(default_factory=list)


def build_library(path: Path, sizes: tuple[int, int, int] = (10_000, 2_000, 5_000)) -> None:
    """The benchmark library at `path`: starter content plus `sizes` (creatures,
    characters, items) of `numdesk.bench.library`'s entries, 17,000 by default."""
    from numdesk.bench.library import build_objects
    from numdesk.store import Library

    with Library.create(path) as lib:
        lib.save_many(list(build_objects(*sizes)))
    # the first open of the day checks every page and takes the daily backup: done
    # here, so the timed starts are the everyday ones
    Library.open(path).close()


def run_once(samples: Samples, env: dict[str, str], instance: dict[str, str] | None = None) -> None:
    """Start the process once; record its wall time, CPU time and peak memory.

    `instance` (`numdesk.instance.separate_instance_env`) keeps the launch away from a
    numdesk the user is running: without it the start would be handed over to that app.
    """
    run_env = {**env, **(instance or {})}
    if samples.probe is not None:
        run_env[PROBE_ENV] = samples.probe
    start = time.perf_counter()
    proc = subprocess.Popen(
        samples.command,
        env=run_env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    watchdog = threading.Timer(TIMEOUT_S, proc.kill)  # a start that hangs fails the run
    watchdog.start()
    _pid, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    watchdog.cancel()
    assert proc.stdout is not None
    said = proc.stdout.read()
    proc.stdout.close()
    code = os.waitstatus_to_exitcode(status)
    if code != 0 or "painted" not in said:
        raise SystemExit(f"{samples.label} did not report its window painted (exit {code})")
    samples.wall.append(wall)
    samples.cpu.append(usage.ru_utime + usage.ru_stime)
    # the process's own VmHWM: ru_maxrss would include this process's size at the fork
    reported = re.search(r"^peak-kb (\d+)$", said, re.MULTILINE)
    peak_kb = int(reported.group(1)) if reported and int(reported.group(1)) else usage.ru_maxrss
    samples.peak_mb.append(peak_kb / 1024)


def measure(library: Path, runs: int, bundle: Path | None = None) -> list[Samples]:
    """Warm up, then `runs` interleaved rounds of every variant (with the frozen app of
    the one-folder `bundle`, if given)."""
    from numdesk.instance import separate_instance_env

    python = sys.executable
    app = [python, "-m", "numdesk", "--library", str(library)]
    variants = [
        Samples("bare PySide6 window", [python, str(BARE_WINDOW)]),
        Samples("numdesk: main window with the library list", app, probe="painted"),
        Samples("numdesk: the same, library fully open", app, probe="ready"),
    ]
    if bundle is not None:
        frozen = [str(bundle / "numdesk"), "--library", str(library)]
        variants.append(
            Samples("frozen numdesk: main window with the library list", frozen, "painted")
        )
    with tempfile.TemporaryDirectory(prefix="numdesk-bench-home-") as home:
        env = {
            **os.environ,
            "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen"),
            "XDG_CONFIG_HOME": str(Path(home) / "config"),
            "XDG_DATA_HOME": str(Path(home) / "data"),
            "XDG_CACHE_HOME": str(Path(home) / "cache"),
            # byte code as an installed app has it: with PYTHONDONTWRITEBYTECODE (set in
            # some shells) every start compiled all of numdesk's modules again, about
            # 50 ms that no user pays; the cache lives in the temporary home
            "PYTHONPYCACHEPREFIX": str(Path(home) / "pycache"),
        }
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        launches = itertools.count()

        def instance() -> dict[str, str]:
            """Each start its own instance, never the user's running numdesk."""
            number = next(launches)
            return separate_instance_env(Path(home) / "run", f"bench-{os.getpid()}-{number}")

        for variant in variants:  # warm-up: disk cache, Python's byte-code cache
            run_once(variant, env, instance())
            variant.wall.clear()
            variant.cpu.clear()
            variant.peak_mb.clear()
        for round_number in range(runs):
            order = variants if round_number % 2 == 0 else list(reversed(variants))
            for variant in order:
                run_once(variant, env, instance())
    return variants


def report(variants: list[Samples]) -> list[tuple[str, str]]:
    """Rows for the Markdown table: medians, and the ratios to the bare window."""
    bare = variants[0]
    base_wall, base_cpu = statistics.median(bare.wall), statistics.median(bare.cpu)
    rows = []
    for variant in variants:
        wall, cpu = statistics.median(variant.wall), statistics.median(variant.cpu)
        text = (
            f"wall {wall:.3f} s, CPU {cpu:.3f} s, peak memory "
            f"{statistics.median(variant.peak_mb):.0f} MB (max {max(variant.peak_mb):.0f})"
        )
        if variant is not bare:
            text += f"; **{wall / base_wall:.2f} ×** wall, {cpu / base_cpu:.2f} × CPU"
            # each round's start against the bare window's of the same round: the
            # machine's speed drifts by 10-20 % within a minute, a round takes a second
            paired = statistics.median(a / b for a, b in zip(variant.cpu, bare.cpu, strict=True))
            text += f" (round by round: {paired:.2f} × CPU)"
        rows.append((f"{variant.label} (median of {len(variant.wall)})", text))
    return rows


def bench_startup(
    folder: Path, runs: int = RUNS, library: Path | None = None, bundle: Path | None = None
) -> list[tuple[str, str]]:
    """Build the library in `folder` (or reuse `library`) and time the starts."""
    path = library if library is not None else folder / "startup.numdesk"
    started = time.perf_counter()
    if not path.exists():
        build_library(path)
    rows = [("library", f"{path} ({path.stat().st_size / 1e6:.0f} MB)")]
    if time.perf_counter() - started > 1:
        rows.append(("building it", f"{time.perf_counter() - started:.0f} s"))
    variants = measure(path, runs, bundle)
    rows += report(variants)
    if bundle is not None:
        unfrozen, frozen = variants[1], variants[3]
        ratio = statistics.median(frozen.wall) / statistics.median(unfrozen.wall)
        rows.append(("frozen / unfrozen, main window with the list", f"{ratio:.2f} ×"))
    return rows


def bench_startup_sizes(
    folder: Path, sizes: tuple[int, ...], runs: int = RUNS
) -> list[tuple[str, str]]:
    """The starts on libraries of each size (`numdesk.bench.scale`, built in `folder`
    if missing), with the machine load before and after each."""
    from numdesk.bench.scale import load_average, scale_library, short

    rows: list[tuple[str, str]] = []
    for size in sizes:
        path = scale_library(folder, size)
        rows.append((f"{short(size)}: machine load before", load_average()))
        for label, value in report(measure(path, runs)):
            rows.append((f"{short(size)}: {label}", value))
        rows.append((f"{short(size)}: machine load after", load_average()))
    return rows


def main(argv: list[str] | None = None) -> int:
    """`python -m numdesk.bench.startup [--runs N] [--library FILE]`."""
    parser = argparse.ArgumentParser(prog="python -m numdesk.bench.startup")
    parser.add_argument(
        "--runs", type=int, default=RUNS, help=f"timed runs of each (default {RUNS})"
    )
    parser.add_argument(
        "--library", type=Path, help="benchmark library to reuse (built there if missing)"
    )
    parser.add_argument(
        "--bundle", type=Path, help="also time the frozen one-folder app in this folder"
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="numdesk-bench-startup-") as tmp:
        rows = bench_startup(Path(tmp), args.runs, args.library, args.bundle)
    print("\n### startup\n\n| measurement | result |\n|---|---|")
    for label, value in rows:
        print(f"| {label} | {value} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
