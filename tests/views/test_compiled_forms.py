"""The first screen's forms built from generated code match their `.ui` files."""

from __future__ import annotations

import runpy
import shutil
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "compile_forms.py"


def test_compiled_forms_are_up_to_date() -> None:
    """`scripts/compile_forms.py --check`: regenerate after editing ui/ in Designer."""
    if not Path(sys.executable).with_name("pyside6-uic").exists() and not shutil.which(
        "pyside6-uic"
    ):
        pytest.skip("pyside6-uic is not installed")
    script = runpy.run_path(str(SCRIPT))
    assert script["main"](["--check"]) == 0
