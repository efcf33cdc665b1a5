"""`python -m numdesk --smoke-test` (unfrozen): every phase passes on a throw-away library.

The frozen bundle runs the same code (test_frozen_build.py); here the source tree does,
so a broken phase shows up in the fast suite first.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from smoke_helpers import (
    PHASES,
    WINDOW_SHOWN,
    assert_user_folders_untouched,
    isolated_env,
    pdf_text,
    run_smoke,
)

from numdesk.bench.smoke import CHARACTER_NAME, LOG_NAME
from numdesk.cli import build_parser


def test_smoke_test_passes_and_reports_every_phase(tmp_path: Path) -> None:
    home = tmp_path / "home"
    pdf = tmp_path / "sheet.pdf"
    result = run_smoke([sys.executable, "-m", "numdesk"], home, pdf)
    assert result.returncode == 0, result.stderr
    for phase in PHASES:
        assert f"smoke: {phase}" in result.stderr, result.stderr
    assert WINDOW_SHOWN.search(result.stderr), result.stderr
    assert "frozen=False" in result.stderr
    assert "smoke test ok" in result.stdout
    assert pdf.read_bytes().startswith(b"%PDF-")
    assert CHARACTER_NAME in pdf_text(pdf)
    assert_user_folders_untouched(home)


def test_a_failing_smoke_test_says_why_and_exits_non_zero(tmp_path: Path) -> None:
    home = tmp_path / "home"
    unwritable = tmp_path / "no-such-folder" / "sheet.pdf"
    result = run_smoke([sys.executable, "-m", "numdesk"], home, unwritable)
    assert result.returncode == 1
    assert "numdesk smoke test FAILED" in result.stderr
    assert "no-such-folder" in result.stderr
    assert "smoke test ok" not in result.stdout
    assert_user_folders_untouched(home)


def test_import_is_repeatable_and_tolerates_an_empty_desktop_field_code() -> None:
    parser = build_parser()
    args = parser.parse_args(["--import", "a.json", "--import", "b.numdesk-json"])
    assert args.imports == ["a.json", "b.numdesk-json"] and args.command is None
    # a .desktop `Exec=numdesk --import %f` started from the menu drops %f
    assert parser.parse_args(["--import"]).imports == [None]
    assert parser.parse_args([]).imports == []


def test_without_a_console_the_report_goes_to_a_log_file(tmp_path: Path) -> None:
    """A frozen Windows app built without a console has no stdout/stderr at all."""
    home = tmp_path / "home"
    no_console = (
        "import sys; sys.stdout = sys.stderr = None; from numdesk.cli import main; "
        "raise SystemExit(main(['--smoke-test']))"
    )
    result = subprocess.run(
        [sys.executable, "-c", no_console],
        capture_output=True,
        text=True,
        timeout=180,
        env=isolated_env(home),
    )
    assert result.returncode == 0
    log = (home / "tmp" / LOG_NAME).read_text(encoding="utf-8")
    for phase in PHASES:
        assert f"smoke: {phase}" in log
    assert WINDOW_SHOWN.search(log) and "smoke test ok" in log
