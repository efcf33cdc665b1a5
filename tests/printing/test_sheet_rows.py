"""Rows of marks on the printed sheet (recoveries, the damage track): every label keeps
clear of the next box or circle, read back from the PDF's word positions."""

from __future__ import annotations

import itertools
import re
import subprocess
from pathlib import Path

import pytest

from numdesk.printing import render_character_pdf
from tests.printing.samples import rich_character

#: a box or circle starts this far left of its label (points)
MARK_TO_LABEL = 12.0
#: the least white space between a label and the next box, so each box reads as
#: belonging to the label on its right
CLEARANCE = 8.0

WORD = re.compile(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<')


def _words(pdf: Path) -> list[tuple[float, float, float, str]]:
    out = subprocess.run(
        ["pdftotext", "-bbox", "-f", "1", "-l", "1", str(pdf), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return [(float(a), float(b), float(c), w) for a, b, c, w in WORD.findall(out)]


def _row(
    words: list[tuple[float, float, float, str]], labels: list[str]
) -> list[tuple[float, float]]:
    """(start, end) of each label, found as consecutive words on one line."""
    found = []
    for label in labels:
        parts = label.split()
        for i in range(len(words) - len(parts) + 1):
            run = words[i : i + len(parts)]
            if [w[3] for w in run] == parts and len({round(w[1]) for w in run}) == 1:
                found.append((run[0][0], run[-1][2]))
                break
        else:
            raise AssertionError(f"{label!r} is not on the sheet")
    return found


@pytest.mark.parametrize("profile", ["numenera", "cypher"])
@pytest.mark.parametrize("size", ["A4", "Letter"])
def test_labels_keep_clear_of_the_next_mark(tmp_path: Path, profile: str, size: str) -> None:
    out = tmp_path / "sheet.pdf"
    render_character_pdf(rich_character(profile), out, page_size=size)
    words = _words(out)
    rows = [["1 action", "10 minutes", "1 hour", "10 hours"]]
    if profile == "numenera":
        rows.append(["Hale", "Impaired", "Debilitated", "Dead"])
    for labels in rows:
        spans = _row(words, labels)
        for (_start, end), (next_start, _end) in itertools.pairwise(spans):
            assert next_start - MARK_TO_LABEL - end >= CLEARANCE, labels
