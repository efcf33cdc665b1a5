"""Compile the main window's and the library browser's Designer forms to Python.

    python scripts/compile_forms.py          write numdesk/views/compiled_forms/*.py
    python scripts/compile_forms.py --check  exit 1 if one is out of date with ui/

The first screen's two forms are built from this code instead of `QUiLoader`: a
measured 13–28 ms less CPU per start (issue 25, `python -m numdesk.bench startup`).
`pyside6-uic` imports some thirty Qt classes it may need; only those the form uses are
kept, since making each class's Python type costs time at start. The `.ui` files stay
the source: edit them in Designer and run this script (the tests compare).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: the forms compiled (`numdesk.views.forms.COMPILED`, which builds them from the code)
FORMS = ("main_window.ui", "library_browser.ui")
OUT = ROOT / "numdesk" / "views" / "compiled_forms"
IMPORTS = re.compile(r"^from (PySide6\.\w+) import \(([^)]*)\)\n", re.MULTILINE)


def uic() -> str:
    """The `pyside6-uic` beside this Python, else the one on PATH."""
    beside = Path(sys.executable).with_name("pyside6-uic")
    found = str(beside) if beside.exists() else shutil.which("pyside6-uic")
    if found is None:
        raise SystemExit("pyside6-uic not found (it comes with PySide6)")
    return found


def compile_form(name: str) -> str:
    """The Python code of `ui/<name>`, importing only the Qt classes it uses."""
    code = subprocess.run(
        [uic(), str(ROOT / "ui" / name)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    body = IMPORTS.sub("", code)
    body = body[body.index("class Ui_") :]
    lines = []
    for module, names in IMPORTS.findall(code):
        used = [
            n for n in names.replace("\n", " ").split(", ") if re.search(rf"\b{n.strip()}\b", body)
        ]
        if used:
            lines.append(f"from {module} import {', '.join(n.strip() for n in used)}\n")
    header = f'"""Generated from ui/{name} by scripts/compile_forms.py: do not edit."""\n\n'
    return header + "".join(lines) + "\n\n" + body


def main(argv: list[str]) -> int:
    stale = []
    for name in FORMS:
        target = OUT / f"{Path(name).stem}.py"
        code = compile_form(name)
        if "--check" in argv:
            if not target.exists() or target.read_text(encoding="utf-8") != code:
                stale.append(target.name)
        else:
            target.write_text(code, encoding="utf-8")
    if stale:
        print(f"out of date with ui/: {', '.join(stale)}; run scripts/compile_forms.py")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
