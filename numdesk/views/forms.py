"""Loading Qt Designer forms from `ui/` at run time.

Forms are loaded with `QUiLoader`, except the first screen's two (`COMPILED`): those are
built from Python code `pyside6-uic` generated from the same `.ui` files
(`scripts/compile_forms.py`, kept in sync by a test), which is 13–28 ms of CPU cheaper
per start. The form becomes a child widget laid out to fill its host, and `child` finds
a named widget in it with a clear error when a form and the code disagree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtWidgets import QVBoxLayout, QWidget

from numdesk.paths import ui_path
from numdesk.views import plain_text

if TYPE_CHECKING:
    from PySide6.QtUiTools import QUiLoader

W = TypeVar("W", bound=QWidget)

#: the forms built from generated code (`numdesk.views.compiled_forms`)
COMPILED = ("main_window.ui", "library_browser.ui")


def load_form(
    name: str, host: QWidget, margin: int = 0, loader: QUiLoader | None = None
) -> QWidget:
    """Load `ui/<name>` into `host` (filling it, `margin` pixels in) and return the form.

    Pass a `loader` with custom widgets registered for forms that promote widgets.
    """
    plain_text.install()
    if loader is None and name in COMPILED:
        form = QWidget(host)
        _compiled(name).setupUi(form)
    else:
        form = _load(name, host, loader)
    layout = host.layout()
    if layout is None:
        layout = QVBoxLayout(host)
        layout.setContentsMargins(margin, margin, margin, margin)
    layout.addWidget(form)
    return form


def _compiled(name: str) -> Any:
    """The generated `Ui_` class of the form `name` (imported by name for PyInstaller)."""
    if name == "main_window.ui":
        from numdesk.views.compiled_forms.main_window import Ui_MainWindow

        return Ui_MainWindow()
    from numdesk.views.compiled_forms.library_browser import Ui_LibraryBrowser

    return Ui_LibraryBrowser()


def _load(name: str, host: QWidget, loader: QUiLoader | None) -> QWidget:
    """`ui/<name>` loaded by `QUiLoader` as a child of `host`."""
    from PySide6.QtCore import QFile, QIODevice  # (PySide makes a Qt class on first use)
    from PySide6.QtUiTools import QUiLoader

    path = ui_path(name)
    file = QFile(str(path))
    if not file.open(QIODevice.OpenModeFlag.ReadOnly):
        raise FileNotFoundError(f"cannot read the form {path}")
    try:
        form = (loader or QUiLoader()).load(file, host)
    finally:
        file.close()
    if form is None:
        raise RuntimeError(f"the form {path} could not be loaded")
    return form


def child(form: QWidget, cls: type[W], name: str) -> W:
    """The widget called `name` in `form` (a RuntimeError naming it if missing)."""
    widget = form.findChild(cls, name)
    if widget is None:
        raise RuntimeError(f"the form has no {cls.__name__} named {name!r}")
    return widget
