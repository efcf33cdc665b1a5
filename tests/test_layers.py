"""The pure layers stay pure: `numdesk.rules` and `numdesk.model` import no Qt or SQLAlchemy."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize("package", ["numdesk.rules", "numdesk.model"])
def test_pure_layer_imports_no_qt_or_sqlalchemy(package: str) -> None:
    code = f"""
import importlib, pkgutil, sys
import {package} as pkg
for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
    importlib.import_module(info.name)
bad = sorted(m for m in sys.modules if m.split(".")[0] in ("PySide6", "sqlalchemy"))
print(",".join(bad))
"""
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "", f"{package} pulled in: {result.stdout.strip()}"
