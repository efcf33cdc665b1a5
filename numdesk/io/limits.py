"""Reading an import file safely: a size cap, a nesting cap, and plain JSON only.

Import files come from anywhere (a forum post, a VTT export, a spreadsheet). They are
read as text and parsed with `json` or `csv` — never unpickled or evaluated — and a file
that is absurdly large or deeply nested is refused before the parser walks into it,
so a hostile file cannot exhaust memory or the parser's recursion. Every check here is
linear in the size of the file (a 1 MB hostile file is refused in well under a second),
and text JSON cannot carry (lone UTF-16 surrogates, infinite numbers) is refused with
its JSON path. The limits of the entries themselves live in `numdesk.model.limits`.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from collections.abc import Callable
from itertools import accumulate
from pathlib import Path
from typing import Any, BinaryIO

from numdesk.io.entries import FileImport, ImportedEntry
from numdesk.io.errors import ImportFormatError
from numdesk.model.limits import (
    MAX_ENTRIES_PER_IMPORT,
    MAX_NAME,
    LimitError,
    check_limits,
    check_text,
)

#: Largest file numdesk will import (the whole CSRD is under 2 MB).
MAX_FILE_BYTES = 50 * 1024 * 1024
#: Deepest nesting of JSON arrays and objects accepted.
MAX_DEPTH = 64
#: Most JSON objects and lists in one file: 50 per entry at the entry cap (a creature
#: has 2 to 5, the whole CSRD about 25,000).
MAX_CONTAINERS = 50 * MAX_ENTRIES_PER_IMPORT

#: A JSON string, or an unterminated one running to the end of the text. The closing
#: quote is optional so that every match succeeds where it starts: the regex engine
#: never retries from the next quote, which made the scan quadratic on `\\"\\"\\"…`.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
#: a number with an exponent of 3 digits or more, or 100 digits in a row
_BIG_NUMBER = re.compile(r"[eE][+-]?\d{3}|\d{100}")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}.__getitem__
#: Bytes read at a time, so a progress bar moves and Cancel is noticed while reading.
CHUNK_BYTES = 1024 * 1024

#: `progress(done, total)`; it may raise to cancel.
Progress = Callable[[int, int], None]


def open_regular(path: Path) -> BinaryIO:
    """`path` opened for reading if it is a regular file; ImportFormatError otherwise.

    Opened without blocking and checked on the open file (not by name first): opening a
    named pipe would wait for a writer for ever, and a device such as /dev/zero never
    ends. Neither is a file anyone exports.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    flags |= getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except IsADirectoryError:
        raise ImportFormatError(path, "the file", "a regular file", "a folder") from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise ImportFormatError(path, "the file", "a regular file", _what_it_is(mode))
    if hasattr(os, "set_blocking"):
        os.set_blocking(fd, True)
    return os.fdopen(fd, "rb")


def _what_it_is(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "something that is not a file"


def read_text(path: Path, progress: Progress | None = None) -> str:
    """The file's text, refusing files over `MAX_FILE_BYTES` and non-UTF-8 content.

    `progress(bytes read, size)` runs after every `CHUNK_BYTES` (and before the first).
    """
    handle = open_regular(path)
    size = os.fstat(handle.fileno()).st_size
    if size > MAX_FILE_BYTES:
        handle.close()
        raise ImportFormatError(
            path,
            "the file",
            f"at most {MAX_FILE_BYTES // (1024 * 1024)} MB",
            f"{size / (1024 * 1024):.0f} MB",
        )
    chunks: list[bytes] = []
    done = 0
    with handle:
        while True:
            if progress is not None:
                progress(done, size)
            chunk = handle.read(CHUNK_BYTES)
            if not chunk:
                break
            chunks.append(chunk)
            done += len(chunk)
            if done > MAX_FILE_BYTES:
                break
    raw = b"".join(chunks)
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


def brackets_of(text: str) -> str:
    """The brackets of JSON `text` outside strings, in order (`[]{}` only).

    Strings are blanked first so brackets inside text do not count. Linear, in C.
    """
    return _NOT_BRACKET.sub("", _STRING.sub('""', text))


def _without_strings(text: str) -> str:
    """JSON `text` with every string blanked (`""`): its brackets, numbers and words."""
    return _STRING.sub('""', text)


def _may_need_checking(text: str, bare: str) -> bool:
    """Whether JSON `text` can hold a value `check_values` refuses: a `\\u` escape of a
    UTF-16 surrogate (the strict UTF-8 decoding lets no other through), or a number
    with the digits or the exponent to overflow a float (below 100 digits and an
    exponent below 100 a number stays under 1e200), looked for in `bare`, the text
    with its strings blanked. Most files have neither and skip the walk over every
    value (0.5 s of a 100,000-line history's import); a match only means the walk is
    done."""
    if "\\u" in text and _SURROGATE_ESCAPE.search(text):
        return True
    return _BIG_NUMBER.search(bare) is not None


def deepest(brackets: str) -> int:
    """The deepest nesting of a `brackets_of` string: the largest running sum of +1
    per opening and -1 per closing bracket (map and accumulate run in C)."""
    return max(0, max(accumulate(map(_STEP, brackets)), default=0))


def nesting_depth(text: str) -> int:
    """How deeply arrays/objects nest in JSON `text`, without parsing it."""
    return deepest(brackets_of(text))


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def parse_json(text: str, path: Path) -> Any:
    """Parse JSON text after the size and depth checks; errors name the line and column.

    Counting the objects and lists first refuses a file of a million tiny entries in
    a second or two, before the parser builds them all (that took gigabytes).
    """
    bare = _without_strings(text)
    brackets = _NOT_BRACKET.sub("", bare)
    walk_values = _may_need_checking(text, bare)
    del bare
    containers = brackets.count("[") + brackets.count("{")
    if containers > MAX_CONTAINERS:
        raise ImportFormatError(
            path,
            "the file",
            f"at most {MAX_CONTAINERS:,} JSON objects and lists",
            f"{containers:,}",
        )
    depth = deepest(brackets)
    del brackets
    if depth > MAX_DEPTH:
        raise ImportFormatError(
            path, "the file", f"JSON nested at most {MAX_DEPTH} levels deep", f"{depth} levels"
        )
    try:
        doc = json.loads(text, parse_constant=_no_constants)
    except json.JSONDecodeError as err:
        raise ImportFormatError(
            path, f"line {err.lineno}, column {err.colno}", f"valid JSON ({err.msg.lower()})"
        ) from None
    except ValueError as err:
        raise ImportFormatError(path, "the file", f"valid JSON ({err})") from None
    except RecursionError:
        raise ImportFormatError(
            path, "the file", f"JSON nested at most {MAX_DEPTH} levels deep"
        ) from None
    count_before_reading(doc, path)
    if walk_values:
        check_values(doc, path)
    return doc


def check_values(doc: Any, path: Path) -> None:
    """Refuse strings JSON allows but text cannot hold, and numbers too big to be finite.

    `"\\ud800"` is valid JSON yet not text (a lone UTF-16 surrogate); `1e400` parses to
    infinity. Keys and values are checked once each, iteratively.
    """
    # A path is a (parent, key) chain, spelled out only for the error message.
    stack: list[tuple[Any, Any]] = [(doc, None)]
    while stack:
        value, where = stack.pop()
        try:
            if isinstance(value, str):
                check_text(value, "", MAX_FILE_BYTES)
            elif isinstance(value, float) and not math.isfinite(value):
                raise LimitError("a finite number", "a number too large to hold", "")
            elif isinstance(value, dict):
                for key, item in value.items():
                    check_text(key, "", MAX_FILE_BYTES)
                    stack.append((item, (where, key)))
            elif isinstance(value, list):
                stack.extend((item, (where, i)) for i, item in enumerate(value))
        except LimitError as err:
            raise ImportFormatError(path, _spelled(where), err.expected, err.found) from None


def _spelled(where: Any) -> str:
    """`$.entries[3].data.name` from a (parent, key) chain."""
    parts: list[str] = []
    while where is not None:
        where, key = where
        parts.append(f"[{key}]" if isinstance(key, int) else f".{key}")
    return "$" + "".join(reversed(parts))


def check_entry_count(count: int, path: Path) -> None:
    """Refuse an import of more entries than `MAX_ENTRIES_PER_IMPORT`."""
    if count > MAX_ENTRIES_PER_IMPORT:
        raise ImportFormatError(
            path,
            "the file",
            f"at most {MAX_ENTRIES_PER_IMPORT:,} entries in one import",
            f"{count:,}",
        )


def count_before_reading(doc: Any, path: Path) -> None:
    """Refuse a document whose lists already hold too many entries, before building any.

    Every format keeps its entries in lists at the top (an export's `entries`, the
    CSRD's sections) or one level down (a Foundry actor's `items`); counting them costs
    nothing next to turning a million of them into objects first.
    """
    lists = [doc] if isinstance(doc, list) else []
    if isinstance(doc, dict):
        lists = [value for value in doc.values() if isinstance(value, list)]
    check_entry_count(sum(len(items) for items in lists), path)


def check_entries(result: FileImport, native: bool) -> None:
    """Every entry of one file within `numdesk.model.limits`; the first problem is named.

    In numdesk's own format the place is the JSON path of the value; other formats name
    the entry (their JSON paths differ from the model's).
    """
    check_entry_count(len(result.entries), result.path)
    for index, entry in enumerate(result.entries):
        for tag in entry.tags:
            try:
                check_text(tag, "tags", MAX_NAME)
            except LimitError as err:
                raise _placed(result.path, index, entry, err, native) from None
        if native:
            continue  # numdesk's own format checked each entry as it read it, by path
        try:
            check_limits(entry.obj)
        except LimitError as err:
            raise _placed(result.path, index, entry, err, native) from None


def _placed(
    path: Path, index: int, entry: ImportedEntry, err: LimitError, native: bool
) -> ImportFormatError:
    if native:
        part = "tags" if err.path == "tags" else f"data.{err.path}"
        where = f"$.entries[{index}].{part}"
    else:
        name = entry.obj.name if len(entry.obj.name) <= 40 else entry.obj.name[:37] + "..."
        where = f"{entry.kind.value} {name!r}, {err.path}"
    return ImportFormatError(path, where, err.expected, err.found)
