"""Reading an import file safely: a size cap, a nesting cap, and plain JSON only.

Import files come from anywhere (a forum post, a VTT export, a spreadsheet). They are
read as text and parsed with `json` or `csv` — never unpickled or evaluated — and a file
that is absurdly large or deeply nested is refused before the parser walks into it,
so a hostile file cannot exhaust memory or the parser's recursion.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from numdesk.io.errors import ImportFormatError

#: Largest file numdesk will import (the whole CSRD is under 2 MB).
MAX_FILE_BYTES = 50 * 1024 * 1024
#: Deepest nesting of JSON arrays and objects accepted.
MAX_DEPTH = 64

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def read_text(path: Path) -> str:
    """The file's text, refusing files over `MAX_FILE_BYTES` and non-UTF-8 content."""
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        raise ImportFormatError(
            path,
            "the file",
            f"at most {MAX_FILE_BYTES // (1024 * 1024)} MB",
            f"{size / (1024 * 1024):.0f} MB",
        )
    with path.open("rb") as handle:
        raw = handle.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise ImportFormatError(path, "the file", f"at most {MAX_FILE_BYTES // 2**20} MB")
    return decode(raw, path)


def decode(raw: bytes, path: Path) -> str:
    """UTF-8 text (a byte-order mark is allowed), or a clear error for binary files."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise ImportFormatError(
            path, f"byte {err.start}", "UTF-8 text (JSON or CSV)", "binary data"
        ) from None


def nesting_depth(text: str) -> int:
    """How deeply arrays/objects nest in JSON `text`, without parsing it.

    Strings are blanked first so brackets inside text do not count.
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub('""', text))
    depth = deepest = 0
    for char in brackets:
        if char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
        else:
            depth -= 1
    return deepest


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def parse_json(text: str, path: Path) -> Any:
    """Parse JSON text after the depth check; errors name the line and column."""
    depth = nesting_depth(text)
    if depth > MAX_DEPTH:
        raise ImportFormatError(
            path, "the file", f"JSON nested at most {MAX_DEPTH} levels deep", f"{depth} levels"
        )
    try:
        return json.loads(text, parse_constant=_no_constants)
    except json.JSONDecodeError as err:
        raise ImportFormatError(
            path, f"line {err.lineno}, column {err.colno}", f"valid JSON ({err.msg.lower()})"
        ) from None
    except ValueError as err:
        raise ImportFormatError(path, "the file", f"valid JSON ({err})") from None
