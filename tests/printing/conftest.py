"""Helpers for reading back PDFs the printing tests write (poppler-utils)."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

if shutil.which("pdftotext") is None:  # pragma: no cover - the test setup installs it
    pytest.fail("poppler-utils (pdftotext, pdfinfo, pdftoppm) are needed by the printing tests")


def pdf_text(path: Path) -> str:
    """All text of the PDF, as poppler extracts it."""
    return subprocess.run(
        ["pdftotext", "-enc", "UTF-8", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout


def flat(text: str) -> str:
    """Text with every run of white space made one space (lines wrap anywhere)."""
    return re.sub(r"\s+", " ", text).strip()


def pdf_info(path: Path) -> dict[str, str]:
    """`pdfinfo` fields."""
    out = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    return {k.strip(): v.strip() for k, _, v in (line.partition(":") for line in out.splitlines())}


def page_count(path: Path) -> int:
    """Number of pages."""
    return int(pdf_info(path)["Pages"])


def page_size_points(path: Path) -> tuple[float, float]:
    """Width and height of the first page in points."""
    match = re.match(r"([\d.]+) x ([\d.]+) pts", pdf_info(path)["Page size"])
    assert match, pdf_info(path)["Page size"]
    return float(match.group(1)), float(match.group(2))


@pytest.fixture
def save_pngs(artifacts_dir: Path) -> Callable[[Path, str], list[Path]]:
    """Render a PDF's pages to PNG in the artifacts folder (kept for people to look at)."""

    def save(pdf: Path, stem: str) -> list[Path]:
        folder = artifacts_dir / "printing"
        folder.mkdir(exist_ok=True)
        for old in folder.glob(f"{stem}-*.png"):
            old.unlink()
        subprocess.run(["pdftoppm", "-png", "-r", "60", str(pdf), str(folder / stem)], check=True)
        return sorted(folder.glob(f"{stem}-*.png"))

    return save
