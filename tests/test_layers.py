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


def test_views_reach_the_library_only_through_controllers() -> None:
    """No module under numdesk/views imports the store or SQLAlchemy, even for typing."""
    import ast
    from pathlib import Path

    views = Path(__file__).resolve().parent.parent / "numdesk" / "views"
    offenders = []
    for path in sorted(views.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                if name.startswith(("numdesk.store", "sqlalchemy")):
                    offenders.append(f"{path.relative_to(views.parent)}: {name}")
    assert offenders == []
